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


def order_text(text):
    """``text`` stripped, in lower case: the same string when it already is, not a new one."""
    raw = str(text).strip()
    return raw if raw.islower() else raw.lower()


def parse_order(text):
    """Return the order as a tuple of label indices; raise ValueError for anything else."""
    raw = order_text(text)
    seen = 0
    if len(raw) == 8:
        for ch in raw:
            m = LABELS.find(ch)
            if m < 0 or seen & (1 << m):
                break
            seen |= 1 << m
    if seen != 0xFF:
        raise ValueError("bad check order %r: %s" % (text, ORDER_HELP))
    # The tuple made at once, nothing else: the Feather parses its super orders in its fullest step.
    m = LABELS.find
    return (m(raw[0]), m(raw[1]), m(raw[2]), m(raw[3]), m(raw[4]), m(raw[5]), m(raw[6]), m(raw[7]))


def order_name(order):
    return "".join(LABELS[m] for m in order)
