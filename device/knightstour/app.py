"""The desk toy's behaviour: a non-blocking state machine with injected ports."""

# The same code runs on a Feather (CircuitPython), a Raspberry Pi and in the
# terminal simulator. The main loop owns time; the app never sleeps::
#
#     app = App(settings, display, touch, sound, rng)
#     while not app.quit:
#         wait = app.update(time.monotonic())
#         time.sleep(min(wait, 0.02))     # cap it: input is polled
#
# ``update(now)`` reads every pending input event, does what is due (at most
# one knight move), flushes the display and returns the seconds until it next
# has something to do of its own.
#
# ``now`` is in seconds and only differences matter; a clock that wraps: see
# pacing.Clock (``app.clock.wrap``).
#
# States (``app.state``)
#     "wait"  touch mode: waiting for a touch; after ``idle`` seconds an
#             automatic tour starts by itself.
#     "run"   a tour is being shown, one square per paced delay.
#     "show"  the result is on show (a closed tour's trace first), then the
#             next tour (attract mode) or "wait" (touch mode).
#     "play"  play mode: the user moves the knight.
#
# Input events: see events.py.
#
# Parts, each owning its state (App holds the ports, the board and the state); what passes
# between them: docs/architecture.md, held by tests/test_app_parts.py:
#     ``app.tours``  tours.Tours: the check orders, the solver, the tour shown, the counters
#     ``app.game``   play.Game: play mode's game (None until play mode is first used)
#     ``app.clock``  pacing.Clock: the time, what is due, the pause, the knight's blink; its
#                    ``pacing`` the delays

from .board import Board
from .events import handle
from .pacing import Clock, from_settings
from .rng import Xorshift32
from .tours import Tours

IDLE_WAIT = 1.0  # what update() returns when nothing of its own is due


