import pytest

from knightstour.board import Board
from knightstour.search import (
    BUDGET,
    EXHAUSTED,
    FOUND,
    IMPOSSIBLE,
    closed_tours_exist,
    find_tour,
    open_tours_exist,
    search,
)

from reference import has_tour


def assert_tour(board, path, start, closed=False):
    assert path[0] == start and len(set(path)) == board.squares == len(path)
    assert all(board.is_knight_move(a, b) for a, b in zip(path, path[1:]))
    if closed:
        assert board.is_knight_move(path[-1], path[0])


@pytest.mark.parametrize("size", [(1, 1), (1, 3), (2, 3), (3, 3), (3, 4), (3, 5), (4, 4), (4, 5), (3, 6)])
def test_guaranteed_mode_agrees_with_plain_exhaustive_search_on_small_boards(size):
    board = Board(*size)
    for start in range(board.squares):
        expected = has_tour(size[0], size[1], (start % size[0], start // size[0]))
        result = find_tour(board, start)
        assert result.status in (FOUND, IMPOSSIBLE, EXHAUSTED)
        assert result.found == expected, board.square_name(start)
        if result.found:
            assert_tour(board, result.path, start)
        else:
            assert result.reason


def test_the_colour_argument_rules_out_exactly_twelve_starts_on_5x5():
    board = Board(5, 5)
    results = [find_tour(board, s) for s in range(25)]
    impossible = [board.square_name(s) for s, r in enumerate(results) if r.status == IMPOSSIBLE]
    assert len(impossible) == 12
    assert all(board.is_light(board.parse_square(n)) for n in impossible)
    assert "a1's colour" in results[1].reason
    for s, r in enumerate(results):
        if r.status != IMPOSSIBLE:
            assert r.found
            assert_tour(board, r.path, s)


def test_boards_without_tours_say_why_without_searching():
    for size in [(2, 8), (3, 3), (4, 4), (3, 5), (3, 6), (1, 5)]:
        result = find_tour(Board(*size), 0)
        assert result.status == IMPOSSIBLE and result.nodes == 0
        assert "no knight's tour exists" in result.reason


def test_existence_tables():
    assert open_tours_exist(1, 1) and open_tours_exist(3, 4) and open_tours_exist(4, 5)
    assert not open_tours_exist(4, 4) and not open_tours_exist(3, 6) and open_tours_exist(7, 3)
    assert closed_tours_exist(8, 8) and closed_tours_exist(6, 5) and closed_tours_exist(3, 10)
    assert not closed_tours_exist(5, 5) and not closed_tours_exist(4, 9) and not closed_tours_exist(3, 8)


def test_closed_tours_from_every_square_of_8x8():
    board = Board(8, 8)
    for start in range(64):
        result = find_tour(board, start, closed=True)
        assert result.found
        assert_tour(board, result.path, start, closed=True)


def test_closed_mode_explains_impossible_boards():
    assert "odd number of squares" in find_tour(Board(5, 5), 0, closed=True).reason
    assert "Schwenk" in find_tour(Board(4, 6), 0, closed=True).reason


def test_large_boards_find_tours_where_plain_warnsdorff_gets_stuck():
    board = Board(32, 32)
    for start in (0, 31, 500, 1023):
        result = find_tour(board, start, closed=True)
        assert result.found
        assert_tour(board, result.path, start, closed=True)


def test_a_small_budget_says_so():
    board = Board(32, 32)
    result = search(board, 0, closed=True, budget=50)
    assert result.status == BUDGET and "budget of 50 nodes" in result.reason


@pytest.mark.parametrize("rule", ["border", "centre", "first", "random"])
def test_the_search_does_not_depend_on_the_tie_rule_on_32x32(rule):
    # Node counts, not times: every rule finds open and closed tours with a few thousand nodes
    # (the centre rule used to sink its whole budget of two million and fail).
    board = Board(32, 32)
    for start, order in ((0, "abcdefgh"), (31, "hgfedcba"), (500, "ahfdgceb"), (777, "cbhfaegd")):
        for closed in (False, True):
            result = find_tour(board, start, order, rule, closed)
            assert result.found and result.nodes <= 20 * board.squares, (start, closed, result.nodes)
            assert_tour(board, result.path, start, closed)


def test_where_the_rules_own_tour_works_it_is_the_tour_given():
    from knightstour.warnsdorff import Warnsdorff

    board = Board(8, 8)
    for rule in ("border", "centre", "first"):
        plain = Warnsdorff(board, "ahfdgceb", rule).run(2)
        assert plain.complete
        assert find_tour(board, 2, "ahfdgceb", rule).path == plain.squares()


def test_posa_rotations_close_an_open_tour_keeping_its_start():
    from knightstour.search import close_by_rotation

    board = Board(16, 16)
    opened = search(board, 37, "abcdefgh", "first", False)
    assert opened.found and not board.is_knight_move(opened.path[-1], opened.path[0])
    closed, rotations = close_by_rotation(board, opened.path, 10000)
    assert 0 < rotations < 10000
    assert_tour(board, closed, 37, closed=True)
    assert close_by_rotation(board, opened.path, 0) == (None, 0)
