"""terminalio for the web page: FONT, the built-in 6x12 font, with the glyphs the simulator's
displayio draws (read from its font when the site is built: _terminal_font.py)."""

from _terminal_font import BOX as _BOX
from _terminal_font import GLYPHS as _GLYPHS
from displayio import Bitmap


class _Glyph:
    def __init__(self, bitmap, width, height, dx, dy, shift_x, shift_y):
        self.bitmap = bitmap
        self.tile_index = 0
        self.width = width
        self.height = height
        self.dx = dx
        self.dy = dy
        self.shift_x = shift_x
        self.shift_y = shift_y


class _Font:
    def __init__(self):
        self._glyphs = {}

    def get_bounding_box(self):
        return _BOX

    def get_glyph(self, codepoint):
        glyph = self._glyphs.get(codepoint)
        if glyph is None and codepoint in _GLYPHS:
            width, height, dx, dy, shift_x, shift_y, rows = _GLYPHS[codepoint]
            bitmap = Bitmap(width, height, 2)
            for y in range(height):
                for x in range(width):
                    if rows[y] >> (width - 1 - x) & 1:
                        bitmap[x, y] = 1
            glyph = self._glyphs[codepoint] = _Glyph(bitmap, width, height, dx, dy, shift_x, shift_y)
        return glyph


FONT = _Font()
