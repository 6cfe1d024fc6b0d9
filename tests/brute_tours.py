"""An independent brute force: from which squares of a W x H board does an open knight's tour start?

It shares no code with knightstour: its own move table, a depth-first search over every path
(squares as bits of an int), with only two cuts that never lose a tour: an unvisited square with
no unvisited neighbour that the knight cannot reach next is a dead end, and of the squares with
one unvisited neighbour (not reachable next) only one can be the tour's end. A start with no
tour is proved so by searching all of its paths; one with a tour is shown by the tour.
Run as a script to print every board up to 36 squares.
"""

import sys


def neighbours(width, height):
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
    """An open tour from ``start`` as a list of squares, or None when there is none."""
    n = width * height
    nb = neighbours(width, height)
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


if __name__ == "__main__":
    sys.setrecursionlimit(10000)
    import time

    for w, h in boards(int(sys.argv[1]) if len(sys.argv) > 1 else 36):
        if w > h:
            continue
        began = time.perf_counter()
        starts = tour_starts(w, h)
        spent = time.perf_counter() - began
        none = [s for s in range(w * h) if s not in starts]
        names = " ".join(chr(97 + s % w) + str(s // w + 1) for s in none)
        print("%dx%d %.2fs no tour from %d: %s" % (w, h, spent, len(none), names), flush=True)
