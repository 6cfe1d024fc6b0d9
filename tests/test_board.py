"""Boards and squares: square names both ways, sizes, knight moves and their labels."""

import pytest

from knightstour.board import Board, file_name
from knightstour.board_text import parse_size


def test_square_names_round_trip_on_8x8():
    board = Board(8, 8)
    assert board.square_name(0) == "a1"
    assert board.square_name(63) == "h8"
    assert board.square_name(board.square_at(2, 2)) == "c3"
    for s in range(64):
        assert board.parse_square(board.square_name(s)) == s


def test_x_y_form_is_one_based_and_case_is_ignored():
    board = Board(8, 8)
    assert board.parse_square("1,1") == board.parse_square("a1") == 0
    assert board.parse_square(" 3, 3 ") == board.parse_square("C3")
    assert board.parse_square("8,8") == 63


@pytest.mark.parametrize("bad", ["i1", "a9", "a0", "0,1", "9,1", "", "c", "3", "c3c", "1,2,3", "x,y"])
def test_bad_squares_are_rejected_with_a_clear_message(bad):
    with pytest.raises(ValueError) as err:
        Board(8, 8).parse_square(bad)
    message = str(err.value)
    assert repr(bad) in message and "a1 to h8" in message and "1,1 to 8,8" in message


def test_wide_boards_name_files_like_spreadsheet_columns():
    assert [file_name(i) for i in (0, 25, 26, 31)] == ["a", "z", "aa", "af"]
    board = Board(32, 2)
    assert board.square_name(31) == "af1"
    assert board.parse_square("AF2") == 63


@pytest.mark.parametrize("text,size", [("8x8", (8, 8)), ("1x1", (1, 1)), ("32X32", (32, 32)), (" 5x6 ", (5, 6))])
def test_sizes(text, size):
    assert parse_size(text) == size


@pytest.mark.parametrize("bad", ["0x8", "33x8", "8", "8x", "x8", "8x8x8", "-1x5", "axb", ""])
def test_bad_sizes(bad):
    with pytest.raises(ValueError, match="from 1 to 32"):
        parse_size(bad)


def test_static_accessibility_corner_and_centre():
    board = Board(8, 8)
    assert board.access[board.parse_square("a1")] == 2
    assert board.access[board.parse_square("d4")] == 8
    assert board.access[board.parse_square("b1")] == 3
    assert sum(board.access) == 336  # 168 knight-move pairs on 8x8, each counted from both ends


def test_move_labels_go_clockwise_from_two_up_one_right():
    board = Board(8, 8)
    d4 = board.parse_square("d4")
    names = [board.square_name(board.target[d4 * 8 + m]) for m in range(8)]
    assert names == ["e6", "f5", "f3", "e2", "c2", "b3", "b5", "c6"]
    assert board.target[0 * 8 + 4] == -1  # a1 has no move e (1 left, 2 down)
