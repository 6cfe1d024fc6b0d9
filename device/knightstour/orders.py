"""Check orders: the order in which the eight move labels are tried.

An order is kept as a tuple of 8 label indices (0 = "a"); text form is a
string like "ahfdgceb".
"""

from .board import LABELS

ORDER_HELP = (
    "a check order is the eight move labels a-h each exactly once, e.g. ahfdgceb"
)
DEFAULT_ORDER = "abcdefgh"


def super_orders(size):
    """A size's super orders (knightstour.orders_data, imported only here) as a tuple of names;
    () where it has none."""
    from .orders_data import TABLE

    i = TABLE.find("\n" + size + " ")  # a line: size, starts stuck from, starts closed from, orders
    return tuple(TABLE[i + 1:TABLE.find("\n", i + 1)].split()[3:]) if i >= 0 else ()


def parse_order(text):
    """Return the order as a tuple of label indices; raise ValueError for anything else."""
    raw = str(text).strip().lower()
    if len(raw) == 8:
        seen = 0
        indices = []
        for ch in raw:
            m = LABELS.find(ch)
            if m < 0 or seen & (1 << m):
                break
            seen |= 1 << m
            indices.append(m)
        if len(indices) == 8:
            return tuple(indices)
    raise ValueError("bad check order %r: %s" % (text, ORDER_HELP))


def order_name(order):
    return "".join(LABELS[m] for m in order)
