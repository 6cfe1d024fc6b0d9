"""The PyPortal's own parts: its resistive panel read by the real adafruit_touchscreen through
the emulated analogue pins, its speaker behind the DAC, and the board facts in hw/chips/pyportal.py."""

import types

import adafruit_touchscreen
import pytest

from knightstour.hw.chips import pyportal, speaker
from knightstour.hw.inputs.touch import TouchMapper
from knightstour.hw.wiring import touch_chips
from knightstour.notes import CLOSED_NOTES
from knightstour_sim import boards
from knightstour_sim.chips import bus, resistive, shims
from knightstour_sim.chips import speaker as speaker_model
from knightstour_sim.circuitpython import audiocore, audioio
from knightstour_sim.circuitpython.microcontroller import Pin

from support.chips import displayio_background_passes

shims.install()

CALIBRATION = resistive.PYPORTAL_CALIBRATION  # Adafruit's PyPortal examples


def pyportal_board():
    names = ("TOUCH_XL", "TOUCH_XR", "TOUCH_YD", "TOUCH_YU", "SPEAKER", "SPEAKER_ENABLE")
    board = bus.use_board(types.SimpleNamespace(**{name: Pin(name) for name in names}), boards.load("pyportal"))
    board.SPEAKER_ENABLE.idle = False  # pulled down on the board: amplifier off
    return board


def test_solve_a_divider_and_leave_floating_nodes_out():
    volts = resistive.solve([("a", "m", 100), ("m", "b", 300), ("c", "d", 50)], {"a": 1.0, "b": 0.0})
    assert volts["m"] == pytest.approx(0.75)
    assert "c" not in volts and "d" not in volts


def test_untouched_panel_reads_no_touch():
    board = pyportal_board()
    resistive.pyportal_panel(board)
    touch = pyportal.make_touchscreen(board)
    assert touch.touch_point is None


def test_a_firm_touch_comes_out_of_adafruit_touchscreen_raw():
    board = pyportal_board()
    panel = resistive.pyportal_panel(board)
    touch = pyportal.make_touchscreen(board)
    panel.touch(0.25, 0.8)
    x, y, z = touch.touch_point
    # x from the Y plate (v), y from the X plate (u); 12-bit conversions spread over 16 bits
    assert x == pytest.approx(0.8 * 65535, abs=40)
    assert y == pytest.approx(0.25 * 65535, abs=40)
    assert z > 10000
    panel.release()
    assert touch.touch_point is None


def test_a_light_touch_is_below_the_drivers_threshold():
    board = pyportal_board()
    panel = resistive.pyportal_panel(board)
    touch = pyportal.make_touchscreen(board)
    panel.touch(0.5, 0.5, resistance=5000)
    assert touch.touch_point is None
    panel.touch(0.5, 0.5, resistance=300)
    assert touch.touch_point is not None


