"""Settings, apps and simulators made from a few values, as the tests write them."""

from knightstour.app import App
from knightstour.settings import Settings
from knightstour_sim.simulator import FakeClock, Simulator


def make_settings(**values):
    """Settings with ``values`` set by their names, each of them accepted."""
    settings = Settings()
    for name, value in values.items():
        error = settings.set(name, value)
        assert error is None, error
    return settings


def play_sim(**values):
    """The simulator in play mode (a fake clock), waiting for the first move."""
    sim = Simulator(make_settings(**dict({"mode": "play"}, **values)), clock=FakeClock(), seed=4)
    sim.update()
    assert sim.app.state == "play"
    return sim


class FixedRng:
    """Always picks the same index: one order for every tour."""

    def __init__(self, index):
        self.index = index

    def randrange(self, n):
        return self.index % n


def make_app(size, index=0, display=None, sound=None, **values):
    """The app on a ``size`` board at full speed, every tour with the order at ``index``."""
    settings = make_settings(**dict(size=size, speed="0", sound="on", **values))
    app = App(settings, display=display, sound=sound, rng=FixedRng(index))
    app.update(0.0)  # an attract tour starts by itself; a touch (run_tour) cuts it short
    return app


def run_tour(app, start):
    """Start a tour on ``start`` (a touch) and run it to its end with a fake clock."""
    now = 0.0
    tours_before = app.tours.count
    app.handle(start)
    while app.tours.count == tours_before:
        now += app.update(now)


def show_an_impossible_start(display, board):
    """Show on ``display`` what the toy shows for b1 on a 5x5 ``board``, a start with no tour:
    (b1, the reason shown)."""
    b1 = board.parse_square("b1")
    reason = "no tour from b1: on 5x5 a tour starts on a square of the colour of a1"
    display.begin(board, "attract", "abcdefgh", "border")
    display.light(b1, 1)
    display.knight(b1)
    display.status(reason)
    display.result("impossible", 1, b1)
    return b1, reason
