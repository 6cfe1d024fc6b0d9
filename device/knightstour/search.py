"""Backtracking search: a tour whenever one exists (within a node budget), and closed tours."""
# Candidates are tried in a heuristic's order (fewest onward moves, a tie key,
# then the check order). find_tour first lets the display's own rule try, with
# room for a few backtracks only, so that where its plain Warnsdorff tour works
# that is the tour given. Then the search uses its own tie key, whatever the
# display's rule: the square farthest from the centre (Roth's rule), with which
# Warnsdorff's rule seldom gets stuck on any board size; a tie rule such as
# "centre" (nearest the centre) gets stuck on large boards and its search can
# sink any budget. A closed tour is made from an open one by Posa's rotations
# (reverse the path's tail where its end is a knight move from an earlier
# square) until its end is a knight move from the start. Where theory says no
# tour can exist (starts.py), the search is not started at all. A branch is cut
# where a square can no longer be reached or two squares could only be the end,
# and on a board with a side of 4 where the outer/inner pattern is broken.

from .orders import DEFAULT_ORDER, parse_order
from .rules import DEFAULT_RULE, check_rule, tie_keys
from .starts import closed_tours_exist, impossibility, open_tours_exist  # noqa: F401 (their home was here)
from .tour import Tour

DEFAULT_BUDGET = 2000000

FOUND = "found"
IMPOSSIBLE = "impossible"
EXHAUSTED = "exhausted"
BUDGET = "budget"


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


FARTHEST = "farthest"  # the search's own tie key: the square farthest from the centre first


def farthest_keys(board):
    """Tie keys that prefer the squares farthest from the centre (lower wins)."""
    keys = tie_keys(board, "centre")
    top = board.width + board.height
    for s in range(board.squares):
        keys[s] = top - keys[s]
    return keys


