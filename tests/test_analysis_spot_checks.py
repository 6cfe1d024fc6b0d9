"""The order analysis, spot-checked quickly: a few orders from every start against tours run one by one."""

import json
import random

import pytest
from test_analysis import ORDERS
from test_analysis import brute_result as plain_result

from knightstour.board import Board
from knightstour_desktop.analysis import CLOSED, ORDER_COUNT, STUCK, Analysis


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
    possible = [s for s in range(w * h) if s not in analysis.impossible_starts()]
    fails = [sum(analysis.result(rank, s) == STUCK for s in possible) for rank in ranks]
    closed = [sum(analysis.result(rank, s) == CLOSED for s in range(w * h)) for rank in ranks]
    stuck_here = [sum(analysis.result(rank, start) == STUCK for rank in ranks) for start in range(w * h)]
    assert all(every >= few for every, few in zip(analysis.fail_by_start(), stuck_here))
    assert sum(analysis.failures_histogram().values()) == ORDER_COUNT
    assert max(fails) <= max(analysis.failures_histogram())
    assert sum(closed) <= sum(analysis.closed_by_start())


def test_the_summary_of_a_board_where_every_order_fails_somewhere():
    # On 5x6 under border every order gets stuck from at least 2 starts, so there are no super orders.
    analysis = Analysis(Board(5, 6), "border")
    assert not analysis.never_failing().any() and analysis.impossible_starts() == []
    fewest, most, _ = analysis.best()
    assert fewest == 2 and analysis.best_orders() and len(analysis.best_orders()) < ORDER_COUNT
    assert analysis.max_closed_starts() is None and analysis.super_orders() == []
    histogram = analysis.failures_histogram()
    assert histogram[0] == 0 and sum(histogram.values()) == ORDER_COUNT
    assert histogram[max(histogram)] > 0  # it stops at the worst count seen


def test_on_3x3_every_order_is_stuck_from_every_start():
    # No tour exists on 3x3: every start is impossible, so no start counts as a failure.
    analysis = Analysis(Board(3, 3), "first")
    assert analysis.impossible_starts() == list(range(9))
    assert analysis.fail_by_start() == [ORDER_COUNT] * 9 and analysis.closed_by_start() == [0] * 9
    assert analysis.failures_histogram() == {0: ORDER_COUNT}


def test_a_board_with_no_tour_has_no_super_orders(tmp_path, capsys):
    # Bug: on 3x3 every start is impossible, so every order "never failed" and all 40320 were
    # called super orders. A board where no tour can start has none.
    from knightstour_desktop.cli import main

    analysis = Analysis(Board(3, 3), "border")
    assert analysis.super_orders() == [] and analysis.max_closed_starts() is None
    out = tmp_path / "3x3.json"
    assert main(["orders", "analyse", "--size", "3x3", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "super orders (" not in text and "no tour can start on any square of 3x3" in text
    assert json.loads(out.read_text())["super_orders"] == []
