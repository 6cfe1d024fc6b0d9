"""Independent reference implementations, written straight from the issue's definitions.

They share no code with knightstour, so tests comparing against them check the
package rather than restate it.
"""

MOVES = {"a": (1, 2), "b": (2, 1), "c": (2, -1), "d": (1, -2),
         "e": (-1, -2), "f": (-2, -1), "g": (-2, 1), "h": (-1, 2)}


def neighbours(w, h, f, r):
    for df, dr in MOVES.values():
        if 0 <= f + df < w and 0 <= r + dr < h:
            yield f + df, r + dr


def warnsdorff(w, h, start, order, rule):
    """The tour as a list of (file, rank); rule is border, centre or first."""
    path = [start]
    seen = {start}
    while True:
        f, r = path[-1]
        best = None
        for label in order:
            df, dr = MOVES[label]
            c = (f + df, r + dr)
            if not (0 <= c[0] < w and 0 <= c[1] < h) or c in seen:
                continue
            onward = sum(1 for n in neighbours(w, h, *c) if n not in seen)
            if rule == "border":
                key = (onward, len(list(neighbours(w, h, *c))))
            elif rule == "centre":
                key = (onward, abs(c[0] + 0.5 - w / 2) + abs(c[1] + 0.5 - h / 2))
            else:
                key = (onward,)
            if best is None or key < best[0]:
                best = (key, c)
        if best is None:
            return path
        path.append(best[1])
        seen.add(best[1])


def has_tour(w, h, start):
    """Plain exhaustive search: is there any open tour from start?"""
    seen = {start}

    def go(square):
        if len(seen) == w * h:
            return True
        for n in neighbours(w, h, *square):
            if n not in seen:
                seen.add(n)
                if go(n):
                    return True
                seen.discard(n)
        return False

    return go(start)
