"""The display port on an ILI9341 320x240 TFT through displayio (adafruit_ili9341), or on a
board's built-in display (board.DISPLAY: the PyPortal's 320x240, the Titano's 480x320).

Layout (``layout``): the board is a square as tall as the screen, 240x240 pixels
on the ILI9341, on the left in landscape (rotation 0/180: 30 px cells on 8x8,
side panel 80 px wide on the right) or on top in portrait (90/270: panel 80 px
tall below it); 320x320 with a 160 px panel on the Titano.

    cells     a bitmap per rank (its own TileGrid), chequered (a1 dark), 2 bits
              a pixel: the move number in the middle of each cell (on a dark
              square in the light squares' colour), the path as lines between
              the centres of consecutive squares (never over a number). Cells
              of 24 px or more (8x8 to 10x10) are drawn at half resolution and
              shown 2x2 (their group's scale): the same numbers, a coarser line
    knight    a small sprite (its own TileGrid) on the knight's square; blinks
              by hiding; red when stuck; a closed tour's trace is a gold dot
              running along the path
    marks     play mode: dots on the legal moves, a ring on the hint
              (tft_play.py, imported only when play mode shows them; undo too)
    panel     "move 12/64" (a digit field: only the changed digits are sent),
              the check order and rule, the result, the status text wrapped,
              and "touch a square": each text one 1-bit bitmap (class Text)
              drawn with terminalio.FONT, not a TileGrid per character; in
              portrait laid out by tft_portrait.py (imported only then)

Only what changed goes to the screen: a refresh sends the dirty areas and
nothing else. A Bitmap tracks ONE dirty box, so two far-apart changes in one
bitmap cost the whole box between them: hence a bitmap per rank, and its own
TileGrid for every sprite and text. RAM decides (heap after three tours on 8x8,
at full resolution): a bitmap per square (64 bitmaps and TileGrids) held 11 KB
more than a bitmap per rank and sent 0.9 KB less a move (a line crossing two
squares of a rank dirties one box around both); one bitmap for the board saves
1.4 KB more but sends 9.3 KB a move (over the 8 KB target). Half resolution
then saves another 10 KB for 0.3 KB more a move. A move costs about 7 KB over
SPI instead of a 153,600 B frame (benchmarks/tft_spi.py measures it).
"""

import bitmaptools  # CircuitPython 7+ with displayio, and Blinka's displayio
import displayio
from micropython import const

MAX_SIDE = 16  # boards up to 16x16 (15 px cells), as the simulator's TFT

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
RESULT_COLOURS = {"closed": TRACE_COLOUR, "complete": 0x60E060, "stuck": STUCK_COLOUR,
                  "impossible": STUCK_COLOUR, "": TEXT_COLOUR}
RESULT_TEXT = {"closed": "CLOSED TOUR!", "complete": "complete", "stuck": "stuck", "impossible": "no tour",
               "": ""}

# The board's palette indexes: a light square's background is the ink on a dark one.
_LIGHT_BG = const(0)
_DARK_BG = const(1)
_INK = const(2)  # on a light square (on a dark one: _LIGHT_BG)
_PATH = const(3)

# A 3x5 font: rows top to bottom, 3 bits each (bit 2 = left column).
GLYPHS = {
    "0": 0b111101101101111, "1": 0b010110010010111, "2": 0b111001111100111,
    "3": 0b111001111001111, "4": 0b101101111001001, "5": 0b111100111001111,
    "6": 0b111100111101111, "7": 0b111001001010010, "8": 0b111101111101111,
    "9": 0b111101111001111, "/": 0b001001010100100, " ": 0,
}



def layout(width, height):
    """((board_x, board_y), (panel_x, panel_y, panel_w, panel_h), landscape) for a screen: the
    board a square as tall (landscape) or as wide (portrait) as the screen, 240 px on the
    ILI9341, 320 on the PyPortal Titano's 480x320; the panel the rest."""
    side = height if width >= height else width
    if width >= height:
        return (0, 0), (side, 0, width - side, height), True
    return (0, 0), (0, side, width, height - side), False


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


