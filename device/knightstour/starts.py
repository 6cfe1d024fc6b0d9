"""Which starts can have a knight's tour: the theorems, then the starts a search ruled out."""
# An open tour exists only on 1x1, 3x4, 3xN (N >= 7), 4xN (N >= 5) and boards with both
# sides 5 or more (Conrad, Hindrichs, Morsy and Wegener 1994). Where one exists, a start
# has none when:
# - the board has an odd number of squares and the start is not of a1's colour (a knight
#   alternates colours, so a tour of 2k+1 squares starts and ends on the colour with k+1);
# - a side is 4 and the start is on one of the two inner lines (the outer/inner argument:
#   from an outer line a knight always lands on an inner one, half the squares are outer,
#   and colours alternate; so the outer squares fill the tour's first half at odd places
#   and its second half at even places, and it starts and ends on an outer line);
# - an exhaustive search of every path from it found no tour: the generated table in
#   starts_data.py (3x7's centre, 3x8's b3 and b6).
# Every other start of such a board has a tour on every board of at most 36 squares
# (checked by brute force) and wherever a closed tour exists (Schwenk 1991), since a
# closed tour passes every square; elsewhere `knights-tour orders starts` found one.


def open_tours_exist(width, height):
    """True when some open tour exists on the board (Conrad et al. 1994)."""
    m, n = min(width, height), max(width, height)
    if m == 1:
        return n == 1
    if m == 2:
        return False
    if m == 3:
        return n == 4 or n >= 7
    if m == 4:
        return n >= 5
    return True


def closed_tours_exist(width, height):
    """Schwenk (1991): none when both sides are odd, a side is 1, 2 or 4, or on 3x4, 3x6, 3x8."""
    m, n = min(width, height), max(width, height)
    if (m * n) % 2 == 1 or m in (1, 2, 4):
        return False
    return not (m == 3 and n in (4, 6, 8))


# The short form of the searched starts' reason, shared with rescue.py (its search proves it too).
NO_PATH = "no path from %s visits every square"


def impossibility(board, start, closed=False, searched=True, short=False):
    """Why no (closed) tour can start on ``start``, or None when nothing rules it out."""
    # With ``searched`` false only the theorems are used, not the table of searched starts. With
    # ``short``, the toy's form of an open tour's reason: three lines of 13 characters on the
    # smallest TFT panel, below its "NO TOUR" (the argument itself is the CLI's).
    size = board.size_name
    if closed:
        if not closed_tours_exist(board.width, board.height):
            if board.squares % 2 == 1:
                return "no closed tour exists on %s: it has an odd number of squares and a knight " \
                       "alternates colours, so it cannot return to its start" % size
            return "no closed tour exists on %s (Schwenk 1991: none when a side is 1, 2 or 4, " \
                   "or on 3x4, 3x6 and 3x8)" % size
        return None
    if not open_tours_exist(board.width, board.height):
        if short:
            return "no tour exists on %s" % size
        return "no knight's tour exists on a %s board (only on 1x1, 3x4, 3xN from 3x7, 4xN from 4x5, " \
               "and where both sides are 5 or more)" % size
    name = board.square_name(start)
    if board.squares % 2 == 1 and board.is_light(start):
        if short:
            return "a %s tour starts on the colour of a1" % size
        return "%s has an odd number of squares, so a tour must start on a square of a1's colour " \
               "(one more of those than of the other); %s is not" % (size, name)
    line = _inner_line(board, start)
    if line:
        if short:
            return "a %s tour starts on %s" % (size, "file a or d" if line == "file" else "rank 1 or 4")
        outer = "the a or d file" if line == "file" else "rank 1 or 4"
        return "on %s a tour must start on %s (the outer/inner argument: a knight on an outer %s always " \
               "moves to an inner one, and colours alternate); %s is on an inner %s" % (
                   size, outer, line, name, line)
    if searched:
        from .starts_data import TABLE

        i = TABLE.find("\n" + size + " ")
        if i >= 0 and (" " + name + " ") in TABLE[i:TABLE.find("\n", i + 1)] + " ":
            if short:
                return NO_PATH % name
            return "every path from %s on %s was searched: none visits every square" % (name, size)
    return None


def tour_exists(board, start):
    """False where impossibility() rules the start out; else True, as `knights-tour orders starts`
    found a tour from every other start of every board up to 32x32 (None: one it left unknown)."""
    if impossibility(board, start):
        return False
    from .starts_data import UNKNOWN

    i = UNKNOWN.find("\n" + board.size_name + " ")
    if i >= 0 and (" " + board.square_name(start) + " ") in UNKNOWN[i:UNKNOWN.find("\n", i + 1)] + " ":
        return None
    return True


def _inner_line(board, start):
    # "file" or "rank" when a side is 4 and start is on one of the two inner lines of that side.
    if board.width == 4 and start % 4 in (1, 2):
        return "file"
    if board.height == 4 and start // board.width in (1, 2):
        return "rank"
    return ""
