"""Touch through knightstour.hw (its own STMPE610 and FT6206 drivers) over the emulated controllers.

Where a finger lands is modelled physically, apart from the code under test: a screen
pixel at a rotation -> the panel point the viewer sees it at (the ILI9341 emulator's
``screen_to_panel``) -> the controller's raw reading for that panel point:

* FT6206 (2.8" capacitive shield): raw = (239 - panel x, 319 - panel y), as Adafruit's
  CapTouchPaint example has it;
* STMPE610 (TFT FeatherWing): raw y runs 357..3812 along the panel's long side, raw x
  3555..390 across it (Adafruit's calibration for the 2.4" FeatherWing);
* XPT2046 (the 2.8" modules with an SD slot): raw x runs 380..3950 across the panel, raw y
  3850..200 along it (a published calibration of such a module).
"""

import pytest

from knightstour.hw.inputs import calibrate
from knightstour.hw.inputs import touch as touch_module
from knightstour.hw.wiring.hardware import HardwareError
from knightstour_sim.chips import bus, ft6206, shims, stmpe610
from knightstour_sim.circuitpython.microcontroller import Pin

from support.chips import SilentChip

shims.install()

CONTROLLERS = ("stmpe610", "ft6206", "xpt2046")
ROTATIONS = (0, 90, 180, 270)


def raw_for(controller, chip, x, y, rotation):
    panel_x, panel_y = chip.screen_to_panel(x, y, rotation)
    if controller == "ft6206":
        return 239 - panel_x, 319 - panel_y
    if controller == "xpt2046":
        return int(round(380 + panel_x * (3950 - 380) / 239.0)), int(round(3850 - panel_y * (3850 - 200) / 319.0))
    raw_y = 357 + panel_y * (3812 - 357) / 319.0
    raw_x = 390 + (239 - panel_x) * (3555 - 390) / 239.0
    return int(round(raw_x)), int(round(raw_y))


def centre(square, rotation=0, cell=26):
    """A cell's centre on screen, independent of the code: the board is a 208x208 square, a1
    at its bottom left, on the left in landscape (16 px from the top), on top in portrait (16 px
    from the left)."""
    x, y = (square % 8) * cell + cell // 2, (7 - square // 8) * cell + cell // 2
    return (x, y + 16) if rotation in (0, 180) else (x + 16, y)




def tap(emu, controller, x, y, rotation=None):
    rotation = emu.rotation if rotation is None else rotation
    raw = raw_for(controller, emu.chip, x, y, rotation)
    emu.press(*raw)
    emu.step()
    emu.release()
    emu.step()
    emu.step()


@pytest.mark.parametrize("controller", CONTROLLERS)
@pytest.mark.parametrize("rotation", ROTATIONS)
def test_touch_at_a_cell_centre_starts_the_tour_there(emulated_tft, controller, rotation):
    emu = emulated_tft({"mode": "touch", "idle_ms": "600000"}, touch=controller, rotation=rotation, seed=rotation)
    emu.step()
    assert emu.app.state == "wait"
    for square in (0, 7, 63, 56, 21, 42):
        tap(emu, controller, *centre(square, rotation))
        assert emu.app.tours.tour.path[0] == square, (controller, rotation, square)


@pytest.mark.parametrize("controller", CONTROLLERS)
@pytest.mark.parametrize("rotation", ROTATIONS)
def test_touch_off_the_board_does_nothing(emulated_tft, controller, rotation):
    emu = emulated_tft({"mode": "touch", "idle_ms": "600000"}, touch=controller, rotation=rotation)
    emu.step()
    width, height = emu.chip.screen_size(rotation)
    if width > height:  # the side panel, right of the board
        points = ((250, 5), (315, 235), (245, 120))
    else:  # the panel under the board
        points = ((5, 250), (235, 315), (120, 245))
    for x, y in points:
        tap(emu, controller, x, y)
        assert emu.app.state == "wait" and emu.app.tours.count == 0


