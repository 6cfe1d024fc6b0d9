"""Help and messages as a newcomer meets them: --version, one set of metavars and shown defaults,
a description for every subcommand, "1 square" and "1 node"."""

import argparse

import pytest

from knightstour import __version__
from knightstour.board import Board
from knightstour.search import find_tour
from knightstour.settings import Settings
from knightstour_desktop.cli import build_parser, main
from knightstour_sim.simulator import FakeClock, Simulator


def subparsers(parser):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return action.choices
    return {}


def options(parser):
    return {a.option_strings[0]: a for a in parser._actions if a.option_strings and a.option_strings[0] != "-h"}


def test_version(capsys):
    with pytest.raises(SystemExit) as exit:
        main(["--version"])
    assert exit.value.code == 0
    assert capsys.readouterr().out == "knights-tour %s\n" % __version__


def test_solve_and_sim_share_metavars_and_show_their_defaults():
    commands = subparsers(build_parser())
    solve, sim = options(commands["solve"]), options(commands["sim"])
    for name in ("--size", "--start", "--rule", "--order", "--seed"):
        assert solve[name].metavar == sim[name].metavar, name
        assert "(default " in solve[name].help and "(default " in sim[name].help, name
    assert "(default abcdefgh)" in solve["--order"].help and "(default super)" in sim["--order"].help


def test_every_subcommand_has_a_description():
    def walk(parser, path):
        for name, sub in subparsers(parser).items():
            assert sub.description, " ".join(path + [name])
            walk(sub, path + [name])

    walk(build_parser(), [])


def test_one_square_and_one_node(capsys):
    assert main(["solve", "--size", "1x1"]) == 0
    assert "complete: 1 square (open tour)" in capsys.readouterr().out
    settings = Settings()
    settings.set("size", "1x1")
    settings.set("speed", "0")
    sim = Simulator(settings, display="ili9341", clock=FakeClock(), seed=1)
    sim.run_fake(lambda s: s.app.tours.count >= 1)
    assert sim.display.status_text == "complete: 1 square from a1 to a1"
    result = find_tour(Board(6, 6), 0, "abcdefgh", "border", True, 1)
    assert result.reason == "the search budget of 1 node ran out"


def test_one_legal_move_in_play_mode():
    settings = Settings()
    settings.set("mode", "play")
    sim = Simulator(settings, clock=FakeClock(), seed=1)
    sim.update()
    for name in ("g6", "h8"):  # from h8 the only move left is f7
        sim.touch(name)
        sim.update()
    assert sim.display.status_text == "move 2 of 64 on h8: 1 move from here"
