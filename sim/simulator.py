"""The simulator's model: the device app wired to a recording display, queued input and a clock.

The views (plain.py, tui.py) only read ``sim.display`` (a RecordingDisplay)
and push input; tests drive the same object with a FakeClock and never sleep.
"""

import random
import time

from knightstour.app import App
from knightstour.recording import QueueInput, RecordingDisplay, RecordingSound

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


class FakeClock:
    """A clock for tests: time moves only when told to."""

    def __init__(self, start=0.0):
        self.now = start

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += seconds


class Simulator:
    """One simulated toy: ``app``, ``display``, ``input``, ``sound`` and ``clock``."""

    def __init__(self, settings, display="both", seed=None, clock=None, orders=None, log=None):
        if display not in DISPLAY_LIMITS:
            raise ValueError("bad display %r: one of %s" % (display, ", ".join(DISPLAYS)))
        width, height = DISPLAY_LIMITS[display]
        self.kind = display
        self.display = RecordingDisplay(log, width, height)
        self.input = QueueInput()
        self.sound = RecordingSound()
        self.clock = clock if clock is not None else time.monotonic
        if seed is None:
            seed = settings.seed
        self.rng = random.Random(seed)
        try:
            self.app = App(settings, self.display, self.input, self.sound, self.rng, orders, strict=True)
        except ValueError as exc:
            raise ValueError("%s; --display tft allows up to %dx%d" % (
                exc, DISPLAY_LIMITS["tft"][0], DISPLAY_LIMITS["tft"][1])) from None
        self.board = self.app.board
        self.wait = 0.0

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


class KeyReader:
    """Turns key presses into app events: square names typed letter by letter, commands, a cursor.

    ``feed(key, now)`` returns an event (a square or a command) or None;
    ``expire(now)`` returns the event of a lone pending "h" after a moment
    (h is both a file and the hint key on boards 8 or more wide). Arrow keys
    move ``cursor``; Enter touches the cursor's square (or ends a typed name).
    """

    PENDING = 0.8  # seconds a lone letter waits for its rank

    def __init__(self, board):
        self.board = board
        self.buffer = ""
        self.since = 0.0
        self.cursor = board.square_at(board.width // 2, board.height // 2 - 1) if board.squares > 1 else 0

    def _square(self, text):
        try:
            return self.board.parse_square(text)
        except ValueError:
            return None

    def feed(self, key, now=0.0):
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
                square = self._square(self.buffer)
                event = square if square is not None else self._lone_command()
                self.buffer = ""
                if square is not None:
                    self.cursor = square
                return event
            return self.cursor
        if key == "escape":
            self.buffer = ""
            return None
        if len(key) == 1 and key.isdigit():
            if not self.buffer or not self.buffer[-1:].isalnum():
                return None
            self.buffer += key
            return self._maybe_complete()
        if len(key) == 1 and "a" <= key <= "z":
            letters = self.buffer
            if letters and letters[-1].isdigit():
                letters = ""
            candidate = letters + key
            if self._is_file_prefix(candidate):
                self.buffer = candidate
                self.since = now
                if key in KEY_COMMANDS and candidate == key and not self._file_needs(key):
                    self.buffer = ""
                    return KEY_COMMANDS[key]
                return None
            self.buffer = ""
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
        letters = ""
        digits = ""
        for ch in self.buffer:
            if ch.isdigit():
                digits += ch
            else:
                letters += ch
        square = self._square(self.buffer)
        if square is None:
            self.buffer = ""
            return None
        # Complete unless another digit could still name a rank of this board.
        if int(digits) * 10 > self.board.height:
            self.buffer = ""
            self.cursor = square
            return square
        return None

    def _lone_command(self):
        if len(self.buffer) == 1 and self.buffer in KEY_COMMANDS:
            return KEY_COMMANDS[self.buffer]
        return None

    def expire(self, now):
        """A pending name that has waited long enough: a complete square, a lone command, or dropped."""
        if not self.buffer or now - self.since < self.PENDING:
            return None
        event = self._square(self.buffer) if self.buffer[-1].isdigit() else self._lone_command()
        if isinstance(event, int):
            self.cursor = event
        self.buffer = ""
        return event