def outer_squares(board):
    """On a board with a side of 4: 1 on the two outer lines of that side, else 0 (None on other boards).

    A tour there has the outer squares at its odd places in its first half and its even places in
    its second (the outer/inner argument in starts.py), so the search tries only such moves."""
    if board.width == 4:
        return bytearray(1 if s % 4 in (0, 3) else 0 for s in range(board.squares))
    if board.height == 4:
        return bytearray(1 if s // board.width in (0, 3) else 0 for s in range(board.squares))
    return None


def search(board, start, order=DEFAULT_ORDER, rule=DEFAULT_RULE, closed=False, budget=DEFAULT_BUDGET,
           theory=True):
    """Depth-first search for a tour (a closed one when ``closed``) starting on ``start``.

    ``rule`` gives the tie key: a display rule, or FARTHEST. Without ``theory`` the search
    runs even where starts.impossibility rules the start out."""
    reason = impossibility(board, start, closed) if theory else None
    if reason:
        return SearchResult(IMPOSSIBLE, None, 0, reason)
    order = parse_order(order) if isinstance(order, str) else tuple(order)
    keys = farthest_keys(board) if rule == FARTHEST else tie_keys(board, check_rule(rule))
    target = board.target
    n = board.squares
    tour = Tour(board)
    number = tour.number
    onward = tour.onward
    cand = [0] * (n * 8)
    count = bytearray(n)
    tried = bytearray(n)
    outer = outer_squares(board)

    def fill(depth):
        base = tour.square * 8
        row = depth * 8
        k = 0
        place = depth + 2  # the next square's place in the tour, from 1
        want = (place % 2 == 1) == (2 * place <= n)
        for m in order:
            t = target[base + m]
            if t < 0 or number[t] or (outer and outer[t] != want):
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

    low = [0, 0]  # unvisited squares with no onward move, with one

    def enter(square):
        if onward[square] < 2:
            low[onward[square]] -= 1
        tour.visit(square)
        base = square * 8
        for m in range(8):
            t = target[base + m]
            if t >= 0 and not number[t] and onward[t] < 2:
                low[onward[t]] += 1
                if onward[t] == 0:
                    low[1] -= 1

    def leave():
        square = tour.unvisit()
        base = square * 8
        for m in range(8):
            t = target[base + m]
            if t >= 0 and not number[t] and onward[t] < 3:
                if onward[t] > 0:
                    low[onward[t] - 1] -= 1
                if onward[t] < 2:
                    low[onward[t]] += 1
        if onward[square] < 2:
            low[onward[square]] += 1

    def dead_end(square):
        # Squares the knight cannot enter next: one with no unvisited neighbour is never reached,
        # one with a single unvisited neighbour can only be the tour's end, and there is one end.
        remaining = n - tour.length
        if not remaining:
            return False
        if closed and onward[start] == 0:
            return True
        zeros = ones = 0  # among the squares the knight can enter next (no list: nothing allocated)
        base = square * 8
        for m in range(8):
            t = target[base + m]
            if t >= 0 and not number[t]:
                if onward[t] == 0:
                    zeros += 1
                elif onward[t] == 1:
                    ones += 1
        return (zeros and remaining > 1) or low[0] > zeros or low[1] - ones > 1

    tour.visit(start)
    for s in range(n):
        if not number[s] and onward[s] < 2:
            low[onward[s]] += 1
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
            enter(nxt)
            if dead_end(nxt):
                leave()
            else:
                fill(depth + 1)
        elif depth == 0:
            what = "closed tour" if closed else "tour"
            return SearchResult(EXHAUSTED, None, nodes, "an exhaustive search found no %s from %s"
                                % (what, board.square_name(start)))
        else:
            leave()


def rotate_closed(path, start):
    """A closed tour read from ``start``: still a closed tour, now starting there."""
    i = path.index(start)
    return path[i:] + path[:i]


def close_by_rotation(board, path, budget):
    """Posa's rotations on an open tour ``path`` (its start stays first) until its last square
    is a knight move from the start: (closed tour or None, rotations spent)."""
    # A rotation picks an earlier square q = path[i] a knight move from the end and reverses path[i+1:], so
    # that path[i+1] becomes the end; one whose new end is a knight move from the start is taken at once,
    # otherwise a pseudo-random one (fixed seed).
    n = len(path)
    if n < 4:
        return None, 0
    target = board.target
    path = list(path)
    where = [0] * board.squares
    for i in range(n):
        where[path[i]] = i
    home = path[0]
    near_home = bytearray(board.squares)
    for m in range(8):
        t = target[home * 8 + m]
        if t >= 0:
            near_home[t] = 1
    seed = 12345
    spent = 0
    while True:
        end = path[n - 1]
        if near_home[end]:
            return path, spent
        if spent >= budget:
            return None, spent
        spent += 1
        choices = 0
        pick = -1
        for m in range(8):
            q = target[end * 8 + m]
            if q < 0:
                continue
            i = where[q]
            if i >= n - 2:
                continue
            if near_home[path[i + 1]]:
                pick = i
                break
            choices += 1
            seed = (seed * 75 + 74) % 65537  # small ints only: no long-int allocation on a board
            if seed % choices == 0:
                pick = i
        if pick < 0:
            return None, spent
        lo, hi = pick + 1, n - 1
        while lo < hi:
            path[lo], path[hi] = path[hi], path[lo]
            where[path[lo]] = lo
            where[path[hi]] = hi
            lo += 1
            hi -= 1


_closed_tours = {}


def _closed_tour_anywhere(board, order, budget):
    """Some closed tour of the board (from whichever square gives one soonest), cached per size.

    Reading the cached tour counts as one node, so the budget a tour took is
    what it takes again (the caller asks only with some budget left)."""
    key = (board.width, board.height)
    if key in _closed_tours:
        return _closed_tours[key], 1
    spent = 0
    step = max(1, board.squares // 13)
    for square in range(0, board.squares, step):
        if spent >= budget:
            break
        result = search(board, square, order, FARTHEST, True, min(_SLICE, budget - spent))
        spent += result.nodes
        if result.found:
            _closed_tours[key] = result.path
            return result.path, spent
    return None, spent


_SLICE = 20000


def find_tour(board, start, order=DEFAULT_ORDER, rule=DEFAULT_RULE, closed=False, budget=DEFAULT_BUDGET):
    """A tour (closed when asked) from ``start`` whenever one exists, within ``budget`` nodes in all."""
    # A single depth-first search can sink its whole budget below one early
    # mistake, so the budget is shared between short tries: the display's
    # ``rule`` with room for a few backtracks (its own tour where that works);
    # then the search's own tie keys (FARTHEST, then "border") with each
    # rotation of the check order, each try an open tour that Posa's rotations
    # close when a closed one is asked for; a closed tour found from any square
    # and rotated to begin at ``start`` (a closed tour passes every square); then
    # the rest of the budget from ``start``. A try that searches everything and
    # finds nothing proves there is no tour, since the tree searched depends
    # neither on the order nor on the tie key.
    reason = impossibility(board, start, closed)
    if reason:
        return SearchResult(IMPOSSIBLE, None, 0, reason)
    order = parse_order(order) if isinstance(order, str) else tuple(order)
    n = board.squares
    spent = 0
    tries = [(rule, 0, closed, 2 * n)]
    for shift in range(8):
        tries.append((FARTHEST, shift, False, 8 * n))
        tries.append(("border", shift, False, 8 * n))
    for key, shift, closed_search, nodes in tries:
        if spent >= budget:
            break
        result = search(board, start, order[shift:] + order[:shift], key, closed_search,
                        min(nodes, budget - spent))
        spent += result.nodes
        if result.found and closed and not closed_search:
            path, rotations = close_by_rotation(board, result.path, min(8 * n, budget - spent))
            spent += rotations
            if path:
                return SearchResult(FOUND, path, spent)
        elif result.status != BUDGET:
            result.nodes = spent
            return result
    if spent < budget and (closed or closed_tours_exist(board.width, board.height)):
        path, nodes = _closed_tour_anywhere(board, order, budget - spent)
        spent += nodes
        if path:
            return SearchResult(FOUND, rotate_closed(path, start), spent)
    if spent < budget:
        result = search(board, start, order, FARTHEST, closed, budget - spent)
        spent += result.nodes
        if result.status != BUDGET:
            result.nodes = spent
            return result
    return SearchResult(BUDGET, None, spent, "the search budget of %d node%s ran out" % (budget, "" if budget == 1 else "s"))
