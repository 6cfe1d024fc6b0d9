"""The app's state machine, driven through the simulator with a fake clock (never sleeps)."""

import pytest

from knightstour import rescue
from knightstour.app import App
from knightstour.nulls import NullDisplay
from knightstour.orders import super_orders
from knightstour_desktop.recording import QueueInput, RecordingDisplay
from knightstour_sim.simulator import FakeClock, Simulator

from support.app import make_settings


class TimedDisplay(RecordingDisplay):
    """Notes the clock's time of every square lit."""

    def __init__(self, clock):
        super().__init__()
        self.clock = clock
        self.times = []

    def light(self, square, number):
        super().light(square, number)
        self.times.append((number, self.clock()))


def test_pace_never_decreases_from_move_to_move():
    clock = FakeClock(100.0)
    sim = Simulator(make_settings(start="c3", speed="1"), clock=clock, seed=1)
    timed = TimedDisplay(clock)
    sim.app.show_on(timed)
    sim.run_fake(lambda s: s.app.tours.count == 1)
    numbers = [n for n, _ in timed.times]
    assert numbers == list(range(1, 65))
    gaps = [b[1] - a[1] for a, b in zip(timed.times, timed.times[1:])]
    for a, b in zip(gaps, gaps[1:]):
        assert b >= a - 1e-9
    assert gaps[0] == pytest.approx(0.06)
    assert gaps[-1] == pytest.approx(0.6)
    # The whole tour takes the sum of the paced delays: about 14 s.
    assert 10 < timed.times[-1][1] - timed.times[0][1] < 20


def test_a_click_on_c3_starts_the_tour_on_c3():
    clock = FakeClock()
    sim = Simulator(make_settings(speed="1"), clock=clock, seed=5)
    sim.update()  # an attract tour starts by itself
    assert sim.app.state == "run"
    clock.advance(1.0)
    sim.update()
    sim.touch("c3")
    sim.update()
    c3 = sim.board.parse_square("c3")
    assert sim.app.tours.tour.start == c3
    assert sim.app.tours.tour.length == 1
    assert sim.display.number[c3] == 1
    assert sum(1 for n in sim.display.number if n) == 1
    assert sim.display.knight_square == c3
    sim.run_fake(lambda s: s.app.tours.count == 1)
    assert sim.app.tours.tour.start == c3 and sim.app.tours.tour.complete
    assert sorted(sim.display.number) == list(range(1, 65))


def test_touch_during_a_tour_restarts_from_the_touched_square():
    clock = FakeClock()
    sim = Simulator(make_settings(start="a1", speed="1"), clock=clock, seed=2)
    sim.run_fake(lambda s: s.app.tours.tour.length >= 20)
    sim.touch("e4")
    sim.update()
    assert sim.app.tours.tour.start == sim.board.parse_square("e4")
    assert sum(1 for n in sim.display.number if n) == 1


def test_1000_attract_tours_all_complete_with_super_orders():
    clock = FakeClock()
    sim = Simulator(make_settings(speed="0"), display="max7219", clock=clock, seed=2026)
    sim.run_fake(lambda s: s.app.tours.count == 1000, limit=200000)
    app = sim.app
    assert app.tours.complete == 1000 and app.tours.stuck == 0
    share = app.tours.closed / app.tours.count
    print("closed share of 1000 attract tours, %d super orders: %.1f%%" % (len(super_orders("8x8")), 100 * share))
    if len(super_orders("8x8")) > 1:
        # Seed 004: "almost 33%"; the lead's super orders are chosen for the most closed tours.
        assert 0.2 < share < 0.5
    else:
        assert share > 0.05  # the placeholder order alone closes fewer


def test_touch_mode_waits_then_attracts_by_itself():
    clock = FakeClock()
    sim = Simulator(make_settings(mode="touch", idle_ms="5000", speed="0"), clock=clock, seed=3)
    sim.update()
    assert sim.app.state == "wait"
    assert sim.display.status_text == "touch a square to start"
    clock.advance(4.9)
    sim.update()
    assert sim.app.state == "wait"
    clock.advance(0.2)
    sim.update()
    assert sim.app.state == "run"
    sim.run_fake(lambda s: s.app.tours.count == 1)
    sim.run_fake(lambda s: s.app.state == "wait")
    sim.touch("d4")
    sim.update()
    assert sim.app.state == "run" and sim.app.tours.tour.start == sim.board.parse_square("d4")


def test_a_search_out_of_budget_says_so_and_where_it_stopped(monkeypatch):
    # A fixed order with the "first" rule gets stuck from some starts; with no search budget
    # the toy shows where it stopped, and says the search gave up: not "stuck", as a tour exists.
    monkeypatch.setattr(rescue, "SEARCH_BUDGET", 1)
    settings = make_settings(order="abcdefgh", rule="first", speed="0")
    stuck = None
    for start in range(64):
        sim = Simulator(settings, clock=FakeClock(), seed=1)
        sim.touch(start)
        sim.run_fake(lambda s: s.app.tours.count == 1)
        if sim.app.tours.last_kind == "budget":
            stuck = sim
            break
    assert stuck is not None
    display = stuck.display
    assert display.result_kind == "budget"
    name = stuck.board.square_name(display.result_square)
    assert display.status_text == "gave up on %s after %d squares" % (
        name, display.result_count)
    assert (stuck.app.tours.stuck, stuck.app.tours.gave_up) == (0, 1)
    assert display.result_count < 64
    assert stuck.sound.played[-1] == "stuck"


