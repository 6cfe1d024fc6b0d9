"""Building the TFT's board (tft_board.BoardView._build_board): its rank bitmaps, the number boxes,
the knight's and the trace's sprites and the last move's frame. Build-time code only: it drops
itself again once the board is built (RAM on a Feather), and the view keeps none of it."""

import displayio
from micropython import const

from .tft_draw import TRACE_COLOUR, disc, fill_region, palette

_DARK_BG = const(1)  # tft_board.py's palette index of a dark square
_LEGIBLE = const(29)  # the least cell (px) of a window: three digits (23 px) with 3 px clear each side
_GLYPH_ROWS = const(10)  # the rows of font.py's digits that hold ink (tft_window.py)


def build_board(view, board):
    view.bw = board.width
    view.bh = board.height
    side = board.width if board.width > board.height else board.height
    # the window: the whole board where its numbers are legible (tft_window.legible; up to
    # 16x16 only three digits in cells under 16 px are not), else as many squares as fit in
    # cells of _LEGIBLE px, its numbers in the panel's font (10 px tall, three digits in 23 px, each
    # number clear of its square's edges so that two squares' numbers never run together)
    view.glyphs = board.squares > 99 and view.board_pixels // side < 16
    if view.glyphs:
        side = view.board_pixels // _LEGIBLE
    view.vw = side if side < board.width else board.width
    view.vh = side if side < board.height else board.height
    view.wx = (board.width - view.vw) // 2
    view.wy = (board.height - view.vh) // 2
    view.cell = view.board_pixels // side
    view.ox = view.board_x + (view.board_pixels - view.cell * view.vw) // 2
    view.oy = view.board_y + (view.board_pixels - view.cell * view.vh) // 2
    while len(view.cells_group):
        view.cells_group.pop()
    while len(view.sprites_group):
        view.sprites_group.pop()
    view.marked = None  # the marks go with the sprites: tft_play makes them again when shown
    cell = view.cell
    # Cells of 24 px or more (8x8 on the ILI9341) are drawn at half resolution, each bitmap
    # pixel 2x2 on the screen (cells_group's scale): a quarter of the RAM, the numbers' font
    # pixels 2x2 (14 px tall), the path lines 2 px wide all the same.
    view.zoom = zoom = 2 if cell >= 24 and cell % 2 == 0 and not view.glyphs else 1
    view.unit = unit = cell // zoom  # a cell in bitmap pixels
    # The numbers: 4x7 digits where the board's longest number fits a cell with a pixel to
    # spare each side, else 3x5. Each number's box (a pixel around its digits, by digit
    # count: x0, y0, x1, y1 from index 4 * digits) is cleared to the square's colour and the
    # path stops at it: the path never crosses a number.
    digits = len(str(board.squares))
    view.big = big = 5 * digits + 1 <= unit
    pitch, rows = (8, _GLYPH_ROWS) if view.glyphs else (5, 7) if big else (4, 5)
    view.digit_height = rows * zoom
    view.boxes = boxes = bytearray(16)
    for n in range(1, 4):
        width = n * pitch - 1
        x = (unit - width) // 2
        y = (unit - rows) // 2
        boxes[4 * n] = max(0, x - 1)
        boxes[4 * n + 1] = max(0, y - 1)
        boxes[4 * n + 2] = min(unit, x + width + 1)
        boxes[4 * n + 3] = min(unit, y + rows + 1)
    group = view.cells_group
    group.scale = zoom
    group.x = view.ox
    group.y = view.oy
    # a bitmap per rank of the window, chequered: numbers and path drawn into it
    view.ranks = []
    for row in range(view.vh):
        rank = displayio.Bitmap(unit * view.vw, unit, 4)
        for f in range((view.wy + view.vh - 1 - row + view.wx) % 2, view.vw, 2):
            fill_region(rank, f * unit, 0, (f + 1) * unit, unit, _DARK_BG)
        view.ranks.append(rank)
        group.append(displayio.TileGrid(rank, pixel_shader=view.board_palette, x=0, y=row * unit))
    squares = board.squares
    view.number = bytearray(squares) if squares < 256 else [0] * squares  # each square's move number
    view.order = bytearray(squares + 2)
    view.inked = bytearray(squares)
    # each cell's inked box (x0, y0 inclusive, x1, y1 exclusive): begin() clears only that
    view.ink_x0 = bytearray(squares)
    view.ink_y0 = bytearray(squares)
    view.ink_x1 = bytearray(squares)
    view.ink_y1 = bytearray(squares)
    # the knight
    size = cell - 6  # over the number of its square (the counter says it), and no bigger:
    # each move sends its old and new places, as the ring's below
    knight_bitmap = displayio.Bitmap(size, size, 3)
    disc(knight_bitmap, size, 1, 0)
    # a horse's head, 10x10 (bit 9 = left column), scaled onto the disc
    shape = (0b0000000000, 0b0000110000, 0b0001111000, 0b0011111100, 0b0111011100,
             0b0111111100, 0b0000111100, 0b0001111000, 0b0011111100, 0b0000000000)
    for row in range(10):
        for col in range(10):
            if shape[row] >> (9 - col) & 1:
                for y in range(row * size // 10, (row + 1) * size // 10):
                    for x in range(col * size // 10, (col + 1) * size // 10):
                        knight_bitmap[y * size + x] = 2
    view.knight_size = size
    # the closed tour's trace: a small gold disc (small: it moves 65 times)
    view.trace_size = max(4, cell // 3)
    trace_bitmap = displayio.Bitmap(view.trace_size, view.trace_size, 2)
    disc(trace_bitmap, view.trace_size, 1, 0)
    view.trace_tile = displayio.TileGrid(trace_bitmap, pixel_shader=palette((0, TRACE_COLOUR), 0))
    view.trace_tile.hidden = True
    view.knight_tile = displayio.TileGrid(knight_bitmap, pixel_shader=view.knight_palette)
    view.knight_tile.hidden = True
    # No frame marks the square the knight came from (the path's last line does): a move
    # sends the knight's two places, the path and the counter (a frame's old and new places
    # would add a third square; benchmarks/tft_spi.py measures a move).
    view.sprites_group.append(view.knight_tile)
    view.sprites_group.append(view.trace_tile)
    _forget()


def _forget():
    """Drop this module from sys.modules and its package: once built, nothing holds its code (here,
    not in the view, so that the kept view holds no code to drop it)."""
    import sys

    sys.modules.pop(__name__, None)
    package = sys.modules.get(__name__[:__name__.rfind(".")])
    if package is not None and hasattr(package, "tft_build"):
        delattr(package, "tft_build")
