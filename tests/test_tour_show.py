"""What an automatic tour shows: its messages, counters, the result pause and the closed tour's trace."""

import pytest

from knightstour_sim.simulator import FakeClock, Simulator

from support.app import make_settings


def make_sim(seed=1, log=None, **values):
    return Simulator(make_settings(**values), clock=FakeClock(), seed=seed, log=log)


def run_until(sim, until):
    """Update and let the clock run on as the app asks, until ``until(sim)``; return the clock's time then."""
    for _ in range(100000):
        wait = sim.update()
        if until(sim):
            return sim.clock.now
        sim.clock.advance(wait)
    raise AssertionError("not reached")


def first_tour_of_kind(kind, log=None, **values):
    for seed in range(60):
        if log is not None:
            del log[:]
        sim = make_sim(seed=seed, log=log, **values)
        sim.finished = run_until(sim, lambda s: s.app.tours.count == 1)
        if sim.app.tours.last_kind == kind:
            return sim
    raise AssertionError("no %s tour in 60 seeds" % kind)


def test_a_tour_starts_with_its_square_and_order_named():
    sim = make_sim(start="c3", order="ahfdgceb")
    sim.update()
    assert sim.display.status_text == "tour from c3"  # the order: the panel names it, once
    assert sim.display.order == "ahfdgceb" and sim.display.mode == "attract"
    assert sim.display.number[sim.board.parse_square("c3")] == 1
    assert sim.display.knight_square == sim.board.parse_square("c3")
    assert sim.sound.played == ["tick"]


def test_a_complete_open_tour_names_both_ends_and_counts_as_complete():
    sim = first_tour_of_kind("complete", speed="0")
    tour = sim.app.tours.tour
    assert sim.display.status_text == "complete: 64 squares from %s to %s" % (
        sim.board.square_name(tour.start), sim.board.square_name(tour.square))
    assert (sim.display.result_kind, sim.display.result_count, sim.display.result_square) == (
        "complete", 64, tour.square)
    assert (sim.app.tours.count, sim.app.tours.complete, sim.app.tours.closed, sim.app.tours.stuck) == (1, 1, 0, 0)
    assert sim.sound.played[-1] == "complete"


def test_a_closed_tour_names_its_closing_move():
    sim = first_tour_of_kind("closed", speed="0")
    tour = sim.app.tours.tour
    assert sim.display.status_text == "64 squares; %s to %s is a knight move" % (
        sim.board.square_name(tour.square), sim.board.square_name(tour.start))
    assert sim.display.result_kind == "closed"
    assert (sim.app.tours.count, sim.app.tours.complete, sim.app.tours.closed, sim.app.tours.stuck) == (1, 1, 1, 0)


def test_a_tour_out_of_budget_counts_as_given_up_only(monkeypatch):
    # Tours are found whole before they are shown: one stops short only where the search runs out of budget.
    monkeypatch.setattr("knightstour.rescue.SEARCH_BUDGET", 1)
    sim = first_tour_of_kind("budget", order="abcdefgh", rule="first", speed="0", size="5x5")
    assert (sim.app.tours.count, sim.app.tours.complete, sim.app.tours.closed, sim.app.tours.stuck, sim.app.tours.gave_up) == (1, 0, 0, 0, 1)
    assert sim.display.result_count == sim.app.tours.tour.length < 25
    assert sim.display.result_kind == "budget"


def test_the_result_stays_for_the_pause_then_a_tour_starts():
    sim = first_tour_of_kind("complete", pause_ms="2000")
    assert sim.app.state == "show"
    assert sim.wait == pytest.approx(2.0)  # the app asks to sleep through the pause
    assert run_until(sim, lambda s: s.app.state == "run") - sim.finished == pytest.approx(2.0)
    assert sim.app.tours.tour.length == 1 and sim.display.result_kind == ""


def test_in_touch_mode_the_result_gives_way_to_waiting_for_a_touch():
    sim = make_sim(mode="touch", idle_ms="3000", pause_ms="1000", speed="4", start="a1")
    sim.update()
    assert sim.app.state == "wait" and sim.wait == pytest.approx(3.0)  # sleeps through the idle time
    assert run_until(sim, lambda s: s.app.state == "run") == pytest.approx(3.0)  # idle, then a tour
    shown = run_until(sim, lambda s: s.app.state == "show")
    waiting = run_until(sim, lambda s: s.app.state != "show")
    assert sim.app.state == "wait" and sim.display.status_text == "touch a square to start"
    if sim.app.tours.last_kind != "closed":
        assert waiting - shown == pytest.approx(0.25)  # the pause at speed x4


def test_the_closed_tours_trace_runs_at_its_pace_then_pauses():
    log = []
    sim = first_tour_of_kind("closed", log=log, pause_ms="1000")
    traced_at = []
    while sim.app.state == "show":
        before = sim.display.trace_number
        sim.clock.advance(sim.wait)
        sim.update()
        if sim.display.trace_number != before:
            traced_at.append((sim.display.trace_number, sim.clock.now))
    numbers = [n for n, _ in traced_at]
    assert numbers == list(range(1, 66)) + [0]
    assert traced_at[-1][1] - traced_at[-2][1] == pytest.approx(1.5 / 65)
    assert traced_at[0][1] == sim.finished  # the trace starts at once
    assert sim.clock.now - traced_at[-1][1] == pytest.approx(1.0)  # then the pause
    traced_at = traced_at[:-1]
    gaps = {round(b[1] - a[1], 9) for a, b in zip(traced_at, traced_at[1:])}
    assert gaps == {round(1.5 / 65, 9)}  # 65 steps in 1.5 s
    path = [e[1] for e in log if e[0] == "light"][:64]
    assert [e[1] for e in log if e[0] == "trace"][:65] == path + [path[0]]


def test_a_new_tour_restarts_the_count_of_moves_shown():
    sim = make_sim(speed="0", start="a1")
    sim.run_fake(lambda s: s.app.tours.count == 2)
    assert sim.app.tours.tour.start == 0
    assert sorted(n for n in sim.display.number if n) == list(range(1, 65))
    assert sim.sound.played.count("tick") == 128


def test_attract_tours_draw_their_order_from_the_super_orders():
    sim = make_sim(seed=3, speed="0")
    shown = set()
    while sim.app.tours.count < 12:
        sim.update()
        shown.add(sim.display.order)
    assert len(shown) > 1 and shown <= set(sim.app.tours.order_names)


def test_tours_started_from_play_mode_show_as_attract():
    sim = make_sim(mode="play", speed="0")
    sim.update()
    sim.command("play")
    sim.update()
    assert sim.app.state == "run" and sim.display.mode == "attract"
