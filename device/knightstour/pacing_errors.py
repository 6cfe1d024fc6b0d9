"""What is wrong with pacing values, in one line (pacing.py's Pacing raises it): imported only for
bad values, which a board's checked settings never give, so the board never loads it."""


def bad_pacing(first, last, shape, speed, shapes):
    """The line for the first of these that is wrong: the delays, the speed factor, the shape (one
    of ``shapes``)."""
    if first < 0 or last < first:
        return "pacing needs 0 <= first <= last (got %r and %r)" % (first, last)
    if speed < 0:
        return "the speed factor must be 0 (no delay) or more, not %r" % (speed,)
    return "bad pacing shape %r: a pacing shape is one of %s" % (shape, ", ".join(shapes))
