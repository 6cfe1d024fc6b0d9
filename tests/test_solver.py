"""Warnsdorff's rule: legal tours, the same as the reference's, ties broken by each rule and the
check order, and the steps it reports for the displays."""

import random

import pytest

from knightstour.board import Board
from knightstour.tour import Tour
from knightstour.warnsdorff import Warnsdorff
from knightstour.warnsdorff_steps import steps as solver_steps
from knightstour_desktop.commands.solve import solve

from support.reference import warnsdorff as reference_warnsdorff


def assert_legal_path(board, path):
    assert len(set(path)) == len(path), "a square was visited twice"
    for a, b in zip(path, path[1:]):
        assert board.is_knight_move(a, b), (board.square_name(a), board.square_name(b))


@pytest.mark.parametrize("rule", ["border", "centre", "first", "random"])
@pytest.mark.parametrize("size", [(8, 8), (5, 5), (6, 7), (12, 9)])
def test_every_tour_is_a_legal_knight_path(rule, size):
    board = Board(*size)
    solver = Warnsdorff(board, "hgfedcba", rule, random.Random(7))
    for start in range(board.squares):
        tour = solver.run(start)
        assert tour.path[0] == start
        assert_legal_path(board, tour.squares())


@pytest.mark.parametrize("rule", ["border", "centre", "first"])
@pytest.mark.parametrize("order", ["abcdefgh", "ahfdgceb", "efgdabch", "hgfedcba"])
def test_tours_match_an_independent_reference(rule, order):
    for w, h in [(8, 8), (6, 5), (7, 7)]:
        board = Board(w, h)
        solver = Warnsdorff(board, order, rule)
        for start in range(board.squares):
            got = [(s % w, s // w) for s in solver.run(start).squares()]
            assert got == reference_warnsdorff(w, h, (start % w, start // w), order, rule)


def choice_from(rule, order, visited, knight):
    board = Board(8, 8)
    tour = Tour(board)
    for name in visited + [knight]:
        tour.visit(board.parse_square(name))
    return board.square_name(Warnsdorff(board, order, rule).choose(tour))


def test_ties_on_a_corner_start_go_to_the_check_order():
    # From a1, b3 and c2 tie on onward count (5), border key (6) and centre distance.
    for rule in ("border", "centre", "first"):
        assert choice_from(rule, "abcdefgh", [], "a1") == "b3"
        assert choice_from(rule, "bacdefgh", [], "a1") == "c2"


def test_each_rule_breaks_the_same_tie_its_own_way():
    # From d4 on an empty board, c2, e2, b3 and b5 tie with 5 onward moves and border key 6;
    # e2 and b5 are nearer the centre. Labels: c2=e, e2=d, b3=f, b5=g.
    assert choice_from("first", "efgdabch", [], "d4") == "c2"
    assert choice_from("border", "efgdabch", [], "d4") == "c2"
    assert choice_from("centre", "efgdabch", [], "d4") == "b5"
    assert choice_from("centre", "abcdefgh", [], "d4") == "e2"


def test_border_breaks_ties_towards_the_edge():
    # From c3 (h8 taken) several candidates tie on onward count; border must pick the lowest static key.
    board = Board(8, 8)
    tour = Tour(board)
    for name in ["h8", "c3"]:
        tour.visit(board.parse_square(name))
    solver = Warnsdorff(board, "abcdefgh", "border")
    chosen = solver.choose(tour)
    candidates = [t for t in tour.legal_moves()]
    low = min(tour.onward[t] for t in candidates)
    tied = [t for t in candidates if tour.onward[t] == low]
    assert chosen in tied
    assert board.access[chosen] == min(board.access[t] for t in tied)


def test_random_rule_draws_among_ties_only_and_is_seedable():
    board = Board(8, 8)
    d4 = board.parse_square("d4")
    tied = {board.parse_square(n) for n in ("c2", "e2", "b3", "b5")}
    seen = set()
    for seed in range(40):
        solver = Warnsdorff(board, "abcdefgh", "random", random.Random(seed))
        tour = solver.tour
        tour.reset()
        tour.visit(d4)
        choice = solver.choose(tour)
        assert choice in tied
        seen.add(choice)
    assert seen == tied
    a = Warnsdorff(board, "abcdefgh", "random", random.Random(5)).run(0).squares()
    b = Warnsdorff(board, "abcdefgh", "random", random.Random(5)).run(0).squares()
    assert a == b


def test_steps_report_square_number_label_and_candidates():
    board = Board(8, 8)
    solver = Warnsdorff(board, "abcdefgh", "border")
    steps = []
    for step in solver_steps(solver, 0):
        steps.append((step.square, step.number, step.label, step.candidates()))
    assert steps[0] == (0, 1, "", [])
    square, number, label, candidates = steps[1]
    assert number == 2 and label == "a" and board.square_name(square) == "b3"
    assert candidates == [("a", board.parse_square("b3"), 5), ("b", board.parse_square("c2"), 5)]
    for (prev, _, _, _), (here, _, label, cands) in zip(steps, steps[1:]):
        assert board.label_between(prev, here) == "abcdefgh".index(label)
        assert here in [c[1] for c in cands]
        assert min(c[2] for c in cands) == [c[2] for c in cands if c[1] == here][0]


def test_the_step_generator_and_solve_agree():
    board = Board(8, 8)
    for order in ("abcdefgh", "ahfdgceb"):
        for start in range(64):
            from_steps = [step.square for step in solver_steps(Warnsdorff(board, order, "border"), start)]
            answer = solve(board, start, order, "border", random.Random(0))
            assert [board.square_name(s) for s in from_steps] == answer["squares"]


def test_a_stuck_tour_stops_where_no_move_is_left():
    board = Board(8, 8)
    # "first" from a1 with order abcdefgh is one of the tours Warnsdorff without tie-break loses.
    for start in range(64):
        tour = Warnsdorff(board, "abcdefgh", "first").run(start)
        if not tour.complete:
            assert tour.legal_moves() == []
            break
    else:
        pytest.fail("expected at least one stuck tour under 'first'")
