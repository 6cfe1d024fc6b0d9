"""The terminal UI (Textual): the LED matrix look, the TFT look and a side panel; mouse and keys.

Works over ssh: no window, no pygame. A click on a square stands in for a
touch. Keys: type a square ("c3"), arrows + Enter, a command's key (knightstour/vocabulary.py's
table: the help line lists them), Ctrl-C quit; [ and ] press the MAX7219
toy's push buttons A and B, { and } hold them (with --pixels, on the emulated pins). The layout fits the
terminal (80x24 and up) and follows a resize: the TFT look shrinks its
cells, the panel narrows, the help line wraps between its keys. With ``--pixels`` the views
show the emulated chips (pixel_views.py, pixels.py) in place of the
simulator's drawing.
"""

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from knightstour.vocabulary import COMMANDS, key_help

from .keys import BUTTON_KEYS, BUTTONS_HELP, PAD_HELP, PAD_KEYS, KeyReader
from .pixel_views import PixelMatrixView, PixelTftView
from .plain import panel_lines
from .views import MatrixView, TftView

TICK = 0.02  # seconds between updates of the app
BLINK = 0.25  # the matrix view's blink of an impossible start's knight

ZOOM_KEY = "*"
# The help lines, from the commands' table: every key, and the buttons', before quit's.
HELP = " | ".join(["click or type a square (c3)", "arrows+Enter"] + key_help(COMMANDS[:-1]) + [BUTTONS_HELP]
                  + key_help(("quit",)))
# --pixels: one line at 80 columns (the whole list: --help and HELP above), the zoom's key instead
# of the pause's and the buttons'
PIXELS_COMMANDS = ("random", "play", "hint", "undo", "faster", "slower")
PIXELS_HELP = " | ".join(["square: start"] + key_help(PIXELS_COMMANDS) + [ZOOM_KEY + " zoom"] + key_help(("quit",)))
# --pixels in play mode: a typed square is the knight's next move there, and p goes back to the tours
PIXELS_PLAY_HELP = PIXELS_HELP.replace("square: start", "square: play it").replace("p play", "p tours")

PANEL_MIN = 22  # the side panel's narrowest width (border and padding included)
HELP_LINES = 2  # rows kept for the help line (it wraps at 80 columns)
# The pixel-true TFT reads (its digits a few rows tall) from half its pixels: 160 columns x 60 rows of
# half blocks for the 320x240 screen, with its border; the matrix's 15 columns beside it, and the panel.
LEGIBLE_TFT = (160 + 2, 60 + 2)
MATRIX_PIXELS = 15 + 4


