"""The display port on a MAX7219 8x8 LED matrix (max7219.MAX7219, the picture of
adafruit_max7219.matrices.Matrix8x8 without its libraries)."""
# One LED a square. What it shows:
#
#     tour      visited squares lit; the knight's square blinks
#     play      visited squares lit, the knight blinks; the legal moves blink in
#               the opposite phase, the hint (if asked for) in the knight's phase
#     complete  every LED lit
#     closed    a snake of 8 LEDs runs along the path and back to the start,
#               then every LED lit again
#     stuck     the picture inverts: the squares the tour missed light up
#     budget    (the search gave up: a tour may exist) the path stays lit as far
#               as the rule went, never inverted as when stuck
#     impossible  (a start with no tour) every square of the start square's colour
#               lit, the start square (the knight) blinking
#
# Orientation: ``square_xy`` is the one mapping from a square to the
# ``MAX7219.pixel(x, y)`` coordinates (x to the right, y down, as the driver
# and the emulator count them). With rotation 0 and no mirror, a1 is the LED at
# the bottom left (x 0, y 7) and h8 the top right; ``rotation`` turns the
# picture clockwise by 90, 180 or 270 degrees, then ``mirror`` flips it left to
# right. Pick the pair that puts a1 where you expect it for the way the module
# is mounted (KNIGHTSTOUR_MATRIX_ROTATION, KNIGHTSTOUR_MATRIX_MIRROR).

from ...port_bases import Display

SIZE = 8
SNAKE = 8


def square_xy(square, width, height, rotation=0, mirror=False, side=SIZE):
    """(x, y) of the LED showing ``square`` (rank * width + file) of a width x height board on a
    side x side matrix."""
    x = square % width
    y = height - 1 - square // width
    last = side - 1
    if rotation == 90:
        x, y = last - y, x
    elif rotation == 180:
        x, y = last - x, last - y
    elif rotation == 270:
        x, y = y, last - x
    if mirror:
        x = last - x
    return x, y


class MatrixDisplay(Display):
    """The display port on a ``max7219.MAX7219`` (or anything with ``pixel(x, y, v)``, ``show()``
    and ``brightness(n)``): boards up to 8x8 (up to ``side`` x ``side``: a 2x2 chain is 16)."""

    max_width = SIZE
    max_height = SIZE

    def __init__(self, matrix, rotation=0, mirror=False, brightness=4, side=SIZE):
        self.matrix = matrix
        self.side = side
        if side != SIZE:
            self.max_width = self.max_height = side
        self.rotation = rotation
        self.mirror = mirror
        if brightness is not None:
            matrix.brightness(brightness)
        self.width = 0
        self.height = 0
        self.squares = 0
        self.xs = bytearray(side * side)
        self.ys = bytearray(side * side)
        self.number = bytearray(side * side)
        self.order = bytearray(side * side + 2)  # move number -> square
        self.on = bytearray(side * side)  # what each LED shows now
        self.dirty = False
        self.status_text = ""
        self._forget()

    def _forget(self):
        """A new tour: no numbers, knight, marks, result or trace."""
        for i in range(len(self.number)):
            self.number[i] = 0
        self.knight_square = -1
        self.knight_on = True
        self.marks = []
        self.hint = -1
        self.result_kind = ""
        self.trace_number = 0

    # ------------------------------------------------------------ helpers

    def _set(self, square, value):
        value = 1 if value else 0
        if self.on[square] != value:
            self.on[square] = value
            self.matrix.pixel(self.xs[square], self.ys[square], value)
            self.dirty = True

    def _base(self, square):
        """What ``square`` shows with no blinking: lit when visited (inverted when stuck)."""
        lit = self.number[square] != 0
        if self.result_kind == "stuck":
            return not lit
        if self.result_kind == "impossible":
            k = self.knight_square
            return k >= 0 and (square % self.width + square // self.width) % 2 == (k % self.width + k // self.width) % 2
        if self.result_kind == "complete" or self.result_kind == "closed":
            if self.trace_number:
                return False
            return True
        return lit

    def _redraw(self, square):
        value = self._base(square)
        if square == self.knight_square and (not self.result_kind or self.result_kind == "impossible"):
            value = self.knight_on
        elif square == self.hint and not self.result_kind:
            value = self.knight_on
        elif self.marks and not self.result_kind and square in self.marks:
            value = not self.knight_on
        self._set(square, value)

    def _redraw_all(self):
        for square in range(self.squares):
            self._redraw(square)

    # ------------------------------------------------------------ port

    def prepare(self, board):
        """Work out the LED of each square of ``board``'s size (one that fits) now, every LED dark:
        the Feather does at start (its garbage, a tuple a square, is not the first tour's);
        begin() keeps them for a board of that size."""
        if board.width > self.max_width or board.height > self.max_height:
            raise ValueError("the matrix shows at most %dx%d, not %s" % (self.max_width, self.max_height,
                                                                         board.size_name))
        if board.width != self.width or board.height != self.height:
            self.width = board.width
            self.height = board.height
            self.squares = board.squares
            for square in range(self.squares):
                x, y = square_xy(square, self.width, self.height, self.rotation, self.mirror, self.side)
                self.xs[square] = x
                self.ys[square] = y
            self.matrix.fill(0)
            for i in range(len(self.on)):
                self.on[i] = 0
            self.dirty = True

    def begin(self, board, mode, order, rule):
        self.prepare(board)
        self._forget()
        self._redraw_all()

    def light(self, square, number):
        self.number[square] = number if number < 255 else 255
        if number < len(self.order):
            self.order[number] = square
        self._redraw(square)

    def unlight(self, square):
        self.number[square] = 0
        self._redraw(square)

    def knight(self, square):
        old = self.knight_square
        self.knight_square = square
        self.knight_on = True
        if old >= 0:
            self._redraw(old)
        if square >= 0:
            self._redraw(square)

    def blink(self, on):
        self.knight_on = on
        if self.knight_square >= 0:
            self._redraw(self.knight_square)
        if self.hint >= 0:
            self._redraw(self.hint)
        for square in self.marks:
            self._redraw(square)

    def moves(self, squares, hint):
        old = self.marks
        old_hint = self.hint
        self.marks = list(squares)
        self.hint = hint
        for square in old:
            self._redraw(square)
        if old_hint >= 0:
            self._redraw(old_hint)
        for square in self.marks:
            self._redraw(square)
        if hint >= 0:
            self._redraw(hint)

    def result(self, kind, count, square):
        self.result_kind = kind
        self.trace_number = 0
        self._redraw_all()

    def trace(self, square, number):
        if square < 0:
            self.trace_number = 0
            self._redraw_all()
            return
        if not self.trace_number:
            self.trace_number = number
            self._redraw_all()  # dark: the snake runs on an empty matrix
        self.trace_number = number
        self._set(square, True)
        tail = number - SNAKE
        if tail >= 1:
            self._set(self.order[tail], False)

    def status(self, text):
        self.status_text = text

    def flush(self):
        if self.dirty:
            self.dirty = False
            self.matrix.show()


def make_matrix(spi, cs, settings):
    """A MatrixDisplay on a real MAX7219 on ``spi`` with chip select ``cs`` (a DigitalInOut)."""
    from ..chips import max7219

    matrix = max7219.MAX7219(spi, cs)
    return MatrixDisplay(matrix, settings.matrix_rotation, settings.matrix_mirror, settings.matrix_brightness)
