"""10,000 attract tours under CPython: no memory growth between the first and the last thousand."""

import gc
import random
import tracemalloc

import pytest

from knightstour.app import App
from knightstour.settings import Settings


def run_tours(app, count):
    now = 0.0
    while app.tours.count < count:
        now += app.update(now)


@pytest.mark.slow
def test_no_memory_growth_over_10000_tours():
    settings = Settings()
    settings.set("speed", "0")
    app = App(settings, rng=random.Random(10000))
    tracemalloc.start()
    try:
        run_tours(app, 1000)
        gc.collect()
        after_1000, _ = tracemalloc.get_traced_memory()
        tracemalloc.reset_peak()
        run_tours(app, 10000)
        gc.collect()
        after_10000, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    print(
        "traced memory after tour 1000: %d bytes, after tour 10000: %d bytes (growth %+d), "
        "peak in between %d; %d complete, %d closed, %d stuck"
        % (after_1000, after_10000, after_10000 - after_1000, peak, app.tours.complete, app.tours.closed, app.tours.stuck)
    )
    assert app.tours.count == 10000 and app.tours.complete == 10000
    assert after_10000 - after_1000 < 1024  # tiny noise only
