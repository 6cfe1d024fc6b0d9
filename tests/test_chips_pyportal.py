"""The PyPortal's own parts: its resistive panel read by the real adafruit_touchscreen through
the emulated analogue pins, its speaker behind the DAC, and the board facts in hw/pyportal.py."""

import types

import adafruit_touchscreen
import pytest

from knightstour.hw import pyportal, speaker
from knightstour.hw.touch import TouchMapper
from knightstour.ports import CLOSED_NOTES
from knightstour_sim.chips import bus, resistive, shims
from knightstour_sim.chips import speaker as speaker_model

shims.install()

CALIBRATION = ((5200, 59000), (5800, 57000))  # Adafruit's PyPortal examples


def pyportal_board():
    names = ("TOUCH_XL", "TOUCH_XR", "TOUCH_YD", "TOUCH_YU", "SPEAKER", "SPEAKER_ENABLE")
    board = types.SimpleNamespace(**{name: bus.Pin(name) for name in names})
    board.SPEAKER_ENABLE.idle = False  # pulled down on the board: amplifier off
    return board


def press_at(panel, x, y, width=320, height=240, resistance=400):
    """Touch the panel where Adafruit's calibration puts screen pixel (x, y)."""
    (x0, x1), (y0, y1) = CALIBRATION
    panel.touch((y0 + y / (height - 1) * (y1 - y0)) / 65535, (x0 + x / (width - 1) * (x1 - x0)) / 65535,
                resistance)


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
        press_at(panel, x, y, width, height)
        got_x, got_y, _ = touch.touch_point
        assert abs(got_x - x) <= 2 and abs(got_y - y) <= 2


def test_the_12_bit_reader_and_the_default_calibration_find_the_pixel():
    board = pyportal_board()
    panel = resistive.pyportal_panel(board)
    read = pyportal.touchscreen_reader(pyportal.make_touchscreen(board))
    defaults = pyportal.TOUCH_DEFAULTS
    mapper = TouchMapper(defaults["x0"], defaults["x1"], defaults["y0"], defaults["y1"], defaults["swap"])
    assert read() is None
    for x, y in ((15, 15), (300, 30), (160, 200)):
        press_at(panel, x, y)
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
    pin = bus.Pin("A0")
    heard = speaker_model.Speaker(pin)
    out = speaker_model.AudioOut(pin)
    sample = speaker_model.RawSample(bytearray(10), sample_rate=4400)
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
