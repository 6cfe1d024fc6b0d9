"""Pacing: the delay before each move grows as the board fills."""

# A tour should look harder towards its end, so the delay grows. The delay
# before move ``n`` of ``total`` runs from ``first`` (the second square) to
# ``last`` (the last square) along a curve:
#
#     t = (n - 2) / (total - 2)      (0 for the first move, 1 for the last)
#     linear       first + (last - first) * t
#     quadratic    first + (last - first) * t * t        (slow at the very end)
#     cubic        first + (last - first) * t * t * t
#     exponential  first * (last / first) ** t           (same ratio every move)
#
# then divided by the speed factor (2 = twice as fast; 0 = no delay at all, for
# tests and benchmarks). With ``first <= last`` the delay never decreases from
# one move to the next.

SHAPES = ("linear", "quadratic", "cubic", "exponential")

# The speed factor's ladder for the faster/slower commands.
SPEEDS = (0.125, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 0.0)


class Pacing:
    # Delays in seconds for a tour's moves, a result pause and the celebration.

    def __init__(self, first=0.06, last=0.6, shape="quadratic", speed=1.0, pause=3.0):
        name = str(shape).strip().lower()
        if first < 0 or last < first or speed < 0 or name not in SHAPES:
            # The line is built elsewhere: a board's values are checked with its settings.
            from .pacing_errors import bad_pacing

            raise ValueError(bad_pacing(first, last, shape, speed, SHAPES))
        self.first = float(first)
        self.last = float(last)
        self.shape = name
        self.speed = float(speed)
        self.pause_seconds = float(pause)

    def delay(self, number, total):
        # Seconds to wait before showing move ``number`` (2..total) of a ``total``-square tour.
        if self.speed == 0:
            return 0.0
        if total <= 2:
            t = 1.0
        else:
            t = (number - 2) / (total - 2)
            if t < 0:
                t = 0.0
            elif t > 1:
                t = 1.0
        first = self.first
        span = self.last - first
        shape = self.shape
        if shape == "linear":
            d = first + span * t
        elif shape == "quadratic":
            d = first + span * t * t
        elif shape == "cubic":
            d = first + span * t * t * t
        elif first > 0:
            d = first * (self.last / first) ** t
        else:
            d = span * t
        return d / self.speed

    def pause(self):
        # Seconds the result stays on show before the next tour.
        if self.speed == 0:
            return 0.0
        return self.pause_seconds / self.speed

    def trace_step(self, total):
        # Seconds per square of a closed tour's celebration trace (a second or two in all).
        if self.speed == 0:
            return 0.0
        step = 1.5 / (total + 1)
        if step > 0.05:
            step = 0.05
        return step / self.speed

    def faster(self, around=False):
        # Move one step up the speed ladder; return the new speed factor. ``around``: past no
        # delay comes half speed (the TFT's one speed button).
        self.speed = 0.5 if around and not self.speed else _ladder(self.speed, 1)
        return self.speed

    def slower(self):
        self.speed = _ladder(self.speed, -1)
        return self.speed


def from_settings(settings):
    # The Pacing of a settings object (settings.Settings, or the Feather's values after start).
    return Pacing(settings.pace_first_ms / 1000.0, settings.pace_last_ms / 1000.0, settings.pace_shape,
                  settings.speed, settings.pause_ms / 1000.0)


def _ladder(speed, direction):
    # Find the nearest rung, then step; 0 (no delay) sits above the fastest rung.
    index = len(SPEEDS) - 1
    if speed > 0:
        index = 0
        for i in range(len(SPEEDS) - 1):
            if SPEEDS[i] <= speed:
                index = i
    index += direction
    if index < 0:
        index = 0
    if index >= len(SPEEDS):
        index = len(SPEEDS) - 1
    return SPEEDS[index]


def speed_name(speed):
    if speed == 0:
        return "no delay"
    if speed >= 1:
        return "x%d" % speed if speed == int(speed) else "x%.2f" % speed
    return "x1/%d" % round(1 / speed)


BLINK = 0.25  # seconds per blink phase of the knight's square


