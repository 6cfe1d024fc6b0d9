"""Tie rules and the search at their edges: fair draws, both spellings, plain Warnsdorff first, the budget."""

import random

import pytest

from knightstour import search as search_module
from knightstour.board import Board
from knightstour.rules import check_rule
from knightstour.search import (
    BUDGET,
    EXHAUSTED,
    FOUND,
    IMPOSSIBLE,
    close_by_rotation,
    closed_tours_exist,
    find_tour,
    open_tours_exist,
    search,
)
from knightstour.warnsdorff import Warnsdorff


def test_the_random_rule_draws_fairly_among_eight_tied_squares():
    # From c3 on 5x5 all eight moves land on squares with two onward moves: an eight-way tie.
    board = Board(5, 5)
    solver = Warnsdorff(board, "abcdefgh", "random", random.Random(12))
    tour = solver.tour
    tour.reset()
    tour.visit(board.parse_square("c3"))
    counts = {}
    for _ in range(4000):
        choice = solver.choose(tour)
        counts[choice] = counts.get(choice, 0) + 1
    assert sorted(board.square_name(s) for s in counts) == ["a2", "a4", "b1", "b5", "d1", "d5", "e2", "e4"]
    for count in counts.values():
        assert 400 < count < 600  # 500 each expected


@pytest.mark.parametrize("spelling", ["center", "Centre", " CENTER "])
def test_both_spellings_of_centre_are_the_centre_rule(spelling):
    assert check_rule(spelling) == "centre"
    board = Board(8, 8)
    assert Warnsdorff(board, "abcdefgh", spelling).run(0).squares() == \
        Warnsdorff(board, "abcdefgh", "centre").run(0).squares()


def test_an_unknown_rule_names_the_rules():
    with pytest.raises(ValueError, match="bad rule 'middle': a rule is one of border, centre, first, random"):
        check_rule("middle")


@pytest.mark.parametrize("rule", ["border", "centre", "first"])
def test_the_search_tries_plain_warnsdorff_first(rule):
    # Where Warnsdorff completes, the search's tour is Warnsdorff's own and needs one node per square.
    board = Board(8, 8)
    for start in (0, 27, 63):
        plain = Warnsdorff(board, "ahfdgceb", rule).run(start)
        assert plain.complete
        result = search(board, start, "ahfdgceb", rule)
        assert result.status == FOUND
        assert result.path == plain.squares()
        assert result.nodes == 64


def test_the_search_stops_at_its_node_budget():
    board = Board(7, 7)
    result = search(board, 0, closed=False, budget=30)
    # The budget is exact: 30 nodes visited, then it says so.
    assert (result.status, result.nodes) == (BUDGET, 30)
    assert result.reason == "the search budget of 30 nodes ran out"
    assert result.path is None and not result.found


def test_a_start_with_no_tour_is_proved_by_searching_everything():
    # 4x3 has open tours, but none from the b and c files (the outer/inner argument says so at
    # once); without the theorems, an exhaustive search proves the same.
    board = Board(4, 3)
    results = {board.square_name(s): find_tour(board, s) for s in range(board.squares)}
    found = sorted(name for name, r in results.items() if r.status == FOUND)
    assert found == ["a1", "a2", "a3", "d1", "d2", "d3"]
    assert results["b2"].status == IMPOSSIBLE and "b2 is on an inner file" in results["b2"].reason
    for name in ("b1", "b2", "b3", "c1", "c2", "c3"):
        result = search(board, board.parse_square(name), theory=False)
        assert result.status == EXHAUSTED
        assert result.reason == "an exhaustive search found no tour from %s" % name
    closed = find_tour(board, 0, closed=True)
    assert closed.status == IMPOSSIBLE


def test_tiny_boards():
    one = Board(1, 1)
    assert search(one, 0).path == [0]
    impossible = search(one, 0, closed=True)
    assert (impossible.status, impossible.nodes, impossible.path) == (IMPOSSIBLE, 0, None)
    assert impossible.reason.startswith("no closed tour exists on 1x1")
    assert find_tour(Board(1, 2), 0).status == IMPOSSIBLE
    assert find_tour(Board(2, 5), 3).reason.startswith("no knight's tour exists on a 2x5 board (only on 1x1, ")


# Which boards have tours, from the literature (Conrad et al. 1994; Schwenk 1991), as sizes m x n, m <= n.
OPEN = {(1, 1), (3, 4), (3, 7), (3, 8), (3, 9), (3, 10), (4, 5), (4, 6), (4, 7), (4, 8), (4, 9), (4, 10),
        (5, 5), (5, 6), (5, 7), (5, 8), (5, 9), (5, 10), (6, 6), (6, 7), (6, 8), (6, 9), (6, 10)}
