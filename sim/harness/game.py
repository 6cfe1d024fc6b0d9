"""A whole game played by touch on the stand-in Feather's ILI9341 (8x8, landscape, the default
calibration), as the presses ``drive.run_feather(press=...)`` feeds its touch controller: the
play button, the first square of Warnsdorff's tour from a1, a hint, the second square, undo,
the second square again, then every square in turn, one press every 6 loop steps. CPython side
(drive.py's): tests/test_feather_play.py plays it, benchmarks/feather_heap.py --game finds the
smallest heap it runs in. ``portal_presses`` is the same game on a PyPortal's own screen and panel
(tests/test_feather_pyportal.py)."""

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


def moves():
    """What the game presses, in order: a button's name ("play", "hint", "undo") or a square."""
    path = Warnsdorff(Board(8, 8)).run(0).squares()  # a tour from a1
    return ["play", path[0], "hint", path[1], "undo", path[1]] + path[2:]


def points():
    """The screen pixels pressed, in order."""
    buttons = {"play": PLAY, "hint": HINT, "undo": UNDO}
    return [buttons[move] if move in buttons else centre(move) for move in moves()]


def presses(touch):
    """[(raw x, raw y, loop step)]: the game for touch controller ``touch``."""
    return [raw_for_pixel(touch, x, y) + (FIRST_STEP + EVERY * i,) for i, (x, y) in enumerate(points())]


def played(result):
    """Whether a run's RESULT shows the game played to its end: 64 squares, complete or closed."""
    return result is not None and result["play_length"] == 64 and result["play_over"] in ("complete", "closed")


def portal_layout(board, rotation=0):
    """{"play": (x, y), ..., square: (x, y)}: the centres of the buttons and squares on PyPortal
    ``board``'s own screen at ``rotation``, as the toy draws them (the CPython toy on the emulated
    PyPortal)."""
    from knightstour.hw.views.tft_panel import BUTTONS

    from ..screenshot import Emulated

    emulated = Emulated("builtin", {"mode": "touch", "speed": "1"}, kind=board, rotation=rotation)
    try:
        emulated.step()
        names = {event: word for word, event in BUTTONS}
        places = {names[event]: ((x0 + x1) // 2, (y0 + y1) // 2)
                  for x0, y0, x1, y1, event, _ in emulated.display.buttons}
        for square in range(64):
            places[square] = emulated.display.cell_centre(square)
        return places
    finally:
        emulated.close()


def portal_raw(board, point, rotation=0):
    """The raw panel reading (12 bits, as the toy's reader gives it) that the default calibration
    maps to screen pixel ``point`` of PyPortal ``board`` at ``rotation``."""
    from knightstour.hw.chips.pyportal import SIZES
    from knightstour.hw.wiring.touch_chips import defaults

    c = defaults("builtin")
    width0, height0 = SIZES[board]
    return raw_touch((c["x0"], c["x1"], c["y0"], c["y1"], c["swap"]), point[0], point[1], rotation, width0, height0)


def portal_presses(board):
    """[(raw x, raw y, loop step)]: the same game on PyPortal ``board``'s own screen and panel."""
    places = portal_layout(board)
    return [portal_raw(board, places[move]) + (FIRST_STEP + EVERY * i,) for i, move in enumerate(moves())]
