"""Every check order from every start, without running 40320 x N tours.

A tour depends on the check order only where the rule leaves a tie, and then
only through which of the tied labels the order checks first. So each start
is followed once, as a tree: a forced move is just made; at a tie the orders
still on this branch are split by which tied label each checks first, and
each non-empty part follows its own branch. At a leaf (complete, closed or
stuck) every order of its part gets that result. An order is looked at once
per tie on its own path, so a start costs about 40320 x (ties on a path).

The walk is compiled by numba (cached in __pycache__; it releases the GIL,
so each core follows its own starts) over numpy arrays: pip install 'knights-tour-toy[analysis]'. The
board's symmetries map labels to labels, so only one start per symmetry class
is followed; the other starts of its class reuse its results through a
relabelling of the orders.

Failures are counted over the starts known to have a tour: starts.impossibility
rules out the starts that have none (and says why). A start it does not rule out
where every order gets stuck is settled by the search: a tour found, or none after
searching everything (ruled out too); where the search's budget runs out first the
start is unknown, and counted neither way.

Desktop only: this module is not copied to the Feather.
"""

import os
from concurrent.futures import ThreadPoolExecutor

import numpy as np
from numba import njit

from knightstour.board import DELTAS, LABELS
from knightstour.order_ranks import all_orders
from knightstour.orders import order_name
from knightstour.rules import check_rule, tie_keys
from knightstour.search import EXHAUSTED, FOUND, find_tour
from knightstour.starts import impossibility

from .errors import UserError

ORDER_COUNT = 40320
SETTLE_BUDGET = 2000000  # search nodes for a start where every order gets stuck

STUCK, COMPLETE, CLOSED = 0, 1, 2


