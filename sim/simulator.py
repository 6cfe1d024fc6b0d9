"""The simulator's model: the device app wired to a recording display, queued input and a clock.

The views (plain.py, tui.py) only read ``sim.display`` (a RecordingDisplay)
and push input; tests drive the same object with a FakeClock and never sleep.
"""

import random
import time

from knightstour.app import App
from knightstour.ports import NullSound
from knightstour.recording import QueueInput, RecordingDisplay

# The largest board each simulated display shows: the MAX7219 matrix is 8x8
# LEDs; the 320x240 TFT keeps cells of 15 pixels up to 16x16.
DISPLAY_LIMITS = {"matrix": (8, 8), "tft": (16, 16), "both": (8, 8)}
DISPLAYS = ("matrix", "tft", "both")

# Single keys and the commands they give (the TUI and the plain view's input lines).
KEY_COMMANDS = {
    "r": "random",
    "p": "play",
    "h": "hint",
    "?": "hint",
    "u": "undo",
    "backspace": "undo",
    "+": "faster",
    "=": "faster",
    "plus": "faster",
    "-": "slower",
    "minus": "slower",
    "q": "quit",
}

# Words accepted on the plain view's input lines, besides square names and keys.
WORD_COMMANDS = ("random", "play", "hint", "undo", "faster", "slower", "quit")

INPUT_HELP = "type a square (c3) or random, play, hint, undo, faster, slower, quit"


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
    """Rows (top first) of the squares the LED matrix shows at each LED, -1 where none: the
    hardware's own mapping (knightstour.hw.matrix.square_xy) for KNIGHTSTOUR_MATRIX_ROTATION and
    _MIRROR, cut to the LEDs the board uses."""
    from knightstour.hw.matrix import square_xy

    places = [square_xy(s, board.width, board.height, rotation, mirror) for s in range(board.squares)]
    left = min(x for x, _ in places)
    top = min(y for _, y in places)
    columns = max(x for x, _ in places) - left + 1
    rows = max(y for _, y in places) - top + 1
    grid = [[-1] * columns for _ in range(rows)]
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


class FakeClock:
    """A clock for tests: time moves only when told to."""

    def __init__(self, start=0.0):
        self.now = start

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += seconds


class SimSound(NullSound):
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

    def __init__(self, settings, display="both", seed=None, clock=None, orders=None, log=None, pixels=False):
        if display not in DISPLAY_LIMITS:
            raise ValueError("bad display %r: one of %s" % (display, ", ".join(DISPLAYS)))
        width, height = DISPLAY_LIMITS[display]
        self.kind = display
        self.display = RecordingDisplay(log, width, height)
        self.input = QueueInput()
        self.sound = SimSound()
        self.clock = clock if clock is not None else time.monotonic
        if seed is None:
            seed = settings.seed
        self.rng = random.Random(seed)
        self.hardware = None
        port = self.display
        if pixels:
            # The app drives the real hardware code on the emulated chips, and the recording
            # display beside it for the side panel; touches come through the touch controller.
            from .pixels import Hardware, MergedInput, TeeDisplay

            self.hardware = Hardware(display, settings, seed=1 if seed is None else seed)
            port = TeeDisplay(self.hardware.displays + [self.display])
            self.input = MergedInput(self.hardware.touch)
        try:
            self.app = App(settings, port, self.input, self.sound, self.rng, orders, strict=True)
        except ValueError as exc:
            self.close()
            if display == "tft":
                raise
            raise ValueError("%s; --display tft allows up to %dx%d" % (
                exc, DISPLAY_LIMITS["tft"][0], DISPLAY_LIMITS["tft"][1])) from None
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


def parse_line(board, line):
    """An input line of the plain view: a square name, a command word or a key; None if neither."""
    text = line.strip().lower()
    if not text:
        return None
    if text in WORD_COMMANDS:
        return text
    if text in KEY_COMMANDS:
        return KEY_COMMANDS[text]
    try:
        return board.parse_square(text)
    except ValueError:
        return None


def input_message(board, text):
    """The short message for input ``text`` that is neither a square of the board nor a command."""
    text = text.strip()
    letters = text.rstrip("0123456789")
    last = board.square_name(board.squares - 1)
    if letters and letters != text and letters.isalpha():
        return "%s is not on the %s board (a1 to %s)" % (text, board.size_name, last)
    return "? %s: %s" % (text, INPUT_HELP)


