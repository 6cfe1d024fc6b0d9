"""Keys and input lines: square names typed letter by letter, command keys, the cursor.

The TUI feeds key presses to a KeyReader; the plain view parses whole lines
with parse_line. Both answer input that is neither a square of the board nor
a command with input_message's one line.
"""

from knightstour.vocabulary import COMMANDS, KEYS

# Single keys and the commands they give (the TUI and the plain view's input lines): the table's.
KEY_COMMANDS = KEYS

# The MAX7219 toy's push buttons: a short press, and a long one (shifted), of A and B.
BUTTON_KEYS = {"[": ("a", False), "{": ("a", True), "]": ("b", False), "}": ("b", True)}

# The push buttons' keys, for the help lines.
BUTTONS_HELP = "[ ] buttons ({ } held)"

# A board's direction pad (the PicoSystem's pins) on the arrow keys, its X and Y buttons on x and y
# (its A and B are the push buttons' [ and ]), with --pixels; and their help.
PAD_KEYS = {"up": "SW_UP", "down": "SW_DOWN", "left": "SW_LEFT", "right": "SW_RIGHT", "x": "SW_X", "y": "SW_Y"}
PAD_HELP = "arrows pad | x y buttons X Y"

# Words accepted on the plain view's input lines, besides square names and keys: every command.
INPUT_HELP = "type a square (c3) or %s, or [ { ] } (buttons)" % ", ".join(COMMANDS)


def parse_line(board, line):
    """An input line of the plain view: a square name, a command word or a key; None if neither."""
    text = line.strip().lower()
    if not text:
        return None
    if text in COMMANDS:
        return text
    if text in KEY_COMMANDS:
        return KEY_COMMANDS[text]
    if text in BUTTON_KEYS:
        return button_command(*BUTTON_KEYS[text])
    try:
        return board.parse_square(text)
    except ValueError:
        return None


def button_command(name, long):
    """The command a press of push button ``name`` gives (hw/inputs/buttons.py's table)."""
    from knightstour.hw.inputs.buttons import Buttons

    return (Buttons.LONG if long else Buttons.SHORT)[0 if name == "a" else 1]


def input_message(board, text):
    """The short message for input ``text`` that is neither a square of the board nor a command."""
    text = text.strip()
    if not text.isprintable() or len(text) > 20:  # never echo control codes or a whole paste
        text = repr(text[:17] + "..." if len(text) > 20 else text)
    letters = text.rstrip("0123456789")
    last = board.square_name(board.squares - 1)
    if letters and letters != text and letters.isascii() and letters.isalpha():
        return "%s is not on the %s board (a1 to %s)" % (text, board.size_name, last)
    x, comma, y = text.partition(",")
    if comma and x.strip().isdigit() and y.strip().isdigit() and x.isascii() and y.isascii():
        return "%s is not on the %s board (1,1 to %d,%d)" % (text, board.size_name, board.width, board.height)
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
    last key (a square not on the board). Input refused with a message (z9,
    i9 on 8x8, a word) stays refused: its Enter touches nothing, and letters
    typed straight after it are more of the word, not commands.
    """

    PENDING = 0.8  # seconds a typed name waits for another digit of its rank

    def __init__(self, board):
        self.board = board
        self.buffer = ""
        self.since = 0.0
        self.typed = False  # a typed square was sent: the next Enter only confirms it
        self.message = ""
        self.stray = ""
        self.refused = False  # the last key was refused with a message: Enter confirms nothing
        self.cursor = board.square_at(board.width // 2, board.height // 2 - 1) if board.squares > 1 else 0

    def _square(self, text):
        try:
            return self.board.parse_square(text)
        except ValueError:
            return None

    def feed(self, key, now=0.0):
        if self.refused and key == "enter":
            self.stray = ""  # the message stays: the Enter after refused input is not a touch
            return None
        event = self._feed(key, now)
        self.refused = event is None and bool(self.message)
        if self.refused and self.stray:
            self.since = now  # a refused word goes on while its letters come quickly
        return event

    def _feed(self, key, now):
        typed = self.typed
        self.typed = False
        self.message = ""
        stray = self.stray  # letters that name no file: a rank after them still gets one message
        self.stray = ""
        board = self.board
        key = key.lower() if len(key) == 1 else key
        if key == "backspace" and self.buffer:  # takes back a typed letter; undo only when nothing is typed
            self.buffer = self.buffer[:-1]
            self.since = now
            return None
        if key in ("up", "down", "left", "right"):
            self.buffer = ""
            f = self.cursor % board.width
            r = self.cursor // board.width
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
            last = self.buffer[-1:]
            if not last or not (last.isalpha() or last.isdigit()):  # no str.isalnum on MicroPython (the web page)
                self.stray = stray + key if stray else ""
                self.message = input_message(board, self.stray or key)
                return None
            self.buffer += key
            self.since = now
            return self._maybe_complete()
        if len(key) == 1 and "a" <= key <= "z":
            if stray and stray[-1] > "9" and now - self.since < self.PENDING:
                self.stray = stray + key  # more of a refused word ("junk"), not the u of undo
                self.message = input_message(board, self.stray)
                return None
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
