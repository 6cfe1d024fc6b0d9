"""terminalio stand-in: FONT, CircuitPython's 6x12 built-in font (kept in flash: no heap). Its
glyphs here are solid boxes (the tests look at memory, not at letters)."""


class _Strip:
    width = 6 * 95
    height = 12

    def get(self, x, y):
        return 1 if 1 <= x % 6 <= 4 and 2 <= y <= 9 else 0

    def __getitem__(self, xy):
        return self.get(xy[0], xy[1])


class _Glyph:
    def __init__(self, index):
        self.bitmap = _STRIP
        self.tile_index = index
        self.width = 6
        self.height = 12
        self.dx = 0
        self.dy = 0
        self.shift_x = 6
        self.shift_y = 0


class _Font:
    bitmap = None

    def get_bounding_box(self):
        return 6, 12

    def get_glyph(self, codepoint):
        if 32 <= codepoint < 127:
            return _Glyph(codepoint - 32)
        return None


_STRIP = _Strip()
_Font.bitmap = _STRIP
FONT = _Font()
