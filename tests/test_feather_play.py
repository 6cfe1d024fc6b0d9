"""Play mode on the Feather's TFT toy, in the heap it needs: code.py on the stand-ins under
MicroPython (as tests/test_feather.py), a whole game played through the touch screen
(knightstour_sim.harness.game): the play button, every square of a tour in turn, a hint,
an undo, and the game complete."""

import pytest

from knightstour.hw.inputs.touch import TouchMapper
from knightstour.hw.wiring.touch_chips import defaults
from knightstour_sim.harness import game

from support.feather import HEAP, run_to_the_end


@pytest.mark.parametrize("touch", ["ft6206", "xpt2046"])
def test_the_games_presses_land_where_they_are_aimed(touch):
    c = defaults(touch)
    mapper = TouchMapper(c["x0"], c["x1"], c["y0"], c["y1"], c["swap"])
    presses = game.presses(touch)
    assert len(presses) == 68 and game.points()[:3] == [game.PLAY, game.centre(0), game.HINT]
    for (x, y), (raw_x, raw_y, _) in zip(game.points(), presses):
        back = mapper.landscape(raw_x, raw_y)
        assert abs(back[0] - x) <= 1 and abs(back[1] - y) <= 1


@pytest.mark.parametrize("touch", ["stmpe610", "ft6206", "xpt2046"])
def test_a_whole_game_by_touch_in_the_tfts_heap(node, touch):
    _, result = run_to_the_end(node, display="ili9341", touch=touch, tours=0, heap=HEAP["ili9341"],
                               press=game.presses(touch))
    assert game.played(result), result
    # A move's step, in a fixed run: the touch read (here the stand-ins' bus, pins and floats too),
    # the move's status text, the counter; no list of moves, no wrapped lines, no placed tuples
    # (1.1 KB a move before, 0.6 KB since). The step that loads play mode's drawing is apart.
    assert result["most_made_by_a_play_move"] <= 768, result
