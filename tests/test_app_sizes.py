"""Every board the TFT shows (5x5 to 16x16): its own super orders, and never stuck where a tour exists."""

import pytest

from knightstour import rescue
from knightstour.app import App
from knightstour.board import Board
from knightstour.orders import super_orders
from knightstour.search import impossibility, search
from knightstour_desktop.commands.solve import solve
from knightstour_desktop.recording import RecordingDisplay, RecordingSound

from support.app import make_app, make_settings, run_tour

SIDES = range(5, 17)


@pytest.mark.parametrize("side", SIDES)
def test_every_start_and_super_order_ends_complete_or_explained(side, monkeypatch):
    searches = []

    def counted(*args, **kwargs):
        searches.append(args[1])
        return search(*args, **kwargs)

    monkeypatch.setattr(rescue, "search", counted)
    size = "%dx%d" % (side, side)
    board = Board(side, side)
    names = super_orders(size)
    assert len(names) == 8 and names != ("abcdefgh",) * 8
    for index in range(len(names)):
        app = make_app(size, index)
        for start in range(board.squares):
            impossible = app.tours.impossible
            run_tour(app, start)
            reason = impossibility(board, start)
            assert app.tours.impossible == impossible + (1 if reason else 0)
            if reason:
                assert app.tours.last_kind == "impossible"
            else:
                assert app.tours.last_kind in ("complete", "closed"), (size, names[index], start)
                assert sorted(app.tours.tour.path) == list(range(board.squares))
                assert all(board.is_knight_move(a, b) for a, b in zip(app.tours.tour.path, app.tours.tour.path[1:]))
        assert app.tours.stuck == 0
    # With the border rule one of the size's own orders always completes: a Feather never searches.
    assert searches == []


def test_an_impossible_start_says_why_before_the_first_move():
    log = []
    sound = RecordingSound()
    app = make_app("5x5", display=RecordingDisplay(log), sound=sound)
    b1 = app.board.parse_square("b1")
    run_tour(app, b1)
    answer = solve(app.board, b1, "abcdefgh", "border", None)
    assert answer["tour_exists"] is False and "a1's colour" in answer["reason"]  # the CLI gives the argument
    reason = impossibility(app.board, b1, short=True)  # the toy its short form, whole on a TFT
    assert reason == "a 5x5 tour starts on the colour of a1"
    begin = ("begin", "5x5", "attract", app.tours.order_names[0], "border")
    calls = log[len(log) - 1 - log[::-1].index(begin):]
    assert calls == [begin, ("light", b1, 1), ("knight", b1), ("status", reason), ("result", "impossible", 1, b1)]
    assert sound.played[-1] == "stuck"
    assert app.tours.impossible == app.tours.count and app.tours.stuck == 0 and app.tours.last_kind == "impossible"
    assert app.state == "show"
    # then the usual pause and the next tour
    now = 1000.0
    app.update(now)
    assert app.state == "run"


def test_where_the_heuristic_gets_stuck_the_search_finds_the_tour():
    # Order abcdefgh under the "first" rule gets stuck on 8x8 from some starts.
    log = []
    app = make_app("8x8", display=RecordingDisplay(log), order="abcdefgh", rule="first")
    from knightstour.warnsdorff import Warnsdorff

    solver = Warnsdorff(app.board, "abcdefgh", "first")
    stuck = [s for s in range(64) if not solver.run(s).complete]
    assert stuck
    for start in stuck:
        del log[:]
        run_tour(app, start)
        assert app.tours.last_kind in ("complete", "closed")
        lit = [call[1] for call in log if call[0] == "light" and call[2] > 1]
        assert [start] + lit == list(app.tours.tour.path) and len(lit) == 63  # shown move by move, as a normal tour
    assert app.tours.stuck == 0


def test_another_super_order_is_tried_before_the_search(monkeypatch):
    # On 7x7 each super order gets stuck from 4 starts that can have a tour; another order completes.
    monkeypatch.setattr(rescue, "SEARCH_BUDGET", 1)
    app = make_app("7x7", index=0)
    solver_stuck = []
    from knightstour.warnsdorff import Warnsdorff

    solver = Warnsdorff(app.board, app.tours.order_names[0], "border")
    solver_stuck = [s for s in range(49) if not impossibility(app.board, s) and not solver.run(s).complete]
    assert len(solver_stuck) == 4
    for start in solver_stuck:
        run_tour(app, start)
        assert app.tours.last_kind == "complete" and app.tours.order_index != 0


def test_the_module_has_every_size_and_the_order_lookup_falls_back():
    assert [len(super_orders("%dx%d" % (s, s))) for s in SIDES] == [8] * 12
    assert super_orders("4x4") == () and super_orders("8x6") == ()
    assert App(make_settings(size="4x4")).tours.order_names == ("abcdefgh",)


def test_order_names_are_the_orders_as_parsed():
    app = App(make_settings(size="8x8"), orders=(" AHFDGCEB", "bcegdhfa "))
    assert app.tours.order_names == ("ahfdgceb", "bcegdhfa")
    assert app.tours.orders == ((0, 7, 5, 3, 6, 2, 4, 1), (1, 2, 4, 6, 3, 7, 5, 0))


def test_other_rules_are_never_stuck_either():
    # The super orders are the border rule's; under the centre rule all 8 get stuck from 13 starts
    # of 16x16, where the search (ordered by the border rule, rescue.SEARCH_RULE) finds the tour.
    from knightstour.warnsdorff import Warnsdorff

    app = make_app("16x16", rule="centre")
    solvers = [Warnsdorff(app.board, name, "centre") for name in app.tours.order_names]
    starts = [s for s in range(256) if not any(solver.run(s).complete for solver in solvers)]
    assert len(starts) == 13
    for start in starts:
        run_tour(app, start)
        assert app.tours.last_kind in ("complete", "closed") and sorted(app.tours.tour.path) == list(range(256))


def test_the_plain_simulator_says_why_and_exits_1(capsys, monkeypatch):
    import io

    from knightstour_desktop.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code = main(["sim", "--plain", "--once", "--speed", "0", "--size", "5x5", "--start", "b1"])
    out = capsys.readouterr().out
    assert code == 1
    assert solve(Board(5, 5), 1, "abcdefgh", "border", None)["tour_exists"] is False
    assert "result: no tour from here" in out and impossibility(Board(5, 5), 1, short=True) in out

