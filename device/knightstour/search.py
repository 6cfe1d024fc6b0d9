"""Backtracking search: a tour whenever one exists (within a node budget), and closed tours.

Candidates are tried in the heuristic's own order (fewest onward moves, the
rule's tie key, then the check order), so the first path tried is the plain
Warnsdorff tour and the search only backtracks where the heuristic got stuck.
Where theory says no tour can exist, the search is not started at all.
"""

from .orders import DEFAULT_ORDER, parse_order
from .rules import DEFAULT_RULE, check_rule, tie_keys
from .tour import Tour

DEFAULT_BUDGET = 2000000

FOUND = "found"
IMPOSSIBLE = "impossible"
EXHAUSTED = "exhausted"
BUDGET = "budget"


def open_tours_exist(width, height):
    """True when some open tour exists on the board (Conrad et al. 1994 for the small cases)."""
    m, n = min(width, height), max(width, height)
    if m == 1:
        return n == 1
    if m == 2:
        return False
    if m == 3:
        return n == 4 or n >= 7
    if m == 4:
        return n >= 5
    return True


def closed_tours_exist(width, height):
    """Schwenk (1991): none when both sides are odd, a side is 1, 2 or 4, or on 3x4, 3x6, 3x8."""
    m, n = min(width, height), max(width, height)
    if (m * n) % 2 == 1 or m in (1, 2, 4):
        return False
    return not (m == 3 and n in (4, 6, 8))


def impossibility(board, start, closed=False):
    """Why no (closed) tour can start on ``start``, or None when theory does not rule it out."""
    size = board.size_name
    if closed:
        if not closed_tours_exist(board.width, board.height):
            if board.squares % 2 == 1:
                return "no closed tour exists on %s: it has an odd number of squares and a knight " \
                       "alternates colours, so it cannot return to its start" % size
            return "no closed tour exists on %s (Schwenk 1991: none when a side is 1, 2 or 4, " \
                   "or on 3x4, 3x6 and 3x8)" % size
        return None
    if not open_tours_exist(board.width, board.height):
        return "no knight's tour exists on a %s board" % size
    if board.squares % 2 == 1 and board.is_light(start):
        return "%s has an odd number of squares, so a tour must start on a square of a1's colour " \
               "(one more of those than of the other); %s is not" % (size, board.square_name(start))
    return None


class SearchResult:
    """status is FOUND, IMPOSSIBLE, EXHAUSTED (searched everything: none) or BUDGET."""

    def __init__(self, status, path, nodes, reason=""):
        self.status = status
        self.path = path
        self.nodes = nodes
        self.reason = reason

    @property
    def found(self):
        return self.status == FOUND


def search(board, start, order=DEFAULT_ORDER, rule=DEFAULT_RULE, closed=False, budget=DEFAULT_BUDGET):
    """Depth-first search for a tour (a closed one when ``closed``) starting on ``start``."""
    reason = impossibility(board, start, closed)
    if reason:
        return SearchResult(IMPOSSIBLE, None, 0, reason)
    order = parse_order(order) if isinstance(order, str) else tuple(order)
    keys = tie_keys(board, check_rule(rule))
    target = board.target
    n = board.squares
    tour = Tour(board)
    number = tour.number
    onward = tour.onward
    cand = [0] * (n * 8)
    count = bytearray(n)
    tried = bytearray(n)

    def fill(depth):
        base = tour.square * 8
        row = depth * 8
        k = 0
        for m in order:
            t = target[base + m]
            if t < 0 or number[t]:
                continue
            key = onward[t] * 256 + keys[t]
            i = k
            # Insertion sort; stable, so equal keys keep the check order.
            while i > 0 and onward[cand[row + i - 1]] * 256 + keys[cand[row + i - 1]] > key:
                cand[row + i] = cand[row + i - 1]
                i -= 1
            cand[row + i] = t
            k += 1
        count[depth] = k
        tried[depth] = 0

    def dead_end(square):
        remaining = n - tour.length
        if closed and remaining and onward[start] == 0:
            return True
        if remaining > 1:
            base = square * 8
            for m in range(8):
                t = target[base + m]
                if t >= 0 and not number[t] and onward[t] == 0:
                    return True
        return False

    tour.visit(start)
    fill(0)
    nodes = 1
    while True:
        depth = tour.length - 1
        if tour.length == n and (not closed or n == 1 or board.is_knight_move(tour.square, start)):
            return SearchResult(FOUND, tour.squares(), nodes)
        if tried[depth] < count[depth]:
            nxt = cand[depth * 8 + tried[depth]]
            tried[depth] += 1
            if nodes >= budget:
                return SearchResult(BUDGET, None, nodes, "the search budget of %d node%s ran out" % (budget, "" if budget == 1 else "s"))
            nodes += 1
            tour.visit(nxt)
            if dead_end(nxt):
                tour.unvisit()
            else:
                fill(depth + 1)
        elif depth == 0:
            what = "closed tour" if closed else "tour"
            return SearchResult(EXHAUSTED, None, nodes, "an exhaustive search found no %s from %s"
                                % (what, board.square_name(start)))
        else:
            tour.unvisit()


def rotate_closed(path, start):
    """A closed tour read from ``start``: still a closed tour, now starting there."""
    i = path.index(start)
    return path[i:] + path[:i]


_closed_tours = {}


def _closed_tour_anywhere(board, order, rule, budget):
    """Some closed tour of the board (from whichever square gives one soonest), cached per size."""
    key = (board.width, board.height)
    if key in _closed_tours:
        return _closed_tours[key], 0
    spent = 0
    step = max(1, board.squares // 13)
    for square in range(0, board.squares, step):
        if spent >= budget:
            break
        result = search(board, square, order, rule, True, min(_SLICE, budget - spent))
        spent += result.nodes
        if result.found:
            _closed_tours[key] = result.path
            return result.path, spent
    return None, spent


_SLICE = 20000


def find_tour(board, start, order=DEFAULT_ORDER, rule=DEFAULT_RULE, closed=False, budget=DEFAULT_BUDGET):
    """A tour (closed when asked) from ``start`` whenever one exists, within ``budget`` nodes in all.

    A single depth-first search can sink its whole budget below one early
    mistake on a large board, so the budget is shared between several tries:
    the search from ``start``; a closed tour found from any square and rotated
    to begin at ``start`` (a closed tour passes every square); other check
    orders; then the rest of the budget from ``start``. A try that searches
    everything and finds nothing proves there is no tour, since the tree
    searched does not depend on the order.
    """
    reason = impossibility(board, start, closed)
    if reason:
        return SearchResult(IMPOSSIBLE, None, 0, reason)
    order = parse_order(order) if isinstance(order, str) else tuple(order)
    result = search(board, start, order, rule, closed, min(_SLICE * 2, budget))
    spent = result.nodes
    if result.status != BUDGET:
        return result
    if closed or closed_tours_exist(board.width, board.height):
        path, nodes = _closed_tour_anywhere(board, order, rule, budget - spent)
        spent += nodes
        if path:
            return SearchResult(FOUND, rotate_closed(path, start), spent)
    for shift in range(1, 8):
        if spent >= budget:
            break
        result = search(board, start, order[shift:] + order[:shift], rule, closed, min(_SLICE, budget - spent))
        spent += result.nodes
        if result.status != BUDGET:
            result.nodes = spent
            return result
    if spent < budget:
        result = search(board, start, order, rule, closed, budget - spent)
        spent += result.nodes
        if result.status != BUDGET:
            result.nodes = spent
            return result
    return SearchResult(BUDGET, None, spent, "the search budget of %d node%s ran out" % (budget, "" if budget == 1 else "s"))
