"""10,000 tours in the simulator's model (the app, the recording display, queued input, the
sound log): memory after the last thousand tours no bigger than after the first thousand."""

import gc
import tracemalloc

import pytest

from knightstour.settings import Settings
from knightstour_sim.simulator import FakeClock, Simulator


@pytest.mark.slow
def test_simulator_memory_is_flat_over_10000_tours():
    settings = Settings()
    settings.set("speed", "0")
    sim = Simulator(settings, display="both", clock=FakeClock(), seed=10000)
    tracemalloc.start()
    try:
        sim.run_fake(lambda s: s.app.tours.count >= 1000, limit=10 ** 8)
        gc.collect()
        after_1000, _ = tracemalloc.get_traced_memory()
        sim.run_fake(lambda s: s.app.tours.count >= 10000, limit=10 ** 8)
        gc.collect()
        after_10000, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    print("simulator: traced memory after tour 1000: %d bytes, after tour 10000: %d bytes (growth %+d)"
          % (after_1000, after_10000, after_10000 - after_1000))
    assert sim.app.tours.count == 10000
    assert after_10000 - after_1000 < 4096  # the bounded sound log's slack only: no growth per tour
    assert sim.sound.counts["tick"] >= 10000 * 60  # the sounds were asked for, and counted
