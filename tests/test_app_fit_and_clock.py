"""The app at its edges: boards that fit one way only, a clock that goes back, squares off the board."""

import pytest

from knightstour.app import App
from knightstour_desktop.recording import QueueInput, RecordingDisplay
from knightstour_sim.simulator import FakeClock, Simulator

from support.app import make_settings


@pytest.mark.parametrize("size", ["9x8", "8x9"])
def test_a_board_too_big_in_one_direction_only_does_not_fit(size):
    app = App(make_settings(size=size), display=RecordingDisplay(max_width=8, max_height=8))
    assert app.board.size_name == "8x8"
    assert app.messages == ["the %s board does not fit the display (at most 8x8); using 8x8" % size]
    with pytest.raises(ValueError, match="the %s board does not fit the display" % size):
        App(make_settings(size=size), display=RecordingDisplay(max_width=8, max_height=8), strict=True)


def test_a_board_exactly_the_display_size_fits():
    app = App(make_settings(size="8x6"), display=RecordingDisplay(max_width=8, max_height=6))
    assert app.board.size_name == "8x6" and app.messages == []


def test_a_clock_that_goes_back_keeps_the_time_left_to_wait():
    display = RecordingDisplay()
    app = App(make_settings(start="a1"), display=display, input=QueueInput())
    assert app.update(100.0) == 0  # the start shown: its delay begins at the next update
    assert app.update(100.0) == pytest.approx(0.06)
    # Set back by 50 s: the app cannot know how long the jump took, so it waits the 0.06 s again.
    assert app.update(50.02) == pytest.approx(0.06)
    app.update(50.07)
    assert app.tours.tour.length == 1
    app.update(50.08)
    assert app.tours.tour.length == 2


def test_a_wrapping_clock_wraps_the_wait_too():
    app = App(make_settings(start="a1", pace_first_ms="100", pace_last_ms="100"), input=QueueInput())
    app.clock.wrap = 10.0
    assert app.update(9.95) == 0
    assert app.update(9.95) == pytest.approx(0.1)
    # 9.95 + 0.1 wraps to 0.05
    assert app.update(0.01) == pytest.approx(0.04)
    assert app.tours.tour.length == 1
    app.update(0.05)
    assert app.tours.tour.length == 2


def test_squares_off_the_board_are_ignored_corners_start_tours():
    sim = Simulator(make_settings(speed="0"), clock=FakeClock(), seed=3)
    sim.update()
    before = sim.app.tours.tour.start
    for square in (64, -1, 100):
        sim.touch(square)
        sim.update()
        assert sim.app.tours.tour.start == before or sim.app.state != "run"
    for square in (0, 63, 7, 56):
        sim.touch(square)
        sim.update()
        assert sim.app.tours.tour.start == square
        assert sim.display.status_text.startswith("tour from %s" % sim.board.square_name(square))


def test_the_next_move_is_shown_after_its_paced_delay_not_before():
    clock = FakeClock(5.0)
    sim = Simulator(make_settings(start="c3", pace_first_ms="100", pace_last_ms="100"), clock=clock, seed=2)
    assert sim.update() == 0  # the start shown: its delay begins at the next update
    sim.update()
    assert sim.app.tours.tour.length == 1
    clock.advance(0.099)
    sim.update()
    assert sim.app.tours.tour.length == 1
    clock.advance(0.001)
    sim.update()
    assert sim.app.tours.tour.length == 2


def test_the_wait_never_exceeds_a_blink_while_the_knight_shows():
    clock = FakeClock(0.0)
    sim = Simulator(make_settings(start="c3", pace_first_ms="2000", pace_last_ms="2000"), clock=clock, seed=2)
    sim.update()
    wait = sim.update()
    assert wait == pytest.approx(0.25)  # the knight blinks every 0.25 s
    clock.advance(0.1)
    assert sim.update() == pytest.approx(0.15)
    blinks = []
    for _ in range(8):
        clock.advance(sim.wait)
        sim.update()
        blinks.append(sim.display.knight_on)
    # the last dark phase would end as the knight moves on (2 s): it stays lit instead
    assert blinks == [False, True, False, True, False, True, True, True]
    assert sim.app.tours.tour.length == 2


