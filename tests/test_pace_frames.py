"""What the eye sees frame by frame, on a simulated clock: the knight is lit on the frame it
arrives and every frame adds at most one square, the start square keeps its whole delay however
long the solve took, and the pace absorbs the time spent drawing."""

import pytest

from knightstour.app import App
from knightstour.hw.views.matrix import MatrixDisplay
from knightstour.settings import Settings
from knightstour_desktop.commands.run import run_forever


class FrameMatrix:
    """A max7219.MAX7219 stand-in that keeps each shown frame: the set of lit (x, y)."""

    def __init__(self):
        self.lit = set()
        self.frames = []

    def pixel(self, x, y, value):
        if value:
            self.lit.add((x, y))
        else:
            self.lit.discard((x, y))

    def fill(self, value):
        self.lit = {(x, y) for x in range(8) for y in range(8)} if value else set()

    def brightness(self, value):
        pass

    def show(self):
        self.frames.append(frozenset(self.lit))


def settings_for(**values):
    settings = Settings()
    for key, value in values.items():
        settings.set(key, str(value))
    return settings


# Constant delays from well under one blink phase (0.25 s) to several, and steps of the clock
# that do not divide them: the moves land at every phase of the blink.
DELAYS_MS = [60, 180, 260, 310, 370, 440, 500, 590, 730, 1010]


@pytest.mark.parametrize("delay_ms", DELAYS_MS)
@pytest.mark.parametrize("tick", [0.007, 0.02])
def test_each_frame_adds_one_square_at_most_and_the_knight_lit(delay_ms, tick):
    matrix = FrameMatrix()
    display = MatrixDisplay(matrix)
    settings = settings_for(seed=3, pace_first_ms=delay_ms, pace_last_ms=delay_ms, pace_shape="linear")
    app = App(settings, display)
    now = 0.0
    arrivals = 0
    length = 0
    while app.tours.count < 2 and now < 200:
        frames = len(matrix.frames)
        running = app.state == "run"
        wait = app.update(now)
        if app.state == "run" and running and len(matrix.frames) > frames:
            before, after = matrix.frames[-2], matrix.frames[-1]
            new = after - before
            assert len(new) <= 1, "%d new squares in one frame at %.3f s" % (len(new), now)
        if app.state == "run" and app.tours.tour.length != length:
            length = app.tours.tour.length
            x, y = app.tours.tour.square % 8, 7 - app.tours.tour.square // 8
            assert (x, y) in matrix.lit, "the knight arrived dark on move %d" % length
            arrivals += 1
        now += min(wait, tick) if wait > 0 else tick
    assert app.tours.count == 2 and arrivals > 100


def test_the_knight_blinks_between_slow_moves():
    matrix = FrameMatrix()
    display = MatrixDisplay(matrix)
    app = App(settings_for(seed=3, pace_first_ms=1000, pace_last_ms=1000, pace_shape="linear"), display)
    now = 0.0
    dark = 0
    while app.tours.tour.length < 6:
        app.update(now)
        square = app.tours.tour.square
        if app.state == "run" and (square % 8, 7 - square // 8) not in matrix.lit:
            dark += 1
        now += 0.01
    assert dark > 0  # it still blinks where there is time for a whole dark phase and back


def test_the_start_keeps_its_whole_delay_however_long_the_solve():
    app = App(settings_for(seed=5, pace_first_ms=60, pace_last_ms=600))
    solve = 0.040  # the RP2040's solve: the main loop's next update comes that much later
    app.update(0.0)  # solves and shows the start square
    assert app.state == "run" and app.tours.tour.length == 1
    now = solve
    while app.tours.tour.length == 1:
        wait = app.update(now)
        if app.tours.tour.length == 1:
            now += wait if wait > 0 else 0.001
    shown = now - solve  # from the frame that showed the start to the first move
    assert shown == pytest.approx(0.060, abs=0.002)


class SlowFlush:
    """A display whose flush takes ``cost`` seconds of the fake clock (a TFT's SPI transfer)."""

    def __init__(self, clock, cost):
        self.clock = clock
        self.cost = cost

    max_width = max_height = 32

    def __getattr__(self, name):
        return lambda *args: None

    def flush(self):
        self.clock.now += self.cost


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now

    def sleep(self, seconds):
        self.now += seconds


@pytest.mark.parametrize("delay_ms, drawing, gap", [
    (100, 0.025, 0.100),  # the drawing inside the delay
    (10, 0.025, 0.025),  # a delay shorter than the drawing (the fastest speeds): the drawing's pace
    (30, 0.025, 0.030),
])
def test_the_pace_absorbs_the_time_spent_drawing(delay_ms, drawing, gap):
    clock = Clock()
    app = App(settings_for(seed=2, pace_first_ms=delay_ms, pace_last_ms=delay_ms, pace_shape="linear"),
              SlowFlush(clock, drawing))
    moved = []

    def until(app):
        if app.state == "run" and app.tours.tour.length > len(moved):
            moved.append(clock.now)
        return len(moved) >= 20

    run_forever(app, clock, clock.sleep, until=until)
    gaps = [b - a for a, b in zip(moved[1:], moved[2:])]
    # a move every delay (or every drawing when that takes longer), not every delay plus drawing
    assert sum(gaps) / len(gaps) == pytest.approx(gap, abs=0.001), gaps