def _palette(colours, transparent=-1):
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
        self.tilegrid = displayio.TileGrid(self.bitmap, pixel_shader=_palette((0x000000, colour), 0), x=x, y=y)

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
                _fill_region(bitmap, x, top, x + self.pitch, top + self.line_height, 0)
                glyph = self.font.get_glyph(ord(ch)) if ch != " " else None
                if glyph is not None:
                    left = glyph.tile_index * glyph.width
                    _blit(bitmap, glyph.bitmap, x + glyph.dx, top + self.baseline - glyph.height - glyph.dy,
                          left, left + glyph.width, glyph.height, top, top + self.font_height)


def _blit(bitmap, source, x, y, left, right, height, top, bottom):
    """Copy columns left..right of ``source``'s first ``height`` rows to (x, y), clipped to the
    bitmap's width and to rows top..bottom."""
    bottom = bottom if bottom <= bitmap.height else bitmap.height
    y0 = 0 if y >= top else top - y
    y1 = height if y + height <= bottom else bottom - y
    x0 = left if x >= 0 else left - x
    x1 = right if x + right - left <= bitmap.width else bitmap.width - x + left
    if x1 > x0 and y1 > y0:
        bitmaptools.blit(bitmap, source, x + x0 - left, y + y0, x1=x0, y1=y0, x2=x1, y2=y1)