class App:
    # The toy. ``settings`` is a settings.Settings, read here and not kept (a board frees it once
    # the app is made); the ports (ports.py) default to null ones.
    # ``rng`` needs randrange(); by default rng.Xorshift32 seeded from settings.seed (a fresh
    # seed when that is unset): the same draws on every platform. ``orders`` overrides the
    # board's super orders (tests). With ``strict`` a board too big for the display raises
    # ValueError; otherwise the message goes to ``app.messages`` and the default 8x8 board is used.
    # ``board``: the settings' board, made already (the Feather's start makes it for the display's
    # buffers and hands it over, so that the app reads no size).

    def __init__(self, settings=None, display=None, input=None, sound=None, rng=None,
                 orders=None, strict=False, board=None):
        if settings is None:
            from .settings import Settings  # imported only here: the Feather frees it after start

            settings = Settings()
        self.messages = []
        if display is None or input is None or sound is None or not settings.sound:
            from .nulls import NullDisplay, NullInput, NullSound  # only for a port not given

            if display is None:
                display = NullDisplay()
            if input is None:
                input = NullInput()
            if sound is None or not settings.sound:
                sound = NullSound()
        self.display = display
        self.input = input
        self.sound = sound
        if rng is None:
            rng = Xorshift32(settings.seed)  # the same show for a seed on every platform
        self.rng = rng

        if board is None:
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

        self.clock = Clock(from_settings(settings))
        self.tours = Tours(board, settings, orders, rng, self.display, self.sound, self.clock.pacing,
                           self.messages)
        self.game = None
        self.start_mode = settings.mode
        self.idle = settings.idle_ms / 1000.0
        self.state = ""
        self.quit = False
        self.tracing = -1  # index into the path while a closed tour's trace runs
        self.changed = False  # the display has something to flush
        self.fresh = False  # a tour started in this update: its start gets a frame of its own

    handle = handle  # one input event: a square (int) or a command name (events.py)

    def show_on(self, display):
        # Draw on ``display`` from now on, every part (the web page puts a tee in its place).
        self.display = display
        self.tours.show_on(display)
        if self.game is not None:
            self.game.show_on(display)

    # ----------------------------------------------------------------- loop

    def update(self, now):
        # Handle input, do what is due, flush the display; return seconds until next due.
        clock = self.clock
        clock.tick(now)
        self.fresh = False
        self.sound.update(now)
        if not self.state:
            if self.start_mode == "play":
                self.start_play(-1)
            else:
                self._after_show()
        event = self.input.poll()
        while event is not None:
            self.handle(event)
            event = self.input.poll()
        state = self.state
        if clock.paused:
            pass
        elif state == "run":
            # take_start: the start square is on show, its delay begins now
            if not self.fresh and not clock.take_start() and clock.is_due():
                self.tours.advance()
                self.changed = True
                clock.arrived()
                self._next(False)
        elif state == "show" or state == "wait":
            if clock.is_due():
                if state == "wait":
                    self.start_tour(-1)
                elif self.tracing >= 0:
                    self._trace_step()
                else:
                    self._after_show()
        elif self.tracing >= 0 and clock.is_due():  # play mode: a closed game is traced too
            self._trace_step()
        if self.state == "play":  # the state now, after what this update did
            shown = self.game.tour.length > 0
        else:
            shown = self.state == "run" and clock.pacing.speed != 0
        phase = clock.blink(shown, state == "run")
        if phase >= 0:
            self.display.blink(phase == 0)
            self.changed = True
        if self.changed:
            self.changed = False
            self.display.flush()
        timed = state == "run" or state == "show" or state == "wait" or self.tracing >= 0
        return clock.wait(timed, shown, IDLE_WAIT)

    # --------------------------------------------------------------- events

    def pause(self, on):
        # Stand still where it is (``on``), or carry on with the time that was left to wait.
        if on != self.clock.paused:
            self.clock.pause(on)
            self.status("paused" if on else "")

    def status(self, text):
        # The status line says ``text`` (the parts and events.py write it through this).
        self.display.status(text)
        self.changed = True

    def enter_wait(self):
        # Touch mode: wait for a touch (an automatic tour after ``idle`` seconds).
        self.state = "wait"
        self.clock.wait_for(self.idle)
        self.display.begin(self.board, "touch", "", self.tours.rule)
        self.status("touch a square to start")

    # ---------------------------------------------------------------- tours

    def start_tour(self, square):
        # Start an automatic tour from ``square`` (-1: the start setting, or random).
        self.tracing = -1
        self.changed = True
        if self.tours.start(square, self.start_mode if self.start_mode != "play" else "attract"):
            self._show("impossible")
            return
        self.state = "run"
        self.fresh = True  # the start square gets a frame of its own
        self.clock.arrived()
        self._next(True)

    def _next(self, first):
        # The next square's delay, or the tour's end shown. The first square's delay counts from
        # the next update, once the solve is done and the start is shown.
        delay = self.tours.next_delay()
        if delay < 0:
            self._show(self.tours.finish())
        elif first:
            self.clock.wait_from_next(delay)
        else:
            self.clock.wait_for(delay)

    def _show(self, kind):
        # The tour is over, its result shown: trace a closed tour, or pause.
        self.state = "show"
        self.tracing = 0 if kind == "closed" else -1
        self.clock.wait_for(0 if kind == "closed" else self.clock.pacing.pause())

    def _trace_step(self):
        # Run along the path from the start, then close the loop back onto it.
        tour = self.game.tour if self.state == "play" else self.tours.tour
        i = self.tracing
        self.changed = True
        pacing = self.clock.pacing
        if i <= tour.length:
            self.display.trace(tour.path[i if i < tour.length else 0], i + 1)
            self.tracing = i + 1
            self.clock.wait_for(pacing.trace_step(tour.length))
        else:
            self.display.trace(-1, 0)
            self.tracing = -1
            self.clock.wait_for(pacing.pause())

    def _after_show(self):
        if self.start_mode == "touch":
            self.enter_wait()
        else:
            self.start_tour(-1)

    # ----------------------------------------------------------------- play

    def start_play(self, square):
        # Enter play mode with an empty board, or with the knight on ``square``.
        game = self.game
        if game is None:
            from .play import Game  # loaded the first time play mode is used

            self.game = game = Game(self.board, self.display, self.sound, self.tours.solver, self.status)
        self.state = "play"
        self.tracing = -1
        self.changed = True
        game.start(square, self.tours.order_name())  # the hint's order
        self._moved(square >= 0)

    def play_move(self, square):
        # A touch in play mode: the start, a move, or refused; returns True if the knight moved.
        if self.game.over:
            self.start_play(square)
            return True
        self.changed = True
        return self._moved(self.game.move(square))

    def _moved(self, moved):
        if moved:
            self.clock.arrived()
            if self.game.over == "closed":
                self.tracing = 0
                self.clock.wait_for(0)
        return moved

    def undo(self):
        # Play mode: take back the last move; returns the square taken back or -1.
        if self.state != "play":
            self.status("undo: press play first")
            return -1
        if self.tracing >= 0:
            self.tracing = -1
            self.display.trace(-1, 0)
        self.changed = True
        square = self.game.undo()
        if square >= 0 and self.game.tour.length:
            self.clock.arrived()
        return square
