"""The TFT's drawing kit: its colours, a 3x5 digit font, panel text in 1-bit bitmaps (terminalio's
font), palettes and discs. The board (tft_board.py), the panel (tft.py), play mode's marks
(tft_play.py), the portrait panel and the calibration screen all draw with these.
"""

import bitmaptools  # CircuitPython 7+ with displayio, and Blinka's displayio
import displayio

LIGHT = 0xEEEED2
DARK = 0x769656
INK_ON_LIGHT = 0x202020
INK_ON_DARK = LIGHT  # numbers on dark squares in the light squares' colour: 4 colours, 2 bits
PATH_COLOUR = 0x1E50C8
KNIGHT_COLOUR = 0xFF8C00
KNIGHT_INK = 0x000000
TRACE_COLOUR = 0xFFD700
STUCK_COLOUR = 0xE02020
MARK_COLOUR = 0x00B4FF
HINT_COLOUR = 0xFF30FF
TEXT_COLOUR = 0xFFFFFF
DIM_TEXT = 0x9AA0A6

# A 3x5 font: rows top to bottom, 3 bits each (bit 2 = left column).
GLYPHS = {
    "0": 0b111101101101111, "1": 0b010110010010111, "2": 0b111001111100111,
    "3": 0b111001111001111, "4": 0b101101111001001, "5": 0b111100111001111,
    "6": 0b111100111101111, "7": 0b111001001010010, "8": 0b111101111101111,
    "9": 0b111101111001111, "/": 0b001001010100100, " ": 0,
}



def draw_glyph(bitmap, char, x, y, scale, value, off=0):
    """Draw one 3x5 glyph at (x, y), each font pixel a scale x scale block (the block's off
    pixels are set to ``off``). Pixels by index (y * width + x): an (x, y) tuple would be
    garbage on every pixel."""
    bits = GLYPHS.get(char, 0)
    width = bitmap.width
    for row in range(5):
        for col in range(3):
            on = bits >> (14 - row * 3 - col) & 1
            v = value if on else off
            i = (y + row * scale) * width + x + col * scale
            for _ in range(scale):
                for dx in range(scale):
                    bitmap[i + dx] = v
                i += width



def wrap(text, columns, lines):
    """``text`` word-wrapped into at most ``lines`` lines of ``columns`` characters."""
    out = []
    line = ""
    for word in text.split(" "):
        while len(word) > columns:
            if line:
                out.append(line)
                line = ""
            out.append(word[:columns])
            word = word[columns:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= columns:
            line = line + " " + word
        else:
            out.append(line)
            line = word
    if line:
        out.append(line)
    while len(out) < lines:
        out.append("")
    return out[:lines]



def palette(colours, transparent=-1):
    palette = displayio.Palette(len(colours))
    for i in range(len(colours)):
        palette[i] = colours[i]
    if transparent >= 0:
        palette.make_transparent(transparent)
    return palette



class DigitField:
    """A row of 3x5 glyphs in its own bitmap: setting a text redraws only the changed glyphs."""

    def __init__(self, length, scale, colour, x, y):
        self.length = length
        self.scale = scale
        self.pitch = 4 * scale
        self.text = " " * length
        self.bitmap = displayio.Bitmap(self.pitch * length, 5 * scale, 2)
        self.tilegrid = displayio.TileGrid(self.bitmap, pixel_shader=palette((0x000000, colour), 0), x=x, y=y)

    def set(self, text):
        if len(text) < self.length:
            text = " " * (self.length - len(text)) + text
        if text == self.text:
            return
        old = self.text
        self.text = text
        for i in range(self.length):
            if text[i] != old[i]:
                draw_glyph(self.bitmap, text[i], i * self.pitch, 0, self.scale, 1)


class Text:
    """Panel text in its own 1-bit bitmap, drawn with terminalio.FONT's glyphs: one TileGrid
    per text, not one per character. ``columns`` x ``lines`` characters, lines ``spacing``
    pixels apart (0: the font's height); longer text is cut, and each line's glyphs are cut
    at the font's height (as a one-line text's bitmap cuts them)."""

    def __init__(self, columns, lines, x, y, palette, spacing=0):
        import terminalio

        self.font = terminalio.FONT
        box = self.font.get_bounding_box()
        self.pitch = box[0]
        self.font_height = box[1]
        self.line_height = spacing or box[1]
        self.baseline = box[1] + (box[3] if len(box) > 3 else 0)
        self.columns = columns
        self.bitmap = displayio.Bitmap(columns * self.pitch, lines * self.line_height, 2)
        self.tilegrid = displayio.TileGrid(self.bitmap, pixel_shader=palette, x=x, y=y)
        self.text = ""

    def set(self, text):
        """Show ``text``: only the characters that changed are cleared and drawn again."""
        if text == self.text:
            return
        old = self.text.split("\n")
        new = text.split("\n")
        self.text = text
        bitmap = self.bitmap
        for row in range(bitmap.height // self.line_height):
            a = old[row] if row < len(old) else ""
            b = new[row] if row < len(new) else ""
            top = row * self.line_height
            for i in range(self.columns):
                ch = b[i] if i < len(b) else " "
                if ch == (a[i] if i < len(a) else " "):
                    continue
                x = i * self.pitch
                fill_region(bitmap, x, top, x + self.pitch, top + self.line_height, 0)
                glyph = self.font.get_glyph(ord(ch)) if ch != " " else None
                if glyph is not None:
                    left = glyph.tile_index * glyph.width
                    blit(bitmap, glyph.bitmap, x + glyph.dx, top + self.baseline - glyph.height - glyph.dy,
                          left, left + glyph.width, glyph.height, top, top + self.font_height)



def blit(bitmap, source, x, y, left, right, height, top, bottom):
    """Copy columns left..right of ``source``'s first ``height`` rows to (x, y), clipped to the
    bitmap's width and to rows top..bottom."""
    bottom = bottom if bottom <= bitmap.height else bitmap.height
    y0 = 0 if y >= top else top - y
    y1 = height if y + height <= bottom else bottom - y
    x0 = left if x >= 0 else left - x
    x1 = right if x + right - left <= bitmap.width else bitmap.width - x + left
    if x1 > x0 and y1 > y0:
        bitmaptools.blit(bitmap, source, x + x0 - left, y + y0, x1=x0, y1=y0, x2=x1, y2=y1)



fill_region = bitmaptools.fill_region


def disc(bitmap, size, value, inset):
    """A filled disc of ``value`` in a size x size bitmap, ``inset`` pixels in from its edge
    (whole numbers only: floats would each take heap on CircuitPython)."""
    r2 = (size - 2 * inset) * (size - 2 * inset)
    for y in range(size):
        dy = 2 * y - (size - 1)
        for x in range(size):
            dx = 2 * x - (size - 1)
            if dx * dx + dy * dy <= r2:
                bitmap[y * size + x] = value

