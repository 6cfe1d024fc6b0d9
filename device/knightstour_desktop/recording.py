"""Recording implementations of the ports (tests and the simulator; not needed on a Feather).

See ports.py for what each method means.
"""

from knightstour.ports import NO_SQUARE, Display, Input, Sound
from knightstour.vocabulary import COMMANDS


class RecordingDisplay(Display):
    """A display that keeps the board's state: for tests and the simulator's views.

    ``number[sq]`` is the move number shown on each square (0 = dark),
    ``knight_square``, ``knight_on`` (blink phase), ``marks`` (legal moves
    shown), ``hint``, ``result_kind``/``result_count``/``result_square``,
    ``trace_square``/``trace_number``, ``status_text``, ``mode``, ``order``,
    ``rule`` and ``board``. ``version`` grows by one on every change except
    blinking (a view redraws when it changes). With ``log`` set to a list, every
    call is appended to it as a tuple (tests only: it grows without bound).
    """

    max_width = 32
    max_height = 32

    def __init__(self, log=None, max_width=32, max_height=32):
        self.max_width = max_width
        self.max_height = max_height
        self.log = log
        self.number = []
        self.status_text = ""
        self.version = 0
        self.flushes = 0
        self._start(None, "", "", "")

    def _log(self, *call):
        if self.log is not None:
            self.log.append(call)

    def _changed(self):
        self.version += 1

    def begin(self, board, mode, order, rule):
        self._log("begin", board.size_name, mode, order, rule)
        if self.board is not board or len(self.number) != board.squares:
            self.number = [0] * board.squares
        else:
            for s in range(board.squares):
                self.number[s] = 0
        self._start(board, mode, order, rule)
        self._changed()

    def _start(self, board, mode, order, rule):
        """A new tour on ``board``: no knight, marks, result or trace."""
        self.board = board
        self.mode = mode
        self.order = order
        self.rule = rule
        self.knight_square = NO_SQUARE
        self.knight_on = True
        self.marks = []
        self.hint = NO_SQUARE
        self.result_kind = ""
        self.result_count = 0
        self.result_square = NO_SQUARE
        self.trace_square = NO_SQUARE
        self.trace_number = 0

    def light(self, square, number):
        self._log("light", square, number)
        self.number[square] = number
        self._changed()

    def unlight(self, square):
        self._log("unlight", square)
        self.number[square] = 0
        self._changed()

    def knight(self, square):
        self._log("knight", square)
        self.knight_square = square
        self.knight_on = True
        self._changed()

    def blink(self, on):
        self._log("blink", on)
        self.knight_on = on

    def moves(self, squares, hint):
        self._log("moves", list(squares), hint)
        self.marks = list(squares)
        self.hint = hint
        self._changed()

    def result(self, kind, count, square):
        self._log("result", kind, count, square)
        self.result_kind = kind
        self.result_count = count
        self.result_square = square
        self._changed()

    def trace(self, square, number):
        self._log("trace", square, number)
        self.trace_square = square
        self.trace_number = number
        self._changed()

    def status(self, text):
        self._log("status", text)
        self.status_text = text
        self._changed()

    def flush(self):
        self.flushes += 1

    def snapshot(self):
        """Everything the display shows, as a comparable tuple (tests: undo restores it exactly)."""
        return (
            tuple(self.number),
            self.knight_square,
            tuple(self.marks),
            self.hint,
            self.result_kind,
            self.result_count,
            self.result_square,
            self.trace_square,
        )


class QueueInput(Input):
    """Events pushed by a simulator, a test or an interrupt handler, polled by the app."""

    def __init__(self):
        self.events = []

    def push(self, event):
        self.events.append(event)

    def touch(self, square):
        self.events.append(square)

    def command(self, name):
        if name not in COMMANDS:
            raise ValueError("unknown command %r: one of %s" % (name, ", ".join(COMMANDS)))
        self.events.append(name)

    def poll(self):
        if self.events:
            return self.events.pop(0)
        return None


class RecordingSound(Sound):
    """Remembers which sounds were asked for, as a list of names (tests)."""

    def __init__(self):
        self.played = []

    def tick(self):
        self.played.append("tick")

    def closed_phrase(self):
        self.played.append("closed")

    def complete_phrase(self):
        self.played.append("complete")

    def stuck_tone(self):
        self.played.append("stuck")

    def update(self, now):
        pass
