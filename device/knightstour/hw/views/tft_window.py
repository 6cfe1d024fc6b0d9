"""The window of a board too big to number legibly (tft_board.py says when): it follows the knight,
and its numbers are drawn in the panel's font. Loaded only for such a board."""

from micropython import const

from .tft_draw import draw_glyph, fill_region

_MARGIN = const(2)  # squares kept between the knight and the window's edge
_GLYPH_TOP = const(2)  # the first row of font.py's digits that holds ink


def legible(cell, squares):
    """Whether numbers up to ``squares`` read at arm's length in cells of ``cell`` px: at least
    6 px tall, and three digits only in a cell of 14 px or more (the fonts as tft_board.py
    chooses them)."""
    digits = len(str(squares))
    zoom = 2 if cell >= 24 and cell % 2 == 0 else 1
    tall = (7 if 5 * digits + 1 <= cell // zoom else 5) * zoom
    return tall >= 6 and (digits <= 2 or cell >= 14)


def follow(view, square):
    """Move ``view``'s window to centre ``square`` when it is within _MARGIN squares of its edge
    (where the board goes on), and draw the window again."""
    wx = _near(square % view.bw, view.wx, view.vw, view.bw)
    wy = _near(square // view.bw, view.wy, view.vh, view.bh)
    if wx == view.wx and wy == view.wy:
        return
    view.wx = wx
    view.wy = wy
    view._set_label("status", with_squares(view, view.status_text))
    unit = view.unit
    for row in range(view.vh):  # every rank its squares' colours, nothing on them
        rank = view.ranks[row]
        fill_region(rank, 0, 0, rank.width, unit, 0)
        for f in range((wy + view.vh - 1 - row + wx) % 2, view.vw, 2):
            fill_region(rank, f * unit, 0, (f + 1) * unit, unit, 1)
    inked = view.inked
    for i in range(len(inked)):
        inked[i] = 0
    order = view.order
    for n in range(1, view.length + 1):
        if view.shown(order[n]):
            view._draw_number(order[n], n)
    for n in range(1, view.length):
        view._segment(order[n], order[n + 1])


def with_squares(view, text):
    """``text`` and the squares the window shows ("a10-g16"), so that a glance says which part of
    the board is in view."""
    first = "abcdefghijklmnopqrstuvwxyz"
    corner = first[view.wx] + str(view.wy + 1) + "-" + first[view.wx + view.vw - 1] + str(view.wy + view.vh)
    return (text + " " if text else "") + "in view " + corner


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
    draw_glyph(bitmap, ord("0") + digit if digit else ord("O"), x, y - _GLYPH_TOP, value)
