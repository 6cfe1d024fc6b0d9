"""Every check order from every start, without running 40320 x 64 tours.

A tour depends on the check order only where the rule leaves a tie, and then
only through which of the tied labels comes first. So each start is followed
once, as a tree: a forced move is just made; at a tie the set of orders splits
by which tied label comes first, and each branch carries the constraints
"l before m". Branches whose constraints contradict earlier ones are
skipped. At a leaf (complete, closed or stuck) the orders it stands for are
exactly those consistent with its constraints.

Sets of orders are bitsets (Python ints, bit i = the order of rank i in
lexicographic order). Counts per order across starts are kept bit-sliced, so
the whole analysis is a few thousand big-int operations. The board's
symmetries map labels to labels, so only one start per symmetry class is
followed; the others reuse its tree with relabelled constraints.

Desktop only: this module is not copied to the Feather.
"""

from .board import DELTAS, LABELS
from .orders import all_orders, order_name
from .rules import check_rule, tie_keys
from .tour import Tour

ORDER_COUNT = 40320
FULL = (1 << ORDER_COUNT) - 1

STUCK, COMPLETE, CLOSED = 0, 1, 2

_pair_cache = {}


def _before_bits(n, i, j):
    """Bitset over the n! permutations of n items (lexicographic) where item i precedes item j."""
    key = (n, i, j)
    if key in _pair_cache:
        return _pair_cache[key]
    block = 1
    for k in range(2, n):
        block *= k
    ones = (1 << block) - 1
    bits = 0
    for first in range(n):
        if first == i:
            part = ones
        elif first == j:
            part = 0
        else:
            part = _before_bits(n - 1, i - (i > first), j - (j > first))
        bits |= part << (first * block)
    _pair_cache[key] = bits
    return bits


def before_sets():
    """before[l][m]: the orders in which label l is checked before label m."""
    return [[_before_bits(8, l, m) if l != m else 0 for m in range(8)] for l in range(8)]


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


def order_tree(board, rule, start):
    """The leaves of one start's decision tree as (result, [(l, m), ...]) pairs."""
    keys = tie_keys(board, rule)
    target = board.target
    tour = Tour(board)
    onward = tour.onward
    number = tour.number
    leaves = []
    tour.visit(start)

    def follow(after, constraints):
        while True:
            base = tour.square * 8
            best_key = -1
            tied = 0
            for m in range(8):
                t = target[base + m]
                if t < 0 or number[t]:
                    continue
                key = onward[t] * 256 + keys[t]
                if best_key < 0 or key < best_key:
                    best_key, tied = key, 1 << m
                elif key == best_key:
                    tied |= 1 << m
            if not tied:
                leaves.append((_result(tour), constraints))
                return
            # A tied label can come first unless the constraints already put another tied label before it.
            firsts = [l for l in range(8) if tied >> l & 1
                      and not any(tied >> m & 1 and after[m] >> l & 1 for m in range(8) if m != l)]
            if len(firsts) == 1:
                tour.visit(target[base + firsts[0]])
                continue
            depth = tour.length
            for l in firsts:
                later = tied & ~(1 << l)
                branch = list(after)
                for x in range(8):
                    if x == l or branch[x] >> l & 1:
                        for m in range(8):
                            if later >> m & 1:
                                branch[x] |= (1 << m) | after[m]
                new = [(l, m) for m in range(8) if later >> m & 1 and not after[l] >> m & 1]
                tour.visit(target[base + l])
                follow(branch, constraints + new)
                while tour.length > depth:
                    tour.unvisit()
            return

    follow([0] * 8, [])
    return leaves


def _result(tour):
    if tour.closed:
        return CLOSED
    return COMPLETE if tour.complete else STUCK


def _add(planes, bits):
    """Add 1 to the bit-sliced counters of every order in ``bits``."""
    for i in range(len(planes)):
        if not bits:
            return
        carry = planes[i] & bits
        planes[i] ^= bits
        bits = carry


def _equal(planes, k):
    """The orders whose bit-sliced counter equals k."""
    bits = FULL
    for i in range(len(planes)):
        bits &= planes[i] if k >> i & 1 else ~planes[i]
    return bits & FULL


def _popcount(bits):
    return bin(bits).count("1")


class Analysis:
    """Results of every check order from every start on one board under one rule."""

    def __init__(self, board, rule="border"):
        rule = check_rule(rule)
        if rule == "random":
            raise ValueError("bad rule 'random' for analysis: it ignores the check order on ties; "
                             "use border, centre or first")
        self.board = board
        self.rule = rule
        n = board.squares
        before = before_sets()
        self.closed_bits = [0] * n
        self.stuck_bits = [0] * n
        done = [False] * n
        group = symmetries(board)
        for start in range(n):
            if done[start]:
                continue
            leaves = order_tree(board, rule, start)
            for squares, labels in group:
                image = squares[start]
                if done[image]:
                    continue
                done[image] = True
                for result, constraints in leaves:
                    if result == COMPLETE:
                        continue
                    bits = FULL
                    for l, m in constraints:
                        bits &= before[labels[l]][labels[m]]
                    if result == CLOSED:
                        self.closed_bits[image] |= bits
                    else:
                        self.stuck_bits[image] |= bits
        width = n.bit_length()
        self.fail_planes = [0] * width
        self.closed_planes = [0] * width
        for start in range(n):
            _add(self.fail_planes, self.stuck_bits[start])
            _add(self.closed_planes, self.closed_bits[start])

    def result(self, order_rank, start):
        """STUCK, COMPLETE or CLOSED for one order (by rank) from one start."""
        if self.closed_bits[start] >> order_rank & 1:
            return CLOSED
        return STUCK if self.stuck_bits[start] >> order_rank & 1 else COMPLETE

    def orders_failing(self, k):
        return _equal(self.fail_planes, k)

    def failures_histogram(self):
        """{k: how many orders fail from exactly k starts}, for k from 0 to the worst seen."""
        counts = [_popcount(self.orders_failing(k)) for k in range(self.board.squares + 1)]
        top = max(k for k in range(len(counts)) if counts[k]) if any(counts) else 0
        return dict((k, counts[k]) for k in range(top + 1))

    def never_failing(self):
        return self.orders_failing(0)

    def max_closed_starts(self):
        """The most starts with a closed tour among orders that never fail (None if no order never fails)."""
        never = self.never_failing()
        if not never:
            return None
        for k in range(self.board.squares, -1, -1):
            if _equal(self.closed_planes, k) & never:
                return k
        return 0

    def super_orders(self):
        """Orders that never fail and reach max_closed_starts, as sorted names."""
        most = self.max_closed_starts()
        if most is None:
            return []
        bits = _equal(self.closed_planes, most) & self.never_failing()
        orders = all_orders()
        names = []
        rank = 0
        while bits:
            if bits & 1:
                names.append(order_name(orders[rank]))
            bits >>= 1
            rank += 1
        return sorted(names)

    def closed_by_start(self):
        return [_popcount(bits) for bits in self.closed_bits]

    def fail_by_start(self):
        return [_popcount(bits) for bits in self.stuck_bits]

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
        }


__all__ = ["Analysis", "LABELS", "before_sets", "order_tree", "symmetries"]
