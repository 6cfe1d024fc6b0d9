"""device/code.py, unchanged, on a stand-in Feather: the drive laid out as deploy lays it out
(sim/harness/drive.py), under the 32-bit MicroPython WebAssembly port, with the
CircuitPython stand-ins of sim/circuitpython. Deterministic (the harness's clock), not timed.
A heap here is the free heap code.py starts with, as on a board after boot: the stand-ins and
the harness are loaded first and a ballast takes the rest. The heaps are hw/feather.py's
NEEDS_KB, what the toy needs today (benchmarks/feather_heap.py finds the smallest)."""

import pytest

from knightstour.hw.feather import NEEDS_KB
from knightstour.hw.inputs.touch import TouchMapper
from knightstour_sim.harness.drive import feather_settings, run_feather

from support.feather import HEAP, run_to_the_end
from support.micropython import stand_in_sizes


def raw_for(touch, square):
    """Raw controller readings the default calibration maps into ``square``'s cell (8x8 board,
    26 px cells from 16 px below the top, a1 at the bottom left), nearest its centre."""
    from knightstour.hw.wiring.touch_chips import defaults as touch_defaults

    c = touch_defaults(touch)
    mapper = TouchMapper(c["x0"], c["x1"], c["y0"], c["y1"], c["swap"])
    cx, cy = (square % 8) * 26 + 13, (7 - square // 8) * 26 + 13 + 16
    best = None
    for raw_x in range(0, 4096, 4 if touch == "stmpe610" else 1):
        for raw_y in range(0, 4096 if touch == "stmpe610" else 320, 4 if touch == "stmpe610" else 1):
            point = mapper.landscape(raw_x, raw_y)
            if point is not None:
                distance = abs(point[0] - cx) + abs(point[1] - cy)
                if best is None or distance < best[0]:
                    best = (distance, raw_x, raw_y)
    assert best[0] <= 4
    return best[1], best[2]


def test_the_matrix_toy_runs_100_tours_in_the_heap_it_needs(node):
    _, result = run_to_the_end(node, display="max7219", tours=100, heap=HEAP["max7219"])
    assert result["tours"] == 100
    assert result["free_at_start"] == HEAP["max7219"]
    assert result["live_after_tours"] <= result["live_after_start"] + 1024
    assert result["start_modules_kept"] == 0  # the settings' table, the builders: freed after start


def test_the_tft_toy_runs_100_tours_in_the_heap_it_needs(node):
    _, result = run_to_the_end(node, display="ili9341", touch="stmpe610", tours=100, heap=HEAP["ili9341"])
    assert result["tours"] == 100


@pytest.mark.parametrize("touch", ["stmpe610", "ft6206"])
def test_a_touch_on_the_tft_starts_a_tour_on_that_square(node, touch):
    square = 19  # d3
    raw_x, raw_y = raw_for(touch, square)
    _, result = run_to_the_end(node, display="ili9341", touch=touch, tours=3, heap=HEAP["ili9341"],
                     press=(raw_x, raw_y, 5))  # attract mode: the touch ends the first tour
    assert result["touched_start"] == square
    assert result["tours"] == 3


def test_the_tfts_largest_board_runs(node):
    proc, result = run_to_the_end(node, display="ili9341", touch="stmpe610", size="16x16", tours=1, heap=2048 * 1024)
    assert result["tours"] == 1


def test_an_unreadable_value_is_one_line_and_the_default(node):
    settings = feather_settings("max7219")
    settings["KNIGHTSTOUR_SOUND"] = ("raw", "true")
    settings["KNIGHTSTOUR_SPEED"] = ("raw", "0.5")
    proc, result = run_to_the_end(node, display="max7219", tours=1, heap=1024 * 1024, settings=settings)
    lines = [line for line in proc.stdout.splitlines() if line.startswith("knightstour: bad")]
    assert len(lines) == 2, proc.stdout
    speed, sound = lines  # in the settings table's order
    assert "KNIGHTSTOUR_SOUND in settings.toml" in sound and 'KNIGHTSTOUR_SOUND = "on"' in sound
    assert "KNIGHTSTOUR_SPEED in settings.toml" in speed and "using the default 1" in speed
    assert "Traceback" not in proc.stdout + proc.stderr


@pytest.mark.parametrize("display,kb", [("ili9341", 40), ("ili9341", NEEDS_KB["ili9341"][0] * 2 // 3),
                                        ("max7219", NEEDS_KB["max7219"][0] - 8)])
def test_a_heap_too_small_gives_one_line_and_waits(node, display, kb):
    proc, _ = run_feather(node, display=display, tours=3, heap=kb * 1024, mpy=True)
    assert proc.returncode == 3, proc.stdout + proc.stderr  # code.py sat waiting in its stop() loop
    lines = [line for line in proc.stdout.splitlines() if line.startswith("knightstour: error:")]
    assert len(lines) == 1 and "out of memory" in lines[0] and " KB" in lines[0], proc.stdout
    assert "Traceback" not in proc.stdout + proc.stderr


def test_a_silent_touch_controller_gives_one_line_and_waits(node):
    settings = feather_settings("ili9341", "ft6206")
    proc, result = run_feather(node, display="ili9341", touch="none", settings=settings, tours=1,
                               heap=1024 * 1024, mpy=True)
    assert proc.returncode == 3  # the harness: code.py sat waiting in its stop() loop
    lines = [line for line in proc.stdout.splitlines() if line.startswith("knightstour: error:")]
    assert len(lines) == 1 and "FT6206" in lines[0], proc.stdout
    assert "Traceback" not in proc.stdout + proc.stderr


def test_a_pin_given_two_uses_gives_one_line_and_waits(node):  # noqa: F811
    settings = feather_settings("ili9341", "xpt2046", extra={"KNIGHTSTOUR_PIN_TOUCH_IRQ": "D6"})
    proc, _ = run_feather(node, display="ili9341", touch="xpt2046", settings=settings, tours=1,
                          heap=1024 * 1024, mpy=True)
    assert proc.returncode == 3, proc.stdout + proc.stderr  # code.py sat waiting in its stop() loop
    lines = [line for line in proc.stdout.splitlines() if line.startswith("knightstour: error:")]
    assert lines == ["knightstour: error: bad KNIGHTSTOUR_PIN_TOUCH_IRQ D6: already the touch chip select "
                     "(KNIGHTSTOUR_PIN_TOUCH_CS); give another pin"], proc.stdout
    assert "Traceback" not in proc.stdout + proc.stderr


def test_a_pin_the_display_needs_cannot_be_none():
    from knightstour import settings as settings_module

    env = {"KNIGHTSTOUR_DISPLAY": "max7219", "KNIGHTSTOUR_PIN_MATRIX_CS": "none"}
    settings, errors = settings_module.load(env.get)
    assert errors == ['bad KNIGHTSTOUR_PIN_MATRIX_CS = "none": the max7219 display needs this pin; leave it '
                      "empty (the pin map's) or give a board pin name such as D25; using the pin map's"]
    assert settings.pin_matrix_cs == ""
    env = {"KNIGHTSTOUR_PIN_TFT_DC": "none", "KNIGHTSTOUR_PIN_TFT_RESET": "none"}
    settings, errors = settings_module.load(env.get, fallback=False)
    assert len(errors) == 1 and "KNIGHTSTOUR_PIN_TFT_DC" in errors[0] and "using" not in errors[0]
    assert settings.pin_tft_reset == "none"


SIZES = r'''
import _c, board, busdisplay, displayio, digitalio, fourwire, microcontroller, pwmio


class ILI9341(busdisplay.BusDisplay):  # as adafruit_ili9341's: a Python subclass, no attribute of its own
    def __init__(self, bus, **kwargs):
        super().__init__(bus, b"", **kwargs)


def rows():
    pins = iter([microcontroller.Pin("D%d" % i) for i in range(200)])  # a board claims a pin once
    b = displayio.Bitmap(30, 30, 4)
    p = displayio.Palette(2)
    spi = board.SPI()
    yield from measure((
        ("Bitmap(30, 30, 4)", _c.BITMAP + 2 * 4 * 30, 32, lambda: displayio.Bitmap(30, 30, 4)),
        ("Bitmap(13, 13, 2)", _c.BITMAP + _c.blocks(4 * 13), 32, lambda: displayio.Bitmap(13, 13, 2)),
        ("Bitmap(240, 30, 4)", _c.BITMAP + _c.blocks(60 * 30), 8, lambda: displayio.Bitmap(240, 30, 4)),
        ("Palette(3)", _c.PALETTE + 3 * _c.PALETTE_COLOUR, 32, lambda: displayio.Palette(3)),
        ("Palette(5)", _c.PALETTE + 5 * _c.PALETTE_COLOUR, 32, lambda: displayio.Palette(5)),
        ("TileGrid", _c.TILEGRID, 32, lambda: displayio.TileGrid(b, pixel_shader=p, x=3, y=-4)),
        ("Group", _c.GROUP + _c.LIST + 16, 32, lambda: displayio.Group()),
        ("DigitalInOut", _c.DIGITALINOUT, 32, lambda: digitalio.DigitalInOut(next(pins))),
        ("PWMOut", _c.PWMOUT, 32, lambda: pwmio.PWMOut(next(pins), frequency=440, variable_frequency=True)),
        ("board.SPI()", 0, 2, board.SPI),
        ("board.I2C()", 0, 2, board.I2C),
        ("FourWire", 0, 2, lambda: fourwire.FourWire(spi, command=next(pins), chip_select=next(pins))),
        ("ILI9341(BusDisplay)", _c.INSTANCE_OF_NATIVE, 2, lambda: ILI9341(None, width=320, height=240))))
    displayio.release_displays()  # a board's room for displays, free again
    yield from measure((("BusDisplay", 0, 2, lambda: busdisplay.BusDisplay(None, b"", width=320, height=240)),))
'''


def test_each_stand_in_takes_the_heap_its_c_object_takes(node, tmp_path):
    """Each object code.py makes costs code.py's heap what the board's C object costs: the
    struct in 16-byte blocks and the buffers it allocates, or nothing for what a board keeps in
    static storage (the board's SPI and I2C, display buses, displays). A Palette of one or two colours
    is the one that costs more (16-32 B: the Python object's least); none costs less."""
    sizes = stand_in_sizes(node, tmp_path, ("_c", "board", "busio", "busdisplay", "displayio", "digitalio",
                                            "fourwire", "microcontroller", "pwmio"), SIZES)
    assert len(sizes) == 14, sizes
    for name, c_size, size in sizes:
        assert size == c_size, name


def test_heap_benchmark_counts_the_names_apart_from_the_modules(node):
    """benchmarks/feather_heap.py's biggest list: a qstr pool doubles when full and is never
    freed, so the module whose names fill one used to be charged for it (the piezo's 44 lines
    showed 5 KB on the MAX7219). The names are one entry, "qstrs", and no module carries them."""
    from benchmarks import feather_heap

    sizes = dict(feather_heap.biggest(node, "max7219", "none", "8x8", count=100))
    assert sizes["qstrs"] > 8 * 1024
    assert 0 < sizes["knightstour.hw.chips.piezo"] < 1024
    assert sizes["knightstour.app"] > sizes["knightstour.hw.chips.max7219"] > 0


@pytest.mark.parametrize("rotation,size", [(0, "320x240"), (90, "240x320"), (270, "240x320")])
def test_the_tft_is_as_big_as_its_rotation_makes_it(node, rotation, size):
    """CircuitPython's BusDisplay keeps the width and height it is given (those after the rotation):
    the stand-in swapped them for 90 and 270, so a portrait toy ran on a 320x240 screen."""
    settings = feather_settings("ili9341", "stmpe610", extra={"KNIGHTSTOUR_TFT_ROTATION": rotation})
    _, result = run_to_the_end(node, display="ili9341", touch="stmpe610", tours=1, heap=HEAP["ili9341"], settings=settings)
    assert result["display"] == size and result["tours"] == 1


@pytest.mark.parametrize("extra, line", [
    ({"KNIGHTSTOUR_PIN_MATRIX_CS": "SPI"}, "bad KNIGHTSTOUR_PIN_MATRIX_CS SPI: it is no pin of this board; give one "
                                           "of its pins"),
    ({"KNIGHTSTOUR_PIN_MATRIX_CS": "D25"}, "bad KNIGHTSTOUR_PIN_MATRIX_CS D25 (the same pin as SCK): already the "
                                           "SPI clock (the pin map's); give another pin"),
])
def test_no_pin_or_an_alias_of_a_used_pin_is_one_line_on_the_m4(node, extra, line):  # noqa: F811
    settings = feather_settings("max7219", None, extra=extra)
    proc, _ = run_feather(node, display="max7219", touch=None, settings=settings, tours=1, heap=1024 * 1024,
                          mpy=True, board="feather_m4")
    assert proc.returncode == 3, proc.stdout + proc.stderr
    lines = [text for text in proc.stdout.splitlines() if text.startswith("knightstour: error:")]
    assert lines == ["knightstour: error: " + line], proc.stdout
    assert "Traceback" not in proc.stdout + proc.stderr


def test_a_calibration_equal_to_the_default_is_one_line_on_the_m4(node):  # noqa: F811
    settings = feather_settings("ili9341", "stmpe610", extra={"KNIGHTSTOUR_TOUCH_X0": 3812})
    proc, _ = run_feather(node, display="ili9341", touch="stmpe610", settings=settings, tours=1, heap=1024 * 1024,
                          mpy=True)
    assert proc.returncode == 3, proc.stdout + proc.stderr
    lines = [text for text in proc.stdout.splitlines() if text.startswith("knightstour: error:")]
    assert lines == ["knightstour: error: bad KNIGHTSTOUR_TOUCH_X0 3812: the same as the stmpe610's default for X1; "
                     "the two edges need different readings: run the calibration (KNIGHTSTOUR_CALIBRATE = on) or "
                     "leave the key out"], proc.stdout
    assert "Traceback" not in proc.stdout + proc.stderr


def test_a_long_value_of_another_programs_key_takes_little_heap(node):  # noqa: F811
    """CircuitPython's getenv (C) reads settings.toml with no garbage: a 1,000-character value of another
    program's key must not run the toy out of heap, at the heap the toy says it needs."""
    settings = feather_settings("max7219", None, extra={"OTHER_PROGRAM_TOKEN": "x" * 1000})
    proc, result = run_feather(node, display="max7219", touch=None, settings=settings, tours=1,
                               heap=HEAP["max7219"] + 2048, mpy=True)  # the value itself kept: 1 KB and its header
    assert proc.returncode == 0 and result is not None and result["tours"] == 1, proc.stdout[-1500:] + proc.stderr[-1500:]