@pytest.mark.parametrize("controller", CONTROLLERS)
def test_one_press_is_one_touch(emulated_tft, controller):
    emu = emulated_tft({"mode": "touch", "idle_ms": "600000"}, touch=controller)
    emu.step()
    events = []
    raw = raw_for(controller, emu.chip, *centre(9), 0)
    for _ in range(10):  # a held finger: new samples keep coming
        emu.press(*raw)
        events.append(emu.input.poll())
    assert [e for e in events if e is not None] == [9]
    emu.release()
    assert emu.input.poll() is None
    emu.press(*raw)  # up for one poll only: still the same press
    assert emu.input.poll() is None
    emu.release()
    assert emu.input.poll() is None and emu.input.poll() is None
    emu.press(*raw)
    assert emu.input.poll() == 9


def test_stmpe610_missing_or_all_zero_is_one_clear_line(no_sleep):
    from knightstour.hw.wiring.hardware import BoardHardware
    from knightstour.hw.wiring.touch_chips import open_driver

    for chip in (None, SilentChip()):
        spi = bus.spi(max_transfers=200)
        cs = Pin("D6")
        if chip is not None:
            bus.attach_spi(chip, cs)
        board = type("B", (), {"D6": cs})
        hw = BoardHardware("feather_rp2040", None, board=board, spi=spi)
        with pytest.raises(HardwareError) as caught:
            open_driver("stmpe610", hw)
        text = str(caught.value)
        assert "\n" not in text and "STMPE610" in text and "wiring/README.md" in text


def test_ft6206_missing_or_all_zero_is_one_clear_line():
    from knightstour.hw.wiring.hardware import BoardHardware
    from knightstour.hw.wiring.touch_chips import open_driver

    for chip in (None, SilentChip()):
        i2c = bus.i2c(max_transfers=200)
        if chip is not None:
            bus.attach_i2c(chip, ft6206.I2C_ADDRESS)
        hw = BoardHardware("pi", None, board=object(), i2c=i2c)
        with pytest.raises(HardwareError) as caught:
            open_driver("ft6206", hw)
        text = str(caught.value)
        assert "\n" not in text and "FT6206" in text and "I2C" in text and "wiring/README.md" in text


def test_stmpe610_dying_after_start_gives_no_touches_and_no_hang(emulated_tft):
    emu = emulated_tft({"mode": "touch", "idle_ms": "600000"}, touch="stmpe610")
    emu.step()

    spi = emu.rig.spi
    bus.attach_spi(SilentChip(), emu.rig.touch_cs)  # in the STMPE610's place
    bus.probe(spi).reset_counts()
    bus.probe(spi).max_transfers = 5000
    for _ in range(20):
        assert emu.input.poll() is None
    assert emu.app.state == "wait"


def test_ft6206_loose_cable_after_start_is_ignored(emulated_tft):
    emu = emulated_tft({"mode": "touch", "idle_ms": "600000"}, touch="ft6206")
    emu.step()
    bus.detach_i2c(ft6206.I2C_ADDRESS)
    for _ in range(5):
        assert emu.input.poll() is None
    assert emu.input.errors == 5


@pytest.mark.parametrize("controller", CONTROLLERS)
@pytest.mark.parametrize("rotation", (0, 90))
def test_calibrate_finds_the_default_values(emulated_tft, controller, rotation):
    emu = emulated_tft({"mode": "touch", "idle_ms": "600000"}, touch=controller, rotation=rotation)
    lines = []
    state = {"polls": 0, "target": None}

    def out(text):
        lines.append(text)
        if text.startswith("calibrate: touch target"):
            x, y = text.split("(")[1].rstrip(")").split(", ")
            state["target"] = (int(x), int(y))
            state["polls"] = 0

    def sleep(seconds):
        state["polls"] += 1
        if state["target"] is None:
            return
        if state["polls"] == 2:
            emu.press(*raw_for(controller, emu.chip, state["target"][0], state["target"][1], rotation))
        elif state["polls"] == 3:
            emu.press(*raw_for(controller, emu.chip, state["target"][0], state["target"][1], rotation))
        elif state["polls"] == 4:
            emu.release()
            state["target"] = None

    result = calibrate.calibrate(emu.display.display, emu.input.reader, rotation, sleep, out=out)
    defaults = touch_module.TouchMapper  # noqa: F841
    from knightstour.hw.wiring.touch_chips import defaults as touch_defaults

    expected = touch_defaults(controller)
    tolerance = 2 if controller == "ft6206" else 20
    assert result[4] == expected["swap"]
    for got, name in zip(result[:4], ("x0", "x1", "y0", "y1")):
        assert abs(got - expected[name]) <= tolerance, (name, got, expected[name])
    assert any(line.startswith("KNIGHTSTOUR_TOUCH_X0 = ") for line in lines)
    assert any(line.startswith("KNIGHTSTOUR_TOUCH_SWAP = ") for line in lines)