class KeyReader:
    """Turns key presses into app events: square names typed letter by letter, commands, a cursor.

    ``feed(key, now)`` returns an event (a square or a command) or None;
    ``expire(now)`` returns the square of a typed name that waited long
    enough for another digit (c1 on a board of 10 or more ranks). "h" is the
    hint at once, and still begins a name (h5) on boards 8 or more wide. A
    typed square starts its tour at once; an Enter right after it is not a
    second touch. Arrow keys move ``cursor``; Enter touches the cursor's
    square (or ends a typed name). ``message`` is "" or a short line about the
    last key (a square not on the board).
    """

    PENDING = 0.8  # seconds a typed name waits for another digit of its rank

    def __init__(self, board):
        self.board = board
        self.buffer = ""
        self.since = 0.0
        self.typed = False  # a typed square was sent: the next Enter only confirms it
        self.message = ""
        self.stray = ""
        self.cursor = board.square_at(board.width // 2, board.height // 2 - 1) if board.squares > 1 else 0

    def _square(self, text):
        try:
            return self.board.parse_square(text)
        except ValueError:
            return None

    def feed(self, key, now=0.0):
        typed = self.typed
        self.typed = False
        self.message = ""
        stray = self.stray  # letters that name no file: a rank after them still gets one message
        self.stray = ""
        board = self.board
        key = key.lower() if len(key) == 1 else key
        if key in ("up", "down", "left", "right"):
            self.buffer = ""
            f = board.file_of(self.cursor)
            r = board.rank_of(self.cursor)
            if key == "up":
                r = min(board.height - 1, r + 1)
            elif key == "down":
                r = max(0, r - 1)
            elif key == "left":
                f = max(0, f - 1)
            else:
                f = min(board.width - 1, f + 1)
            self.cursor = board.square_at(f, r)
            return None
        if key in ("enter", "space"):
            if self.buffer:
                return self._finish()
            if typed and key == "enter":
                return None
            return self.cursor
        if key == "escape":
            self.buffer = ""
            return None
        if len(key) == 1 and key.isdigit():
            if not self.buffer or not self.buffer[-1:].isalnum():
                self.stray = stray + key if stray else ""
                self.message = input_message(board, self.stray or key)
                return None
            self.buffer += key
            self.since = now
            return self._maybe_complete()
        if len(key) == 1 and "a" <= key <= "z":
            letters = self.buffer
            if letters and letters[-1].isdigit():
                letters = ""
            candidate = letters + key
            if self._is_file_prefix(candidate):
                self.buffer = candidate
                self.since = now
                if candidate == key and KEY_COMMANDS.get(key) == "hint":
                    return "hint"  # at once: a rank may still follow (h5)
                if key in KEY_COMMANDS and candidate == key and not self._file_needs(key):
                    self.buffer = ""
                    return KEY_COMMANDS[key]
                return None
            self.buffer = ""
            if key not in KEY_COMMANDS:
                self.stray = candidate
                self.message = input_message(board, candidate)
            return KEY_COMMANDS.get(key)
        self.buffer = ""
        return KEY_COMMANDS.get(key)

    def _file_needs(self, letter):
        # Is this letter a file of the board (so it must wait for a rank)?
        return ord(letter) - 97 < self.board.width

    def _is_file_prefix(self, letters):
        if len(letters) == 1:
            return self._file_needs(letters) or self.board.width > 26
        if len(letters) == 2:
            return self._square(letters + "1") is not None
        return False

    def _maybe_complete(self):
        digits = self.buffer.lstrip("abcdefghijklmnopqrstuvwxyz")
        square = self._square(self.buffer)
        if square is None:
            self.message = input_message(self.board, self.buffer)
            self.buffer = ""
            return None
        # Complete unless another digit could still name a rank of this board.
        if int(digits) * 10 > self.board.height:
            return self._sent(square)
        return None

    def _sent(self, square):
        self.buffer = ""
        self.cursor = square
        self.typed = True
        return square

    def _finish(self):
        """Enter (or the wait) ends a typed name: its square, a lone command letter, or a message."""
        text = self.buffer
        self.buffer = ""
        if text[-1].isdigit():
            square = self._square(text)
            if square is not None:
                return self._sent(square)
            self.message = input_message(self.board, text)
            return None
        if len(text) == 1 and text in KEY_COMMANDS:
            return None if KEY_COMMANDS[text] == "hint" else KEY_COMMANDS[text]
        self.message = "%s: type the rank too (%s3)" % (text, text)
        return None

    def expire(self, now):
        """A pending name that has waited long enough: a complete square, a lone command, or dropped."""
        if not self.buffer or now - self.since < self.PENDING:
            return None
        return self._finish()
