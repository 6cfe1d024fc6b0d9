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
    """Is there any open tour from start (file, rank)?"""
    return tour_from(w, h, start[1] * w + start[0]) is not None


def move_masks(width, height):
    """For each square (rank * width + file), its knight moves as bits of an int."""
    masks = []
    for square in range(width * height):
        f, r = square % width, square // width
        mask = 0
        for df, dr in ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)):
            if 0 <= f + df < width and 0 <= r + dr < height:
                mask |= 1 << ((r + dr) * width + f + df)
        masks.append(mask)
    return masks


def tour_from(width, height, start):
    """An open tour from ``start`` (rank * width + file) as a list of squares, or None when there is none.

    A depth-first search over every path, with only two cuts that never lose a tour: an unvisited
    square with no unvisited neighbour that the knight cannot reach next is a dead end, and of the
    squares with one unvisited neighbour (not reachable next) only one can be the tour's end. A
    start with no tour is proved so by searching all of its paths; one with a tour by the tour.
    """
    n = width * height
    nb = move_masks(width, height)
    path = [start]

    def extend(here, free):
        if not free:
            return True
        near = nb[here] & free
        ends = 0
        rest = free & ~near
        while rest:
            low = rest & -rest
            u = low.bit_length() - 1
            rest ^= low
            degree = (nb[u] & free).bit_count()
            if degree == 0:
                return False
            if degree == 1:
                ends += 1
                if ends > 1:
                    return False
        # fewest onward moves first: finds a tour soon where there is one; every move is tried
        moves = []
        step = near
        while step:
            low = step & -step
            t = low.bit_length() - 1
            step ^= low
            moves.append(((nb[t] & free).bit_count(), t))
        moves.sort()
        for _, t in moves:
            path.append(t)
            if extend(t, free & ~(1 << t)):
                return True
            path.pop()
        return False

    if extend(start, ((1 << n) - 1) & ~(1 << start)):
        return path
    return None


def tour_starts(width, height):
    """The set of squares from which an open tour starts (a mirror image of a start is one)."""
    starts = set()
    seen = set()
    for square in range(width * height):
        if square in seen:
            continue
        f, r = square % width, square // width
        images = {(f, r), (width - 1 - f, r), (f, height - 1 - r), (width - 1 - f, height - 1 - r)}
        if width == height:
            images |= set((b, a) for a, b in images)
        images = set(b * width + a for a, b in images)
        seen |= images
        if tour_from(width, height, square) is not None:
            starts |= images
    return starts


def boards(most=36):
    return [(w, h) for w in range(1, most + 1) for h in range(1, most + 1) if w * h <= most]
