"""The terminal UI (Textual): the LED matrix look, the TFT look and a side panel; mouse and keys.

Works over ssh: no window, no pygame. A click on a square stands in for a
touch. Keys: type a square ("c3"), arrows + Enter, r random, p play mode,
h (or ?) hint, u undo, + / - speed, q or Ctrl-C quit. The layout fits the
terminal (80x24 and up) and follows a resize: the TFT look shrinks its
cells, the panel narrows, the help line wraps. With ``--pixels`` the views
show the emulated chips (pixels.py) in place of the simulator's drawing.
"""

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from .plain import panel_lines
from .simulator import KeyReader, led_grid, led_kind

TICK = 0.02  # seconds between updates of the app
BLINK = 0.25  # the matrix view's blink of an impossible start's knight

HELP = "click or type a square (c3) | arrows+Enter | r random | p play | ? or h hint | u undo | +/- speed | q quit"

KNIGHT = "\u265e"  # black chess knight
LED = "\u25cf"  # black circle
HALF = "\u2580"  # upper half block: foreground the top pixel, background the bottom one

PANEL_MIN = 22  # the side panel's narrowest width (border and padding included)
PANEL_MAX = 44
HELP_LINES = 2  # rows kept for the help line (it wraps at 80 columns)


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
        """The square under a content offset, or -1."""
        return -1

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
            return -1
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
            return -1
        f = x // self.CELL_W
        r = board.height - 1 - y // self.CELL_H
        if 0 <= f < board.width and 0 <= r < board.height:
            return board.square_at(f, r)
        return -1

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


