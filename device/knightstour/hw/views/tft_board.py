"""The TFT's board (tft.TftDisplay's lower half): the cells, the move numbers, the path and the
knight's sprites, and the geometry from squares to screen pixels. See tft.py for the layout
and why a bitmap per rank."""
# A board whose numbers would be too small to read at arm's length (under 6 px tall, or three
# digits in a cell under 14 px: 14x14 to 16x16 on the ILI9341's 208 px) is shown through a
# window of 7x7 squares (29 px cells, each number clear of its edges) that follows the knight: the window
# jumps to centre the knight when it comes within two squares of its edge, so the knight, the
# square it came from and its legal moves are always in view.

from micropython import const

from ...port_bases import Display
from .tft_draw import draw_digit, fill_region

# The board's palette indexes: a light square's background is the ink on a dark one.
_LIGHT_BG = const(0)
_DARK_BG = const(1)
_INK = const(2)  # on a light square (on a dark one: _LIGHT_BG)
_PATH = const(3)


class BoardView(Display):
    """The board part of a TftDisplay: ``self.cells_group`` and ``self.sprites_group`` (made by
    TftDisplay), ``board_x``, ``board_y`` and ``board_pixels`` (its square on the screen)."""

    def _build_board(self, board):
        """The board's bitmaps and sprites (tft_build.py: build-time code, which drops itself again
        once the board is built, as the Feather drops its start's modules)."""
        from .tft_build import build_board

        build_board(self, board)

    # ------------------------------------------------------------- geometry

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
        # cell_origin()'s arithmetic, with no tuple made (play mode places nine sprites a move)
        cell = self.cell
        offset = (cell - size) // 2
        tile.x = self.ox + (square % self.bw - self.wx) * cell + offset
        tile.y = self.oy + (self.vh - 1 - square // self.bw + self.wy) * cell + offset

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
        self._ink(square, x1 - 1, y1 - 1)

    def _segment(self, a, b, only=-1):
        """The path line between the centres of ``a`` and ``b``, 2 px wide on the screen, drawn
        into every cell it crosses (``only`` >= 0: into that cell alone), never over a number.
        In bitmap pixels: 1 wide at zoom 2."""
        unit = self.unit
        half = unit // 2
        top = self.vh - 1 + self.wy
        x0 = (a % self.bw - self.wx) * unit + half
        y0 = (top - a // self.bw) * unit + half
        x1 = (b % self.bw - self.wx) * unit + half
        y1 = (top - b // self.bw) * unit + half
        if (x0 < 0 and x1 < 0) or (y0 < 0 and y1 < 0) or (x0 >= self.vw * unit and x1 >= self.vw * unit) or \
                (y0 >= self.vh * unit and y1 >= self.vh * unit):
            return  # wholly outside the window
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
        if x < 0 or y < 0:
            return
        f = x // unit
        row = y // unit
        if f >= self.vw or row >= self.vh:
            return
        square = (self.wy + self.vh - 1 - row) * self.bw + self.wx + f
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
        if self.inked[square] and self.shown(square):
            bitmap = self._rank(square)
            left = self.left
            fill_region(bitmap, left + self.ink_x0[square], self.ink_y0[square],
                         left + self.ink_x1[square], self.ink_y1[square], self._background(square))
            self.inked[square] = 0

    # ------------------------------------------------------------- port
