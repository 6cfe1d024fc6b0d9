"""The path on the TFT's board (tft_board.BoardView's base): the lines between the centres of
consecutive squares, drawn into the rank bitmaps of the cells they cross, never over a number, and
each cell's inked box, so that clearing a cell sends only what was drawn in it."""

from micropython import const

_PATH = const(3)  # the board palette's index of the path (tft_board.py)


class PathView:
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
