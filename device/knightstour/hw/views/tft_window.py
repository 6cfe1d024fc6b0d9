"""The window of a board too big to number legibly (tft_board.py says when): it follows the knight,
and its numbers are drawn in the panel's font. Loaded only for such a board."""

from micropython import const

from . import font

_MARGIN = const(2)  # squares kept between the knight and the window's edge
_GLYPH_TOP = const(2)  # the first row of font.py's digits that holds ink
_GLYPH_ROWS = const(10)


def follow(view, square):
    """Move ``view``'s window to centre ``square`` when it is within _MARGIN squares of its edge
    (where the board goes on), and draw the window again."""
    wx = _near(square % view.bw, view.wx, view.vw, view.bw)
    wy = _near(square // view.bw, view.wy, view.vh, view.bh)
    if wx == view.wx and wy == view.wy:
        return
    view.wx = wx
    view.wy = wy
    view._chequer()
    inked = view.inked
    for i in range(len(inked)):
        inked[i] = 0
    order = view.order
    for n in range(1, view.length + 1):
        if view.shown(order[n]):
            view._draw_number(order[n], n)
    for n in range(1, view.length):
        view._segment(order[n], order[n + 1])
    view._mark_last()


def _near(at, start, size, whole):
    """The window's new start along one side for the knight ``at``: unchanged while the knight is
    _MARGIN squares or more inside it, or the board ends there."""
    if (at - start >= _MARGIN or start == 0) and (start + size - 1 - at >= _MARGIN or start + size == whole):
        return start
    start = at - size // 2
    if start > whole - size:
        start = whole - size
    return start if start > 0 else 0


def draw_glyph_digit(bitmap, digit, x, y, value):
    """The inked rows of font.py's ``digit`` at (x, y) in ``value`` (off pixels are left alone), but
    for a plain zero (the font's is slashed, read as an 8 at a glance; a board of numbers has no O
    to confuse)."""
    start = ((ord("0") + digit if digit else ord("O")) - font.FIRST) * font.HEIGHT + _GLYPH_TOP
    bits = font.BITS
    width = bitmap.width
    for row in range(_GLYPH_ROWS):
        line = bits[start + row]
        i = (y + row) * width + x
        for col in range(font.WIDTH):
            if line >> (7 - col) & 1:
                bitmap[i + col] = value
