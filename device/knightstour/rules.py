"""Warnsdorff tie-break rules.

Every rule first prefers the candidate with the fewest onward moves. What
decides among equal counts is a static per-square key (lower wins), then the
check order; ``random`` instead draws among the tied candidates.
"""

RULES = ("border", "centre", "first", "random")
DEFAULT_RULE = "border"
RULE_HELP = "a rule is one of " + ", ".join(RULES)


def check_rule(name):
    rule = str(name).strip().lower()
    if rule == "center":
        rule = "centre"
    if rule not in RULES:
        raise ValueError("bad rule %r: %s" % (name, RULE_HELP))
    return rule


def tie_keys(board, rule):
    """Per-square secondary keys for the rule (all zero for first and random)."""
    keys = bytearray(board.squares)
    if rule == "border":
        for s in range(board.squares):
            keys[s] = board.access[s]
    elif rule == "centre":
        # Manhattan distance from the centre, doubled to stay whole.
        for s in range(board.squares):
            keys[s] = abs(2 * (s % board.width) + 1 - board.width) + abs(
                2 * (s // board.width) + 1 - board.height
            )
    return keys
