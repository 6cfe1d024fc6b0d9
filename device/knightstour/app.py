"""The desk toy's behaviour: a non-blocking state machine with injected ports.

The same code runs on a Feather (CircuitPython), a Raspberry Pi and in the
terminal simulator. The main loop owns time; the app never sleeps::

    app = App(settings, display, touch, sound, rng)
    while not app.quit:
        wait = app.update(time.monotonic())
        time.sleep(min(wait, 0.02))     # cap it: input is polled

``update(now)`` reads every pending input event, does what is due (at most
one knight move), flushes the display and returns the seconds until it next
has something to do of its own.

``now`` is in seconds and only differences matter. The clock may wrap: on
CircuitPython, whose floats have 22 bits of mantissa, time.monotonic() gets
coarse after hours of uptime (about 20 ms steps after a day), so a toy left
on for days should pass a wrapping clock such as
``(supervisor.ticks_ms() & 0xFFFFF) / 1000`` and set ``app.clock_wrap =
1048.576`` (wraps every 17 minutes, in 1/4 ms steps). If the clock goes back
with ``clock_wrap`` unset, the app keeps the time that was left to wait.

States (``app.state``)
    "wait"  touch mode: waiting for a touch; after ``idle`` seconds an
            automatic tour starts by itself.
    "run"   a tour is being shown, one square per paced delay.
    "show"  the result is on show (a closed tour's trace first), then the
            next tour (attract mode) or "wait" (touch mode).
    "play"  play mode: the user moves the knight.

Input events: a square (int) starts a tour from there (or is a move in play
mode); commands: "random", "play" (toggle play mode), "hint", "undo",
"faster", "slower", "speed" (faster, and after no delay half speed again: the TFT's
button), "pause" (stand still, or carry on; any other event but a speed carries on too),
"quit" (sets ``app.quit``; the device may ignore it).
"""

from .board import Board
from .events import BLINK, Events
from .orders import DEFAULT_ORDER, parse_order, super_orders
from .ports import NullDisplay, NullInput, NullSound
from .rng import Xorshift32
from .solver import Warnsdorff
from .tour import Tour

IDLE_WAIT = 1.0  # what update() returns when nothing of its own is due