CLOSED = {(3, 10), (5, 6), (6, 6), (5, 8), (6, 7), (6, 8), (7, 8), (8, 8), (6, 10), (3, 12)}


def test_which_small_boards_have_tours_at_all():
    for m in range(1, 7):
        for n in range(m, 11):
            assert open_tours_exist(m, n) == ((m, n) in OPEN) == open_tours_exist(n, m), (m, n)


def test_which_boards_have_closed_tours():
    for m, n in CLOSED:
        assert closed_tours_exist(m, n) and closed_tours_exist(n, m), (m, n)
    for m, n in [(1, 1), (1, 2), (2, 2), (2, 4), (2, 8), (4, 4), (4, 8), (4, 10), (3, 4), (3, 6), (3, 8),
                 (5, 5), (5, 7), (3, 9), (7, 7)]:
        assert not closed_tours_exist(m, n) and not closed_tours_exist(n, m), (m, n)


def test_the_reasons_given_for_impossible_closed_tours():
    assert find_tour(Board(5, 5), 0, closed=True).reason == (
        "no closed tour exists on 5x5: it has an odd number of squares and a knight alternates colours, "
        "so it cannot return to its start")
    assert find_tour(Board(3, 8), 0, closed=True).reason == (
        "no closed tour exists on 3x8 (Schwenk 1991: none when a side is 1, 2 or 4, or on 3x4, 3x6 and 3x8)")
    assert find_tour(Board(5, 5), 1).reason == (
        "5x5 has an odd number of squares, so a tour must start on a square of a1's colour "
        "(one more of those than of the other); b1 is not")
    assert find_tour(Board(5, 5), 0).found


def plain_nodes(board, start):
    """Squares visited by a depth-first search without any pruning, until it has tried everything."""
    visited = {start}
    count = [1]

    def go(square):
        for m in range(8):
            t = board.target[square * 8 + m]
            if t >= 0 and t not in visited:
                visited.add(t)
                count[0] += 1
                go(t)
                visited.discard(t)

    go(start)
    return count[0]


def test_the_search_prunes_dead_ends_but_still_proves_there_is_no_tour():
    # 5x4: ten starts have no tour; pruning saves most of the plain search's work in proving it.
    board = Board(5, 4)
    exhausted = 0
    for start in range(board.squares):
        result = search(board, start, theory=False)
        if result.status == EXHAUSTED:
            exhausted += 1
            if start == 7:
                assert result.nodes < plain_nodes(board, start) / 4
        else:
            assert result.status == FOUND and sorted(result.path) == list(range(20))
    assert exhausted == 10


@pytest.mark.parametrize("budget", [1, 100, 5000, 30000])
def test_find_tour_never_spends_more_than_its_budget(budget):
    board = Board(30, 30)
    result = find_tour(board, 0, closed=True, budget=budget)
    assert result.nodes <= budget
    if result.status == BUDGET:
        assert result.reason == "the search budget of %d node%s ran out" % (budget, "" if budget == 1 else "s")
    else:
        assert result.status == FOUND and result.path[0] == 0 and len(result.path) == 900


def test_a_closed_tour_from_any_start_begins_there_and_returns():
    board = Board(6, 6)
    for start in range(36):
        result = find_tour(board, start, closed=True)
        path = result.path
        assert result.found and path[0] == start and sorted(path) == list(range(36))
        assert all(board.is_knight_move(a, b) for a, b in zip(path, path[1:] + path[:1]))


def test_without_closed_tours_the_budget_goes_to_other_check_orders():
    # 4x20 has open tours but no closed ones; from these starts one search alone runs out of nodes.
    board = Board(4, 20)
    for start in (16, 24):
        result = find_tour(board, start)
        assert result.found and result.path[0] == start and sorted(result.path) == list(range(80))
        assert all(board.is_knight_move(a, b) for a, b in zip(result.path, result.path[1:]))
    # Where every try fails, all of the budget is spent, and no more.
    result = find_tour(board, 72, budget=190)
    assert (result.status, result.nodes) == (BUDGET, 190)
    assert result.reason == "the search budget of 190 nodes ran out"


def test_the_colour_argument_is_for_odd_boards_only():
    # 7x4 has 28 squares: a tour may start on either colour (b1 is not a1's colour).
    board = Board(7, 4)
    assert board.is_light(1)
    result = find_tour(board, 1)
    assert result.found and result.path[0] == 1


def test_the_reason_for_no_closed_tour_depends_on_the_square_count_not_the_side():
    assert find_tour(Board(3, 5), 0, closed=True).reason.startswith(
        "no closed tour exists on 3x5: it has an odd number of squares")
    assert find_tour(Board(4, 4), 0, closed=True).reason.startswith("no closed tour exists on 4x4 (Schwenk 1991")