class TftDisplay:
    """The display port on a displayio display (``width``, ``height``, ``root_group``,
    ``refresh()``; auto_refresh off), e.g. adafruit_ili9341.ILI9341."""

    max_width = MAX_SIDE
    max_height = MAX_SIDE

    def __init__(self, display, touch_hint=True):
        self.display = display
        self.width = display.width
        self.height = display.height
        (self.board_x, self.board_y), panel, self.landscape = layout(self.width, self.height)
        self.board_pixels = panel[0] if self.landscape else panel[1]
        self.panel = panel
        self.touch_hint = touch_hint
        self.root = displayio.Group()
        self.cells_group = displayio.Group()
        self.root.append(self.cells_group)
        self.board_palette = _palette((LIGHT, DARK, INK_ON_LIGHT, PATH_COLOUR))
        self.knight_palette = _palette((0, KNIGHT_COLOUR, KNIGHT_INK), 0)
        self.stuck_palette = _palette((0, STUCK_COLOUR, KNIGHT_INK), 0)
        self.bw = 0
        self.bh = 0
        self.cell = 0
        self.ox = 0
        self.oy = 0
        self.ranks = []
        self.left = 0
        self.number = []  # per square, sized by _build_board
        self.order = b""  # the square of each number
        self.inked = b""
        self.length = 0
        self.knight_square = -1
        self.knight_on = True
        self.result_kind = ""
        self.sprites_group = displayio.Group()
        self.root.append(self.sprites_group)
        self.knight_tile = None
        self.mark_tiles = None  # play mode's dots and ring: tft_play makes them when first shown
        self.marked = False
        self._build_panel()
        display.root_group = self.root

    # ------------------------------------------------------------- building

    def _build_panel(self):
        px, py, pw, ph = self.panel
        self.labels = {}
        self.palettes = {}
        if self.landscape:
            add = self._add
            x = px + 4
            self.columns = columns = max(1, (pw - 6) // 6)
            add("title", "KNIGHT'S TOUR", px + 1, py + 4, DIM_TEXT)
            add("move_label", "move", x, py + 24, DIM_TEXT)
            self.counter = DigitField(7, 2, TEXT_COLOUR, x, py + 40)
            add("order_label", "order", x, py + 60, DIM_TEXT)
            add("order", "", x, py + 74, TEXT_COLOUR, columns)
            add("rule", "", x, py + 88, DIM_TEXT, columns)
            add("result", "", x, py + 108, TEXT_COLOUR, columns)
            self.status_lines = 5
            add("status", "", x, py + 128, TEXT_COLOUR, columns, 5, 14)
            if self.touch_hint:
                add("hint", "touch a\nsquare", x, py + ph - 32, DIM_TEXT, 7, 2)
        else:
            from .tft_portrait import build_panel

            build_panel(self, px, py, pw)
        self.root.append(self.counter.tilegrid)
        self.status_text = ""

    def _add(self, name, text, x, y, colour, columns=0, lines=1, spacing=0):
        """A panel text ``name`` of ``columns`` (0: as long as ``text``) x ``lines`` characters."""
        item = Text(columns or len(text), lines, x, y, self._text_palette(colour), spacing)
        item.colour = colour
        item.set(text)
        self.root.append(item.tilegrid)
        self.labels[name] = item

    def _text_palette(self, colour):
        """One palette per text colour, shared by the texts in it."""
        if colour not in self.palettes:
            self.palettes[colour] = _palette((0x000000, colour), 0)
        return self.palettes[colour]

    def _set_label(self, name, text, colour=None):
        item = self.labels[name]
        if colour is not None and item.colour != colour:
            item.colour = colour
            item.tilegrid.pixel_shader = self._text_palette(colour)
        item.set(text)

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
        # Cells of 24 px or more (8x8 to 10x10 on the ILI9341) are drawn at half resolution, each
        # bitmap pixel 2x2 on the screen (cells_group's scale): a quarter of the RAM, the numbers
        # the same (their font pixels are 2x2 there anyway), the path lines 2 px wide all the same.
        self.zoom = zoom = 2 if cell >= 24 and cell % 2 == 0 else 1
        self.unit = unit = cell // zoom  # a cell in bitmap pixels
        self.scale = (2 if cell >= 24 else 1) // zoom  # the numbers' font pixel, in bitmap pixels
        group = self.cells_group
        group.scale = zoom
        group.x = self.ox
        group.y = self.oy
        # a bitmap per rank, chequered: numbers and path drawn into it
        self.ranks = []
        for row in range(board.height):
            rank = displayio.Bitmap(unit * board.width, unit, 4)
            for f in range((board.height - 1 - row) % 2, board.width, 2):
                _fill_region(rank, f * unit, 0, (f + 1) * unit, unit, _DARK_BG)
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
        size = (cell * 2) // 3
        knight_bitmap = displayio.Bitmap(size, size, 3)
        _disc(knight_bitmap, size, 1, 0)
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
        _disc(trace_bitmap, self.trace_size, 1, 0)
        self.trace_tile = displayio.TileGrid(trace_bitmap, pixel_shader=_palette((0, TRACE_COLOUR), 0))
        self.trace_tile.hidden = True
        self.knight_tile = displayio.TileGrid(knight_bitmap, pixel_shader=self.knight_palette)
        self.knight_tile.hidden = True
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

    def _draw_number(self, square, number):
        bitmap = self._rank(square)
        left = self.left
        background = self._background(square)
        ink = _INK if background == _LIGHT_BG else _LIGHT_BG
        scale = self.scale
        text = str(number) if number else ""
        pitch = 4 * scale
        width = len(text) * pitch - scale
        x = (self.unit - width) // 2
        y = (self.unit - 5 * scale) // 2
        if number:
            for i in range(len(text)):
                draw_glyph(bitmap, text[i], left + x + i * pitch, y, scale, ink, background)
            self._ink(square, x, y)
            self._ink(square, x + width - 1, y + 5 * scale - 1)

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
        it is off the board, outside ``only``'s cell, or inked already."""
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
            _fill_region(bitmap, left + self.ink_x0[square], self.ink_y0[square],
                         left + self.ink_x1[square], self.ink_y1[square], self._background(square))
            self.inked[square] = 0

    # ------------------------------------------------------------- port

    def begin(self, board, mode, order, rule):
        if board.width > MAX_SIDE or board.height > MAX_SIDE:
            raise ValueError("the TFT shows at most %dx%d, not %s" % (MAX_SIDE, MAX_SIDE, board.size_name))
        if board.width != self.bw or board.height != self.bh:
            self._build_board(board)
        else:
            for square in range(board.squares):
                self._clear(square)
        for i in range(len(self.number)):
            self.number[i] = 0
        self.length = 0
        self.knight_square = -1
        self.knight_on = True
        self.result_kind = ""
        self.knight_tile.hidden = True
        self.trace_tile.hidden = True
        if self.knight_tile.pixel_shader is not self.knight_palette:
            self.knight_tile.pixel_shader = self.knight_palette
        self.moves([], -1)
        self.total = board.squares
        self._count()
        self._set_label("order", order)
        self._set_label("rule", rule if mode != "play" else "play mode")
        self._set_label("result", "")

    def light(self, square, number):
        self.number[square] = number
        if number < len(self.order):
            self.order[number] = square
        if number > self.length:
            self.length = number
        self._draw_number(square, number)
        if number > 1:
            self._segment(self.order[number - 1], square)
        self._count()

    def _count(self):
        self.counter.set("%d/%d" % (self.length, self.total))

    def unlight(self, square):
        from .tft_play import unlight

        unlight(self, square)

    def knight(self, square):
        self.knight_square = square
        self.knight_on = True
        tile = self.knight_tile
        if square < 0:
            tile.hidden = True
            return
        self._place(tile, square, self.knight_size)
        tile.hidden = False

    def blink(self, on):
        self.knight_on = on
        if self.knight_square >= 0:
            self.knight_tile.hidden = not on

    def moves(self, squares, hint):
        if squares or hint >= 0 or self.marked:
            from .tft_play import moves

            moves(self, squares, hint)

    def result(self, kind, count, square):
        self.result_kind = kind
        self._set_label("result", RESULT_TEXT.get(kind, kind), RESULT_COLOURS.get(kind, TEXT_COLOUR))
        tile = self.knight_tile
        if kind == "stuck":
            tile.pixel_shader = self.stuck_palette
            if square >= 0:
                self._place(tile, square, self.knight_size)
            tile.hidden = False
        else:
            tile.pixel_shader = self.knight_palette
            tile.hidden = self.knight_square < 0

    def trace(self, square, number):
        tile = self.trace_tile
        if square < 0:
            tile.hidden = True
            if self.knight_square >= 0 and self.result_kind != "stuck":
                self.knight_tile.hidden = False
            return
        if not self.knight_tile.hidden:
            self.knight_tile.hidden = True
        self._place(tile, square, self.trace_size)
        tile.hidden = False

    def status(self, text):
        if text == self.status_text:
            return
        self.status_text = text
        self._set_label("status", "\n".join(wrap(text, self.columns, self.status_lines)))

    def flush(self):
        self.display.refresh()


_fill_region = bitmaptools.fill_region


def _disc(bitmap, size, value, inset):
    """A filled disc of ``value`` in a size x size bitmap, ``inset`` pixels in from its edge
    (whole numbers only: floats would each take heap on CircuitPython)."""
    r2 = (size - 2 * inset) * (size - 2 * inset)
    for y in range(size):
        dy = 2 * y - (size - 1)
        for x in range(size):
            dx = 2 * x - (size - 1)
            if dx * dx + dy * dy <= r2:
                bitmap[y * size + x] = value


def make_tft(spi, cs, dc, reset, rotation, touch_hint=True):
    """A TftDisplay on a real ILI9341 (adafruit_ili9341) over FourWire on ``spi``; ``cs``, ``dc``,
    ``reset`` are board pins (reset may be None)."""
    import adafruit_ili9341

    try:
        from fourwire import FourWire
    except ImportError:  # CircuitPython before 9
        from displayio import FourWire

    displayio.release_displays()
    bus = FourWire(spi, command=dc, chip_select=cs, reset=reset, baudrate=24000000)
    width, height = (320, 240) if rotation % 180 == 0 else (240, 320)
    display = adafruit_ili9341.ILI9341(bus, width=width, height=height, rotation=rotation, auto_refresh=False)
    return TftDisplay(display, touch_hint)
