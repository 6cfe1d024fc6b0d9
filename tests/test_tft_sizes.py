"""The TFT view laid out on every screen size a board's own display has, 160x128 to 480x320, in
landscape and portrait, without the touch buttons and, from 240x240 up (the boards with a touch
screen of their own: 320x240, 480x320), with them: the board's squares as big as fit
beside (landscape) or below (portrait) the panel, every text and button inside the screen, off
the board and off each other; on a narrow panel the longer words cut at its edge."""

import types

import pytest

from knightstour.board import Board
from knightstour.hw.views import tft

SIZES = [(160, 128), (240, 135), (240, 240), (320, 240), (480, 320)]


def _view(width, height, touch):
    display = types.SimpleNamespace(width=width, height=height, root_group=None)
    view = tft.TftDisplay(display, touch)
    view.prepare(Board.parse("8x8"))
    return view


def _boxes(view):
    for name, item in view.labels.items():
        grid = item.tilegrid
        yield name, (grid.x, grid.y, grid.x + item.bitmap.width, grid.y + item.bitmap.height)
    for x0, y0, x1, y1, event, _ in view.buttons:
        yield event, (x0, y0, x1, y1)


TOUCH_SIZES = [(240, 240), (320, 240), (480, 320)]
CASES = [(size, False) for size in SIZES + [(h, w) for w, h in SIZES]]
CASES += [(size, True) for size in TOUCH_SIZES + [(h, w) for w, h in TOUCH_SIZES]]


@pytest.mark.parametrize("size, touch", CASES)
def test_every_text_and_button_is_on_the_screen_and_off_the_board(size, touch):
    width, height = size
    view = _view(width, height, touch)
    side = view.cell * 8
    bx0, by0 = view.board_x, view.board_y
    assert 0 <= bx0 and bx0 + side <= width and 0 <= by0 and by0 + side <= height
    boxes = list(_boxes(view))
    for name, (x0, y0, x1, y1) in boxes:
        assert 0 <= x0 and x1 <= width and 0 <= y0 and y1 <= height, (name, size)
        assert x0 >= bx0 + side or y0 >= by0 + side, (name, size)  # beside or below the board
        for other, (u0, v0, u1, v1) in boxes:
            assert other == name or x1 <= u0 or u1 <= x0 or y1 <= v0 or v1 <= y0, (name, other, size)


@pytest.mark.parametrize("size, cell", [((240, 240), 21), ((240, 135), 16), ((160, 128), 11), ((320, 240), 26),
                                        ((480, 320), 40), ((135, 240), 16)])
def test_the_squares_are_as_big_as_fit_beside_the_panel(size, cell):
    assert _view(size[0], size[1], False).cell == cell


@pytest.mark.parametrize("size, columns", [((240, 240), 8), ((320, 240), 13)])
def test_the_results_are_cut_at_the_panels_edge(size, columns):
    view = _view(size[0], size[1], False)
    view.begin(Board.parse("8x8"), "attract", "super", "border")
    assert view.labels["result"].columns == columns
    for kind, whole in tft.RESULT_TEXT.items():
        view.result(kind, 64, -1)
        assert view.labels["result"].text == whole  # drawn: its first ``columns`` characters
