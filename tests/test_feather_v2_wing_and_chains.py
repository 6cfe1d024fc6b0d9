"""device/code.py, unchanged, on a stand-in Feather M4 under the 32-bit MicroPython port at the
fixed heaps of tests/test_feather.py (a chain: CHAIN_HEAP), with the TFT
FeatherWing V2 (a TSC2007 at 0x48, PENIRQ on D6: KNIGHTSTOUR_TOUCH left at "auto" finds it and a
touch starts a tour on that square) and MAX7219 chains (a 32x8 row, a 2x2 with a 16x16 board)."""

from knightstour.hw.inputs.touch import TouchMapper
from knightstour.hw.wiring.touch_chips import defaults as touch_defaults
from knightstour_sim.harness.drive import run_feather

from support.feather import HEAP


def raw_for(square):
    """Raw TSC2007 readings its default calibration maps to ``square``'s cell centre (8x8 board,
    26 px cells from 16 px below the top, a1 at the bottom left)."""
    c = touch_defaults("tsc2007")
    mapper = TouchMapper(c["x0"], c["x1"], c["y0"], c["y1"], c["swap"])
    x, y = (square % 8) * 26 + 13, (7 - square // 8) * 26 + 13 + 16
    a = round(c["x0"] + x * (c["x1"] - c["x0"]) / 319)
    b = round(c["y0"] + y * (c["y1"] - c["y0"]) / 239)
    raw = (b, a) if c["swap"] else (a, b)
    assert mapper.landscape(*raw) == (x, y)
    return raw


def test_a_touch_on_the_v2_wing_starts_a_tour_on_that_square(node):
    square = 42  # c6
    raw_x, raw_y = raw_for(square)
    proc, result = run_feather(node, display="ili9341", touch="auto", chip="tsc2007", tours=3,
                               heap=HEAP["ili9341"], press=(raw_x, raw_y, 5), mpy=True)
    assert proc.returncode == 0 and result is not None, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert result["touched_start"] == square
    assert result["tours"] == 3


# A chain needs more than the 8x8 matrix toy's heap (NEEDS_KB): views/chain.py, and the 2x2's 16x16
# board (its tour tables). 68 KB is the smallest free heap in which the 2x2 ran 5 tours
# (run_feather, 2 KB steps, 2026-11-22).
CHAIN_HEAP = 70 * 1024


def test_a_32x8_chain_and_a_2x2_run_in_a_fixed_heap(node):
    from knightstour_sim.harness.drive import feather_settings

    for chain, size in (("4", "8x8"), ("4 2x2", "16x16")):
        settings = feather_settings("max7219", size=size, extra={"KNIGHTSTOUR_MATRIX_CHAIN": chain})
        proc, result = run_feather(node, display="max7219", tours=5, heap=CHAIN_HEAP, settings=settings,
                                   mpy=True)
        assert proc.returncode == 0 and result is not None, chain + proc.stdout[-2000:] + proc.stderr[-2000:]
        assert result["tours"] == 5
        assert "knightstour:" not in proc.stdout  # no message: the setting was read, the chain built
