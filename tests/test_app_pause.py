"""The "pause" command (a long press of button A): the toy stops where it is and carries on
from there, with the time that was left to wait."""

from knightstour_sim.simulator import FakeClock, Simulator

from support.app import make_settings


def paused_sim(**values):
    clock = FakeClock()
    sim = Simulator(make_settings(**dict({"start": "c3", "speed": "1"}, **values)), clock=clock, seed=1)
    return sim, clock


def test_a_paused_tour_stands_still_and_carries_on_where_it_was():
    sim, clock = paused_sim()
    sim.run_fake(lambda s: s.app.tours.tour.length >= 10)
    sim.update()  # a move now: the next is due in a while
    left = sim.app.clock.due - clock()
    assert left > 0.05
    sim.command("pause")
    sim.update()
    assert sim.app.clock.paused and sim.display.status_text == "paused"
    length = sim.app.tours.tour.length
    for _ in range(100):
        clock.advance(1.0)
        assert sim.update() <= 1.0
    assert sim.app.tours.tour.length == length and sim.app.state == "run"
    sim.command("pause")
    sim.update()
    assert not sim.app.clock.paused and sim.display.status_text == ""
    assert abs(sim.app.clock.due - sim.app.clock.now - left) < 1e-9
    sim.run_fake(lambda s: s.app.tours.tour.length > length)
    sim.run_fake(lambda s: s.app.tours.count == 1)
    assert sim.app.tours.last_kind in ("complete", "closed")


def test_the_result_on_show_waits_while_paused():
    sim, clock = paused_sim()
    sim.run_fake(lambda s: s.app.state == "show" and s.app.tracing < 0)
    sim.command("pause")
    sim.update()
    clock.advance(600.0)
    sim.update()
    assert sim.app.state == "show" and sim.app.tours.count == 1
    sim.command("pause")
    sim.run_fake(lambda s: s.app.state == "run")


def test_speed_changes_keep_it_paused_a_new_tour_ends_the_pause():
    sim, clock = paused_sim()
    sim.run_fake(lambda s: s.app.tours.tour.length >= 5)
    sim.command("pause")
    sim.command("faster")
    sim.update()
    assert sim.app.clock.paused and sim.app.clock.pacing.speed == 2.0
    assert sim.display.status_text == "paused, speed x2"  # the panel keeps saying it is paused
    sim.command("slower")
    sim.update()
    assert sim.app.clock.paused and sim.display.status_text == "paused, speed x1"
    sim.command("random")
    sim.update()
    assert not sim.app.clock.paused and sim.app.tours.tour.length == 1
    sim.run_fake(lambda s: s.app.tours.tour.length >= 3)


def test_pause_in_touch_mode_keeps_the_wait_from_running_out():
    sim, clock = paused_sim(mode="touch", idle_ms="5000")
    sim.update()
    assert sim.app.state == "wait"
    sim.command("pause")
    sim.update()
    clock.advance(60.0)
    sim.update()
    assert sim.app.state == "wait"
    sim.touch("a1")
    sim.update()
    assert not sim.app.clock.paused and sim.app.state == "run"
