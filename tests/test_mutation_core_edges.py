"""The search's node count and its closed-tour cache, seen from outside: what a tour took, what it takes again."""

import pytest

import knightstour.search as search_module
from knightstour.board import Board
from knightstour.search import BUDGET, EXHAUSTED, FOUND, find_tour, rotate_closed, search
from knightstour.tour import Tour
from knightstour.warnsdorff import Warnsdorff


@pytest.fixture
def no_cache(monkeypatch):
    """Nothing found earlier: every test starts with no closed tour known."""
    monkeypatch.setattr(search_module, "_closed_tours", {})


def assert_closed_tour_from(board, path, start):
    assert path[0] == start and sorted(path) == list(range(board.squares))
    assert all(board.is_knight_move(a, b) for a, b in zip(path, path[1:] + path[:1]))


@pytest.mark.parametrize("rule", ["border", "centre", "first"])
def test_where_the_display_rule_completes_find_tour_gives_its_tour_at_one_node_a_square(rule):
    board = Board(8, 8)
    for start in (0, 27, 63):
        plain = Warnsdorff(board, "ahfdgceb", rule).run(start)
        result = find_tour(board, start, "ahfdgceb", rule)
        assert (result.status, result.path, result.nodes) == (FOUND, plain.squares(), 64)
        assert find_tour(board, start, "ahfdgceb", rule, budget=64).path == plain.squares()
        assert find_tour(board, start, "ahfdgceb", rule, budget=63).status == BUDGET


def test_a_known_closed_tour_is_given_again_with_the_nodes_it_took(no_cache):
    # a1 on 3x10 fills the cache (the short tries miss its closed tour); j3 then reads it from there.
    # Before the fix the read cost nothing but needed a node left: j3's count was N, yet N ran out.
    board = Board(3, 10)
    assert find_tour(board, 0, closed=True).found
    result = find_tour(board, 29, closed=True)
    assert result.status == FOUND
    assert_closed_tour_from(board, result.path, 29)
    again = find_tour(board, 29, closed=True, budget=result.nodes)
    assert (again.status, again.path, again.nodes) == (FOUND, result.path, result.nodes)
    short = find_tour(board, 29, closed=True, budget=result.nodes - 1)
    assert (short.status, short.nodes) == (BUDGET, result.nodes - 1)


def test_an_open_tour_the_short_tries_miss_is_read_from_the_size_s_known_closed_tour(monkeypatch):
    # From b2 on 5x12 every short try misses an open tour: the display rule's own, then each rotation
    # of the check order once with each of the search's keys (a try repeated would fail again).
    # A closed tour of 5x12 found earlier (from b1, quickly), read from b2, is the answer.
    board = Board(5, 12)
    c2, d1 = board.parse_square("b2"), board.parse_square("b1")
    known = find_tour(board, d1, "abcdefgh", "border", closed=True)
    assert known.found
    monkeypatch.setattr(search_module, "_closed_tours", {(5, 12): known.path})
    tries = []
    real = search_module.search

    def recorded(board, start, order, rule, closed, budget):
        tries.append((tuple(order), rule))
        return real(board, start, order, rule, closed, budget)

    monkeypatch.setattr(search_module, "search", recorded)
    result = find_tour(board, c2, "abcdefgh", "border")
    assert result.status == FOUND and result.path == rotate_closed(known.path, c2)
    assert_closed_tour_from(board, result.path, c2)
    rotations = [tuple(range(shift, 8)) + tuple(range(shift)) for shift in range(8)]
    assert tries[0] == (tuple(range(8)), "border")
    assert sorted(tries[1:]) == sorted((order, rule) for order in rotations for rule in ("farthest", "border"))


class CountingTour(Tour):
    """A Tour that counts the squares the search really visits."""

    visits = 0

    def visit(self, square):
        CountingTour.visits += 1
        Tour.visit(self, square)


@pytest.mark.parametrize("w, h, start, closed, budget", [
    (8, 8, 0, False, 2000000),   # plain Warnsdorff
    (3, 10, 0, True, 2000000),   # a closed tour found anywhere
    (3, 10, 0, True, 8000),      # ... with the budget running out there
    (5, 8, 3, True, 2000000),    # closed by Posa's rotations
    (5, 8, 3, True, 700),        # ... with the budget running out among them
    (5, 6, 2, False, 2000000),   # an open tour read from a closed one found anywhere
    (4, 20, 72, False, 20000),   # every try fails
])
def test_the_node_count_is_the_squares_visited_and_the_rotations(monkeypatch, no_cache, w, h, start, closed, budget):
    monkeypatch.setattr(search_module, "Tour", CountingTour)
    monkeypatch.setattr(CountingTour, "visits", 0)
    rotations = []
    rotate = search_module.close_by_rotation

    def counted(board, path, limit):
        path, spent = rotate(board, path, limit)
        rotations.append(spent)
        return path, spent

    monkeypatch.setattr(search_module, "close_by_rotation", counted)
    result = find_tour(Board(w, h), start, closed=closed, budget=budget)
    assert result.status in (FOUND, BUDGET)
    assert result.nodes == CountingTour.visits + sum(rotations) <= budget


def pruned_nodes(board, start):
    """Nodes of an exhaustive search from ``start`` with the search's cuts, written plainly. A move is
    not followed when it leaves a square that can no longer be reached (no unvisited neighbour: one
    next to the knight unless it is the last square, or any other), or two squares that could only
    be the tour's end (one unvisited neighbour each, not next to the knight). On a board with a side
    of 4 a move is not tried when it breaks the outer/inner pattern: outer squares at the odd places
    of the first half of the tour and at the even places of the second."""
    n = board.squares
    visited = {start}

    def free(square):
        return [t for t in board.target[square * 8:square * 8 + 8] if t >= 0 and t not in visited]

    def outer(square):
        if board.width == 4:
            return square % 4 in (0, 3)
        return square // board.width in (0, 3)

    def allowed(t):
        place = len(visited) + 1
        return 4 not in (board.width, board.height) or outer(t) == ((place % 2 == 1) == (2 * place <= n))

    def cut(t):
        remaining = n - len(visited)
        near = free(t)
        others = [u for u in range(n) if u not in visited and u not in near]
        if remaining > 1 and any(not free(u) for u in near):
            return True
        return any(not free(u) for u in others) or sum(1 for u in others if len(free(u)) == 1) > 1

    def go(square):
        nodes = 0
        for t in free(square):
            if allowed(t):
                nodes += 1
                visited.add(t)
                if not cut(t):
                    nodes += go(t)
                visited.discard(t)
        return nodes

    return 1 + go(start)


@pytest.mark.parametrize("w, h", [(5, 4), (4, 3), (3, 7)])
def test_a_search_that_finds_no_tour_visits_exactly_the_paths_that_strand_no_square(w, h):
    board = Board(w, h)
    exhausted = 0
    for start in range(board.squares):
        result = search(board, start, theory=False)
        if result.status == EXHAUSTED:
            exhausted += 1
            assert result.nodes == pruned_nodes(board, start), board.square_name(start)
    assert exhausted