class PixelTftView(BoardView):
    """The emulated ILI9341's screen as the hardware code drew it: two pixels a character cell
    (upper half block, 24-bit colour), scaled to fit. A mouse press is a finger on the touch
    controller (through the calibration); its release lifts it."""

    DEFAULT_CSS = """
    PixelTftView { width: auto; height: auto; border: round $primary; }
    """

    def __init__(self, sim, keys, **kwargs):
        super().__init__(sim, keys, **kwargs)
        self.hardware = sim.hardware
        self.columns = 64
        self.rows = 24  # character rows: 2 * rows pixel rows
        self.drawn = None
        self.strips = []

    def fit(self, width, height):
        """The largest picture of the screen's shape in ``width`` x ``height`` cells (border included)."""
        screen_w, screen_h = self.hardware.screen_size()
        columns = max(8, width - 2)
        rows = max(4, height - 2)
        if columns * screen_h > rows * 2 * screen_w:
            columns = rows * 2 * screen_w // screen_h
        rows = (columns * screen_h // screen_w + 1) // 2
        if (columns, rows) != (self.columns, self.rows):
            self.columns, self.rows = columns, rows
            self.drawn = None
            self.refresh(layout=True)

    def get_content_width(self, container, viewport):
        return self.columns

    def get_content_height(self, container, viewport, width):
        return self.rows

    def version(self):
        return self.hardware.version(), self.columns, self.rows

    def screen_xy(self, x, y):
        """The screen pixel under content offset (x, y), or None."""
        screen_w, screen_h = self.hardware.screen_size()
        if not (0 <= x < self.columns and 0 <= y < self.rows):
            return None
        return int((x + 0.5) * screen_w / self.columns), int((y + 0.5) * screen_h / self.rows)

    def on_mouse_down(self, event):
        offset = event.get_content_offset(self)
        point = self.screen_xy(offset.x, offset.y) if offset is not None else None
        if point is not None:
            self.hardware.press(point[0], point[1], self.sim.input)
            self.app.tick()

    def on_mouse_up(self, event):
        self.app.tick()  # the press is read before the finger goes
        self.hardware.release()

    def on_click(self, event):
        pass

    def _strips(self):
        version = self.version()
        if version != self.drawn:
            self.drawn = version
            pixels = self.hardware.frame(self.columns, self.rows * 2)
            self.strips = []
            for row in range(self.rows):
                top, bottom = pixels[2 * row], pixels[2 * row + 1]
                self.strips.append(Strip([
                    Segment(HALF, Style(color="rgb(%d,%d,%d)" % a, bgcolor="rgb(%d,%d,%d)" % b))
                    for a, b in zip(top, bottom)]))
        return self.strips

    def render_line(self, y):
        strips = self._strips()
        if 0 <= y < len(strips):
            return strips[y]
        return Strip.blank(self.size.width)


class PixelMatrixView(BoardView):
    """The emulated MAX7219's LEDs as the hardware code set them, at the chip's brightness.
    A click on an LED touches the square the settings' rotation and mirror put there."""

    DEFAULT_CSS = """
    PixelMatrixView { width: auto; height: auto; border: round $error; padding: 0 1; background: black; }
    """

    def __init__(self, sim, keys, **kwargs):
        super().__init__(sim, keys, **kwargs)
        from knightstour.hw.matrix import square_xy

        board = sim.board
        view = sim.view
        self.squares = {}
        for square in range(board.squares):
            self.squares[square_xy(square, board.width, board.height, view.matrix_rotation,
                                   view.matrix_mirror)] = square

    def get_content_width(self, container, viewport):
        return 15

    def get_content_height(self, container, viewport, width):
        return 8

    def version(self):
        return self.sim.hardware.matrix.chip.writes

    def square_at_offset(self, x, y):
        if x % 2 == 1:
            return -1
        return self.squares.get((x // 2, y), -1)

    def render(self):
        leds, brightness = self.sim.hardware.leds()
        lit = "bold " + lit_colour(brightness)
        text = Text()
        for y, row in enumerate(leds):
            for x, on in enumerate(row):
                text.append(LED, lit if on else "grey15")
                if x < 7:
                    text.append(" ")
            if y < 7:
                text.append("\n")
        return text


class Panel(Static):
    DEFAULT_CSS = """
    Panel { width: 1fr; min-width: 22; max-width: 44; height: auto; border: round $secondary; padding: 0 1; }
    """


class KnightsTourApp(App):
    """The simulator's Textual app around a Simulator (``pixels``: its ``hardware`` is shown)."""

    CSS = """
    #main { width: 100%; height: auto; }
    #boards { height: auto; width: 100%; }
    #help { width: 100%; color: $text-muted; }
    #column { width: auto; height: auto; }
    #column Panel { width: 100%; max-width: 100%; }
    """
    TITLE = "knights-tour sim"
    BINDINGS = [Binding("ctrl+c", "quit", "quit", show=False, priority=True)]

    def __init__(self, sim, kind="both", once=False, pixels=False):
        super().__init__()
        self.sim = sim
        self.kind = kind
        self.once = once
        self.pixels = pixels
        self.keys = KeyReader(sim.board)
        self.views = []
        self.drawn = None
        self.exit_code = 0

    @property
    def portrait(self):
        """The TFT at rotation 90 or 270: its panel goes below it, as on the real screen."""
        return self.sim.view.portrait and self.kind != "matrix"

    def compose(self) -> ComposeResult:
        with Vertical(id="main"):
            with Horizontal(id="boards"):
                if self.kind in ("matrix", "both"):
                    view = (PixelMatrixView if self.pixels else MatrixView)(self.sim, self.keys, id="matrix")
                    view.border_title = "LED matrix"
                    self.views.append(view)
                    yield view
                if self.kind in ("tft", "both"):
                    view = (PixelTftView if self.pixels else TftView)(self.sim, self.keys, id="tft")
                    view.border_title = "TFT"
                    self.views.append(view)
                    if self.portrait:
                        with Vertical(id="column"):
                            yield view
                            yield Panel("", id="panel")
                    else:
                        yield view
                if not self.portrait:
                    yield Panel("", id="panel")
            yield Static(HELP, id="help")

    def on_mount(self):
        self.query_one("#panel").border_title = "knight's tour"
        self.fit()
        self.tick()
        self.set_interval(TICK, self.tick)

    def on_resize(self, event):
        self.fit(event.size.width, event.size.height)

    def fit(self, width=None, height=None):
        """Size the views to the terminal: the TFT look takes what the matrix and panel leave."""
        if width is None:
            width, height = self.size.width, self.size.height
        portrait = self.portrait
        tall = height - HELP_LINES
        wide = width
        for view in self.views:
            if isinstance(view, (MatrixView, PixelMatrixView)):
                wide -= view.get_content_width(None, None) + 4
        if portrait:
            tall -= 8  # the panel below: its lines and border
        else:
            wide -= PANEL_MIN
        for view in self.views:
            if hasattr(view, "fit"):
                view.fit(wide, tall)

    def blink_on(self):
        """The view's own blink phase (an impossible start's knight on the matrix view)."""
        return int(self.sim.clock() / BLINK) % 2 == 0

    def tick(self):
        sim = self.sim
        event = self.keys.expire(sim.clock())
        if event is not None:
            sim.input.push(event)
        sim.update()
        app = sim.app
        if app.quit:
            self.exit(0)
            return
        if self.once and app.tours >= 1 and app.state != "show":
            self.exit(0 if app.last_kind in ("complete", "closed") else 1)
            return
        if self.once and app.state == "play" and app.play_over:
            self.exit(0 if app.play_over in ("complete", "closed") else 1)
            return
        self.redraw()

    def redraw(self, force=False):
        d = self.sim.display
        blink = self.blink_on() if d.result_kind == "impossible" else None
        views = tuple(view.version() for view in self.views if hasattr(view, "version"))
        state = (d.version, d.knight_on, self.keys.cursor, self.keys.buffer, self.keys.message, blink, views)
        if state == self.drawn and not force:
            return
        self.drawn = state
        for view in self.views:
            view.refresh()
        lines = panel_lines(d)
        from knightstour.pacing import speed_name

        lines.append("speed %s" % speed_name(self.sim.app.pacing.speed))
        if self.keys.buffer:
            lines.append("typing: %s" % self.keys.buffer)
        if self.keys.message:
            lines.append(self.keys.message)
        self.query_one("#panel", Panel).update("\n".join(lines))

    def on_key(self, event):
        if event.key == "ctrl+c":
            return
        key = event.character if event.character and event.character.isprintable() and len(
            event.character) == 1 else event.key
        if key == " ":
            key = "space"
        if key in ("up", "down", "left", "right"):
            for view in self.views:
                view.show_cursor = True
        result = self.keys.feed(key, self.sim.clock())
        if result is not None:
            self.sim.input.push(result)
            self.tick()
        else:
            self.redraw(force=True)
        event.stop()


def run_tui(sim, kind="both", once=False, pixels=False):
    app = KnightsTourApp(sim, kind, once, pixels)
    code = app.run()
    return code if isinstance(code, int) else 0
