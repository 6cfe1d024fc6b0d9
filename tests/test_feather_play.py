"""Play mode on the Feather's TFT toy, in the heap it needs: code.py on the stand-ins under
MicroPython (as tests/test_feather.py), a whole game played through the touch screen: the play
button, every square of a tour in turn, a hint, an undo, and the game complete."""

import pytest
from test_feather import HEAP, TouchMapper, _run, node  # noqa: F401  (node: a fixture)

from knightstour.board import Board
from knightstour.warnsdorff import Warnsdorff

# Button centres, independent of the code: the 112 px panel right of the 208 px board, its three
# rows of 26 px buttons, 3 px apart, at the foot of the 240 px screen; two to a row, 51 px wide.
PLAY = (236, 166)
HINT = (290, 166)
UNDO = (236, 195)


def raw_for_pixel(touch, x, y):
    """The raw reading the default calibration maps to screen pixel (x, y) at rotation 0."""
    from knightstour.hw.wiring.touch_chips import defaults as touch_defaults
    from knightstour_sim.touch_raw import raw_touch

    c = touch_defaults(touch)
    raw = raw_touch((c["x0"], c["x1"], c["y0"], c["y1"], c["swap"]), x, y, 0)
    mapper = TouchMapper(c["x0"], c["x1"], c["y0"], c["y1"], c["swap"])
    back = mapper.landscape(*raw)
    assert abs(back[0] - x) <= 1 and abs(back[1] - y) <= 1
    return raw


def centre(square):
    return (square % 8) * 26 + 13, (7 - square // 8) * 26 + 13 + 16


@pytest.mark.parametrize("touch", ["ft6206", "xpt2046"])
def test_a_whole_game_through_the_touch_screen_in_the_heap_the_tft_needs(node, touch):  # noqa: F811
    path = Warnsdorff(Board(8, 8)).run(0).path  # a tour from a1, played by touch
    assert len(path) == 64
    points = [PLAY, centre(path[0]), HINT, centre(path[1]), UNDO, centre(path[1])]
    points += [centre(square) for square in path[2:]]
    presses = [raw_for_pixel(touch, x, y) + (5 + 6 * i,) for i, (x, y) in enumerate(points)]
    _, result = _run(node, display="ili9341", touch=touch, tours=0, heap=HEAP["ili9341"], press=presses)
    assert result["play_length"] == 64 and result["play_over"] in ("complete", "closed")
