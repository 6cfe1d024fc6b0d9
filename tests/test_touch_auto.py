"""KNIGHTSTOUR_TOUCH = "auto" on the TFT FeatherWing: the V2's TSC2007 (I2C 0x48, PENIRQ on D6)
is asked for first, then the V1's STMPE610 (with the cold-start retry), through the real
drivers on the emulated wing (sim_board's pins and buses)."""

import types

import pytest

from knightstour.board import Board
from knightstour.hw.inputs.touch import TouchMapper
from knightstour.hw.wiring import build, hardware, touch_chips, touch_stmpe610
from knightstour.settings import Settings
from knightstour_sim.chips import shims, stmpe610
from knightstour_sim.screenshot import sim_board

pytestmark = pytest.mark.usefixtures("no_sleep")


def feather(rig, touch_setting="auto"):
    settings = Settings(fallback=False)
    for key, value in (("display", "ili9341"), ("touch", touch_setting), ("mode", "touch")):
        assert settings.set(key, value) is None
    return settings, hardware.BoardHardware("feather_m4", settings, board=sim_board("feather_m4", tft=rig))


def test_auto_is_the_default():
    assert Settings().touch == "auto"


def test_v2_wing_a_tsc2007_answers_and_d6_stays_an_input(tft):
    rig = tft("tsc2007")
    settings, hw = feather(rig)
    display, touch_input, _ = build.build(settings, hw)
    assert touch_input.reader.__qualname__.startswith("tsc2007_reader")
    assert rig.touch_cs.board_level is None  # never driven: it is the TSC2007's PENIRQ
    board = Board(8, 8)
    display.begin(board, "touch", "", "border")
    # a touch on d3's centre, raw values from the TSC2007 default calibration
    x, y = display.cell_origin(board.parse_square("d3"))
    raw = raw_for(touch_chips.defaults("tsc2007"), x + display.cell // 2, y + display.cell // 2)
    rig.touch_chip.touch(raw[0], raw[1], resistance=500)
    assert touch_input.poll() == board.parse_square("d3")
    assert rig.touch_chip.irq_fights == 0


def test_v1_wing_nothing_at_0x48_so_the_stmpe610(tft):
    rig = tft("stmpe610")
    settings, hw = feather(rig)
    _, touch_input, _ = build.build(settings, hw)
    assert touch_input.reader.__qualname__.startswith("stmpe610_reader")
    assert rig.touch_cs.board_level is True  # its chip select, idle high


def test_v1_wing_not_ready_at_a_cold_start_answers_on_the_retry(tft, no_sleep):
    rig = tft("stmpe610")
    rig.touch_chip.not_ready_reads = 4  # the driver's version check fails in SPI mode 0 and 1
    settings, hw = feather(rig)
    build.build(settings, hw)
    assert rig.touch_chip.not_ready_reads == 0
    assert no_sleep.slept >= touch_stmpe610.RETRY_WAIT


def test_neither_answers_one_line_after_the_retry(tft, no_sleep):
    rig = tft(None)
    settings, hw = feather(rig)
    with pytest.raises(hardware.HardwareError) as caught:
        build.build(settings, hw)
    text = str(caught.value)
    assert "\n" not in text and "STMPE610" in text and "does not answer" in text
    assert no_sleep.slept >= touch_stmpe610.RETRY_WAIT  # the display's init sleeps count too


def test_v2_wing_with_touch_set_to_stmpe610_drives_d6_against_penirq(tft):
    """What the toy did before "auto": D6 driven high as a chip select while the TSC2007 pulls it low."""
    rig = tft("tsc2007")
    settings, hw = feather(rig, "stmpe610")
    with pytest.raises(hardware.HardwareError):
        build.build(settings, hw)
    rig.touch_chip.touch(2000, 2000)
    assert rig.touch_chip.irq_fights == 1


def test_tsc2007_named_but_missing_is_one_line(tft):
    rig = tft("stmpe610")
    settings, hw = feather(rig, "tsc2007")
    with pytest.raises(hardware.HardwareError) as caught:
        build.build(settings, hw)
    assert "TSC2007" in str(caught.value) and "0x48" in str(caught.value)


def test_no_i2c_bus_at_all_means_the_stmpe610():
    class NoPullUps:
        def i2c(self):
            raise RuntimeError("No pull up found on SDA or SCL; check your wiring")

    assert touch_chips.detect(types.SimpleNamespace(touch="auto"), NoPullUps(), "ili9341") == "stmpe610"


def raw_for(c, x, y):
    """Raw (x, y) readings the calibration ``c`` maps to screen pixel (x, y) (inverting TouchMapper)."""
    mapper = TouchMapper(c["x0"], c["x1"], c["y0"], c["y1"], c["swap"])
    a = c["x0"] + x * (c["x1"] - c["x0"]) / 319
    b = c["y0"] + y * (c["y1"] - c["y0"]) / 239
    raw = (round(b), round(a)) if c["swap"] else (round(a), round(b))
    assert mapper.landscape(*raw) == (x, y)
    return raw


def test_shims_skip_the_retry_wait():
    assert "knightstour.hw.wiring.touch_stmpe610" in shims.SLEEPY_MODULES
    assert stmpe610.STMPE610().not_ready_reads == 0


def test_auto_is_resolved_in_one_place_for_every_display():
    """touch_chips.detect: a board's own panel, none on a board's own display without one, else the
    FeatherWing's chip that answers; a named controller as named."""
    class NoPullUps:
        board = types.SimpleNamespace()

        def i2c(self):
            raise RuntimeError("No pull up found on SDA or SCL; check your wiring")

    auto, named = types.SimpleNamespace(touch="auto"), types.SimpleNamespace(touch="ft6206")
    panel = types.SimpleNamespace(board=types.SimpleNamespace(TOUCH_XL=object()))
    assert touch_chips.detect(auto, panel, "builtin") == "builtin"
    assert touch_chips.detect(auto, NoPullUps(), "builtin") == "none"
    assert touch_chips.detect(auto, NoPullUps(), "ili9341") == "stmpe610"
    assert touch_chips.detect(named, panel, "builtin") == touch_chips.detect(named, NoPullUps(), "ili9341") == "ft6206"