class Clock:
    # The app's timing part: the time, what is due when, the pause, and the knight's blink.
    # App tells it the time (``tick``), what to wait for (``wait_for``; ``wait_from_next``: a
    # delay that begins at the next update, the start square's, so the solve is not taken from
    # it) and when the knight moves (``arrived``); it answers whether something is due
    # (``is_due``), which blink phase to show (``blink``) and how long App may sleep (``wait``).
    # ``wrap``: seconds after which the caller's clock wraps to 0 (0: never). On CircuitPython,
    # whose floats have 22 bits of mantissa, time.monotonic() gets coarse after hours of uptime
    # (about 20 ms steps after a day), so a toy left on for days should pass a wrapping clock
    # such as ``(supervisor.ticks_ms() & 0xFFFFF) / 1000`` and set ``wrap = 1048.576`` (every 17
    # minutes, in 1/4 ms steps). If the clock goes back with ``wrap`` unset, the time that was
    # left to wait is kept.

    def __init__(self, pacing):
        self.pacing = pacing
        self.now = 0.0
        self.due = 0.0
        self.wrap = 0
        self.paused = False  # the "pause" command: nothing moves on its own
        self.paused_left = 0.0  # the wait that was left when it paused
        self.starting = -1.0  # wait_from_next's delay until the next update takes it, else -1
        self.blink_from = 0.0  # when the knight last moved: its blink counts from there
        self.blink_phase = -1  # the phase shown: 0 lit, 1 dark, -1 no knight blinking

    def tick(self, now):
        # The caller's time now; a clock that went back wrapped (``wrap``) or was reset (then
        # what was left to wait is kept).
        if now < self.now:
            shift = -self.wrap if self.wrap else now - self.now
            self.due += shift
            self.blink_from += shift
        self.now = now

    def is_due(self):
        # A microsecond early counts as due: float rounding must not leave a caller that
        # sleeps exactly what wait() returned one ulp short forever.
        return self.now >= self.due or self.due - self.now < 1e-6

    def wait_for(self, delay):
        # Due ``delay`` seconds from now (no new float when there is no delay).
        self.due = self.now + delay if delay else self.now
        self.starting = -1.0  # a start's delay still waiting for the next update is dropped

    def wait_from_next(self, delay):
        self.starting = delay

    def take_start(self):
        # At the update after wait_from_next: the delay begins now; False if none was waiting.
        if self.starting < 0:
            return False
        self.blink_from = self.now
        self.wait_for(self.starting)
        self.starting = -1.0
        return True

    def pause(self, on):
        # Stand still (``on``), or carry on with the time that was left to wait.
        self.paused = on
        if on:
            if self.starting >= 0:
                self.paused_left = self.starting
                self.starting = -1.0
            else:
                self.paused_left = self.due - self.now if self.due > self.now else 0.0
        else:
            self.wait_for(self.paused_left)

    def arrived(self):
        # The knight moved: its blink starts again, lit (the display shows it lit).
        self.blink_from = self.now
        if self.blink_phase > 0:
            self.blink_phase = 0

    def _blinks(self):
        # Blink phases since the knight arrived; a microsecond short of a phase's end counts as
        # its end (float rounding), as in is_due: the wait to the next one is never zero.
        return int((self.now - self.blink_from + 1e-6) / BLINK)

    def blink(self, shown, running):
        # The phase to show now if it changed (0 lit, 1 dark), else -1. ``shown``: a knight
        # blinks; ``running``: a tour runs, whose knight goes dark only for a phase that ends (by a
        # millisecond: a frame) before the next move: lit when it moves on, a move's frame lights
        # one new square, never its old square and its new.
        if not shown:
            self.blink_phase = -1
            return -1
        n = self._blinks()
        phase = n % 2
        if phase and running and not self.paused and self.blink_from + (n + 1) * BLINK > self.due - 0.001:
            phase = 0
        if phase == self.blink_phase:
            return -1
        old = self.blink_phase
        self.blink_phase = phase
        return phase if old >= 0 else -1

    def wait(self, timed, shown, idle):
        # Seconds until something of App's is due: ``timed`` if it waits for ``due``, ``shown``
        # if a knight blinks, at most ``idle``.
        wait = idle
        if self.paused:
            pass
        elif self.starting >= 0:
            return 0.0  # at once: the start square's delay begins at the next update
        elif timed:
            if self.is_due():
                return 0.0  # no float arithmetic: nothing allocated when running flat out
            wait = self.due - self.now
        if shown:
            blink = self.blink_from + (self._blinks() + 1) * BLINK - self.now
            if blink < wait:
                wait = blink
        if wait < 0:
            wait = 0.0
        return wait
