"""Where Warnsdorff's rule gets stuck: say why no tour can start there, or find one anyway.

Imported only then (tours.py), like the search it uses, to spare a Feather's
RAM: with each board's own super orders the rule completes from every start
of most boards. First the board's other orders (cheap), then the rule drawing among
ties (runs from the start over, half the budget), then the search.
"""

from .search import BUDGET, FOUND, find_tour
from .solver import Warnsdorff
from .starts import impossibility

# Nodes (squares visited) the rescue may spend on one tour where every order got stuck
# (benchmarks/rescue.py measures them).
SEARCH_BUDGET = 5000
# The search tries candidates in the border rule's order whatever the toy's rule: it backtracks
# least (on 16x16 the centre rule's order needs over 40000 nodes where the border rule's needs 256).
SEARCH_RULE = "border"
# Reruns of the rule drawing among ties, at most (and half the budget): on small boards, where they
# seldom complete, the search needs the rest (3x8 from a4: 4,280 nodes).
RERUNS = 12


def rescue(app, square):
    """Put a tour from ``square`` in app.plan and return ""; or return why none can start there.

    Where the search runs out of budget the heuristic's path is kept and app.out_of_budget set: the
    toy shows where it stopped and says the search gave up (not "stuck": a tour may well exist).
    """
    reason = impossibility(app.board, square)
    if reason:
        return reason
    solver = app.solver
    orders = app.orders
    for _ in range(len(orders) - 1):
        app.order_index = (app.order_index + 1) % len(orders)
        solver.order = orders[app.order_index]
        tour = solver.run(square)
        if tour.complete:
            app._keep(tour)
            return ""
    board = app.board
    # Warnsdorff's rule again, drawing among tied squares: each run costs a node per square, and
    # on long boards (5x10, 3x24, 32x7) one of a few runs completes where the search needs 5,000+.
    draws = Warnsdorff(board, solver.order, "random", _Draws(square))
    spent = 0
    while spent < min(SEARCH_BUDGET // 2, RERUNS * board.squares):
        tour = draws.run(square)
        spent += tour.length
        app.searched = spent
        if tour.complete:
            app._keep(tour)
            return ""
    result = find_tour(board, square, solver.order, SEARCH_RULE, budget=SEARCH_BUDGET - spent)
    app.searched += result.nodes
    if result.status == FOUND:
        app.plan = result.path
        app.planned = len(result.path)
        return ""
    if result.status != BUDGET:
        return result.reason
    app.out_of_budget = True
    app._keep(solver.tour)
    return ""


class _Draws:
    """randrange() for the rule's draws: a small generator of its own (small ints: no long-int
    allocation on a board), seeded by the start, so a start's tour is the same every time."""

    def __init__(self, seed):
        self.state = seed % 65536 + 1

    def randrange(self, n):
        self.state = (self.state * 75 + 74) % 65537
        return self.state % n
