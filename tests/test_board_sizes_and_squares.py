"""Boards, tours and the solver at their edges: sizes at the limits, corner squares, long file names."""

import pytest

from knightstour.board import Board
from knightstour.tour import Tour
from knightstour.warnsdorff import Warnsdorff
from knightstour.warnsdorff_steps import steps as solver_steps


def test_the_default_board_is_8x8():
    assert Board().size_name == "8x8" and Board().squares == 64


@pytest.mark.parametrize("width, height", [(0, 8), (8, 0), (33, 8), (8, 33), (0, 0)])
def test_a_side_out_of_range_is_refused_whichever_it_is(width, height):
    with pytest.raises(ValueError, match="a board size is WxH with whole numbers from 1 to 32"):
        Board(width, height)


def test_the_largest_and_smallest_boards():
    big = Board(32, 32)
    assert big.square_name(1023) == "af32"
    assert big.parse_square("af32") == 1023 and big.parse_square("32,32") == 1023
    one = Board(1, 1)
    assert one.squares == 1 and one.parse_square("a1") == 0 and one.access[0] == 0


def test_square_names_on_the_board_edges():
    board = Board(8, 8)
    assert [board.parse_square(n) for n in ("a1", "h1", "a8", "h8", "A1", "b2")] == [0, 7, 56, 63, 0, 9]
    for bad in ("i1", "a9", "a0", "0,1", "1,0", "9,1", "1,9", "abc1", "1a", "a", "aa1"):
        with pytest.raises(ValueError, match="a1 to h8"):
            board.parse_square(bad)
    wide = Board(28, 2)
    assert wide.parse_square("ab2") == 28 + 27 and wide.square_name(27) == "ab1"
    assert wide.parse_square("z1") == 25


def test_a1_is_dark_and_colours_alternate():
    board = Board(8, 8)
    assert not board.is_light(0)
    assert board.is_light(1) and board.is_light(8)
    assert not board.is_light(9) and not board.is_light(63)
    assert board.is_light(7) and board.is_light(56)
    # The colour depends on file + rank, not file - rank: c1 (2, 0) is dark, b4 (1, 3) is dark.
    assert not board.is_light(board.parse_square("c1")) and not board.is_light(board.parse_square("b4"))


def test_knight_moves_on_and_off_the_board():
    board = Board(8, 8)
    a1, b3, c2, h8 = 0, board.parse_square("b3"), board.parse_square("c2"), 63
    assert board.is_knight_move(a1, b3) and board.is_knight_move(c2, a1)
    assert not board.is_knight_move(a1, board.parse_square("b2"))
    assert not board.is_knight_move(a1, board.parse_square("c3"))
    assert board.label_between(a1, b3) == 0 and board.label_between(a1, c2) == 1
    assert board.label_between(a1, board.parse_square("a2")) == -1
    assert board.label_between(h8, board.parse_square("f7")) == 5  # 2 left, 1 down
    assert sorted(board.target[h8 * 8:h8 * 8 + 8]) == [-1] * 6 + sorted([board.parse_square("f7"),
                                                                           board.parse_square("g6")])


def test_a_tour_knows_its_squares_and_moves_from_a_corner():
    board = Board(8, 8)
    tour = Tour(board)
    assert tour.square == -1 and tour.start == -1
    assert tour.legal_moves() == list(range(64))
    tour.visit(board.parse_square("b3"))
    assert tour.number[board.parse_square("b3")] == 1 and not tour.number[0]
    assert 0 in tour.legal_moves()  # a1, the corner, is a legal move from b3
    tour.visit(0)
    assert tour.legal_moves() == [board.parse_square("c2")]
    assert tour.squares() == [board.parse_square("b3"), 0]
    tour.reset()
    assert tour.length == 0 and not tour.number[0] and tour.onward[0] == 2


def test_numbers_on_a_board_of_more_than_255_squares():
    board = Board(16, 16)
    tour = Warnsdorff(board, "ahfdgceb", "border").run(0)
    assert tour.complete and tour.number[tour.path[-1]] == 256
    assert sorted(tour.number) == list(range(1, 257))


def test_a_one_square_board_is_complete_but_not_closed():
    board = Board(1, 1)
    tour = Warnsdorff(board).run(0)
    assert tour.complete and not tour.closed and tour.squares() == [0]


def test_a_closed_tour_ends_a_knight_move_from_its_start():
    from knightstour.search import find_tour

    board = Board(6, 6)
    path = find_tour(board, 0, closed=True).path
    tour = Tour(board)
    for square in path:
        tour.visit(square)
    assert tour.complete and tour.closed
    tour.unvisit()
    assert not tour.complete and not tour.closed


def test_the_random_rule_needs_no_random_source_of_its_own():
    board = Board(8, 8)
    tour = Warnsdorff(board, "abcdefgh", "random").run(27)
    assert tour.length > 1
    plain = Warnsdorff(board, "abcdefgh", "first")
    assert plain.run(27).complete


def test_the_steps_list_each_moves_candidates_in_check_order():
    board = Board(8, 8)
    solver = Warnsdorff(board, "hgfedcba", "border")
    steps = solver_steps(solver, 0)
    first = next(steps)
    assert (first.square, first.number, first.label, first.candidates()) == (0, 1, "", [])
    second = next(steps)
    # From a1 only moves a (b3) and b (c2) stay on the board; checked in the order h..a.
    assert [c[0] for c in second.candidates()] == ["b", "a"]
    assert [c[1] for c in second.candidates()] == [board.parse_square("c2"), board.parse_square("b3")]
    assert second.number == 2
    assert second.label == "ab"[board.label_between(0, second.square)]
    # Where no move is left, the solver says -1.
    solver.tour.reset()
    for name in ("g6", "e5", "f7", "h8"):
        solver.tour.visit(board.parse_square(name))
    assert solver.choose(solver.tour) == -1


def test_odd_square_names_are_refused_even_on_wide_boards():
    wide = Board(32, 2)
    for bad in ("1,2,3", "{1", "`1", "1,", ",1"):
        with pytest.raises(ValueError, match="a1 to af2"):
            wide.parse_square(bad)


def test_no_label_between_squares_a_knight_move_apart():
    board = Board(8, 8)
    # c3 is a knight move from b1 (the square after a1), not from a1.
    assert board.label_between(0, board.parse_square("c3")) == -1
    assert board.label_between(1, board.parse_square("c3")) == 0
