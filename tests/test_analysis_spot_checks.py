"""The order analysis, spot-checked quickly: a few orders from every start against tours run one by one."""

import random

import pytest

from knightstour.analysis import CLOSED, COMPLETE, ORDER_COUNT, STUCK, Analysis
from knightstour.board import Board
from knightstour.orders import all_orders, order_name

from reference import warnsdorff as reference_warnsdorff

ORDERS = [order_name(o) for o in all_orders()]


def plain_result(w, h, start, order, rule):
    path = reference_warnsdorff(w, h, (start % w, start // w), order, rule)
    if len(path) < w * h:
        return STUCK
    (f0, r0), (f1, r1) = path[0], path[-1]
    return CLOSED if sorted((abs(f0 - f1), abs(r0 - r1))) == [1, 2] else COMPLETE


@pytest.mark.parametrize("w, h, rule", [(5, 5, "first"), (6, 5, "border"), (5, 6, "centre"), (6, 6, "centre")])
def test_a_few_orders_from_every_start(w, h, rule):
    analysis = Analysis(Board(w, h), rule)
    rng = random.Random(w * 100 + h)
    ranks = [0, ORDER_COUNT - 1] + [rng.randrange(ORDER_COUNT) for _ in range(6)]
    kinds = set()
    for rank in ranks:
        for start in range(w * h):
            expected = plain_result(w, h, start, ORDERS[rank], rule)
            assert analysis.result(rank, start) == expected, (ORDERS[rank], start)
            kinds.add(expected)
    fails = [sum(analysis.result(rank, s) == STUCK for s in range(w * h)) for rank in ranks]
    closed = [sum(analysis.result(rank, s) == CLOSED for s in range(w * h)) for rank in ranks]
    assert analysis.fail_by_start() == [bin(b).count("1") for b in analysis.stuck_bits]
    assert sum(analysis.failures_histogram().values()) == ORDER_COUNT
    assert max(fails) <= max(analysis.failures_histogram())
    assert sum(closed) <= sum(analysis.closed_by_start())


def test_the_summary_of_a_board_where_every_order_fails_somewhere():
    # On 5x5 every order gets stuck from some start, so there are no super orders.
    analysis = Analysis(Board(5, 5), "border")
    assert analysis.never_failing() == 0
    assert analysis.max_closed_starts() is None and analysis.super_orders() == []
    histogram = analysis.failures_histogram()
    assert histogram[0] == 0 and sum(histogram.values()) == ORDER_COUNT
    assert histogram[max(histogram)] > 0  # it stops at the worst count seen


def test_on_3x3_every_order_is_stuck_from_every_start():
    analysis = Analysis(Board(3, 3), "first")
    assert analysis.failures_histogram() == dict([(k, 0) for k in range(9)] + [(9, ORDER_COUNT)])
    assert analysis.fail_by_start() == [ORDER_COUNT] * 9