def test_closed_tour_is_celebrated_with_a_trace_back_to_the_start():
    log = []
    for seed in range(50):
        del log[:]
        sim = Simulator(make_settings(speed="1"), clock=FakeClock(), seed=seed, log=log)
        sim.run_fake(lambda s: s.app.tours.count == 1)
        if sim.app.tours.last_kind == "closed":
            break
    assert sim.app.tours.last_kind == "closed"
    assert sim.sound.played[-1] == "closed"
    sim.run_fake(lambda s: s.app.state == "run")  # the trace, the pause, then the next tour
    # (the app now holds the next tour: the log keeps the closed one)
    traces = [e for e in log if e[0] == "trace"]
    path = [e[1] for e in log if e[0] == "light"][:64]
    assert [e[1] for e in traces[:64]] == path
    assert traces[64][1:] == (path[0], 65)  # closing the loop
    assert traces[65][1] == -1


def test_speed_keys_change_the_pace():
    sim = Simulator(make_settings(speed="1"), clock=FakeClock(), seed=1)
    sim.update()
    sim.command("faster")
    sim.update()
    assert sim.app.clock.pacing.speed == 2
    assert sim.display.status_text == "speed x2"
    sim.command("slower")
    sim.command("slower")
    sim.update()
    assert sim.display.status_text == "speed x1/2"


def test_quit_command_sets_quit():
    sim = Simulator(make_settings(speed="0"), clock=FakeClock(), seed=1)
    sim.command("quit")
    sim.update()
    assert sim.app.quit


def test_update_returns_time_to_the_next_move_and_flushes_once():
    display = RecordingDisplay()
    app = App(make_settings(speed="1", start="a1"), display=display, input=QueueInput())
    assert app.update(10.0) == 0  # the start square shown: its delay begins at the next update
    assert display.flushes == 1
    wait = app.update(10.0)
    assert 0 < wait <= 0.06 + 1e-9
    assert app.update(10.0 + wait / 2) < wait  # nothing due yet
    assert display.flushes == 1


def test_board_too_big_for_the_display():
    settings = make_settings(size="10x10")
    with pytest.raises(ValueError, match="does not fit the display"):
        Simulator(settings, display="max7219")
    app = App(settings, display=RecordingDisplay(max_width=8, max_height=8))
    assert app.board.size_name == "8x8"
    assert "does not fit" in app.messages[0]
    sim = Simulator(settings, display="ili9341", clock=FakeClock(), seed=1)
    sim.run_fake(lambda s: s.app.tours.count == 1)
    assert sim.app.total == 100


def test_sound_off_uses_silence():
    sim = Simulator(make_settings(sound="off", speed="0"), clock=FakeClock(), seed=1)
    sim.run_fake(lambda s: s.app.tours.count == 1)
    assert sim.sound.played == []
    sim = Simulator(make_settings(speed="0"), clock=FakeClock(), seed=1)
    sim.run_fake(lambda s: s.app.tours.count == 1)
    assert sim.sound.played.count("tick") == 64


def test_null_ports_by_default():
    app = App(make_settings(speed="0"))
    assert isinstance(app.display, NullDisplay)
    while app.tours.count < 3:
        app.update(0.0)
    assert app.tours.complete == 3


def test_note_sound_steps_through_a_phrase_without_blocking():
    from knightstour.notes import CLOSED_NOTES, NoteSound

    class Piezo(NoteSound):
        def __init__(self):
            super().__init__()
            self.calls = []

        def start_note(self, frequency):
            self.calls.append(frequency)

        def stop_note(self):
            self.calls.append(0)

    piezo = Piezo()
    piezo.update(0.0)
    piezo.closed_phrase()
    assert piezo.calls == [523]
    piezo.tick()  # a tick does not cut a phrase short
    t = 0.0
    for _ in range(100):
        t += 0.01
        piezo.update(t)
    assert piezo.calls == [f for f, _ in CLOSED_NOTES] + [0]
    piezo.tick()
    assert piezo.calls[-1] == 1760


def test_a_wrapping_clock_keeps_the_pace():
    # A tick counter that wraps every 10 s, as a CircuitPython loop may pass.
    display = TimedDisplay(lambda: elapsed[0])
    elapsed = [0.0]
    app = App(make_settings(start="c3"), display=display)
    app.clock.wrap = 10.0
    while app.tours.count < 1:
        wait = app.update(elapsed[0] % 10.0)
        elapsed[0] += wait
    gaps = [b[1] - a[1] for a, b in zip(display.times, display.times[1:])]
    assert len(gaps) == 63
    for a, b in zip(gaps, gaps[1:]):
        assert b >= a - 1e-9
    assert gaps[-1] == pytest.approx(0.6)
    assert elapsed[0] > 10  # the clock did wrap


def test_a_too_big_board_with_a_start_falls_back_to_random():
    settings = make_settings(size="12x12", start="l12")
    app = App(settings, display=RecordingDisplay(max_width=8, max_height=8))
    assert app.board.size_name == "8x8" and app.tours.start_square == -1
    assert "not on the 8x8 board" in app.messages[1]
