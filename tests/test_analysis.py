import random

import pytest

from knightstour.board import Board
from knightstour.orders import all_orders, order_name
from knightstour_desktop.analysis import CLOSED, COMPLETE, ORDER_COUNT, STUCK, Analysis, order_table, ranks

from reference import warnsdorff as reference_warnsdorff

ORDERS = [order_name(o) for o in all_orders()]


def brute_result(w, h, start, order, rule):
    path = reference_warnsdorff(w, h, (start % w, start // w), order, rule)
    if len(path) < w * h:
        return STUCK
    (f0, r0), (f1, r1) = path[0], path[-1]
    return CLOSED if sorted((abs(f0 - f1), abs(r0 - r1))) == [1, 2] else COMPLETE


def test_the_order_table_is_in_rank_order():
    table = order_table()
    assert [order_name(row) for row in table.tolist()] == ORDERS
    assert ranks(table).tolist() == list(range(ORDER_COUNT))


@pytest.mark.parametrize("size,rule", [((5, 5), "border"), ((6, 6), "border"), ((6, 6), "first"), ((5, 6), "centre")])
def test_analysis_agrees_with_brute_force(size, rule):
    w, h = size
    analysis = Analysis(Board(w, h), rule)
    rng = random.Random(size[0] * 10 + size[1])
    for rank in [rng.randrange(ORDER_COUNT) for _ in range(60)]:
        for start in range(w * h):
            assert analysis.result(rank, start) == brute_result(w, h, start, ORDERS[rank], rule), (rank, start)


@pytest.mark.parametrize("side", [6, 7])
def test_summaries_agree_with_per_order_results_counted_plainly(side):
    board = Board(side, side)
    analysis = Analysis(board, "border")
    possible = [s for s in range(board.squares) if not (side % 2 and board.is_light(s))]
    fails = [0] * ORDER_COUNT
    closed = [0] * ORDER_COUNT
    for start in range(board.squares):
        for rank in range(ORDER_COUNT):
            result = analysis.result(rank, start)
            fails[rank] += result == STUCK and start in possible
            closed[rank] += result == CLOSED
    histogram = {}
    for k in fails:
        histogram[k] = histogram.get(k, 0) + 1
    got = analysis.failures_histogram()
    assert {k: v for k, v in got.items() if v} == histogram
    fewest = min(fails)
    most = max(closed[r] for r in range(ORDER_COUNT) if fails[r] == fewest)
    best = sorted(ORDERS[r] for r in range(ORDER_COUNT) if fails[r] == fewest and closed[r] == most)
    assert analysis.best()[:2] == (fewest, most) and analysis.best_orders() == best
    if fewest == 0:
        assert analysis.max_closed_starts() == most and analysis.super_orders() == best
    else:
        assert analysis.max_closed_starts() is None and analysis.super_orders() == []


def test_odd_boards_are_judged_on_the_starts_that_can_have_a_tour():
    data = Analysis(Board(7, 7), "border").to_json()
    light = [s for s in range(49) if Board(7, 7).is_light(s)]
    assert data["impossible_starts"] == [Board(7, 7).square_name(s) for s in light] and len(light) == 24
    # Every order fails from the 24 impossible starts, but they are not counted.
    assert min(int(k) for k, v in data["failures_histogram"].items() if v) < 24
    for name in data["impossible_starts"]:
        assert data["fail_by_start"][name] == ORDER_COUNT and data["closed_by_start"][name] == 0


def test_the_best_orders_get_stuck_from_the_fewest_starts_counted_by_brute_force():
    analysis = Analysis(Board(7, 7), "border")
    fewest, most, _ = analysis.best()
    possible = [s for s in range(49) if not Board(7, 7).is_light(s)]
    for name in analysis.best_orders()[:3]:
        stuck = sum(brute_result(7, 7, s, name, "border") == STUCK for s in possible)
        assert stuck == fewest > 0


def test_every_order_has_one_result_per_start():
    analysis = Analysis(Board(8, 8), "border")
    assert analysis.results.shape == (64, ORDER_COUNT)
    assert set(analysis.results.ravel().tolist()) <= {STUCK, COMPLETE, CLOSED}
    assert sum(analysis.failures_histogram().values()) == ORDER_COUNT
    assert analysis.impossible_starts() == []


def test_8x8_border_results_respect_the_board_symmetry_and_seed_004_where_it_can_agree():
    data = Analysis(Board(8, 8), "border").to_json()
    assert list(data) == ["size", "rule", "orders", "failures_histogram", "max_closed_starts",
                          "super_orders", "closed_by_start", "fail_by_start", "impossible_starts",
                          "unknown_starts"]
    assert all(v % 8 == 0 for v in data["failures_histogram"].values())
    for corner in ("a1", "h1", "a8", "h8"):
        assert data["closed_by_start"][corner] == 0  # seed 004: corners are never closed
    assert data["max_closed_starts"] == 21  # seed 004 reports 21 too
    assert "ahfdgceb" in data["super_orders"]


def test_random_rule_cannot_be_analysed():
    with pytest.raises(ValueError, match="use border, centre or first"):
        Analysis(Board(5, 5), "random")
