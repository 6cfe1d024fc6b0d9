"""Pacing: the delay before each move grows as the board fills.

Seed 004: "it tries to suggest that it becomes more difficult towards the
end". The delay before move ``n`` of ``total`` runs from ``first`` (the
second square) to ``last`` (the last square) along a curve:

    t = (n - 2) / (total - 2)      (0 for the first move, 1 for the last)
    linear       first + (last - first) * t
    quadratic    first + (last - first) * t * t        (slow at the very end)
    cubic        first + (last - first) * t * t * t
    exponential  first * (last / first) ** t           (same ratio every move)

then divided by the speed factor (2 = twice as fast; 0 = no delay at all, for
tests and benchmarks). With ``first <= last`` the delay never decreases from
one move to the next.
"""

SHAPES = ("linear", "quadratic", "cubic", "exponential")
SHAPE_HELP = "a pacing shape is one of " + ", ".join(SHAPES)

# The speed factor's ladder for the faster/slower commands.
SPEEDS = (0.125, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 0.0)


def check_shape(name):
    shape = str(name).strip().lower()
    if shape not in SHAPES:
        raise ValueError("bad pacing shape %r: %s" % (name, SHAPE_HELP))
    return shape


class Pacing:
    """Delays in seconds for a tour's moves, a result pause and the celebration."""

    def __init__(self, first=0.06, last=0.6, shape="quadratic", speed=1.0, pause=3.0):
        if first < 0 or last < first:
            raise ValueError("pacing needs 0 <= first <= last (got %r and %r)" % (first, last))
        if speed < 0:
            raise ValueError("the speed factor must be 0 (no delay) or more, not %r" % (speed,))
        self.first = float(first)
        self.last = float(last)
        self.shape = check_shape(shape)
        self.speed = float(speed)
        self.pause_seconds = float(pause)

    def delay(self, number, total):
        """Seconds to wait before showing move ``number`` (2..total) of a ``total``-square tour."""
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
        """Seconds the result stays on show before the next tour."""
        if self.speed == 0:
            return 0.0
        return self.pause_seconds / self.speed

    def trace_step(self, total):
        """Seconds per square of a closed tour's celebration trace (a second or two in all)."""
        if self.speed == 0:
            return 0.0
        step = 1.5 / (total + 1)
        if step > 0.05:
            step = 0.05
        return step / self.speed

    def faster(self):
        """Move one step up the speed ladder; return the new speed factor."""
        self.speed = _ladder(self.speed, 1)
        return self.speed

    def slower(self):
        self.speed = _ladder(self.speed, -1)
        return self.speed


def from_settings(settings):
    """The Pacing of a settings object (settings.Settings, or the Feather's values after start)."""
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
