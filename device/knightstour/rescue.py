"""Where Warnsdorff's rule gets stuck: say why no tour can start there, or find one anyway.

Imported only then (tours.py), like the search it uses, to spare a Feather's
RAM: with each board's own super orders the rule completes from every start
of most boards. First the board's other orders (cheap), then the search.
"""

from .search import BUDGET, FOUND, find_tour
from .starts import impossibility

# Nodes the search may spend on one tour where every order got stuck (seconds on a Feather).
SEARCH_BUDGET = 5000
# The search tries candidates in the border rule's order whatever the toy's rule: it backtracks
# least (on 16x16 the centre rule's order needs over 40000 nodes where the border rule's needs 256).
SEARCH_RULE = "border"


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
    result = find_tour(app.board, square, solver.order, SEARCH_RULE, budget=SEARCH_BUDGET)
    if result.status == FOUND:
        app.plan = result.path
        app.planned = len(result.path)
        return ""
    if result.status != BUDGET:
        return result.reason
    app.out_of_budget = True
    app._keep(solver.tour)
    return ""
