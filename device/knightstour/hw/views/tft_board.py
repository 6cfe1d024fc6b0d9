"""The TFT's board (tft.TftDisplay's lower half): the cells, the move numbers, the path and the
knight's sprites, and the geometry from squares to screen pixels. See tft.py for the layout
and why a bitmap per rank.
"""

import displayio
from micropython import const

from .tft_draw import TRACE_COLOUR, disc, draw_digit, fill_region, palette

# The board's palette indexes: a light square's background is the ink on a dark one.
_LIGHT_BG = const(0)
_DARK_BG = const(1)
_INK = const(2)  # on a light square (on a dark one: _LIGHT_BG)
_PATH = const(3)


class BoardView:
    """The board part of a TftDisplay: ``self.cells_group`` and ``self.sprites_group`` (made by
    TftDisplay), ``board_x``, ``board_y`` and ``board_pixels`` (its square on the screen)."""

    def _build_board(self, board):
        self.bw = board.width
        self.bh = board.height
        side = board.width if board.width > board.height else board.height
        self.cell = self.board_pixels // side
        self.ox = self.board_x + (self.board_pixels - self.cell * board.width) // 2
        self.oy = self.board_y + (self.board_pixels - self.cell * board.height) // 2
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
        self.zoom = zoom = 2 if cell >= 24 and cell % 2 == 0 else 1
        self.unit = unit = cell // zoom  # a cell in bitmap pixels
        # The numbers: 4x7 digits where the board's longest number fits a cell with a pixel to
        # spare each side, else 3x5. Each number's box (a pixel around its digits, by digit
        # count: x0, y0, x1, y1 from index 4 * digits) is cleared to the square's colour and the
        # path stops at it: the path never crosses a number.
        digits = len(str(board.squares))
        self.big = big = 5 * digits + 1 <= unit
        pitch, rows = (5, 7) if big else (4, 5)
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
        # a bitmap per rank, chequered: numbers and path drawn into it
        self.ranks = []
        for row in range(board.height):
            rank = displayio.Bitmap(unit * board.width, unit, 4)
            for f in range((board.height - 1 - row) % 2, board.width, 2):
                fill_region(rank, f * unit, 0, (f + 1) * unit, unit, _DARK_BG)
            self.ranks.append(rank)
            group.append(displayio.TileGrid(rank, pixel_shader=self.board_palette, x=0, y=row * unit))
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
        # No frame marks the square the knight came from (the path's last line does): a move
        # sends the knight's two places, the path and the counter, at most 4 KB (its frame's
        # old and new places were 0.7 KB more, on a third square).
        self.sprites_group.append(self.knight_tile)
        self.sprites_group.append(self.trace_tile)

    # ------------------------------------------------------------- geometry

    def cell_origin(self, square):
        """Screen (x, y) of the top-left pixel of ``square``'s cell."""
        return (self.ox + (square % self.bw) * self.cell,
                self.oy + (self.bh - 1 - square // self.bw) * self.cell)

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
        if f >= self.bw or row >= self.bh:
            return -1
        return (self.bh - 1 - row) * self.bw + f

    def _place(self, tile, square, size):
        x, y = self.cell_origin(square)
        offset = (self.cell - size) // 2
        tile.x = x + offset
        tile.y = y + offset

    # ------------------------------------------------------------- drawing

    def _background(self, square):
        return _LIGHT_BG if (square % self.bw + square // self.bw) % 2 else _DARK_BG

    def _rank(self, square):
        """The bitmap of ``square``'s rank; self.left is the x of the cell's left edge in it (not
        a returned tuple: a tuple is garbage)."""
        self.left = (square % self.bw) * self.unit
        return self.ranks[self.bh - 1 - square // self.bw]

    def _digits(self, number):
        return 1 if number < 10 else 2 if number < 100 else 3

    def _draw_number(self, square, number):
        """``number`` in the middle of ``square``'s cell, on its box cleared of the path."""
        if not number:
            return
        bitmap = self._rank(square)
        left = self.left
        background = self._background(square)
        n = self._digits(number)
        box = 4 * n
        boxes = self.boxes
        x0 = boxes[box]
        y0 = boxes[box + 1]
        x1 = boxes[box + 2]
        y1 = boxes[box + 3]
        if self.inked[square]:
            # Clear what a path drew in the box (only there: a fill marks its whole region to
            # be sent, and a fresh cell's box is all background already).
            ix0 = self.ink_x0[square]
            iy0 = self.ink_y0[square]
            ix1 = self.ink_x1[square]
            iy1 = self.ink_y1[square]
            if ix0 < x1 and x0 < ix1 and iy0 < y1 and y0 < iy1:
                fill_region(bitmap, left + max(x0, ix0), max(y0, iy0), left + min(x1, ix1), min(y1, iy1),
                            background)
        ink = _INK if background == _LIGHT_BG else _LIGHT_BG
        pitch = 5 if self.big else 4
        x = left + x0 + 1 + (n - 1) * pitch
        while True:
            draw_digit(bitmap, number % 10, x, y0 + 1, self.big, 1, ink)
            number //= 10
            if not number:
                break
            x -= pitch
        self._ink(square, x0, y0)
        self._ink(square, x1 - 1, y1 - 1)

    def _segment(self, a, b, only=-1):
        """The path line between the centres of ``a`` and ``b``, 2 px wide on the screen, drawn
        into every cell it crosses (``only`` >= 0: into that cell alone), never over a number.
        In bitmap pixels: 1 wide at zoom 2."""
        unit = self.unit
        half = unit // 2
        x0 = a % self.bw * unit + half
        y0 = (self.bh - 1 - a // self.bw) * unit + half
        x1 = b % self.bw * unit + half
        y1 = (self.bh - 1 - b // self.bw) * unit + half
        wide = self.zoom == 1
        dx = x1 - x0 if x1 >= x0 else x0 - x1
        dy = y1 - y0 if y1 >= y0 else y0 - y1
        sx = 1 if x1 >= x0 else -1
        sy = 1 if y1 >= y0 else -1
        steep = dy > dx
        err = (dx if dx > dy else -dy) // 2
        x = x0
        y = y0
        while True:
            self._path_pixel(x, y, only)
            if wide:
                if steep:
                    self._path_pixel(x + 1, y, only)
                else:
                    self._path_pixel(x, y + 1, only)
            if x == x1 and y == y1:
                break
            e = err
            if e > -dx:
                err -= dy
                x += sx
            if e < dy:
                err += dx
                y += sy

    def _path_pixel(self, x, y, only):
        """Bitmap pixel (x, y) of the board (its top-left is 0, 0) in the path's colour, unless
        it is off the board, outside ``only``'s cell, in its number's box, or inked already."""
        unit = self.unit
        f = x // unit
        row = y // unit
        if x < 0 or y < 0 or f >= self.bw or row >= self.bh:
            return
        square = (self.bh - 1 - row) * self.bw + f
        if only >= 0 and square != only:
            return
        lx = x - f * unit
        ly = y - row * unit
        number = self.number[square]
        if number:
            box = 4 * self._digits(number)
            boxes = self.boxes
            if boxes[box] <= lx < boxes[box + 2] and boxes[box + 1] <= ly < boxes[box + 3]:
                return
        bitmap = self.ranks[row]
        i = ly * bitmap.width + f * unit + lx
        if bitmap[i] == self._background(square):
            bitmap[i] = _PATH
            self._ink(square, lx, ly)

    def _ink(self, square, x, y):
        if not self.inked[square]:
            self.inked[square] = 1
            self.ink_x0[square] = x
            self.ink_y0[square] = y
            self.ink_x1[square] = x + 1
            self.ink_y1[square] = y + 1
            return
        if x < self.ink_x0[square]:
            self.ink_x0[square] = x
        elif x >= self.ink_x1[square]:
            self.ink_x1[square] = x + 1
        if y < self.ink_y0[square]:
            self.ink_y0[square] = y
        elif y >= self.ink_y1[square]:
            self.ink_y1[square] = y + 1

    def _clear(self, square):
        """Erase what was drawn in a cell: only its inked box is sent again."""
        if self.inked[square]:
            bitmap = self._rank(square)
            left = self.left
            fill_region(bitmap, left + self.ink_x0[square], self.ink_y0[square],
                         left + self.ink_x1[square], self.ink_y1[square], self._background(square))
            self.inked[square] = 0

    # ------------------------------------------------------------- port