class App(Events):
    """The toy. ``settings`` is a settings.Settings; the ports (ports.py) default to null ones.

    Its methods are spread over events.py (input, modes) and tours.py (automatic
    tours), so that each module compiles in a small heap: App(Events(Tours)); play
    mode's are functions in play.py, loaded when a game starts.

    ``rng`` needs randrange(); by default rng.Xorshift32 seeded from settings.seed (a fresh
    seed when that is unset): the same draws on every platform.
    ``orders`` overrides the board's super orders (tests). With ``strict`` a board
    too big for the display raises ValueError; otherwise the message goes to
    ``app.messages`` and the default 8x8 board is used.
    """

    def __init__(self, settings=None, display=None, input=None, sound=None, rng=None,
                 orders=None, strict=False):
        if settings is None:
            from .settings import Settings  # imported only here: the Feather frees it after start

            settings = Settings()
        self.settings = settings
        self.messages = []
        self.display = display if display is not None else NullDisplay()
        self.input = input if input is not None else NullInput()
        self.sound = sound if (sound is not None and settings.sound) else NullSound()
        if rng is None:
            rng = Xorshift32(settings.seed)  # the same show for a seed on every platform
        self.rng = rng

        board = Board.parse(settings.size)
        if board.width > self.display.max_width or board.height > self.display.max_height:
            text = "the %s board does not fit the display (at most %dx%d)" % (
                board.size_name, self.display.max_width, self.display.max_height)
            if strict:
                raise ValueError(text)
            self.messages.append(text + "; using 8x8")
            board = Board(8, 8)
        self.board = board
        self.total = board.squares

        if settings.order == "super":
            names = orders if orders is not None else super_orders(board.size_name)
            if not names:
                names = (DEFAULT_ORDER,)
        else:
            names = (settings.order,)
        self.orders = tuple(parse_order(name) for name in names)
        # parse_order took each name as it is, stripped, in lower case: no need to build it again
        self.order_names = tuple(str(name).strip().lower() for name in names)
        self.order_index = 0
        self.solver = Warnsdorff(board, self.orders[0], settings.rule, rng)
        self.rule = self.solver.rule
        self.tour = self.solver.tour
        self.play_tour = Tour(board)
        self.plan = [0] * board.squares  # the tour being shown, found at its start (tours.py)
        self.planned = 0

        from .pacing import from_settings

        self.pacing = from_settings(settings)
        self.start_mode = settings.mode
        self.start_square = -1
        if settings.start != "random":
            try:
                self.start_square = board.parse_square(settings.start)
            except ValueError:  # only after falling back to 8x8 above
                self.messages.append("start square %s is not on the %s board; using random starts"
                                     % (settings.start, board.size_name))
        self.idle = settings.idle_ms / 1000.0

        self.state = ""
        self.quit = False
        self.paused = False  # the "pause" command: nothing moves on its own
        self.paused_left = 0.0  # the wait that was left when it paused
        self.clock_wrap = 0  # seconds after which the caller's clock wraps to 0 (0: never)
        self.now = 0.0
        self.due = 0.0
        self.next_square = -1
        self.tracing = -1  # index into the path while a closed tour's trace runs
        self.blink_phase = -1
        self.blink_from = 0.0  # when the knight last moved: its blink counts from there
        self.starting = False  # a tour's start square is shown, its delay not begun
        self.play_over = ""
        self.rejected = 0  # illegal moves refused in play mode
        self.changed = False
        self.fresh = False
        # Counters (no history kept: memory stays flat however long it runs).
        self.tours = 0
        self.complete = 0
        self.closed = 0
        self.stuck = 0
        self.gave_up = 0  # tours whose search ran out of budget (tours.py): shown where they stopped
        self.out_of_budget = False
        self.searched = 0  # nodes the last tour's rescue spent (rescue.py)
        self.impossible = 0  # starts from which no tour exists (said why instead)
        self.last_kind = ""
        self.last_delay = 0.0

    # ----------------------------------------------------------------- loop

    def update(self, now):
        """Handle input, do what is due, flush the display; return seconds until next due."""
        if now < self.now:
            # The clock went back: a wrapping tick counter (see above) or a reset.
            shift = -self.clock_wrap if self.clock_wrap else now - self.now  # else: keep what was left
            self.due += shift
            self.blink_from += shift
        self.now = now
        self.fresh = False
        self.sound.update(now)
        if not self.state:
            self._enter_start_mode()
        event = self.input.poll()
        while event is not None:
            self.handle(event)
            event = self.input.poll()
        state = self.state
        if self.paused:
            pass
        elif state == "run":
            if self.fresh:
                pass
            elif self.starting:  # the start square is on show: its delay begins now
                self.starting = False
                self.blink_from = self.now
                self.due = self._after(self.last_delay)
            elif self._is_due():
                self._advance()
        elif state == "show":
            if self.tracing >= 0:
                if self._is_due():
                    self._trace_step()
            elif self._is_due():
                self._after_show()
        elif state == "wait":
            if self._is_due():
                self.start_tour(-1)
        elif self.tracing >= 0 and self._is_due():  # play mode: a closed game is traced too
            self._trace_step()
        self._blink()
        if self.changed:
            self.changed = False
            self.display.flush()
        return self._wait()

    def _wait(self):
        wait = IDLE_WAIT
        state = self.state
        if self.paused:
            pass
        elif self.starting:
            return 0.0  # at once: the start square's delay begins at the next update
        elif state == "run" or state == "show" or state == "wait" or self.tracing >= 0:
            if self._is_due():
                return 0.0  # no float arithmetic: nothing allocated when running flat out
            wait = self.due - self.now
        if self._knight_shown():
            blink = self.blink_from + (self._blinks() + 1) * BLINK - self.now
            if blink < wait:
                wait = blink
        if wait < 0:
            wait = 0.0
        return wait

    def _is_due(self):
        # A microsecond early counts as due: float rounding must not leave a caller
        # that sleeps exactly what update() returned one ulp short forever.
        return self.now >= self.due or self.due - self.now < 1e-6

    def _after(self, delay):
        # self.now + delay, without making a new float when there is no delay.
        return self.now + delay if delay else self.now
