"""examples/: each bring-up script run unchanged on a Feather of emulated chips (sim/chips), wired as the
toy's pin map wires one: ``board`` is a stand-in whose pins are the rig's wires and whose SPI() and I2C()
are the rig's buses; ``time`` is a board clock that sleeps at once and, a few seconds of board time on,
stops the script as Ctrl-C would. The chip models answer as the datasheets say, so a script that shows
or prints what these check did talk to its chip."""

import contextlib
import io
import os
import re
import runpy
import sys
import types

import pytest

from knightstour_sim.chips import bus, shims
from knightstour_sim.chips.ili9341 import rgb565
from knightstour_sim.chips.max7219 import MAX7219
from knightstour_sim.chips.rig import tft_rig
from knightstour_sim.circuitpython.microcontroller import Pin

EXAMPLES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples")
CHIPS = ("max7219", "ili9341", "stmpe610", "tsc2007", "ft6206", "xpt2046")


class _BoardClock(types.ModuleType):
    """``time`` for a script: monotonic() is board time, sleep() moves it on; the first sleep calls
    ``then`` (the maker touches the screen once the script is waiting for it); past ``limit``
    seconds a sleep raises KeyboardInterrupt, the maker's Ctrl-C."""

    def __init__(self, limit, then=None):
        super().__init__("time")
        self.now = 0.0
        self.limit = limit
        self.then = then

    def monotonic(self):
        return self.now

    def sleep(self, seconds):
        if self.then is not None:
            self.then()
            self.then = None
        self.now += seconds
        if self.now > self.limit:
            raise KeyboardInterrupt


def feather(rig, matrix_cs):
    """A ``board`` module: the Feather pin map's names for the rig's wires."""
    board = types.ModuleType("board")
    board.board_id = "adafruit_feather_rp2040"
    board.SPI = lambda: rig.spi
    board.I2C = lambda: rig.i2c
    board.D11, board.D9, board.D10, board.D6, board.A3 = matrix_cs, rig.tft_cs, rig.tft_dc, rig.touch_cs, rig.touch_irq
    return board


def run_example(name, rig, matrix_cs=None, seconds=2, then=None):
    """Run examples/<name>_simpletest.py until its Ctrl-C: what it printed. Any other exception
    (a chip that does not answer) goes up."""
    board = feather(rig, matrix_cs or Pin("D11"))
    clock = _BoardClock(seconds, then)
    saved = {key: sys.modules.get(key) for key in ("board", "time")}
    out = io.StringIO()
    sys.modules.update(board=board, time=clock)
    try:
        with contextlib.redirect_stdout(out):
            runpy.run_path(os.path.join(EXAMPLES, name + "_simpletest.py"), run_name="__main__")
    except KeyboardInterrupt:
        pass
    finally:
        for key, module in saved.items():
            if module is None:
                sys.modules.pop(key, None)
            else:
                sys.modules[key] = module
    assert clock.now > seconds  # it ran until the Ctrl-C
    return out.getvalue()


def touches(output):
    return [tuple(int(n) for n in re.findall(r"\d+", line)) for line in output.splitlines() if line.startswith("touch")]


def test_there_is_one_script_per_chip_driver():
    assert sorted(name for name in os.listdir(EXAMPLES) if name.endswith(".py")) == \
        sorted(chip + "_simpletest.py" for chip in CHIPS)


def test_max7219_lights_a_chequerboard():
    shims.install()
    with tft_rig(touch=None) as rig:
        chip = MAX7219()
        cs = Pin("D11")
        bus.attach_spi(chip, cs)
        output = run_example("max7219", rig, cs)
    assert "MAX7219: a chequerboard should be lit" in output
    assert chip.leds == [[(x + y) % 2 == 1 for x in range(8)] for y in range(8)]
    assert not chip.shutdown and chip.scan_limit == 7 and chip.intensity in range(16)


def test_ili9341_shows_four_stripes():
    with tft_rig(touch=None) as rig, shims.skip_sleeps():
        output = run_example("ili9341", rig)
        screen = rig.display_chip
        colours = [screen.screen_pixel(x, 120) for x in (40, 120, 200, 280)]
    assert "ILI9341: red, green, blue and red stripes" in output
    red, green, blue = rgb565(255, 0, 0), rgb565(0, 255, 0), rgb565(0, 0, 255)
    assert colours == [red, green, blue, red]


def test_stmpe610_answers_and_reports_a_touch():
    with tft_rig(touch="stmpe610") as rig, shims.skip_sleeps():
        output = run_example("stmpe610", rig, then=lambda: rig.touch_chip.touch(2000, 1000, pressure=0x40))
    assert "STMPE610: it answered with its chip id 0x0811" in output
    assert touches(output) == [(2000, 1000, 0x40)]


@pytest.mark.parametrize("chip", ["tsc2007", "xpt2046"])
def test_a_resistive_controller_reports_a_touch(chip):
    with tft_rig(touch=chip) as rig:
        output = run_example(chip, rig, then=lambda: rig.touch_chip.touch(3000, 1200))
    assert "%s: it answered" % chip.upper() in output
    assert len(touches(output)) >= 1
    for x, y in touches(output):
        assert abs(x - 3000) <= 40 and abs(y - 1200) <= 40


def test_ft6206_answers_and_reports_a_touch():
    with tft_rig(touch="ft6206") as rig:
        output = run_example("ft6206", rig, then=lambda: rig.touch_chip.touch(100, 200))
    assert "FT6206: it answered at I2C 0x38" in output
    assert touches(output) == [(100, 200)]


@pytest.mark.parametrize("chip", ["stmpe610", "tsc2007", "ft6206", "xpt2046"])
def test_a_missing_chip_stops_the_script_at_its_start(chip):
    with tft_rig(touch=None) as rig, shims.skip_sleeps(), pytest.raises((RuntimeError, OSError)):
        run_example(chip, rig)
