"""device/code.py, unchanged, on a stand-in Feather under MicroPython (sim/circuitpython) with the
new inputs: an ILI9341 module's XPT2046 (KNIGHTSTOUR_TOUCH = "xpt2046", T_CS on D6, T_IRQ on A3)
in the TFT toy's heap, and the push buttons of the MAX7219 toy (A1, A2) in the matrix toy's."""

from test_micropython import node as node  # noqa: F401,PLC0414  (the fixture)

from knightstour.hw.feather import NEEDS_KB
from knightstour.hw.wiring.touch_chips import defaults as touch_defaults
from knightstour_sim.circuitpython.drive import run_feather
from knightstour_sim.touch_raw import raw_touch


def _run(node, **kwargs):  # noqa: F811
    proc, result = run_feather(node, mpy=True, **kwargs)
    assert proc.returncode == 0 and result is not None, proc.stdout[-2000:] + proc.stderr[-2000:]
    return result


def test_the_tft_toy_with_an_xpt2046_runs_in_the_tft_toys_heap_and_a_touch_starts_a_tour(node):  # noqa: F811
    square = 19  # d3: its cell's centre on the 8x8 board, 26 px cells from 16 px below the top
    defaults = touch_defaults("xpt2046")
    calibration = tuple(defaults[name] for name in ("x0", "x1", "y0", "y1", "swap"))
    raw_x, raw_y = raw_touch(calibration, (square % 8) * 26 + 13, (7 - square // 8) * 26 + 13 + 16, 0)
    result = _run(node, display="ili9341", touch="xpt2046", tours=20, heap=NEEDS_KB["ili9341"][0] * 1024,
                  press=(raw_x, raw_y, 5))
    assert result["touched_start"] == square
    assert result["tours"] == 20


# (pin, step down, step up), 10 ms a step: B held (slower: from no delay to x32), B held again
# (x16), B tapped (faster: x32); A held (pause), A held again (carry on); A tapped (a new tour)
PRESSES = (("A2", 20, 100), ("A2", 150, 230), ("A2", 300, 310),
           ("A1", 400, 480), ("A1", 700, 780), ("A1", 900, 910))


def test_the_matrix_toys_buttons_under_micropython_in_its_heap(node):  # noqa: F811
    result = _run(node, display="max7219", tours=20, heap=NEEDS_KB["max7219"][0] * 1024, buttons=PRESSES)
    assert result["tours"] == 20
    assert result["speed"] == "32" and result["paused"] == 0
    assert 150 <= result["paused_steps"] <= 320  # from about step 470 to about step 770, 10-20 ms a step


def test_without_presses_the_buttons_do_nothing(node):  # noqa: F811
    result = _run(node, display="max7219", tours=3, heap=NEEDS_KB["max7219"][0] * 1024, buttons=(("A4", 5, 6),))
    assert result["tours"] == 3 and result["speed"] == "0" and "paused_steps" not in result
