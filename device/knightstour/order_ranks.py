"""Every check order and its rank: the 40320 orders in lexicographic order of their names (the
order analysis's tables). The toy never loads it: on a board it would be heap for nothing.
"""


def all_orders():
    """Every check order (40320), in lexicographic order of their names."""
    result = []
    _permute([], 0, result)
    return result


def _permute(prefix, used, result):
    if len(prefix) == 8:
        result.append(tuple(prefix))
        return
    for m in range(8):
        if not used & (1 << m):
            prefix.append(m)
            _permute(prefix, used | (1 << m), result)
            prefix.pop()


def order_index(order):
    """Position of an order in all_orders() (its lexicographic rank)."""
    index = 0
    used = 0
    for position, m in enumerate(order):
        smaller_unused = 0
        for k in range(m):
            if not used & (1 << k):
                smaller_unused += 1
        index = index * (8 - position) + smaller_unused
        used |= 1 << m
    return index
