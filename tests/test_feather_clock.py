"""The toy's clock on a board: supervisor.ticks_ms() starts at 0x1fff0000 after boot and wraps at
2**29, so it wraps 65.536 s after boot and then every 6.2 days; the toy folds it below 2**20 ms
(hw/feather.py clock()), which wraps every 1048.576 s besides. code.py, unchanged, on the
stand-in Feather under MicroPython, its tours crossing each wrap: every move comes at its pace
(no stall until the clock comes back, no burst of moves), on the harness's clock (no sleeping)."""

import pytest

from knightstour_sim.harness.drive import feather_settings

from support.feather import HEAP, run_to_the_end

PACE_MS = 100
FIRST_WRAP = 0x20000000 - 0x1FFF0000  # ms after boot: ticks_ms() wraps to 0
FOLD = 1 << 20  # the toy's clock wraps when ticks_ms() crosses a multiple of 2**20


@pytest.mark.parametrize("display", ["max7219", "ili9341"])
@pytest.mark.parametrize("uptime_ms", [FIRST_WRAP - 3000, FIRST_WRAP + FOLD - 3000, FIRST_WRAP + (1 << 29) - 3000],
                         ids=["65 s after boot", "the 2**20 fold", "2**29 ticks later"])
@pytest.mark.parametrize("float30", [False, True], ids=["doubles", "30-bit floats"])
def test_tours_keep_their_pace_across_the_clocks_wraps(node, display, uptime_ms, float30):
    settings = feather_settings(display, extra={"KNIGHTSTOUR_SPEED": 1, "KNIGHTSTOUR_PACE_FIRST_MS": PACE_MS,
                                                "KNIGHTSTOUR_PACE_LAST_MS": PACE_MS})
    _, result = run_to_the_end(node, display=display, tours=2, heap=HEAP[display], settings=settings, uptime_ms=uptime_ms,
                     float30=float30, timeout=180)  # a clock that stalls at the wrap would run for 1048 s of steps
    assert result["tours"] == 2
    assert result["uptime_ms"] > uptime_ms + 3000 + 2 * PACE_MS  # the run crossed the wrap, moving
    assert result["moves_timed"] >= 2 * 62
    assert PACE_MS <= result["shortest_gap_ms"] and result["longest_gap_ms"] <= PACE_MS + 25, result


FLOAT30 = """
from _float30 import float30
for x in (1048.5761, 1.0, 0.1, 983.04):
    print(repr(float30(x)))
"""


def test_the_harness_rounds_floats_as_a_board_keeps_them(node, tmp_path):
    import shutil
    import struct

    from knightstour_sim.harness import drive

    from support.micropython import run_micropython

    shutil.copy(drive.STAND_INS_DIR + "/_float30.py", tmp_path)
    script = tmp_path / "float30.py"
    script.write_text(FLOAT30)
    proc = run_micropython(node, script, heap=256 * 1024)
    assert proc.returncode == 0, proc.stderr
    got = [float(line) for line in proc.stdout.split()]
    for x, value in zip((1048.5761, 1.0, 0.1, 983.04), got):
        bits = struct.unpack("<I", struct.pack("<f", x))[0] & ~3  # single precision, 2 low bits dropped
        assert value == struct.unpack("<f", struct.pack("<I", bits))[0]
    assert got[0] != 1048.5761 and abs(got[0] - 1048.5761) < 1e-3  # 22-bit mantissa: ~0.5 ms steps here
