"""The TFT's board (tft.TftDisplay's lower half): the cells, the move numbers, the path and the
knight's sprites, and the geometry from squares to screen pixels. See tft.py for the layout
and why a bitmap per rank.

A board whose numbers would be too small to read at arm's length (under 6 px tall, or three
digits in a cell under 14 px: 14x14 to 16x16 on the ILI9341's 208 px) is shown through a
window of 8x8 squares (26 px cells, every number legible) that follows the knight: the window
jumps to centre the knight when it comes within two squares of its edge, so the knight, the
square it came from and its legal moves are always in view.
"""

import displayio
from micropython import const

from .tft_draw import KNIGHT_COLOUR, TRACE_COLOUR, disc, draw_digit, fill_region, palette
from .tft_path import PathView

# The board's palette indexes: a light square's background is the ink on a dark one.
_LIGHT_BG = const(0)
_DARK_BG = const(1)
_INK = const(2)  # on a light square (on a dark one: _LIGHT_BG)
_LEGIBLE = const(24)  # the least cell (px) of a window: numbers at zoom 2
_GLYPH_ROWS = const(10)  # the rows of font.py's digits that hold ink (tft_window.py)


def legible(cell, squares):
    """Whether numbers up to ``squares`` read at arm's length in cells of ``cell`` px: at least
    6 px tall, and three digits only in a cell of 14 px or more."""
    digits = len(str(squares))
    zoom = 2 if cell >= 24 and cell % 2 == 0 else 1
    tall = (7 if 5 * digits + 1 <= cell // zoom else 5) * zoom
    return tall >= 6 and (digits <= 2 or cell >= 14)


class BoardView(PathView):
    """The board part of a TftDisplay: ``self.cells_group`` and ``self.sprites_group`` (made by
    TftDisplay), ``board_x``, ``board_y`` and ``board_pixels`` (its square on the screen)."""

    def _build_board(self, board):
        self.bw = board.width
        self.bh = board.height
        side = board.width if board.width > board.height else board.height
        # the window: the whole board where its numbers are legible, else as many squares as
        # fit in cells of _LEGIBLE px
        # (its numbers in the panel's font: 10 px tall, three digits in 23 px)
        self.glyphs = not legible(self.board_pixels // side, board.squares)
        if self.glyphs:
            side = self.board_pixels // _LEGIBLE
        self.vw = side if side < board.width else board.width
        self.vh = side if side < board.height else board.height
        self.wx = (board.width - self.vw) // 2
        self.wy = (board.height - self.vh) // 2
        self.cell = self.board_pixels // side
        self.ox = self.board_x + (self.board_pixels - self.cell * self.vw) // 2
        self.oy = self.board_y + (self.board_pixels - self.cell * self.vh) // 2
        while len(self.cells_group):
            self.cells_group.pop()
        while len(self.sprites_group):
            self.sprites_group.pop()
        self.mark_tiles = None
        self.marked = False
        cell = self.cell
        # Cells of 24 px or more (8x8 on the ILI9341) are drawn at half resolution, each bitmap
        # pixel 2x2 on the screen (cells_group's scale): a quarter of the RAM, the numbers' font
        # pixels 2x2 (14 px tall), the path lines 2 px wide all the same.
        self.zoom = zoom = 2 if cell >= 24 and cell % 2 == 0 and not self.glyphs else 1
        self.unit = unit = cell // zoom  # a cell in bitmap pixels
        # The numbers: 4x7 digits where the board's longest number fits a cell with a pixel to
        # spare each side, else 3x5. Each number's box (a pixel around its digits, by digit
        # count: x0, y0, x1, y1 from index 4 * digits) is cleared to the square's colour and the
        # path stops at it: the path never crosses a number.
        digits = len(str(board.squares))
        self.big = big = 5 * digits + 1 <= unit
        pitch, rows = (8, _GLYPH_ROWS) if self.glyphs else (5, 7) if big else (4, 5)
        self.digit_height = rows * zoom
        self.boxes = boxes = bytearray(16)
        for n in range(1, 4):
            width = n * pitch - 1
            x = (unit - width) // 2
            y = (unit - rows) // 2
            boxes[4 * n] = max(0, x - 1)
            boxes[4 * n + 1] = max(0, y - 1)
            boxes[4 * n + 2] = min(unit, x + width + 1)
            boxes[4 * n + 3] = min(unit, y + rows + 1)
        group = self.cells_group
        group.scale = zoom
        group.x = self.ox
        group.y = self.oy
        # a bitmap per rank of the window, chequered: numbers and path drawn into it
        self.ranks = []
        for row in range(self.vh):
            rank = displayio.Bitmap(unit * self.vw, unit, 4)
            self.ranks.append(rank)
            group.append(displayio.TileGrid(rank, pixel_shader=self.board_palette, x=0, y=row * unit))
        self._chequer()
        squares = board.squares
        self.number = [0] * squares
        self.order = bytearray(squares + 2)
        self.inked = bytearray(squares)
        # each cell's inked box (x0, y0 inclusive, x1, y1 exclusive): begin() clears only that
        self.ink_x0 = bytearray(squares)
        self.ink_y0 = bytearray(squares)
        self.ink_x1 = bytearray(squares)
        self.ink_y1 = bytearray(squares)
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
        self.knight_size = size
        # the closed tour's trace: a small gold disc (small: it moves 65 times)
        self.trace_size = max(4, cell // 3)
        trace_bitmap = displayio.Bitmap(self.trace_size, self.trace_size, 2)
        disc(trace_bitmap, self.trace_size, 1, 0)
        self.trace_tile = displayio.TileGrid(trace_bitmap, pixel_shader=palette((0, TRACE_COLOUR), 0))
        self.trace_tile.hidden = True
        self.knight_tile = displayio.TileGrid(knight_bitmap, pixel_shader=self.knight_palette)
        self.knight_tile.hidden = True
        # the last move: an orange frame round the square the knight came from, four thin bars
        # (each move sends their old and new places: a ring's whole box would cost twice as much)
        frame = cell - 2
        bar_palette = palette((KNIGHT_COLOUR,))
        across = displayio.Bitmap(frame, 2, 1)
        down = displayio.Bitmap(2, frame - 4, 1)
        self.last_tiles = []
        for bitmap in (across, across, down, down):
            tile = displayio.TileGrid(bitmap, pixel_shader=bar_palette)
            tile.hidden = True
            self.last_tiles.append(tile)
            self.sprites_group.append(tile)
        self.sprites_group.append(self.knight_tile)
        self.sprites_group.append(self.trace_tile)

    # ------------------------------------------------------------- geometry

    def _chequer(self):
        """Every rank of the window its squares' colours, nothing drawn on them."""
        unit = self.unit
        for row in range(self.vh):
            rank = self.ranks[row]
            fill_region(rank, 0, 0, rank.width, unit, _LIGHT_BG)
            for f in range((self.wy + self.vh - 1 - row + self.wx) % 2, self.vw, 2):
                fill_region(rank, f * unit, 0, (f + 1) * unit, unit, _DARK_BG)

    def shown(self, square):
        """Whether ``square`` is in the window (the whole board where it fits)."""
        f = square % self.bw - self.wx
        r = square // self.bw - self.wy
        return 0 <= f < self.vw and 0 <= r < self.vh

    def _follow(self, square):
        """A window that follows the knight (tft_window.py, loaded only for a board that needs one)."""
        if self.vw != self.bw or self.vh != self.bh:
            from .tft_window import follow

            follow(self, square)

    def cell_origin(self, square):
        """Screen (x, y) of the top-left pixel of ``square``'s cell (off the board's area for a
        square outside the window)."""
        return (self.ox + (square % self.bw - self.wx) * self.cell,
                self.oy + (self.vh - 1 - square // self.bw + self.wy) * self.cell)

    def cell_centre(self, square):
        x, y = self.cell_origin(square)
        half = self.cell // 2
        return x + half, y + half

    def square_at(self, x, y):
        """The square under screen pixel (x, y), or -1 off the board."""
        if not self.cell:
            return -1
        x -= self.ox
        y -= self.oy
        if x < 0 or y < 0:
            return -1
        f = x // self.cell
        row = y // self.cell
        if f >= self.vw or row >= self.vh:
            return -1
        return (self.wy + self.vh - 1 - row) * self.bw + self.wx + f

    def _place(self, tile, square, size):
        x, y = self.cell_origin(square)
        offset = (self.cell - size) // 2
        tile.x = x + offset
        tile.y = y + offset

    # ------------------------------------------------------------- drawing

    def _background(self, square):
        return _LIGHT_BG if (square % self.bw + square // self.bw) % 2 else _DARK_BG

    def _rank(self, square):
        """The bitmap of ``square``'s rank (in the window); self.left is the x of the cell's left
        edge in it (not a returned tuple: a tuple is garbage)."""
        self.left = (square % self.bw - self.wx) * self.unit
        return self.ranks[self.vh - 1 - square // self.bw + self.wy]

    def _digits(self, number):
        return 1 if number < 10 else 2 if number < 100 else 3

    def _draw_number(self, square, number):
        """``number`` in the middle of ``square``'s cell, on its box cleared of the path."""
        if not number or not self.shown(square):
            return
        bitmap = self._rank(square)
        left = self.left
        background = self._background(square)
        n = self._digits(number)
        box = 4 * n
        boxes = self.boxes
        x0 = boxes[box]
        y0 = boxes[box + 1]
        fill_region(bitmap, left + x0, y0, left + boxes[box + 2], boxes[box + 3], background)
        ink = _INK if background == _LIGHT_BG else _LIGHT_BG
        pitch = 8 if self.glyphs else 5 if self.big else 4
        x = left + x0 + 1 + (n - 1) * pitch
        while True:
            if self.glyphs:
                from .tft_window import draw_glyph_digit

                draw_glyph_digit(bitmap, number % 10, x, y0 + 1, ink)
            else:
                draw_digit(bitmap, number % 10, x, y0 + 1, self.big, 1, ink)
            number //= 10
            if not number:
                break
            x -= pitch
        self._ink(square, x0, y0)
        self._ink(square, boxes[box + 2] - 1, boxes[box + 3] - 1)

    def _mark_last(self):
        """The frame round the square the knight came from (none before the second move)."""
        tiles = self.last_tiles
        if self.length < 2:
            if not tiles[0].hidden:
                for tile in tiles:
                    tile.hidden = True
            return
        came_from = self.order[self.length - 1]
        if not self.shown(came_from):
            for tile in tiles:
                tile.hidden = True
            return
        x, y = self.cell_origin(came_from)
        far = self.cell - 3
        # the side bars only where they leave a pixel between them and the number's digits
        # (three digits fill a window's cell: there the bars above and below mark it)
        sides = (self.boxes[4 * self._digits(self.length - 1)] + 1) * self.zoom >= 4
        for i in range(4):
            tile = tiles[i]
            tile.x = x + (far if i == 3 else 1)
            tile.y = y + (far if i == 1 else 1 if i == 0 else 3)
            tile.hidden = i > 1 and not sides

    def _clear(self, square):
        """Erase what was drawn in a cell: only its inked box is sent again."""
        if self.inked[square] and self.shown(square):
            bitmap = self._rank(square)
            left = self.left
            fill_region(bitmap, left + self.ink_x0[square], self.ink_y0[square],
                         left + self.ink_x1[square], self.ink_y1[square], self._background(square))
            self.inked[square] = 0

    # ------------------------------------------------------------- port
