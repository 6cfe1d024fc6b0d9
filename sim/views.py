"""The simulator's own drawing of the displays (Textual widgets): the LED matrix look and the TFT look.

Both read the Simulator's RecordingDisplay; a click on a square stands in
for a touch. pixel_views.py has the views of the emulated chips instead.
"""

from rich.text import Text
from textual.widget import Widget

from knightstour.ports import NO_SQUARE

from .simulator import led_grid, led_kind

KNIGHT = "\u265e"  # black chess knight
LED = "\u25cf"  # black circle


def lit_colour(brightness):
    """The red of a lit LED at MAX7219 duty cycle ``brightness`` (0..1), as "#rrggbb"."""
    glow = 0.45 + 0.55 * brightness
    return "#%02x%02x%02x" % (round(255 * glow), round(40 * glow), round(30 * glow))


def matrix_brightness(view):
    """The duty cycle of KNIGHTSTOUR_MATRIX_BRIGHTNESS 0..15, as the MAX7219 sets it."""
    return (2 * view.matrix_brightness + 1) / 32.0


class BoardView(Widget):
    """Common part of the looks: turns clicks into touches."""

    can_focus = False

    def __init__(self, sim, keys, **kwargs):
        super().__init__(**kwargs)
        self.sim = sim
        self.keys = keys
        self.show_cursor = False

    @property
    def display_state(self):
        return self.sim.display

    def square_at_offset(self, x, y):
        """The square under a content offset, or NO_SQUARE."""
        return NO_SQUARE

    def on_click(self, event):
        offset = event.get_content_offset(self)
        if offset is None:
            return
        square = self.square_at_offset(offset.x, offset.y)
        if square >= 0:
            self.sim.touch(square)
            self.keys.cursor = square
            self.app.tick()


class MatrixView(BoardView):
    """The 8x8 MAX7219 LED matrix: red dots lighting up, the knight's dot blinking; turned,
    mirrored and dimmed as KNIGHTSTOUR_MATRIX_ROTATION, _MIRROR and _BRIGHTNESS say."""

    DEFAULT_CSS = """
    MatrixView { width: auto; height: auto; border: round $error; padding: 0 1; background: black; }
    """

    def __init__(self, sim, keys, **kwargs):
        super().__init__(sim, keys, **kwargs)
        view = sim.view
        self.grid = led_grid(sim.board, view.matrix_rotation, view.matrix_mirror)
        self.lit = "bold " + lit_colour(matrix_brightness(view))

    def get_content_width(self, container, viewport):
        return len(self.grid[0]) * 2 - 1

    def get_content_height(self, container, viewport, width):
        return len(self.grid)

    def square_at_offset(self, x, y):
        if x % 2 == 1 or not 0 <= y < len(self.grid) or not 0 <= x // 2 < len(self.grid[0]):
            return NO_SQUARE
        return self.grid[y][x // 2]

    def led(self, square):
        """(character, style) of one LED."""
        d = self.display_state
        kind = led_kind(d, square)
        if kind == "trace":
            return LED, "bold bright_white"
        if kind == "stuck":
            return "X", "bold bright_magenta"
        if kind == "knight":
            on = d.knight_on
            if d.result_kind == "impossible":
                on = self.app.blink_on()
            return (LED, "bold bright_yellow") if on else (LED, "grey15")
        if kind == "lit":
            return LED, self.lit
        if kind == "mark":
            return LED, "dark_red"
        return LED, "grey15"

    def render(self):
        text = Text()
        for y, row in enumerate(self.grid):
            for x, square in enumerate(row):
                ch, style = self.led(square) if square >= 0 else (" ", "")
                if self.show_cursor and square == self.keys.cursor:
                    style += " underline"
                text.append(ch, style)
                if x < len(row) - 1:
                    text.append(" ")
            if y < len(self.grid) - 1:
                text.append("\n")
        return text


class TftView(BoardView):
    """The ILI9341 TFT: chequered board, move numbers, the knight, the path, legal moves.

    Cells are 4x2 characters (number above, knight or mark below) where there is room,
    else 3x1 (the knight or mark in place of the number)."""

    DEFAULT_CSS = """
    TftView { width: auto; height: auto; border: round $primary; }
    """
    SIZES = ((4, 2), (3, 1))
    CELL_W = 4
    CELL_H = 2
    LEFT = 3  # rank labels

    def content_size(self, cell_w, cell_h):
        board = self.sim.board
        return self.LEFT + board.width * cell_w, board.height * cell_h + 1

    def fit(self, width, height):
        """Pick the largest cell size whose board fits ``width`` x ``height`` (border included)."""
        for cell_w, cell_h in self.SIZES:
            w, h = self.content_size(cell_w, cell_h)
            if w + 2 <= width and h + 2 <= height:
                break
        if (cell_w, cell_h) != (self.CELL_W, self.CELL_H):
            self.CELL_W, self.CELL_H = cell_w, cell_h
            self.refresh(layout=True)

    def get_content_width(self, container, viewport):
        return self.content_size(self.CELL_W, self.CELL_H)[0]

    def get_content_height(self, container, viewport, width):
        return self.content_size(self.CELL_W, self.CELL_H)[1]

    def square_at_offset(self, x, y):
        board = self.sim.board
        x -= self.LEFT
        if x < 0:
            return NO_SQUARE
        f = x // self.CELL_W
        r = board.height - 1 - y // self.CELL_H
        if 0 <= f < board.width and 0 <= r < board.height:
            return board.square_at(f, r)
        return NO_SQUARE

    def cell(self, square):
        """(top line, bottom line, style) of one square, each line CELL_W wide (one line: top)."""
        d = self.display_state
        board = self.sim.board
        number = d.number[square]
        light = board.is_light(square)
        background = "#e8d5b0" if light else "#a9825a"
        if number:
            background = "#b9e0b0" if light else "#74b06a"
            # The path: the last few moves glow brighter.
            if d.knight_square >= 0 and d.number[d.knight_square] - number < 4:
                background = "#d6f5a0" if light else "#a6d85a"
        top = ("%d" % number).center(self.CELL_W) if number else " " * self.CELL_W
        bottom = " " * self.CELL_W
        style = "black on " + background
        if square == d.knight_square:
            stuck = d.result_kind == "stuck"
            bottom = ("X" if stuck else KNIGHT).center(self.CELL_W)
            colour = "#c2185b" if stuck else "#1e64c8"
            style = "bold white on " + colour if d.knight_on or stuck else "bold black on " + background
        elif square == d.hint:
            bottom = "?".center(self.CELL_W)
            style = "bold white on #d84315"
        elif square in d.marks:
            bottom = "\u2022".center(self.CELL_W)
            style = "bold #1b5e20 on " + background
        if square == d.trace_square:
            style = "bold black on #ffd600"
        if self.show_cursor and square == self.keys.cursor:
            style += " reverse"
        if self.CELL_H == 1 and bottom.strip():
            top = bottom
        return top, bottom, style

    def render(self):
        board = self.sim.board
        text = Text()
        for y in range(board.height):
            rank = board.height - 1 - y
            cells = [self.cell(board.square_at(f, rank)) for f in range(board.width)]
            for line in range(self.CELL_H):
                label = ("%2d " % (rank + 1)) if line == 0 else "   "
                text.append(label, "dim")
                for top, bottom, style in cells:
                    text.append(top if line == 0 else bottom, style)
                text.append("\n")
        text.append("   ")
        for f in range(board.width):
            text.append(board.square_name(f)[:-1].center(self.CELL_W), "dim")
        return text
