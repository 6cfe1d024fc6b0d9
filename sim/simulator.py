"""The simulator's model: the device app wired to a recording display, queued input and a clock.

The views (plain.py, tui.py) only read ``sim.display`` (a RecordingDisplay)
and push input; tests drive the same object with a FakeClock and never sleep.
"""

import time

from knightstour.app import App
from knightstour.ports import NO_SQUARE, Clock, Sound
from knightstour.rng import Xorshift32
from knightstour_desktop.errors import UserError
from knightstour_desktop.recording import QueueInput, RecordingDisplay

# The largest board each simulated display shows: the MAX7219 matrix is 8x8
# LEDs; the 320x240 TFT keeps cells of 15 pixels up to 16x16.
DISPLAY_LIMITS = {"max7219": (8, 8), "ili9341": (16, 16), "both": (8, 8)}
DISPLAYS = ("max7219", "ili9341", "both")
# The command line's short names for the displays; inside, the settings' names (KNIGHTSTOUR_DISPLAY).
ALIASES = {"matrix": "max7219", "tft": "ili9341"}


def display_name(text):
    """The simulator's display for ``text``: max7219, ili9341, both, or the short matrix, tft."""
    text = str(text).strip().lower()
    return ALIASES.get(text, text)


class View:
    """How the simulator shows the displays, from the settings the hardware reads too:
    the matrix's rotation, mirror and brightness, and the TFT's rotation (90 and 270 are
    portrait: the panel goes below the board). Pins, touch calibration and the other
    hardware keys mean nothing on a terminal and are left alone."""

    def __init__(self, settings=None):
        def get(name, default):
            return getattr(settings, name, default) if settings is not None else default

        self.matrix_rotation = get("matrix_rotation", 0)
        self.matrix_mirror = get("matrix_mirror", False)
        self.matrix_brightness = get("matrix_brightness", 4)
        self.tft_rotation = get("tft_rotation", 0)
        self.portrait = self.tft_rotation in (90, 270)


def led_grid(board, rotation=0, mirror=False):
    """Rows (top first) of the squares the LED matrix shows at each LED, NO_SQUARE where none: the
    hardware's own mapping (knightstour.hw.views.matrix.square_xy) for KNIGHTSTOUR_MATRIX_ROTATION and
    _MIRROR, cut to the LEDs the board uses."""
    from knightstour.hw.views.matrix import square_xy

    places = [square_xy(s, board.width, board.height, rotation, mirror) for s in range(board.squares)]
    left = min(x for x, _ in places)
    top = min(y for _, y in places)
    columns = max(x for x, _ in places) - left + 1
    rows = max(y for _, y in places) - top + 1
    grid = [[NO_SQUARE] * columns for _ in range(rows)]
    for square, (x, y) in enumerate(places):
        grid[y - top][x - left] = square
    return grid


def led_kind(display, square):
    """What one LED of the matrix view shows: "trace", "knight", "stuck", "lit", "mark" or "dark".

    An impossible start (result kind "impossible") shows its short form: every square of
    the start square's colour lit, the knight on the start square.
    """
    if square == display.trace_square:
        return "trace"
    if square == display.knight_square:
        return "stuck" if display.result_kind == "stuck" else "knight"
    kind = display.result_kind
    if kind == "impossible" and display.result_square >= 0:
        board = display.board
        return "lit" if board.is_light(square) == board.is_light(display.result_square) else "dark"
    if display.number[square]:
        return "lit"
    if square in display.marks or square == display.hint:
        return "mark"
    return "dark"


class FakeClock(Clock):
    """A clock for tests: time moves only when told to."""

    def __init__(self, start=0.0):
        self.now = start

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += seconds


class SimSound(Sound):
    """Like recording.RecordingSound, but ``played`` keeps only the last sounds, so memory
    stays flat however long the simulator runs; ``counts`` has the totals by name."""

    KEEP = 256

    def __init__(self):
        self.counts = {}
        self.played = Bounded(self.KEEP)

    def tick(self):
        self._count("tick")

    def closed_phrase(self):
        self._count("closed")

    def complete_phrase(self):
        self._count("complete")

    def stuck_tone(self):
        self._count("stuck")

    def update(self, now):
        pass

    def _count(self, name):
        self.counts[name] = self.counts.get(name, 0) + 1
        self.played.append(name)