@pytest.mark.parametrize("width, height", [(320, 240), (480, 320)])
def test_adafruits_calibration_in_the_driver_lands_on_the_pixel(width, height):
    board = pyportal_board()
    panel = resistive.pyportal_panel(board)
    touch = adafruit_touchscreen.Touchscreen(board.TOUCH_XL, board.TOUCH_XR, board.TOUCH_YD, board.TOUCH_YU,
                                             calibration=CALIBRATION, size=(width, height))
    for x, y in ((10, 10), (width - 11, 20), (width // 2, height - 5)):
        resistive.touch_pixel(panel, x, y, (width, height))
        got_x, got_y, _ = touch.touch_point
        assert abs(got_x - x) <= 2 and abs(got_y - y) <= 2


def test_the_12_bit_reader_and_default_calibration_find_it():
    board = pyportal_board()
    panel = resistive.pyportal_panel(board)
    read = pyportal.touchscreen_reader(pyportal.make_touchscreen(board))
    defaults = touch_chips.defaults("builtin")
    mapper = TouchMapper(defaults["x0"], defaults["x1"], defaults["y0"], defaults["y1"], defaults["swap"])
    assert read() is None
    for x, y in ((15, 15), (300, 30), (160, 200)):
        resistive.touch_pixel(panel, x, y, (320, 240))
        raw = read()
        assert all(0 <= value <= 4095 for value in raw)
        got_x, got_y = mapper.landscape(*raw)
        assert abs(got_x - x) <= 2 and abs(got_y - y) <= 2


def test_the_pins_are_let_go_after_each_reading():
    board = pyportal_board()
    panel = resistive.pyportal_panel(board)
    touch = pyportal.make_touchscreen(board)
    panel.touch(0.5, 0.5)
    assert touch.touch_point is not None
    assert all(pin.board_level is None for pin in panel.pins.values())


def test_speaker_plays_the_notes_only_with_the_amplifier_on():
    board = pyportal_board()
    heard = speaker_model.Speaker(board.SPEAKER, board.SPEAKER_ENABLE)
    sound = speaker.make_speaker(board.SPEAKER, board.SPEAKER_ENABLE)
    assert board.SPEAKER_ENABLE.level
    now = 0.0
    sound.update(now)
    sound.closed_phrase()
    for _ in range(100):
        now += 0.01
        sound.update(now)
    played = [frequency for frequency, _ in CLOSED_NOTES]  # a rest is a 0 among them
    assert heard.notes == [0] + played + [0]
    sound.enable.value = False
    sound.tick()
    assert heard.heard == 0 and sound.playing == 1760


def test_a_sample_rate_change_needs_a_new_play():
    pin = pyportal_board().SPEAKER  # A0, a DAC
    heard = speaker_model.Speaker(pin)
    out = audioio.AudioOut(pin)
    sample = audiocore.RawSample(bytearray(10), sample_rate=4400)
    out.play(sample, loop=True)
    sample.sample_rate = 8800
    assert heard.heard == 440
    out.play(sample, loop=True)
    assert heard.heard == 880


def test_board_facts():
    board = types.SimpleNamespace(DISPLAY=types.SimpleNamespace(width=480, height=320, rotation=0))
    assert pyportal.has_builtin(board) and pyportal.screen_size(board) == (480, 320)
    board.DISPLAY.rotation = 90
    board.DISPLAY.width, board.DISPLAY.height = 320, 480
    assert pyportal.screen_size(board) == (480, 320)
    assert not pyportal.has_builtin(types.SimpleNamespace())
    assert pyportal.SIZES["pyportal_titano"] == (480, 320)


@pytest.mark.parametrize("board_id, size", [("pyportal", (320, 240)), ("pyportal_titano", (480, 320))])
def test_rig_board_display_draws_at_its_size_and_the_touch_lands(board_id, size):
    import displayio

    from knightstour_sim.chips import rig

    with rig.PyPortalRig(board_id) as portal:
        display = portal.board.DISPLAY
        assert (display.width, display.height) == size == pyportal.screen_size(portal.board)
        assert portal.display_chip.screen_size(0) == size
        bitmap, palette = displayio.Bitmap(size[0], size[1], 2), displayio.Palette(2)
        palette[1] = 0x00FF00
        for x, y in ((0, 0), (size[0] - 1, size[1] - 1), (size[0] // 2, 7)):
            bitmap[x, y] = 1
        group = displayio.Group()
        group.append(displayio.TileGrid(bitmap, pixel_shader=palette))
        display.auto_refresh = False
        display.root_group = group
        display.refresh()
        chip = portal.display_chip
        assert chip.screen_pixel(size[0] - 1, size[1] - 1) == 0x07E0
        assert chip.screen_pixel(size[0] // 2, 7) == 0x07E0 and chip.screen_pixel(1, 1) == 0
        touch = adafruit_touchscreen.Touchscreen(
            portal.board.TOUCH_XL, portal.board.TOUCH_XR, portal.board.TOUCH_YD, portal.board.TOUCH_YU,
            calibration=portal.CALIBRATION, size=size)
        portal.touch_at(size[0] - 30, 40)
        x, y, _ = touch.touch_point
        assert abs(x - (size[0] - 30)) <= 2 and abs(y - 40) <= 2


@pytest.mark.parametrize("board_id", ["pyportal", "pyportal_titano"])
def test_rig_display_is_drawn_by_the_codes_refresh_alone(board_id):
    """displayio's background thread refreshed board.DISPLAY (auto_refresh on, as a board boots)
    while the toy drew on it, the bytes of both interleaved on the bus: a Titano screenshot made
    after an ILI9341 one in the same process came out black."""
    from knightstour_sim.chips import rig

    with rig.PyPortalRig(board_id) as portal:
        assert portal.board.DISPLAY.auto_refresh
        displayio_background_passes()
        assert portal.display_chip.pixels_written == 0
        portal.board.DISPLAY.refresh()
        assert portal.display_chip.pixels_written == portal.width * portal.height


def test_the_panels_closed_form_equals_the_general_network_solution():
    """The panel works its voltages out in closed form (allocation-light for the MicroPython
    harness); for every way of driving the four pins, touched or not, they are the network's."""
    import itertools

    board = pyportal_board()
    panel = resistive.pyportal_panel(board)
    for touching in (None, (0.25, 0.8, 400), (0.0, 1.0, 300), (0.6, 0.1, 5000)):
        for levels in itertools.product((None, False, True), repeat=4):
            for pin, level in zip(panel.pins.values(), levels):
                pin.board_drive(level)
            if touching is None:
                panel.release()
                edges = [("xl", "xr", panel.x_plate), ("yd", "yu", panel.y_plate)]
            else:
                panel.touch(*touching)
                u, v, r = touching
                tiny = resistive._TINY
                edges = [("xl", "x", panel.x_plate * u + tiny), ("x", "xr", panel.x_plate * (1 - u) + tiny),
                         ("yd", "y", panel.y_plate * v + tiny), ("y", "yu", panel.y_plate * (1 - v) + tiny),
                         ("x", "y", r)]
            fixed = {name: 1.0 if level else 0.0 for name, level in zip(panel.pins, levels) if level is not None}
            want = resistive.solve(edges, fixed)
            got = panel.voltages()
            assert set(got) == set(want), (touching, levels)
            for node in want:
                assert got[node] == pytest.approx(want[node], abs=1e-9), (touching, levels, node)


def test_a_raw_press_reads_back_exactly_through_the_toys_reader():
    board = pyportal_board()
    panel = resistive.pyportal_panel(board)
    read = pyportal.touchscreen_reader(pyportal.make_touchscreen(board))
    for raw in ((325, 362), (2000, 1000), (3687, 3562), (4095, 0)):
        panel.touch_raw(*raw)
        assert read() == raw
