"""A whole game played by touch on the stand-in Feather's ILI9341 (8x8, landscape, the default
calibration), as the presses ``drive.run_feather(press=...)`` feeds its touch controller: the
play button, the first square of Warnsdorff's tour from a1, a hint, the second square, undo,
the second square again, then every square in turn, one press every 6 loop steps. CPython side
(drive.py's): tests/test_feather_play.py plays it, benchmarks/feather_heap.py --game finds the
smallest heap it runs in."""

from knightstour.board import Board
from knightstour.warnsdorff import Warnsdorff

from ..touch_raw import raw_touch

# Button centres, independent of the device's code: the 112 px panel right of the 208 px board,
# its three rows of 26 px buttons, 3 px apart, at the foot of the 240 px screen; two to a row,
# 51 px wide.
PLAY = (236, 166)
HINT = (290, 166)
UNDO = (236, 195)
FIRST_STEP = 5  # the loop step of the first press
EVERY = 6  # loop steps from one press to the next (each held for 3)


def centre(square):
    """The screen pixel at the centre of ``square`` on the 208 px board (26 px cells, 16 px down)."""
    return (square % 8) * 26 + 13, (7 - square // 8) * 26 + 13 + 16


def raw_for_pixel(touch, x, y):
    """The raw reading touch controller ``touch``'s default calibration maps to screen pixel
    (x, y) at rotation 0."""
    from knightstour.hw.wiring.touch_chips import defaults

    c = defaults(touch)
    return raw_touch((c["x0"], c["x1"], c["y0"], c["y1"], c["swap"]), x, y, 0)


def points():
    """The screen pixels pressed, in order."""
    path = Warnsdorff(Board(8, 8)).run(0).squares()  # a tour from a1
    return [PLAY, centre(path[0]), HINT, centre(path[1]), UNDO, centre(path[1])] + [centre(s) for s in path[2:]]


def presses(touch):
    """[(raw x, raw y, loop step)]: the game for touch controller ``touch``."""
    return [raw_for_pixel(touch, x, y) + (FIRST_STEP + EVERY * i,) for i, (x, y) in enumerate(points())]


def played(result):
    """Whether a run's RESULT shows the game played to its end: 64 squares, complete or closed."""
    return result is not None and result["play_length"] == 64 and result["play_over"] in ("complete", "closed")