def assert_closed_tour_from(board, path, start):
    assert path[0] == start and sorted(path) == list(range(board.squares))
    assert all(board.is_knight_move(a, b) for a, b in zip(path, path[1:] + path[:1]))


def test_a_closed_tour_the_short_tries_miss_comes_from_one_found_anywhere(monkeypatch):
    # From a1 on 3x10 every short try misses a closed tour; one found from another square,
    # read from a1, is the answer. The next size-mate (j3, a1's mirror image) reuses it.
    monkeypatch.setattr("knightstour.search._closed_tours", {})  # nothing found earlier
    board = Board(3, 10)
    first = find_tour(board, 0, closed=True)
    assert first.status == FOUND and first.nodes <= 20000
    assert_closed_tour_from(board, first.path, 0)
    found = dict(search_module._closed_tours)
    assert list(found) == [(3, 10)]
    mirror = find_tour(board, 29, closed=True)
    assert mirror.status == FOUND and mirror.nodes < first.nodes
    assert mirror.path == search_module.rotate_closed(found[(3, 10)], 29)
    assert_closed_tour_from(board, mirror.path, 29)


@pytest.mark.parametrize("budget", [1000, 8000, 12000, 40000])
def test_a_closed_tour_found_anywhere_stays_within_the_budget(monkeypatch, budget):
    monkeypatch.setattr("knightstour.search._closed_tours", {})
    board = Board(3, 10)
    result = find_tour(board, 0, closed=True, budget=budget)
    assert result.nodes <= budget
    if result.status == FOUND:
        assert_closed_tour_from(board, result.path, 0)
    else:
        assert result.status == BUDGET and result.reason == "the search budget of %d nodes ran out" % budget


@pytest.mark.parametrize("w, h", [(6, 6), (5, 6), (8, 8), (3, 10)])
def test_posa_rotations_close_open_tours_and_keep_their_start(w, h):
    board = Board(w, h)
    closed = 0
    for start in range(0, board.squares, 3):
        tour = search(board, start, "abcdefgh", "border", False, 100000)
        assert tour.status == FOUND
        path, rotations = close_by_rotation(board, tour.path, 400)
        assert 0 <= rotations <= 400
        if path is not None:
            closed += 1
            assert_closed_tour_from(board, path, start)
            if board.is_knight_move(tour.path[-1], start):
                assert rotations == 0 and path == tour.path
        assert close_by_rotation(board, tour.path, 0) == (
            (tour.path, 0) if board.is_knight_move(tour.path[-1], start) else (None, 0))
    assert closed > 0


def test_posa_rotations_need_four_squares():
    board = Board(3, 4)
    assert close_by_rotation(board, [0, 5, 10], 100) == (None, 0)


@pytest.mark.parametrize("w, h, start, closed", [
    (3, 10, 0, True), (5, 6, 7, False), (6, 6, 5, True), (8, 8, 27, True), (6, 7, 9, True), (5, 5, 0, False),
    (6, 8, 6, True), (12, 12, 9, True), (5, 8, 3, True)])  # the last three closed by Posa's rotations
def test_the_node_count_is_what_the_tour_took(monkeypatch, w, h, start, closed):
    # That many nodes give the same tour again; one fewer runs out.
    monkeypatch.setattr("knightstour.search._closed_tours", {})
    board = Board(w, h)
    result = find_tour(board, start, closed=closed)
    assert result.status == FOUND
    monkeypatch.setattr("knightstour.search._closed_tours", {})  # each run from scratch
    again = find_tour(board, start, closed=closed, budget=result.nodes)
    assert again.status == FOUND and again.path == result.path and again.nodes == result.nodes
    monkeypatch.setattr("knightstour.search._closed_tours", {})
    short = find_tour(board, start, closed=closed, budget=result.nodes - 1)
    assert short.status == BUDGET and short.nodes <= result.nodes - 1


def test_one_node_of_search_budget_is_named_in_the_singular():
    result = search(Board(8, 8), 0, "abcdefgh", "border", False, 1)
    assert result.status == BUDGET and result.reason == "the search budget of 1 node ran out"


@pytest.mark.parametrize("budget", [400, 700, 1000, 1100, 1170])
def test_closing_by_rotation_stays_within_the_budget(budget):
    # From d1 on 5x8 two open tours fail to close by rotation before a third closes.
    board = Board(5, 8)
    result = find_tour(board, 3, closed=True, budget=budget)
    assert result.nodes <= budget and result.status in (FOUND, BUDGET)
    if result.status == FOUND:
        assert_closed_tour_from(board, result.path, 3)
