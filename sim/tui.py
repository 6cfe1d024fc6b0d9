"""The terminal UI (Textual): the LED matrix look, the TFT look and a side panel; mouse and keys.

Works over ssh: no window, no pygame. A click on a square stands in for a
touch. Keys: type a square ("c3"), arrows + Enter, r random, p play mode,
h (or ?) hint, u undo, + / - speed, q quit.
"""

from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Static

from .plain import panel_lines
from .simulator import KeyReader

TICK = 0.02  # seconds between updates of the app

HELP = "click or type a square (c3) | arrows+Enter | r random | p play | ? or h hint | u undo | +/- speed | q quit"

KNIGHT = "\u265e"  # black chess knight
LED = "\u25cf"  # black circle


class BoardView(Widget):
    """Common part of the two looks: reads the RecordingDisplay, turns clicks into touches."""

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
    """The 8x8 MAX7219 LED matrix: red dots lighting up, the knight's dot blinking."""

    DEFAULT_CSS = """
    MatrixView { width: auto; height: auto; border: round $error; padding: 0 1; background: black; }
    """

    def get_content_width(self, container, viewport):
        return self.sim.board.width * 2 - 1

    def get_content_height(self, container, viewport, width):
        return self.sim.board.height

    def square_at_offset(self, x, y):
        board = self.sim.board
        if x % 2 == 1 or not 0 <= x // 2 < board.width or not 0 <= y < board.height:
            return -1
        return board.square_at(x // 2, board.height - 1 - y)

    def led(self, square):
        """(character, style) of one LED."""
        d = self.display_state
        if square == d.trace_square:
            return LED, "bold bright_white"
        if square == d.knight_square:
            if d.result_kind == "stuck":
                return "X", "bold bright_magenta"
            return (LED, "bold bright_yellow") if d.knight_on else (LED, "grey15")
        if d.number[square]:
            return LED, "bold red"
        if square in d.marks or square == d.hint:
            return LED, "dark_red"
        return LED, "grey15"

    def render(self):
        board = self.sim.board
        text = Text()
        for y in range(board.height):
            rank = board.height - 1 - y
            for f in range(board.width):
                square = board.square_at(f, rank)
                ch, style = self.led(square)
                if self.show_cursor and square == self.keys.cursor:
                    style += " underline"
                text.append(ch, style)
                if f < board.width - 1:
                    text.append(" ")
            if y < board.height - 1:
                text.append("\n")
        return text


class TftView(BoardView):
    """The ILI9341 TFT: chequered board, move numbers, the knight, the path, legal moves."""

    DEFAULT_CSS = """
    TftView { width: auto; height: auto; border: round $primary; }
    """
    CELL_W = 4
    CELL_H = 2
    LEFT = 3  # rank labels

    def get_content_width(self, container, viewport):
        return self.LEFT + self.sim.board.width * self.CELL_W

    def get_content_height(self, container, viewport, width):
        return self.sim.board.height * self.CELL_H + 1

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
        """(top line, bottom line, style) of one square, each line CELL_W wide."""
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


class Panel(Static):
    DEFAULT_CSS = """
    Panel { width: 44; height: auto; border: round $secondary; padding: 0 1; }
    """


class KnightsTourApp(App):
    """The simulator's Textual app around a Simulator."""

    CSS = """
    Screen { align: center middle; }
    #main { width: auto; height: auto; }
    #boards { height: auto; width: auto; }
    #help { width: auto; color: $text-muted; }
    """
    TITLE = "knights-tour sim"

    def __init__(self, sim, kind="both", once=False):
        super().__init__()
        self.sim = sim
        self.kind = kind
        self.once = once
        self.keys = KeyReader(sim.board)
        self.views = []
        self.drawn = (-1, None)
        self.exit_code = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="main"):
            with Horizontal(id="boards"):
                if self.kind in ("matrix", "both"):
                    view = MatrixView(self.sim, self.keys, id="matrix")
                    self.views.append(view)
                    yield view
                if self.kind in ("tft", "both"):
                    view = TftView(self.sim, self.keys, id="tft")
                    self.views.append(view)
                    yield view
                yield Panel("", id="panel")
            yield Static(HELP, id="help")

    def on_mount(self):
        self.query_one("#matrix" if self.kind == "matrix" else "#tft").border_title = (
            "LED matrix" if self.kind == "matrix" else "TFT")
        if self.kind == "both":
            self.query_one("#matrix").border_title = "LED matrix"
        self.query_one("#panel").border_title = "knight's tour"
        self.tick()
        self.set_interval(TICK, self.tick)

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
        state = (d.version, d.knight_on, self.keys.cursor, self.keys.buffer)
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
        self.query_one("#panel", Panel).update("\n".join(lines))

    def on_key(self, event):
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


def run_tui(sim, kind="both", once=False):
    app = KnightsTourApp(sim, kind, once)
    code = app.run()
    return code if isinstance(code, int) else 0