def test_mapper_round_trip_and_rotations():
    mapper = touch_module.TouchMapper(0, 319, 0, 239, False, 0)
    assert mapper.screen(0, 0) == (0, 0)
    assert mapper.screen(319, 239) == (319, 239)
    assert mapper.screen(400, 10) is None
    for rotation in ROTATIONS:
        seen = set()
        for x, y in ((0, 0), (319, 0), (0, 239), (319, 239)):
            seen.add(touch_module.from_landscape(x, y, rotation))
        size = (320, 240) if rotation in (0, 180) else (240, 320)
        assert seen == {(0, 0), (size[0] - 1, 0), (0, size[1] - 1), (size[0] - 1, size[1] - 1)}
    with pytest.raises(ValueError):
        touch_module.TouchMapper(5, 5, 0, 1, False)


def test_calibration_settings_override_the_defaults():
    from knightstour.hw.wiring.touch_chips import touch_calibration
    from knightstour.settings import load

    settings, errors = load(mapping={"KNIGHTSTOUR_TOUCH": "ft6206", "KNIGHTSTOUR_TOUCH_X0": 300,
                                     "KNIGHTSTOUR_TOUCH_SWAP": "off"})
    assert not errors
    assert touch_calibration(settings) == (300, 0, 0, 239, False)
    settings, errors = load(mapping={"KNIGHTSTOUR_TOUCH_X0": "lots"})
    assert errors and "KNIGHTSTOUR_TOUCH_X0" in errors[0]


def test_stmpe610_emulator_spi_modes_still_work():
    assert stmpe610.STMPE610().registers[0] == 0x08


@pytest.mark.parametrize("rotation", ROTATIONS)
def test_calibration_prompt_is_whole_and_centred(emulated_tft, rotation):
    """The prompt's white pixels (the targets' crosses left out) lie inside the screen with a
    margin, centred to within a glyph's half width and a line's half height."""
    from knightstour_sim.chips.render import tft_image

    emu = emulated_tft({"mode": "touch", "idle_ms": "600000"}, touch="stmpe610", rotation=rotation)
    shots = []

    def sleep(seconds):
        if not shots:
            shots.append(tft_image(emu.chip, rotation=rotation))
        raise KeyboardInterrupt  # the first frame is all this test needs

    with pytest.raises(KeyboardInterrupt):
        calibrate.calibrate(emu.display.display, emu.input.reader, rotation, sleep, out=lambda text: None)
    image = shots[0]
    width, height = image.size
    width0, height0 = (height, width) if rotation % 180 else (width, height)
    crosses = [touch_module.from_landscape(x, y, rotation, width0, height0)
               for x, y in calibrate.targets(width0, height0)]
    xs, ys = [], []
    pixels = image.load()
    for y in range(height):
        for x in range(width):
            if pixels[x, y] == (255, 255, 255) and all(abs(x - cx) > 12 or abs(y - cy) > 12 for cx, cy in crosses):
                xs.append(x)
                ys.append(y)
    assert xs, "no prompt on screen"
    assert min(xs) >= 8 and max(xs) <= width - 9 and min(ys) >= 8 and max(ys) <= height - 9
    assert abs((min(xs) + max(xs)) / 2 - (width - 1) / 2) <= 4
    assert abs((min(ys) + max(ys)) / 2 - (height - 1) / 2) <= 8
