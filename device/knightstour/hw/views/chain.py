"""MAX7219 chains: several 8x8 modules on one chip select, daisy-chained (DOUT to DIN)."""
# The module most sold is four matrices in a row, 32x8 ("FC-16"); two of them, or four single
# modules, make a 2x2 square of 16x16. Imported only when KNIGHTSTOUR_MATRIX_MODULES is above 1.
#
# Where a chip sits (as built, looking at the LEDs, the input connector on the right): chip 0, the
# one nearest the board, is the top right module; the chain runs right to left along the top row,
# then along the next row, again from its right end. ``arrangement`` "row": one row of ``modules``;
# "2x2": two rows of two.
#
# How a chip drives its LEDs (``block_rotation``): at 0 (the single modules Adafruit's
# Matrix8x8 is written for) digit register n lights column n-1 and segment bit b row b, from the
# top left; each 90 turns that clockwise. An FC-16 module is 90: digit 1 is its top row, bit 7 its
# left column. ``rotation`` (0, 90, 180, 270, clockwise) and ``mirror`` turn and flip the whole
# picture, as KNIGHTSTOUR_MATRIX_ROTATION and _MIRROR do for one module: a 32x8 row mounted with
# its input on the left is rotation 180.
#
# What it shows: on a row, the board on the first matrix (left), the move number on the others,
# then the result as a short word (CLOSED, DONE, STUCK, NONE, BUDGET where the search gave up;
# shorter when there is less room).
# On 2x2, boards up to 16x16, one LED a square; boards up to 8x8 get 2x2 LEDs a square.

from ..chips import max7219
from .matrix import MatrixDisplay

ARRANGEMENTS = ("row", "2x2")
BLOCK_ROTATIONS = (0, 90, 180, 270)
MAX_MODULES = 16

# 3x5 glyphs: five rows of three bits, top row first, bit 2 the left column.
DIGITS = (0x7B6F, 0x2C97, 0x73E7, 0x73CF, 0x5BC9, 0x79CF, 0x79EF, 0x7252, 0x7BEF, 0x7BCF)
LETTERS = {
    "C": 0x7927, "D": 0x6B6E, "E": 0x79E7, "L": 0x4927, "N": 0x6B6D, "O": 0x7B6F,
    "S": 0x79CF, "T": 0x7492, "U": 0x5B6F, "K": 0x5D35, "X": 0x5AAD, "-": 0x01C0,
    "B": 0x6BAE, "G": 0x796F, "?": 0x7282,
}
WORDS = {
    "closed": ("CLOSED", "CL"),
    "complete": ("DONE", "OK"),
    "stuck": ("STUCK", "STK", "X"),
    "impossible": ("NONE", "--"),
    "budget": ("BUDGET", "OUT", "?"),  # the search gave up: a tour may exist, so never STUCK
}


def grid(modules, arrangement):
    """(columns, rows) of modules; ValueError naming what is accepted."""
    if arrangement == "2x2":
        if modules != 4:
            raise ValueError("a 2x2 arrangement needs 4 modules, not %d" % modules)
        return 2, 2
    if arrangement != "row":
        raise ValueError("bad arrangement %r: one of %s" % (arrangement, ", ".join(ARRANGEMENTS)))
    if not 1 <= modules <= MAX_MODULES:
        raise ValueError("a row has 1 to %d modules, not %d" % (MAX_MODULES, modules))
    return modules, 1


class ChainLayout:
    """Picture pixel (x right, y down, after rotation and mirror) -> chip, digit 0-7, bit 0-7."""

    def __init__(self, modules, arrangement="row", block_rotation=90, rotation=0, mirror=False):
        if block_rotation not in BLOCK_ROTATIONS or rotation not in BLOCK_ROTATIONS:
            raise ValueError("rotations are 0, 90, 180 or 270")
        self.modules = modules
        self.columns, self.rows = grid(modules, arrangement)
        self.block_rotation = block_rotation
        self.rotation = rotation
        self.mirror = mirror
        # the panel as built, and the picture (turned by rotation)
        self.panel_width = 8 * self.columns
        self.panel_height = 8 * self.rows
        if rotation == 90 or rotation == 270:
            self.width, self.height = self.panel_height, self.panel_width
        else:
            self.width, self.height = self.panel_width, self.panel_height

    def panel_xy(self, x, y):
        """The panel's LED (as built) that shows picture pixel (x, y)."""
        rotation = self.rotation
        if rotation == 90:
            x, y = self.height - 1 - y, x
        elif rotation == 180:
            x, y = self.width - 1 - x, self.height - 1 - y
        elif rotation == 270:
            x, y = y, self.width - 1 - x
        if self.mirror:
            x = self.panel_width - 1 - x
        return x, y

    def locate(self, x, y):
        """chip * 64 + digit * 8 + bit: what drives picture pixel (x, y) (an int: nothing allocated)."""
        x, y = self.panel_xy(x, y)
        row = y >> 3
        chip = (row * self.columns + self.columns - 1 - (x >> 3)) << 6
        x &= 7
        y &= 7
        turn = self.block_rotation
        if turn == 0:
            return chip | x << 3 | y
        if turn == 90:
            return chip | y << 3 | 7 - x
        if turn == 180:
            return chip | (7 - x) << 3 | 7 - y
        return chip | (7 - y) << 3 | x


