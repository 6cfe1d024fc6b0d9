"""The input commands, their keys and help: one table (knightstour/vocabulary.py), from which the
simulator's key bindings and help lines are made."""

from knightstour import vocabulary
from knightstour.board import Board
from knightstour_sim import keys, tui


def test_every_key_gives_a_command_and_the_help_names_them():
    assert set(vocabulary.KEYS.values()) <= set(vocabulary.COMMANDS)
    assert keys.KEY_COMMANDS is vocabulary.KEYS
    items = tui.HELP.split(" | ")
    for command, bound, _ in vocabulary.TABLE:
        if bound:
            assert any(item.split(" ", 1)[0].split("/").count(bound[0]) for item in items), command
    assert "+/- speed" in items and items[-1] == "q quit"


def test_every_command_is_a_word_of_the_plain_view():
    board = Board(8, 8)
    for command in vocabulary.COMMANDS:
        assert keys.parse_line(board, command) == command and command in keys.INPUT_HELP
    assert keys.parse_line(board, "speed") == "speed"  # the TFT's button, also a word


def test_the_help_line_joins_neighbours_with_the_same_help():
    assert vocabulary.key_help(("faster", "slower")) == ["+/- speed"]
    assert vocabulary.key_help(("slower", "quit")) == ["- speed", "q quit"]
