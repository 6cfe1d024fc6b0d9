"""device/code.py, unchanged, on the stand-ins of boards with a screen of their own besides the
PyPortals (sim/boards: pins and display as CircuitPython 10.0.3's pins.c and board.c make them),
under MicroPython: the Cheap Yellow Display (320x240, an XPT2046 on TOUCH_SPI/TOUCH_CS, a speaker on
a DAC), the CLUE (240x240, its A and B buttons), the PicoSystem (240x240, its direction pad moving a
cursor, and its A, B, X and Y), the Feather ESP32-S3 TFT (240x135, its one button as A).
KNIGHTSTOUR_DISPLAY is left as deploy writes it: board.DISPLAY is used by itself. No real board ran
this."""

import pytest

from knightstour.hw.feather import NEEDS_KB
from knightstour.hw.wiring.touch_chips import defaults as touch_defaults
from knightstour_sim.harness import game
from knightstour_sim.harness.drive import feather_settings, run_feather
from knightstour_sim.touch_raw import raw_touch

HEAP = NEEDS_KB["builtin"][0] * 1024
SIZES = {"sunton_esp32_2432S028": "320x240", "clue_nrf52840_express": "240x240",
         "pimoroni_picosystem": "240x240", "adafruit_feather_esp32s3_tft": "240x135"}


def _run(node, board, mode=None, **kwargs):
    kwargs.setdefault("heap", HEAP)
    if mode is not None:
        kwargs["settings"] = feather_settings("builtin", extra={"KNIGHTSTOUR_MODE": mode})
    proc, result = run_feather(node, display="builtin", board=board, mpy=True, **kwargs)
    assert proc.returncode == 0 and result is not None, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "Traceback" not in proc.stdout + proc.stderr
    return result


@pytest.mark.parametrize("board", sorted(SIZES))
def test_whole_tours_on_the_boards_own_screen_in_the_builtin_heap(node, board):
    result = _run(node, board, tours=20)
    assert result["tours"] == 20
    assert result["display"] == SIZES[board]
    assert result["free_at_start"] == HEAP
    assert result["start_modules_kept"] == 0
    assert result["live_after_tours"] <= result["live_after_start"] + 12 * 1024

# The heap each board has free when code.py starts, as assumed here (none measured on a board): the
# PicoSystem's from a Pico W on CircuitPython 9.0.0, 126,112 bytes (adafruit/circuitpython issue
# 9085; the PicoSystem has no Wi-Fi chip's buffers); the Cheap Yellow Display's "something like 115K
# available before loading any libraries" (its board's author, adafruit/circuitpython pull request
# 9101): 110 KB; the CLUE's 89,872 bytes on CircuitPython 5.3.0 with the adafruit_clue library and its
# sensor drivers already loaded (adafruit/circuitpython issue 2885), which the toy does not load: 89 KB;
# the ESP32-S3 TFT has 2 MB of PSRAM for its heap and no figure found: 100 KB, far less than it has.
FREE = {"sunton_esp32_2432S028": 110 * 1024, "clue_nrf52840_express": 89 * 1024,
        "pimoroni_picosystem": 123 * 1024, "adafruit_feather_esp32s3_tft": 100 * 1024}


@pytest.mark.parametrize("board", sorted(FREE))
def test_each_board_runs_its_tours_in_the_heap_it_has_free(node, board):
    result = _run(node, board, tours=3, heap=FREE[board])
    assert result["tours"] == 3 and result["free_at_start"] == FREE[board]


def test_the_cheap_yellow_displays_speaker_plays_through_its_dac(node):
    result = _run(node, "sunton_esp32_2432S028", tours=3)
    assert result["sound_plays"] >= 3