def pixels_size(kind, screen=None):
    """The smallest terminal (columns, rows) in which the pixel-true views are legible (``screen``:
    a board's own screen's (width, height), read from half its pixels as the ILI9341's is)."""
    if kind == "max7219":
        return 0, 0
    beside = PANEL_MIN + (MATRIX_PIXELS if kind == "both" else 0)
    legible = LEGIBLE_TFT if screen is None else (screen[0] // 2 + 2, screen[1] // 4 + 2)
    return legible[0] + beside, legible[1] + HELP_LINES


def pixels_hint(kind, screen=None):
    """The text views' line on how to see the pixel-true screen."""
    return ("pixel-true screen: a terminal of %dx%d or more, --pixels, or knights-tour web serve"
            % pixels_size(kind, screen))


def wrap_help(text, width):
    """The help line wrapped at its " | " separators, so that no key is parted from what it does."""
    lines = []
    for item in text.split(" | "):
        if lines and len(lines[-1]) + 3 + len(item) <= width:
            lines[-1] += " | " + item
        else:
            lines.append(item)
    return "\n".join(lines)


def board_help(hardware, text):
    """``text`` (the --pixels help line) with a board's own buttons and pad, where it has them."""
    pusher = getattr(hardware, "pusher", None)
    if pusher is None or pusher is getattr(hardware, "matrix", None):
        return text
    items = text.split(" | ")
    if hasattr(pusher.board, PAD_KEYS["up"]):
        items.insert(-1, PAD_HELP)
    if pusher.button_pin("a"):
        items.insert(-1, BUTTONS_HELP)
    return " | ".join(items)


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
    #side { width: 1fr; min-width: 22; max-width: 44; height: auto; }
    #side Panel { width: 100%; max-width: 100%; }
    #pixels-hint { color: $text-muted; padding: 0 1; }
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
        return self.sim.view.portrait and self.kind != "max7219"

    def compose(self) -> ComposeResult:
        with Vertical(id="main"):
            with Horizontal(id="boards"):
                if self.kind in ("max7219", "both"):
                    view = (PixelMatrixView if self.pixels else MatrixView)(self.sim, self.keys, id="max7219")
                    view.border_title = "LED matrix"
                    self.views.append(view)
                    yield view
                if self.kind in ("ili9341", "both"):
                    view = (PixelTftView if self.pixels else TftView)(self.sim, self.keys, id="ili9341")
                    view.border_title = "TFT" if self.sim.screen is None else "%s %dx%d" % (
                        (self.sim.board_id,) + self.sim.screen)
                    self.views.append(view)
                    if self.portrait:
                        with Vertical(id="column"):
                            yield view
                            yield Panel("", id="panel")
                    else:
                        yield view
                if not self.portrait:
                    with Vertical(id="side"):
                        yield Panel("", id="panel")
                        if not self.pixels and self.kind != "max7219":
                            yield Static(pixels_hint(self.kind, self.sim.screen), id="pixels-hint")
            yield Static(self.help_text(), id="help")

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
        help_line = self.query("#help")
        if help_line:
            help_line.first(Static).update(wrap_help(self.help_text(), width))
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

    def help_text(self):
        """The help line for the app's mode: with --pixels it says what a typed square does now."""
        if not self.pixels:
            return HELP
        text = PIXELS_PLAY_HELP if self.sim.app.state == "play" else PIXELS_HELP
        return board_help(self.sim.hardware, text)

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
            self.exit(1 if self.once else 0)  # --once asked for a whole tour
            return
        if self.once and app.tours.count >= 1 and app.state != "show":
            self.exit(0 if app.tours.last_kind in ("complete", "closed") else 1)
            return
        if self.once and app.state == "play" and app.game.over:
            self.exit(0 if app.game.over in ("complete", "closed") else 1)
            return
        self.redraw()

    def redraw(self, force=False):
        d = self.sim.display
        blink = self.blink_on() if d.result_kind == "impossible" else None
        views = tuple(view.version() for view in self.views if hasattr(view, "version"))
        help_text = self.help_text()
        state = (d.version, d.knight_on, self.keys.cursor, self.keys.buffer, self.keys.message, blink, views, help_text)
        if state == self.drawn and not force:
            return
        if self.drawn is not None and help_text != self.drawn[-1]:
            self.fit()  # the mode changed: so did the help line
        self.drawn = state
        for view in self.views:
            view.refresh()
        lines = panel_lines(d)
        from knightstour.pacing import speed_name

        speed = "speed %s" % speed_name(self.sim.app.clock.pacing.speed)
        if speed not in lines:  # the status line may say it already (a speed change in play mode)
            lines.append(speed)
        if self.keys.buffer:
            lines.append("typing: %s" % self.keys.buffer)
        if self.keys.message:
            lines.append(self.keys.message)
        panels = self.query("#panel")
        if panels:  # a timer can still fire while the app closes and its widgets are gone
            panels.first(Panel).update("\n".join(lines))

    def on_key(self, event):
        if event.key == "ctrl+c":
            return
        key = event.character if event.character and event.character.isprintable() and len(
            event.character) == 1 else event.key
        if key == " ":
            key = "space"
        if key in PAD_KEYS and self.pixels and self.sim.pad(PAD_KEYS[key]):  # a board's own pad
            self.tick()
            event.stop()
            return
        if key in ("up", "down", "left", "right"):
            for view in self.views:
                view.show_cursor = True
        if key == ZOOM_KEY and self.pixels:
            for view in self.views:
                if isinstance(view, PixelTftView):
                    view.next_zoom()
            self.redraw(force=True)
            event.stop()
            return
        if key in BUTTON_KEYS:  # the push buttons: on the emulated pins with --pixels
            self.sim.button(*BUTTON_KEYS[key])
            self.tick()
            event.stop()
            return
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
    if isinstance(code, int):
        return code
    return 1 if once else 0  # Ctrl-C: with --once, before the tour ended
