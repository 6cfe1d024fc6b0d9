"""The toy's clock on a board: supervisor.ticks_ms() starts at 0x1fff0000 after boot and wraps at
2**29, so it wraps 65.536 s after boot and then every 6.2 days; the toy folds it below 2**20 ms
(hw/feather.py clock()), which wraps every 1048.576 s besides. code.py, unchanged, on the
stand-in Feather under MicroPython, its tours crossing each wrap: every move comes at its pace
(no stall until the clock comes back, no burst of moves), on the harness's clock (no sleeping)."""

import pytest
from test_feather import HEAP, _run, node  # noqa: F401  (node: a fixture)

from knightstour_sim.circuitpython.drive import feather_settings

PACE_MS = 100
FIRST_WRAP = 0x20000000 - 0x1FFF0000  # ms after boot: ticks_ms() wraps to 0
FOLD = 1 << 20  # the toy's clock wraps when ticks_ms() crosses a multiple of 2**20


@pytest.mark.parametrize("display", ["max7219", "ili9341"])
@pytest.mark.parametrize("uptime_ms", [FIRST_WRAP - 3000, FIRST_WRAP + FOLD - 3000, FIRST_WRAP + (1 << 29) - 3000],
                         ids=["65 s after boot", "the 2**20 fold", "2**29 ticks later"])
def test_tours_keep_their_pace_across_the_clocks_wraps(node, display, uptime_ms):  # noqa: F811
    settings = feather_settings(display, extra={"KNIGHTSTOUR_SPEED": 1, "KNIGHTSTOUR_PACE_FIRST_MS": PACE_MS,
                                                "KNIGHTSTOUR_PACE_LAST_MS": PACE_MS})
    _, result = _run(node, display=display, tours=2, heap=HEAP[display], settings=settings, uptime_ms=uptime_ms,
                     timeout=180)  # a clock that stalls at the wrap would run for 1048 s of steps
    assert result["tours"] == 2
    assert result["uptime_ms"] > uptime_ms + 3000 + 2 * PACE_MS  # the run crossed the wrap, moving
    assert result["moves_timed"] >= 2 * 62
    assert PACE_MS <= result["shortest_gap_ms"] and result["longest_gap_ms"] <= PACE_MS + 25, result
