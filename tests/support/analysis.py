"""The order analysis's verdicts worked out one tour at a time, from support/reference.py's tours."""

from knightstour.order_ranks import all_orders
from knightstour.orders import order_name
from knightstour_desktop.analysis import CLOSED, COMPLETE, STUCK

from support.reference import warnsdorff

ORDERS = [order_name(o) for o in all_orders()]


def brute_result(w, h, start, order, rule):
    """STUCK, COMPLETE or CLOSED: how the reference tour from ``start`` (a square index) ends."""
    path = warnsdorff(w, h, (start % w, start // w), order, rule)
    if len(path) < w * h:
        return STUCK
    (f0, r0), (f1, r1) = path[0], path[-1]
    return CLOSED if sorted((abs(f0 - f1), abs(r0 - r1))) == [1, 2] else COMPLETE