def test_a_tap_on_d4_through_the_cyds_xpt2046_starts_a_tour_there(node):
    square = 27  # d4: 26 px cells on the 8x8 board, 16 px below the top of the 320x240 screen
    defaults = touch_defaults("xpt2046")
    calibration = tuple(defaults[name] for name in ("x0", "x1", "y0", "y1", "swap"))
    raw_x, raw_y = raw_touch(calibration, (square % 8) * 26 + 13, (7 - square // 8) * 26 + 13 + 16, 0)
    result = _run(node, "sunton_esp32_2432S028", tours=3, press=(raw_x, raw_y, 5))
    assert result["touched_start"] == square
    assert result["tours"] == 3


# (pin, step down, step up), 10 ms a step: B held (slower), B held again, B tapped (faster); A held
# (pause), A held again (carry on). The PicoSystem's Y is the matrix toy's B (its B is the hint).
@pytest.mark.parametrize("board, a, b", [("clue_nrf52840_express", "BUTTON_A", "BUTTON_B"),
                                         ("pimoroni_picosystem", "SW_A", "SW_Y")])
def test_two_buttons_work_as_the_matrix_toys_a_and_b(node, board, a, b):
    presses = ((b, 20, 100), (b, 150, 230), (b, 300, 310), (a, 400, 480), (a, 700, 780))
    result = _run(node, board, tours=5, buttons=presses)
    assert result["speed"] == "32" and result["paused"] == 0
    assert 150 <= result["paused_steps"] <= 320


def test_the_feather_esp32_s3_tfts_one_button_is_a(node):
    button = "BUTTON"  # held: pause; held again: carry on
    result = _run(node, "adafruit_feather_esp32s3_tft", tours=3, buttons=((button, 20, 100), (button, 320, 400)))
    assert result["tours"] == 3 and result["paused"] == 0
    assert 150 <= result["paused_steps"] <= 320


def pad_presses(*names):
    return game.pad_timed(names)


def test_the_picosystems_pad_picks_a_start_and_a_tours_from_there(node):
    # from a1: left and down stop at the edge; four right, one left, four up, one down: d4
    moves = ("SW_LEFT", "SW_DOWN") + ("SW_RIGHT",) * 4 + ("SW_LEFT",) + ("SW_UP",) * 4 + ("SW_DOWN",)
    result = _run(node, "pimoroni_picosystem", tours=1, heap=FREE["pimoroni_picosystem"], pad=True,
                  buttons=pad_presses(*moves, "SW_A"))
    assert result["input_square"] == 27 and result["input_start"] == 27  # d4


def _square(name):
    return "abcdefgh".index(name[0]) + 8 * (int(name[1:]) - 1)


def test_the_picosystems_pad_plays_a_knight_move_and_b_gives_a_hint(node):
    # X held: play mode; A: the knight on a1; the cursor to b3 and A: the move there; B: a hint
    buttons = pad_presses(("SW_X", game.HELD), "SW_A", "SW_RIGHT", "SW_UP", "SW_UP", "SW_A", "SW_B")
    result = _run(node, "pimoroni_picosystem", tours=0, heap=FREE["pimoroni_picosystem"], pad=True, buttons=buttons)
    assert result["input_square"] == 0  # a1
    assert result["play_length"] == 2 and result["play_over"] == "-"
    prefix = "hint: Warnsdorff goes to "
    assert result["status"].startswith(prefix), result["status"]
    hint, b3 = _square(result["status"][len(prefix):].split()[0]), 17
    assert {abs(hint % 8 - b3 % 8), abs(hint // 8 - b3 // 8)} == {1, 2} and hint != 0


def test_the_picosystems_x_takes_back_a_move_an_illegal_one_refused(node):
    # in play mode: the knight on a1, then on b3; A on c3 (no knight move) refused; X: undo
    buttons = pad_presses("SW_A", "SW_RIGHT", "SW_UP", "SW_UP", "SW_A", "SW_RIGHT", "SW_A", "SW_X")
    result = _run(node, "pimoroni_picosystem", "play", tours=0, heap=FREE["pimoroni_picosystem"], pad=True, buttons=buttons)
    assert result["play_length"] == 1
    assert result["status"].startswith("undo: back on a1"), result["status"]


# The whole game of the touch screens (knightstour_sim.harness.game: play, a hint, an undo, every
# square of a tour) at the heap each board has free: on the Cheap Yellow Display by touch, its
# XPT2046's raw readings; on the PicoSystem by its pad, the cursor walked to each square and A.
@pytest.mark.slow
def test_the_cheap_yellow_display_plays_a_whole_game_by_touch(node):
    result = _run(node, game.CYD, tours=0, heap=FREE[game.CYD], press=game.cyd_presses())
    assert game.played(result), result


@pytest.mark.slow
def test_the_picosystem_plays_a_whole_game_by_its_pad(node):
    result = _run(node, game.PICOSYSTEM, tours=0, heap=FREE[game.PICOSYSTEM], pad=True, buttons=game.pad_presses())
    assert game.played(result), result