class Bounded(list):
    """A list that forgets its oldest half once it holds more than ``limit`` items."""

    def __init__(self, limit):
        super().__init__()
        self.limit = limit

    def append(self, item):
        if len(self) >= self.limit:
            del self[:self.limit // 2]
        super().append(item)


class Simulator:
    """One simulated toy: ``app``, ``display``, ``input``, ``sound`` and ``clock``."""

    def __init__(self, settings, display="both", seed=None, clock=None, orders=None, log=None, pixels=False,
                 board="feather_rp2040"):
        display = display_name(display)
        if display not in DISPLAY_LIMITS:
            raise UserError("bad display %r: one of %s" % (display, ", ".join(DISPLAYS)))
        width, height = DISPLAY_LIMITS[display]
        self.kind = display
        self.display = RecordingDisplay(log, width, height)
        self.input = QueueInput()
        self.sound = SimSound()
        self.clock = clock if clock is not None else time.monotonic
        if seed is None:
            seed = settings.seed
        self.rng = Xorshift32(seed)
        self.hardware = None
        from .chips.rig import PYPORTALS

        self.screen = PYPORTALS.get(board)  # a board's own screen's (width, height), or None
        self.board_id = board
        port = self.display
        if pixels:
            # The app drives the real hardware code on the emulated chips, and the recording
            # display beside it for the side panel; touches come through the touch controller.
            from .pixels import Hardware, MergedInput
            from .tee import TeeDisplay

            self.hardware = Hardware(display, settings, seed=1 if seed is None else seed, clock=self.clock,
                                     board=board)
            port = TeeDisplay(self.hardware.displays + [self.display])
            self.input = MergedInput((self.hardware.touch, self.hardware.buttons), self.hardware.tick)
        try:
            self.app = App(settings, port, self.input, self.sound, self.rng, orders, strict=True)
        except ValueError as exc:
            self.close()
            if display == "ili9341":
                raise UserError(str(exc)) from None  # the board does not fit
            raise UserError("%s; --display tft allows up to %dx%d" % (
                exc, DISPLAY_LIMITS["ili9341"][0], DISPLAY_LIMITS["ili9341"][1])) from None
        self.board = self.app.board
        self.view = View(settings)
        self.wait = 0.0

    def close(self):
        """Let go of the emulated hardware (--pixels), if any."""
        if self.hardware is not None:
            self.hardware.close()
            self.hardware = None

    def update(self):
        """Run the app once at the clock's time; return the seconds it may sleep."""
        self.wait = self.app.update(self.clock())
        return self.wait

    def touch(self, square):
        if isinstance(square, str):
            square = self.board.parse_square(square)
        self.input.touch(square)

    def command(self, name):
        self.input.command(name)

    def button(self, name, long=False):
        """A press of push button ``name`` ("a" or "b"): on the emulated MAX7219 toy's pins with
        --pixels, read by its own driver; else its command (hw/inputs/buttons.py's table) at once."""
        hardware = self.hardware
        if hardware is not None and hardware.button(name, long):
            return
        from .keys import button_command

        self.input.command(button_command(name, long))

    def pad(self, pin):
        """A press of the board's direction pad's ``pin`` (SW_UP ...), with --pixels on a board that
        has one; False where there is none (the arrow keys then move the simulator's cursor)."""
        hardware = self.hardware
        if hardware is None or hardware.pusher is None or not hasattr(hardware.pusher.board, pin):
            return False
        hardware.pad(pin)
        return True

    def step_fake(self):
        """With a FakeClock: update, then move the clock on by what the app asked for."""
        wait = self.update()
        self.clock.advance(wait)
        return wait

    def run_fake(self, until, limit=1000000):
        """With a FakeClock: step until ``until(sim)`` is true; return the number of updates."""
        for count in range(limit):
            if until(self):
                return count
            self.step_fake()
        raise AssertionError("the simulator did not get there in %d updates" % limit)
