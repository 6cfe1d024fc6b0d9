"""device/code.py, unchanged, on a stand-in Feather M4 with the TFT FeatherWing V2 (a TSC2007 at
0x48, PENIRQ on D6) under the 32-bit MicroPython port at the TFT's fixed heap: KNIGHTSTOUR_TOUCH
left at "auto" finds the TSC2007 and a touch starts a tour on that square."""

from test_feather import HEAP
from test_micropython import node as node  # noqa: F401,PLC0414  (the fixture)

from knightstour.hw.keys import TOUCH_DEFAULTS
from knightstour.hw.touch import TouchMapper
from knightstour_sim.circuitpython.drive import run_feather


def raw_for(square):
    """Raw TSC2007 readings its default calibration maps to ``square``'s cell centre (8x8 board,
    30 px cells, a1 at the bottom left)."""
    c = TOUCH_DEFAULTS["tsc2007"]
    mapper = TouchMapper(c["x0"], c["x1"], c["y0"], c["y1"], c["swap"])
    x, y = (square % 8) * 30 + 15, (7 - square // 8) * 30 + 15
    a = round(c["x0"] + x * (c["x1"] - c["x0"]) / 319)
    b = round(c["y0"] + y * (c["y1"] - c["y0"]) / 239)
    raw = (b, a) if c["swap"] else (a, b)
    assert mapper.landscape(*raw) == (x, y)
    return raw


def test_a_touch_on_the_v2_wing_starts_a_tour_on_that_square(node):  # noqa: F811
    square = 42  # c6
    raw_x, raw_y = raw_for(square)
    proc, result = run_feather(node, display="ili9341", touch="auto", chip="tsc2007", tours=3,
                               heap=HEAP["ili9341"], press=(raw_x, raw_y, 5), mpy=True)
    assert proc.returncode == 0 and result is not None, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert result["touched_start"] == square
    assert result["tours"] == 3