def test_speed_keys_name_the_new_speed():
    sim = Simulator(make_settings(), clock=FakeClock(), seed=1)
    sim.update()
    sim.command("faster")
    sim.update()
    assert sim.display.status_text == "speed x2"
    sim.command("slower")
    sim.command("slower")
    sim.update()
    assert sim.display.status_text == "speed x1/2"


def blink_calls(log):
    return [e for e in log if e[0] == "blink"]


def test_the_knight_does_not_blink_when_there_is_no_delay():
    log = []
    sim = Simulator(make_settings(speed="0", start="a1"), clock=FakeClock(), seed=1, log=log)
    for _ in range(40):
        sim.update()
        sim.clock.advance(0.1)
    assert blink_calls(log) == []


def test_in_play_mode_the_knight_blinks_only_once_it_is_on_the_board():
    log = []
    settings = make_settings(mode="play")
    sim = Simulator(settings, clock=FakeClock(), seed=1, log=log)
    for _ in range(4):
        sim.update()
        sim.clock.advance(0.25)
    assert blink_calls(log) == []
    sim.touch("c3")
    for _ in range(4):
        sim.update()
        sim.clock.advance(0.25)
    assert [e[1] for e in blink_calls(log)] == [False, True, False]


def test_random_starts_a_tour_and_play_toggles_from_one():
    sim = Simulator(make_settings(start="a1", speed="0"), clock=FakeClock(), seed=5)
    sim.update()
    sim.command("random")
    sim.update()
    assert sim.app.state == "run" and sim.display.status_text.startswith("tour from ")
    sim.command("play")
    sim.update()
    assert sim.app.state == "play" and sim.display.status_text == "play: touch a square to start"
    sim.command("play")
    sim.update()
    assert sim.app.state == "run" and sim.app.tours.tour.start == 0  # back to the start setting


def test_with_nothing_to_do_the_app_asks_to_sleep_a_second():
    sim = Simulator(make_settings(mode="play"), clock=FakeClock(), seed=1)
    assert sim.update() == 1.0  # play mode, no knight yet: nothing of its own is due
    assert App().quit is False  # a new toy runs until told to quit


def test_a_wrapping_clock_read_twice_at_the_same_time_does_not_wrap():
    app = App(make_settings(start="a1", pace_first_ms="100", pace_last_ms="100"), input=QueueInput())
    app.clock.wrap = 10.0
    assert app.update(5.0) == 0
    assert app.update(5.0) == pytest.approx(0.1)
    assert app.update(5.0) == pytest.approx(0.1)
    assert app.tours.tour.length == 1


def test_the_same_seed_gives_the_same_show():
    def starts(seed):
        app = App(make_settings(speed="0", seed=str(seed)))
        seen = []
        while app.tours.count < 3:
            app.update(0.0)
            if app.tours.tour.length == 1 and (not seen or seen[-1][0] != app.tours.count):
                seen.append((app.tours.count, app.tours.tour.start, app.tours.order_index))
        return seen

    assert starts(11) == starts(11)
    assert starts(11) != starts(12)


def test_a_stall_before_and_during_a_tour_skips_no_move():
    # A first launch compiles its imports between the start and the first update; the tour must
    # still start at its first move and show every move, one per update, however late it runs.
    clock = FakeClock(5.0)
    sim = Simulator(make_settings(start="c3", pace_first_ms="100", pace_last_ms="100"), clock=clock, seed=2)
    clock.advance(10.0)
    sim.update()
    assert sim.app.tours.tour.length == 1
    lengths = []
    for _ in range(6):
        clock.advance(10.0)
        sim.update()
        lengths.append(sim.app.tours.tour.length)
    assert lengths == [1, 2, 3, 4, 5, 6]
