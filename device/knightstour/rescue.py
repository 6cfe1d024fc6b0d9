"""Where Warnsdorff's rule gets stuck: say why no tour can start there, or find one anyway."""
# Imported only then (tours.py), like the search it uses, to spare a Feather's
# RAM: with each board's own super orders the rule completes from every start
# of most boards. First the board's other orders (cheap), then the rule drawing among
# ties (a few runs from the start over), then short searches in check orders drawn afresh.
# On every board from 3x3 to 8x8 that finds the tour within 1,600 nodes (benchmarks/rescue.py).

from .search import BUDGET, FARTHEST, FOUND, search
from .starts import NO_PATH, impossibility
from .warnsdorff import Warnsdorff

# Nodes (squares visited) the rescue may spend on one tour where every order got stuck
# (benchmarks/rescue.py measures them).
SEARCH_BUDGET = 5000
# The search tries candidates in the border rule's order whatever the toy's rule: it backtracks
# least (on 16x16 the centre rule's order needs over 40000 nodes where the border rule's needs 256).
SEARCH_RULE = "border"
# Reruns of the rule drawing among ties, at most (and half the budget): on small boards, where they
# seldom complete, the searches need the rest.
RERUNS = 24
# The short searches: the first two may visit a node per square, and each two after them twice as
# many as the two before (restarts with growing budgets: a start that needs a deep search gets one).
TRY_NODES = 1
GROWTH = 2


def rescue(tours, square):
    """Put a tour from ``square`` in the plan of ``tours`` (the Tours part, tours.py whose helper
    this is) and return ""; or return why none can start there
    (short enough for the TFT's panel: starts.impossibility's short form)."""
    # Where the search runs out of budget the heuristic's path is kept and tours.out_of_budget set: the
    # toy shows where it stopped and says the search gave up (not "stuck": a tour may well exist).
    reason = impossibility(tours.board, square, short=True)
    if reason:
        return reason
    solver = tours.solver
    orders = tours.orders
    for _ in range(len(orders) - 1):
        tours.order_index = (tours.order_index + 1) % len(orders)
        solver.order = orders[tours.order_index]
        tour = solver.run(square)
        if tour.complete:
            tours.keep(tour)
            return ""
    board = tours.board
    n = board.squares
    draws = _Draws(square)
    # Warnsdorff's rule again, drawing among tied squares: each run costs a node per square, and
    # on long boards (5x10, 3x24, 32x7) one of a few runs completes where a search needs 5,000+.
    rerun = Warnsdorff(board, solver.order, "random", draws)
    spent = 0
    while spent < min(SEARCH_BUDGET // 2, RERUNS * n):
        tour = rerun.run(square)
        spent += tour.length
        if tour.complete:
            tours.searched = spent
            tours.keep(tour)
            return ""
    # Then short searches, each in a check order drawn afresh: one that sinks its nodes below an
    # early mistake costs only its share.
    labels = [0] * 8
    tries = 0
    while spent < SEARCH_BUDGET:
        for i in range(8):
            labels[i] = i
        for i in range(7, 0, -1):
            j = draws.randrange(i + 1)
            labels[i], labels[j] = labels[j], labels[i]
        rule = SEARCH_RULE if tries % 2 else FARTHEST
        tries += 1
        result = search(board, square, labels, rule,
                        budget=min((TRY_NODES << (tries // GROWTH)) * n, SEARCH_BUDGET - spent))
        spent += result.nodes
        if result.status == FOUND:
            tours.searched = spent
            tours.plan = result.path
            tours.planned = n
            return ""
        if result.status != BUDGET:
            return NO_PATH % board.square_name(square)  # searched everything: no tour
    tours.searched = spent
    tours.out_of_budget = True
    tours.keep(solver.tour)
    return ""


class _Draws:
    """randrange() for the rule's draws: a small generator of its own (small ints: no long-int
    allocation on a board), seeded by the start, so a start's tour is the same every time."""

    def __init__(self, seed):
        self.state = seed % 65536 + 1

    def randrange(self, n):
        self.state = (self.state * 75 + 74) % 65537
        return self.state % n