@njit(cache=True, nogil=True)
def _follow(target, keys, width, start, orders, out):
    """out[o] = STUCK, COMPLETE or CLOSED for order o (a row of ``orders``) from ``start``."""
    n = keys.shape[0]
    count = orders.shape[0]
    number = np.zeros(n, np.int32)
    onward = np.zeros(n, np.int32)
    for s in range(n):
        for m in range(8):
            if target[s * 8 + m] >= 0:
                onward[s] += 1
    path = np.zeros(n, np.int32)
    group = np.arange(count).astype(np.int32)
    firsts = np.zeros(count, np.int8)
    spare = np.zeros(count, np.int32)
    stack = np.zeros((8 * n + 8, 4), np.int32)  # pending branches: depth, square, lo, hi
    sp = 0
    length = 0
    square = start
    lo = 0
    hi = count
    while True:
        # Visit ``square``, then follow the tour until it ends or splits.
        while True:
            path[length] = square
            length += 1
            number[square] = length
            for m in range(8):
                t = target[square * 8 + m]
                if t >= 0:
                    onward[t] -= 1
            base = square * 8
            best = -1
            tied = 0
            for m in range(8):
                t = target[base + m]
                if t < 0 or number[t]:
                    continue
                key = onward[t] * 256 + keys[t]
                if best < 0 or key < best:
                    best = key
                    tied = 1 << m
                elif key == best:
                    tied |= 1 << m
            if tied == 0:
                result = STUCK
                if length == n:
                    result = COMPLETE
                    df = abs(square % width - start % width)
                    dr = abs(square // width - start // width)
                    if n > 1 and ((df == 1 and dr == 2) or (df == 2 and dr == 1)):
                        result = CLOSED
                for i in range(lo, hi):
                    out[group[i]] = result
                break
            if tied & (tied - 1) == 0:
                m = 0
                while not (tied >> m) & 1:
                    m += 1
                square = target[base + m]
                continue
            # A tie: split the group by the tied label each order checks first.
            sizes = np.zeros(9, np.int32)
            for i in range(lo, hi):
                row = group[i]
                k = 0
                while not (tied >> orders[row, k]) & 1:
                    k += 1
                first = orders[row, k]
                firsts[i] = first
                sizes[first + 1] += 1
            for m in range(8):
                sizes[m + 1] += sizes[m]
            for m in range(8):
                if sizes[m + 1] > sizes[m]:
                    stack[sp, 0] = length
                    stack[sp, 1] = target[base + m]
                    stack[sp, 2] = lo + sizes[m]
                    stack[sp, 3] = lo + sizes[m + 1]
                    sp += 1
            for i in range(lo, hi):
                first = firsts[i]
                spare[lo + sizes[first]] = group[i]
                sizes[first] += 1
            for i in range(lo, hi):
                group[i] = spare[i]
            break
        if sp == 0:
            return
        sp -= 1
        depth = stack[sp, 0]
        square = stack[sp, 1]
        lo = stack[sp, 2]
        hi = stack[sp, 3]
        while length > depth:
            length -= 1
            back = path[length]
            number[back] = 0
            for m in range(8):
                t = target[back * 8 + m]
                if t >= 0:
                    onward[t] += 1


def symmetries(board):
    """The board's symmetries as (square map, label map) pairs, identity first."""
    w, h = board.width, board.height
    maps = [lambda f, r: (f, r), lambda f, r: (w - 1 - f, r),
            lambda f, r: (f, h - 1 - r), lambda f, r: (w - 1 - f, h - 1 - r)]
    linear = [lambda x, y: (x, y), lambda x, y: (-x, y), lambda x, y: (x, -y), lambda x, y: (-x, -y)]
    if w == h:
        maps += [lambda f, r: (r, f), lambda f, r: (w - 1 - r, w - 1 - f),
                 lambda f, r: (r, w - 1 - f), lambda f, r: (w - 1 - r, f)]
        linear += [lambda x, y: (y, x), lambda x, y: (-y, -x), lambda x, y: (y, -x), lambda x, y: (-y, x)]
    result = []
    for square_map, delta_map in zip(maps, linear):
        squares = [board.square_at(*square_map(s % w, s // w)) for s in range(board.squares)]
        labels = [DELTAS.index(delta_map(*DELTAS[m])) for m in range(8)]
        result.append((squares, labels))
    return result


_ORDERS = []


def order_table():
    """Every order as a row of 8 label indices, in rank (lexicographic) order."""
    if not _ORDERS:
        _ORDERS.append(np.array(all_orders(), dtype=np.int8))
    return _ORDERS[0]


def ranks(rows):
    """The lexicographic rank of each order (a row of 8 label indices)."""
    rows = np.asarray(rows, dtype=np.int64)
    rank = np.zeros(rows.shape[0], dtype=np.int64)
    for i in range(8):
        smaller_later = (rows[:, i + 1:] < rows[:, i:i + 1]).sum(axis=1)
        rank = rank * (8 - i) + smaller_later
    return rank


_RELABELLINGS = {}


def relabelling(labels):
    """For a label map (a symmetry's), the rank of each order's preimage, indexed by the order's rank."""
    key = tuple(labels)
    if key not in _RELABELLINGS:
        inverse = np.argsort(np.array(labels)).astype(np.int8)
        _RELABELLINGS[key] = ranks(inverse[order_table()])
    return _RELABELLINGS[key]


class Analysis:
    """Results of every check order from every start on one board under one rule.

    ``results[start, rank]`` is STUCK, COMPLETE or CLOSED; ``possible[start]``
    is False where no tour can start (``impossible[start]`` says why).
    Failures count only the possible starts.
    """

    def __init__(self, board, rule="border"):
        rule = check_rule(rule)
        if rule == "random":
            raise UserError("bad rule 'random' for analysis: it ignores the check order on ties; "
                             "use border, centre or first")
        self.board = board
        self.rule = rule
        n = board.squares
        self.impossible = [impossibility(board, s) for s in range(n)]
        orders = order_table()
        group = symmetries(board)
        classes = []
        done = [False] * n
        for start in range(n):
            if not done[start]:
                classes.append(start)
                for squares, _ in group:
                    done[squares[start]] = True
        found = np.zeros((len(classes), ORDER_COUNT), dtype=np.int8)
        target = np.array(board.target, dtype=np.int32)
        keys = np.array(tie_keys(board, rule), dtype=np.int32)
        # One start per thread: the compiled walk releases the GIL.
        with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
            list(pool.map(lambda i: _follow(target, keys, board.width, classes[i], orders, found[i]),
                          range(len(classes))))
        self.results = np.zeros((n, ORDER_COUNT), dtype=np.int8)
        done = [False] * n
        for i, start in enumerate(classes):
            for squares, labels in group:
                image = squares[start]
                if not done[image]:
                    done[image] = True
                    self.results[image] = found[i][relabelling(labels)]
        self.unknown = []
        for start in np.flatnonzero((self.results == STUCK).all(axis=1)).tolist():
            if self.impossible[start] is None:
                found = find_tour(board, start, budget=SETTLE_BUDGET)
                if found.status == EXHAUSTED:
                    self.impossible[start] = found.reason
                elif found.status != FOUND:
                    self.unknown.append(start)
        self.possible = np.array([reason is None and s not in self.unknown
                                  for s, reason in enumerate(self.impossible)], dtype=bool)
        self.fails = (self.results[self.possible] == STUCK).sum(axis=0)
        self.closed = (self.results == CLOSED).sum(axis=0)

    def result(self, order_rank, start):
        """STUCK, COMPLETE or CLOSED for one order (by rank) from one start."""
        return int(self.results[start, order_rank])

    def orders_failing(self, k):
        """A mask over the orders: those that get stuck from exactly k possible starts."""
        return self.fails == k

    def failures_histogram(self):
        """{k: how many orders fail from exactly k possible starts}, for k from 0 to the worst seen."""
        counts = np.bincount(self.fails, minlength=1)
        return dict((k, int(c)) for k, c in enumerate(counts))

    def never_failing(self):
        return self.orders_failing(0)

    def max_closed_starts(self):
        """The most starts with a closed tour among orders that never fail (None if no order never
        fails, or no tour can start anywhere: then every order "never fails" vacuously)."""
        never = self.never_failing()
        return int(self.closed[never].max()) if never.any() and self.possible.any() else None

    def best(self):
        """(fewest failures of any order, the most closed starts among those orders, a mask of them)."""
        fewest = int(self.fails.min())
        mask = self.fails == fewest
        most = int(self.closed[mask].max())
        return fewest, most, mask & (self.closed == most)

    def super_orders(self):
        """Orders that never fail and reach max_closed_starts, as sorted names."""
        fewest, _, mask = self.best()
        return _names(mask) if fewest == 0 and self.possible.any() else []

    def best_orders(self):
        """The orders with the fewest failures and among those the most closed starts, as sorted names."""
        return _names(self.best()[2])

    def closed_by_start(self):
        return [int(c) for c in (self.results == CLOSED).sum(axis=1)]

    def fail_by_start(self):
        return [int(c) for c in (self.results == STUCK).sum(axis=1)]

    def impossible_starts(self):
        return [s for s in range(self.board.squares) if self.impossible[s] is not None]

    def unknown_starts(self):
        """Starts neither ruled out nor shown to have a tour (the search's budget ran out)."""
        return list(self.unknown)

    def to_json(self):
        name = self.board.square_name
        return {
            "size": self.board.size_name,
            "rule": self.rule,
            "orders": ORDER_COUNT,
            "failures_histogram": dict((str(k), v) for k, v in self.failures_histogram().items()),
            "max_closed_starts": self.max_closed_starts(),
            "super_orders": self.super_orders(),
            "closed_by_start": dict((name(s), c) for s, c in enumerate(self.closed_by_start())),
            "fail_by_start": dict((name(s), c) for s, c in enumerate(self.fail_by_start())),
            "impossible_starts": [name(s) for s in self.impossible_starts()],
            "unknown_starts": [name(s) for s in self.unknown_starts()],
        }


def _names(mask):
    rows = order_table()[np.flatnonzero(mask)]
    return sorted(order_name(row) for row in rows.tolist())


__all__ = ["Analysis", "LABELS", "order_table", "ranks", "symmetries"]