class ChainMatrix:
    """``pixel``, ``fill``, ``show``, ``brightness`` in picture pixels over a chain's driver
    (max7219.MAX7219 with ``chips``). ``scale`` draws each pixel as a scale x scale block
    (an 8x8 board on a 2x2)."""

    def __init__(self, driver, layout):
        self.driver = driver
        self.layout = layout
        self.scale = 1
        self.chips = layout.modules

    def pixel(self, x, y, value):
        scale = self.scale
        chips = self.chips
        for dy in range(scale):
            for dx in range(scale):
                code = self.layout.locate(x * scale + dx, y * scale + dy)
                # the driver's k-th word of a digit goes to chip chips - 1 - k
                self.driver.pixel((code >> 3 & 7) * chips + chips - 1 - (code >> 6), code & 7, value)

    def fill(self, value):
        self.driver.fill(value)

    def show(self):
        self.driver.show()

    def brightness(self, value):
        self.driver.brightness(value)


def glyph(char):
    """The 3x5 bits of a digit or letter (0 for a space or anything unknown)."""
    if "0" <= char <= "9":
        return DIGITS[ord(char) - 48]
    return LETTERS.get(char, 0)


class ChainDisplay(MatrixDisplay):
    """The display port on a chain: the board on the first matrix (``MatrixDisplay``) and, on a
    row, the move number and the result on the others (3x5 characters, 4 columns apart)."""

    def __init__(self, matrix, text_left, brightness=4):
        side = 8 if text_left >= 0 else min(matrix.layout.width, matrix.layout.height)
        MatrixDisplay.__init__(self, matrix, 0, False, brightness, side)
        self.text_left = text_left  # first picture column of the text, or -1: no text
        room = matrix.layout.width - text_left + 1 if text_left >= 0 else 0
        self.slots = [0] * (room // 4)  # the glyph shown in each character cell
        self.count = 0

    def prepare(self, board):
        if board.width != self.width or board.height != self.height:
            for index in range(len(self.slots)):
                self.slots[index] = 0  # MatrixDisplay.prepare clears every LED
            if self.text_left < 0:  # 2x2: a board up to half the side gets 2x2 LEDs a square
                full = min(self.matrix.layout.width, self.matrix.layout.height)
                self.matrix.scale = 2 if 2 * max(board.width, board.height) <= full else 1
                self.side = full // self.matrix.scale
        MatrixDisplay.prepare(self, board)

    def begin(self, board, mode, order, rule):
        MatrixDisplay.begin(self, board, mode, order, rule)  # prepare(board) first: the one above
        self.count = 0
        self._number(0)

    def light(self, square, number):
        MatrixDisplay.light(self, square, number)
        if number > self.count:
            self.count = number
            self._number(number)

    def unlight(self, square):
        number = self.number[square]
        MatrixDisplay.unlight(self, square)
        if number and number == self.count:
            self.count = number - 1
            self._number(self.count)

    def result(self, kind, count, square):
        MatrixDisplay.result(self, kind, count, square)
        for word in WORDS.get(kind, ()):
            if len(word) <= len(self.slots):
                for index in range(len(self.slots)):
                    self._slot(index, glyph(word[index]) if index < len(word) else 0)
                return
        self._number(self.count)

    def _number(self, number):
        """Show ``number`` left-aligned (nothing for 0), without making a string."""
        digits = 0
        rest = number
        while rest:
            digits += 1
            rest //= 10
        for index in range(len(self.slots) - 1, -1, -1):
            if index >= digits:
                self._slot(index, 0)
            else:
                self._slot(index, DIGITS[number % 10])
                number //= 10

    def _slot(self, index, bits):
        if self.slots[index] == bits:
            return
        self.slots[index] = bits
        left = self.text_left + 4 * index
        pixel = self.matrix.pixel
        for row in range(5):
            for column in range(3):
                pixel(left + column, 1 + row, bits >> (14 - 3 * row - column) & 1)
        self.dirty = True


def chain_display(spi, cs, modules, arrangement="row", block_rotation=90, rotation=0, mirror=False,
                  brightness=4):
    """A ChainDisplay on ``modules`` MAX7219s chained on ``spi`` with chip select ``cs``."""
    layout = ChainLayout(modules, arrangement, block_rotation, rotation, mirror)
    text_left = 9 if layout.width > 8 and arrangement == "row" else -1
    return ChainDisplay(ChainMatrix(max7219.MAX7219(spi, cs, chips=modules), layout), text_left, brightness)


def make_chain(spi, cs, settings):
    """The chain KNIGHTSTOUR_MATRIX_CHAIN describes (settings.matrix_chain: (modules, arrangement,
    block), read by the settings), the picture turned by _MATRIX_ROTATION and _MIRROR."""
    modules, arrangement, block = settings.matrix_chain
    return chain_display(spi, cs, modules, arrangement, block, settings.matrix_rotation,
                         settings.matrix_mirror, settings.matrix_brightness)
