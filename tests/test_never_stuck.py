"""Every start of every board from 3x3 to 8x8, both ways round, with each of the toy's orders.

The toy's tour ends complete (or closed), or the start has no tour and the toy says why; it is
never stuck where a tour exists, and its search never runs out of budget on these boards.
"""

import pytest

from knightstour.board import Board
from knightstour.starts import impossibility
from knightstour_desktop.recording import RecordingDisplay

from support.app import make_app, make_settings, run_tour

SIZES = ["%dx%d" % (w, h) for w in range(3, 9) for h in range(3, 9)]


@pytest.mark.parametrize("size", SIZES)
def test_every_start_ends_complete_or_explained(size):
    board = Board.parse(size)
    app = make_app(size)
    for index in range(len(app.tours.orders)):
        app = make_app(size, index, display=RecordingDisplay())
        for start in range(board.squares):
            run_tour(app, start)
            reason = impossibility(board, start, short=True)  # the toy shows the short form
            where = (size, app.tours.order_names[app.tours.order_index], board.square_name(start))
            if reason:
                assert app.tours.last_kind == "impossible" and app.display.status_text == reason, where
            else:
                assert app.tours.last_kind in ("complete", "closed"), where
                path = app.tours.tour.path
                assert sorted(path) == list(range(board.squares)) and path[0] == start
                assert all(board.is_knight_move(a, b) for a, b in zip(path, path[1:]))
        assert app.tours.stuck == 0 and app.tours.gave_up == 0


@pytest.mark.parametrize("size, start", [("5x6", "c2"), ("6x5", "b3"), ("4x7", "a2")])
def test_the_starts_that_got_stuck(size, start):
    # Bug: the rescue's search ran out of its 5,000 nodes here and the toy showed "stuck".
    app = make_app(size)
    run_tour(app, app.board.parse_square(start))
    assert app.tours.last_kind in ("complete", "closed") and app.tours.stuck == 0


@pytest.mark.parametrize("size", ["4x5", "6x4", "3x7", "8x3", "5x5", "7x7", "9x9", "3x3"])
def test_the_attract_loop_starts_only_where_a_tour_exists(size):
    import random

    from knightstour.app import App
    from knightstour.starts import open_tours_exist

    app = App(make_settings(size=size, speed="0", pause_ms="0"), rng=random.Random(3))
    starts = set()
    now = 0.0
    while app.tours.count < 60:
        now += app.update(now)
        if app.tours.tour.length:
            starts.add(app.tours.tour.start)
    board = app.board
    if open_tours_exist(board.width, board.height):
        assert app.tours.impossible == 0 and app.tours.complete == 60
        possible = set(s for s in range(board.squares) if not impossibility(board, s))
        assert starts <= possible and len(starts) > len(possible) // 2  # still random over them
    else:
        assert app.tours.impossible == 60  # 3x3: every start is explained
