import random

import pytest

from knightstour.analysis import CLOSED, COMPLETE, ORDER_COUNT, STUCK, Analysis, before_sets
from knightstour.board import Board
from knightstour.orders import all_orders, order_name

from reference import warnsdorff as reference_warnsdorff

ORDERS = [order_name(o) for o in all_orders()]


def brute_result(w, h, start, order, rule):
    path = reference_warnsdorff(w, h, (start % w, start // w), order, rule)
    if len(path) < w * h:
        return STUCK
    (f0, r0), (f1, r1) = path[0], path[-1]
    return CLOSED if sorted((abs(f0 - f1), abs(r0 - r1))) == [1, 2] else COMPLETE


def test_pair_sets_match_the_orders():
    before = before_sets()
    for rank in (0, 1, 777, 40319, 12345):
        name = ORDERS[rank]
        for l in range(8):
            for m in range(8):
                if l != m:
                    expected = name.index("abcdefgh"[l]) < name.index("abcdefgh"[m])
                    assert bool(before[l][m] >> rank & 1) == expected


@pytest.mark.parametrize("size,rule", [((5, 5), "border"), ((6, 6), "border"), ((6, 6), "first"), ((5, 6), "centre")])
def test_analysis_agrees_with_brute_force(size, rule):
    w, h = size
    analysis = Analysis(Board(w, h), rule)
    rng = random.Random(size[0] * 10 + size[1])
    for rank in [rng.randrange(ORDER_COUNT) for _ in range(60)]:
        for start in range(w * h):
            assert analysis.result(rank, start) == brute_result(w, h, start, ORDERS[rank], rule), (rank, start)


def test_summaries_agree_with_per_order_results_counted_plainly():
    board = Board(6, 6)
    analysis = Analysis(board, "border")
    fails = [0] * ORDER_COUNT
    closed = [0] * ORDER_COUNT
    for start in range(board.squares):
        stuck_bits, closed_bits = analysis.stuck_bits[start], analysis.closed_bits[start]
        for rank in range(ORDER_COUNT):
            fails[rank] += stuck_bits >> rank & 1
            closed[rank] += closed_bits >> rank & 1
    histogram = {}
    for k in fails:
        histogram[k] = histogram.get(k, 0) + 1
    got = analysis.failures_histogram()
    assert {k: v for k, v in got.items() if v} == histogram
    never = [r for r in range(ORDER_COUNT) if fails[r] == 0]
    most = max(closed[r] for r in never)
    assert analysis.max_closed_starts() == most
    assert analysis.super_orders() == sorted(ORDERS[r] for r in never if closed[r] == most)


def test_every_start_partitions_the_orders():
    analysis = Analysis(Board(8, 8), "border")
    for start in range(64):
        assert analysis.closed_bits[start] & analysis.stuck_bits[start] == 0
    counts = analysis.failures_histogram()
    assert sum(counts.values()) == ORDER_COUNT


def test_8x8_border_results_respect_the_board_symmetry_and_seed_004_where_it_can_agree():
    data = Analysis(Board(8, 8), "border").to_json()
    assert list(data) == ["size", "rule", "orders", "failures_histogram", "max_closed_starts",
                          "super_orders", "closed_by_start", "fail_by_start"]
    assert all(v % 8 == 0 for v in data["failures_histogram"].values())
    for corner in ("a1", "h1", "a8", "h8"):
        assert data["closed_by_start"][corner] == 0  # seed 004: corners are never closed
    assert data["max_closed_starts"] == 21  # seed 004 reports 21 too
    assert "ahfdgceb" in data["super_orders"]


def test_random_rule_cannot_be_analysed():
    with pytest.raises(ValueError, match="use border, centre or first"):
        Analysis(Board(5, 5), "random")
