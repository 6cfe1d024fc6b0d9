"""Play mode on the TFT (tft.TftDisplay): dots on the legal moves, a ring on the hint, and
undo. TftDisplay imports this module the first time play mode shows a mark or takes a move
back, so the attract and touch toys never hold its code or its sprites in RAM."""

import displayio

from .tft_draw import HINT_COLOUR, MARK_COLOUR, disc, palette


def _build(display):
    """The eight dots and the ring, below the knight: the first nine of its sprites group (found
    there, not kept in a list of their own)."""
    cell = display.cell
    dot = max(4, cell // 4)
    dot_bitmap = displayio.Bitmap(dot, dot, 2)
    disc(dot_bitmap, dot, 1, 0)
    mark_palette = palette((0, MARK_COLOUR), 0)
    for i in range(8):
        tile = displayio.TileGrid(dot_bitmap, pixel_shader=mark_palette)
        tile.hidden = True
        display.sprites_group.insert(i, tile)
    ring = cell - 4
    ring_bitmap = displayio.Bitmap(ring, ring, 2)
    disc(ring_bitmap, ring, 1, 0)
    disc(ring_bitmap, ring - 6, 0, 3)
    tile = displayio.TileGrid(ring_bitmap, pixel_shader=palette((0, HINT_COLOUR), 0))
    tile.hidden = True
    display.sprites_group.insert(8, tile)


def moves(display, squares, hint):
    """Dots on ``squares`` (at most 8), the ring on ``hint`` (-1: none)."""
    if display.marked is None:
        _build(display)
    tiles = display.sprites_group
    for i in range(9):
        tile = tiles[i]
        square = squares[i] if i < 8 and i < len(squares) else hint if i == 8 else -1
        if square >= 0:
            display._place(tile, square, tile.bitmap.width)
            tile.hidden = False
        elif not tile.hidden:
            tile.hidden = True
    display.marked = len(squares) > 0 or hint >= 0


def unlight(display, square):
    """Take ``square``'s number back: the cell and the cells the removed line crossed are
    drawn again from scratch."""
    number = display.number[square]
    display.number[square] = 0
    previous = display.order[number - 1] if number > 1 else -1
    if number > 0:
        display.length = number - 1
    _redraw_cell(display, square)
    if previous >= 0:
        for other in range(display.bw * display.bh):
            if other != square and display.inked[other] and _between(display.bw, previous, square, other):
                _redraw_cell(display, other)
    display._count()


def _redraw_cell(display, square):
    display._clear(square)
    if display.number[square]:
        display._draw_number(square, display.number[square])
    for n in range(1, display.length):
        display._segment(display.order[n], display.order[n + 1], square)


def _between(width, a, b, square):
    """Whether ``square`` lies in the rectangle of squares spanned by ``a`` and ``b``."""
    fa, ra = a % width, a // width
    fb, rb = b % width, b // width
    f, r = square % width, square // width
    return min(fa, fb) <= f <= max(fa, fb) and min(ra, rb) <= r <= max(ra, rb)
