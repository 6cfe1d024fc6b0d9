"""The attract loop's share of closed tours on every square board from 5x5 to 16x16.

1000 tours per size in the app with null ports (no display, no input, no sound), speed 0, a
fixed seed, each size's own super orders and the border rule. Odd boards cannot close a tour;
there about half the random starts have none, and the toy says why ("impossible").

Run: .venv/bin/python -m benchmarks.attract_share [TOURS]
"""

import random
import sys
import time

from knightstour.app import App
from knightstour.settings import Settings


def attract(size, tours, seed=2026):
    """Run ``tours`` attract tours; return the app (its counters)."""
    settings = Settings()
    for name, value in (("size", size), ("speed", "0"), ("mode", "attract")):
        error = settings.set(name, value)
        assert error is None, error
    app = App(settings, rng=random.Random(seed))
    now = 0.0
    while app.tours.count < tours:
        now += app.update(now)
    return app


def main():
    tours = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    print("size   tours  closed  complete  stuck  impossible  closed share   (%d attract tours each)" % tours)
    for side in range(5, 17):
        began = time.perf_counter()
        app = attract("%dx%d" % (side, side), tours)
        print("%-6s %5d  %6d  %8d  %5d  %10d  %11.1f%%   %.1f s" % (
            app.board.size_name, app.tours.count, app.tours.closed, app.tours.complete, app.tours.stuck, app.tours.impossible,
            100.0 * app.tours.closed / app.tours.count, time.perf_counter() - began))


if __name__ == "__main__":
    main()
