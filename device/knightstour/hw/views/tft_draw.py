"""The TFT's drawing kit: its colours, the board's digit fonts, panel text in 1-bit bitmaps (the
font in font.py: Terminus 16 bold, descenders whole), palettes and discs."""
# The board (tft_board.py), the panel and its buttons (tft.py, tft_panel.py), play mode's marks (tft_play.py)
# and the calibration screen all draw with these.

import bitmaptools  # CircuitPython 7+ with displayio, and Blinka's displayio
import displayio

from . import font

# Every text and number has a contrast of at least 4.5:1 (WCAG AA) with what is behind it
# (tests/test_tft_contrast.py): the dark squares are dark enough for the light squares' colour.
LIGHT = 0xEEEED2
DARK = 0x4A6B2F
INK_ON_LIGHT = 0x202020
INK_ON_DARK = LIGHT  # numbers on dark squares in the light squares' colour: 4 colours, 2 bits
PATH_COLOUR = 0x3C7DFF
KNIGHT_COLOUR = 0xFF8C00
KNIGHT_INK = 0x000000
TRACE_COLOUR = 0xFFD700
STUCK_COLOUR = 0xFF4848
MARK_COLOUR = 0x00B4FF
HINT_COLOUR = 0xFF30FF
TEXT_COLOUR = 0xFFFFFF
DIM_TEXT = 0x9AA0A6

# The board's digit fonts, rows top to bottom, bit (width - 1) the left column: 4x7 where a
# number fits in its cell with them, else 3x5 (16x16 on the ILI9341).
DIGITS_4X7 = (0x6999996, 0x2622227, 0x691248F, 0x6916196, 0x26AAF22, 0xF8E1196, 0x688E996, 0xF112244,
              0x6996996, 0x6997116)
DIGITS_3X5 = (0x7B6F, 0x2C97, 0x73E7, 0x73CF, 0x5BC9, 0x79CF, 0x79EF, 0x7252, 0x7BEF, 0x7BCF)


def draw_digit(bitmap, digit, x, y, big, scale, value):
    """Draw ``digit`` (0-9) at (x, y) in the 4x7 (``big``) or 3x5 font, each font pixel a scale x
    scale block of ``value`` (off pixels are left alone). Pixels by index (y * width + x): an
    (x, y) tuple would be garbage on every pixel."""
    if big:
        bits, columns, rows = DIGITS_4X7[digit], 4, 7
    else:
        bits, columns, rows = DIGITS_3X5[digit], 3, 5
    width = bitmap.width
    shift = columns * rows
    for row in range(rows):
        for col in range(columns):
            shift -= 1
            if bits >> shift & 1:
                i = (y + row * scale) * width + x + col * scale
                for _ in range(scale):
                    for dx in range(scale):
                        bitmap[i + dx] = value
                    i += width


def wrap_end(text, start, columns):
    """Where the word-wrapped line of ``columns`` characters that starts at ``start`` (not a space)
    ends in ``text``: after the words that fit, split at single spaces (a further space is one
    more character), or ``columns`` on where a longer word is cut."""
    # The next line starts after the spaces there (skip_spaces). Found by index: no string is made (the status
    # changes with every move).
    size = len(text)
    end = text.find(" ", start)
    if end < 0:
        end = size
    if end - start > columns:
        return start + columns
    while end < size:
        stop = text.find(" ", end + 1)
        if stop < 0:
            stop = size
        if stop - start > columns:
            break
        end = stop
    return end


def skip_spaces(text, at):
    while at < len(text) and text[at] == " ":
        at += 1
    return at


def palette(colours, transparent=-1):
    palette = displayio.Palette(len(colours))
    for i in range(len(colours)):
        palette[i] = colours[i]
    if transparent >= 0:
        palette.make_transparent(transparent)
    return palette



class Text:
    """Panel text in its own 1-bit bitmap: one TileGrid per text, not one per character."""
    # ``columns`` x ``lines`` characters of font.py's glyphs (8 px wide, descenders whole), lines
    # ``spacing`` pixels apart (0: the font's height and one); longer text is cut. A text that
    # ``wraps`` (the status) is word-wrapped (wrap_end) as it is drawn, else "\n" ends a line.

    wraps = False

    def __init__(self, columns, lines, x, y, palette, spacing=0):
        self.line_height = spacing or font.HEIGHT + 1
        self.columns = columns
        self.bitmap = displayio.Bitmap(columns * font.WIDTH, lines * self.line_height, 2)
        self.tilegrid = displayio.TileGrid(self.bitmap, pixel_shader=palette, x=x, y=y)
        self.text = ""

    def set(self, text):
        """Show ``text``: only the characters that changed are drawn again. Both texts are read
        in place, by index (a text split into lines would be garbage)."""
        old = self.text
        if text == old:
            return
        self.text = text
        bitmap = self.bitmap
        wraps = self.wraps
        a = b = 0  # where the row's line starts in the old text and in the new
        for row in range(bitmap.height // self.line_height):
            if wraps:
                a = skip_spaces(old, a)
                b = skip_spaces(text, b)
                a_end = wrap_end(old, a, self.columns)
                b_end = wrap_end(text, b, self.columns)
            else:
                a_end = old.find("\n", a)  # the row's line ends at its "\n", or at the text's end
                if a_end < 0:
                    a_end = len(old)
                b_end = text.find("\n", b)
                if b_end < 0:
                    b_end = len(text)
            top = row * self.line_height
            for i in range(self.columns):
                ch = text[b + i] if b + i < b_end else " "
                if ch != (old[a + i] if a + i < a_end else " "):
                    draw_char(bitmap, ch, i * font.WIDTH, top)
            a = a_end if wraps else a_end + 1
            b = b_end if wraps else b_end + 1


def draw_char(bitmap, ch, x, y):
    """One glyph of font.py at (x, y) in a 1-bit bitmap, its cell cleared first; a character
    the font lacks is a "?"."""
    fill_region(bitmap, x, y, x + font.WIDTH, y + font.HEIGHT, 0)
    code = ord(ch)
    if code < font.FIRST or code > font.LAST:
        code = ord("?")
    draw_glyph(bitmap, code, x, y, 1)


def draw_glyph(bitmap, code, x, y, value):
    """The inked rows of font.py's glyph for character ``code``, its cell's top left at (x, y),
    in ``value``; the other pixels are left alone."""
    glyphs = font.GLYPHS
    i = 2 * (code - font.FIRST)
    top = glyphs[i + 1] >> 4
    start = glyphs[i] | (glyphs[i + 1] & 0x0F) << 8
    end = glyphs[i + 2] | (glyphs[i + 3] & 0x0F) << 8  # where the next character's rows start
    bits = font.BITS
    width = bitmap.width
    at = (y + top) * width + x
    for row in range(start, end):
        b = bits[row]
        for col in range(8):
            if b & (128 >> col):
                bitmap[at + col] = value
        at += width


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

