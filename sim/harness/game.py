"""A whole game played by touch on the stand-in Feather's ILI9341 (8x8, landscape, the default
calibration), as the presses ``drive.run_feather(press=...)`` feeds its touch controller: the
play button, the first square of Warnsdorff's tour from a1, a hint, the second square, undo,
the second square again, then every square in turn, one press every 6 loop steps. CPython side
(drive.py's): tests/test_feather_play.py plays it, benchmarks/feather_heap.py --game finds the
smallest heap it runs in. ``portal_presses`` is the same game on a PyPortal's own screen and panel
(tests/test_feather_pyportal.py), ``cyd_presses`` on the Cheap Yellow Display's (its XPT2046), and
``pad_presses`` the same game on the PicoSystem's direction pad and buttons (tests/test_feather_screens.py)."""

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
TAP = 8  # loop steps (10 ms each) a pad's button is pressed: a press (hw/inputs/buttons.py's HOLD is 0.7 s)
HELD = 90  # a hold
PAD_GAP = 12  # loop steps from a button's release to the next press
CYD = "sunton_esp32_2432S028"
PICOSYSTEM = "pimoroni_picosystem"


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


def timed(raws):
    """[(raw x, raw y, loop step)]: the raw readings ``raws`` pressed one after another."""
    return [raw + (FIRST_STEP + EVERY * i,) for i, raw in enumerate(raws)]


def presses(touch):
    """[(raw x, raw y, loop step)]: the game for touch controller ``touch``."""
    return timed([raw_for_pixel(touch, x, y) for x, y in points()])


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
    return timed([portal_raw(board, places[move]) for move in moves()])


def cyd_presses():
    """[(raw x, raw y, loop step)]: the same game on the Cheap Yellow Display's own screen (laid out
    as the toy draws it there), read by its XPT2046 through that chip's default calibration."""
    places = portal_layout(CYD)
    return timed([raw_for_pixel("xpt2046", *places[move]) for move in moves()])


def pad_timed(names):
    """(pin, step down, step up) for each of ``names`` (a pin, or (pin, steps held)), one after another."""
    out = []
    at = 20
    for name in names:
        pin, steps = name if isinstance(name, tuple) else (name, TAP)
        out.append((pin, at, at + steps))
        at += steps + PAD_GAP
    return out


def pad_names():
    """The PicoSystem's buttons the game presses, in order: X held (play mode), then for each square
    the pad's presses that take the cursor there from where it stands (a1 at first) and A; B the
    hint, X the undo (hw/inputs/pad.py)."""
    buttons = {"play": ("SW_X", HELD), "hint": "SW_B", "undo": "SW_X"}
    out = []
    cursor = 0
    for move in moves():
        if move in buttons:
            out.append(buttons[move])
            continue
        files, ranks = move % 8 - cursor % 8, move // 8 - cursor // 8
        out += ["SW_RIGHT" if files > 0 else "SW_LEFT"] * abs(files)
        out += ["SW_UP" if ranks > 0 else "SW_DOWN"] * abs(ranks)
        out.append("SW_A")
        cursor = move
    return out


def pad_presses():
    """(pin, step down, step up) each: the game on the PicoSystem's pad (run_feather(pad=True, buttons=...))."""
    return pad_timed(pad_names())
