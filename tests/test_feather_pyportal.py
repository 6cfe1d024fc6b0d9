"""device/code.py, unchanged, on a stand-in PyPortal and PyPortal Titano under MicroPython
(sim/circuitpython, as tests/test_feather.py runs it on a Feather): board.DISPLAY as the board
builds it at boot (320x240, the Titano 480x320), the resistive panel on TOUCH_XL/XR/YD/YU read
by the real adafruit_touchscreen through the analogio stand-in (sim/chips/resistive.py's model
on the pins), the speaker through the audioio/audiocore stand-ins. A touch is given as the raw
reading the toy's default calibration maps to a screen pixel; the panel is pressed where the
toy's reader reads it. The pixels of the squares and buttons come from the CPython toy on the
emulated PyPortal (tests/test_tft_buttons.py plays its game there)."""

import pytest

from knightstour.hw.chips.pyportal import SIZES
from knightstour.hw.feather import NEEDS_KB
from knightstour_sim.harness import game
from knightstour_sim.harness.drive import feather_settings, run_feather
from knightstour_sim.harness.game import portal_layout as layout
from knightstour_sim.harness.game import portal_raw as raw_at

HEAP = NEEDS_KB["builtin"][0] * 1024
FREE_ON_A_PYPORTAL = 150 * 1024  # a SAMD51 like the Feather M4: about 150 KB free after boot


def _run(node, board, **kwargs):
    kwargs.setdefault("heap", HEAP)
    proc, result = run_feather(node, display="builtin", board=board, mpy=True, **kwargs)
    assert proc.returncode == 0 and result is not None, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "Traceback" not in proc.stdout + proc.stderr
    return result


# 100 tours on the Titano, whose game sets the heap both get (NEEDS_KB["builtin"]): the tight one. The
# PyPortal runs the same modules on a smaller screen, which is made once, at start: 3 tours show it
# fits, draws and plays; what a tour leaves behind would show on the Titano's 100.
@pytest.mark.parametrize("board, tours", [("pyportal", 3), ("pyportal_titano", 100)])
def test_the_toy_runs_on_the_pyportals_screen_in_the_heap_it_needs(node, board, tours):
    result = _run(node, board, tours=tours)
    assert result["tours"] == tours
    assert result["display"] == "%dx%d" % SIZES[board]  # board.DISPLAY, landscape at rotation 0
    assert result["free_at_start"] == HEAP
    assert result["start_modules_kept"] == 0
    assert result["live_after_tours"] <= result["live_after_start"] + 12 * 1024  # the board drawn once
    # the speaker: the amplifier switched on, a looped note at each move and the tours' phrases
    assert result["speaker_on"] == 1 and result["sound_plays"] >= tours


def test_a_pyportal_has_room_to_spare_in_the_heap_it_has_free(node):
    result = _run(node, "pyportal", tours=3, heap=FREE_ON_A_PYPORTAL)
    assert result["tours"] == 3 and result["free_at_start"] == FREE_ON_A_PYPORTAL


def test_the_titano_turned_to_portrait_is_320x480(node):
    settings = feather_settings("builtin", extra={"KNIGHTSTOUR_TFT_ROTATION": 90})
    result = _run(node, "pyportal_titano", tours=3, settings=settings)
    assert result["tours"] == 3 and result["display"] == "320x480"


@pytest.mark.parametrize("board, rotation", [("pyportal", 0), ("pyportal_titano", 0), ("pyportal_titano", 270)])
def test_a_touch_on_a_square_starts_a_tour_there(node, board, rotation):
    square = 19  # d3
    raw_x, raw_y = raw_at(board, layout(board, rotation)[square], rotation)
    settings = feather_settings("builtin", extra={"KNIGHTSTOUR_TFT_ROTATION": rotation})
    result = _run(node, board, tours=3, settings=settings, press=(raw_x, raw_y, 5))  # attract mode
    assert result["touched_start"] == square
    assert result["tours"] == 3


@pytest.mark.parametrize("board", ["pyportal", "pyportal_titano"])
def test_a_whole_game_through_the_panel_and_the_tft_buttons(node, board):
    result = _run(node, board, tours=0, press=game.portal_presses(board))
    assert result["play_length"] == 64 and result["play_over"] in ("complete", "closed")


def test_with_the_sound_off_the_speaker_is_left_alone(node):
    result = _run(node, "pyportal", tours=3, settings=feather_settings("builtin", extra={"KNIGHTSTOUR_SOUND": "off"}))
    assert result["tours"] == 3 and "sound_plays" not in result



STAND_IN_SIZES = r'''
import analogio, audiocore, audioio, board, microcontroller


def rows():
    board._setup("pyportal")
    samples = bytearray(32)
    pins = iter([microcontroller.Pin("TOUCH_XL") for i in range(50)])  # a board's pins are not on its heap
    yield from measure((
        ("AnalogIn", analogio._SIZE, 50, lambda: analogio.AnalogIn(next(pins))),
        ("RawSample", audiocore._SIZE, 50, lambda: audiocore.RawSample(samples)),
        ("AudioOut", audioio._SIZE, 1, lambda: audioio.AudioOut(board.SPEAKER))))  # one DAC
'''


def test_each_pyportal_stand_in_holds_about_what_its_c_object_holds(node, tmp_path):
    from support.micropython import stand_in_sizes

    sizes = stand_in_sizes(node, tmp_path, ("_c", "board", "busio", "busdisplay", "microcontroller", "analogio",
                                            "audiocore", "audioio"), STAND_IN_SIZES)
    assert len(sizes) == 3, sizes
    for name, c_size, size in sizes:
        assert c_size <= size <= c_size + 100, (name, c_size, size)
