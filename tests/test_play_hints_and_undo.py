"""Play mode at its edges: a hint before the first move or after the end, undo after the end, the corners."""

import pytest

from knightstour.settings import Settings
from knightstour_sim.simulator import FakeClock, Simulator

from support.app import play_sim


def act(sim, event):
    if isinstance(event, str) and event not in ("hint", "undo", "play", "random"):
        sim.touch(event)
    elif isinstance(event, int):
        sim.touch(event)
    else:
        sim.command(event)
    sim.update()


def test_a_hint_before_the_first_move_asks_for_a_start_square():
    sim = play_sim()
    act(sim, "hint")
    assert sim.display.status_text == "hint: touch any square to start"
    assert sim.display.hint == -1 and sim.display.marks == []
    assert sim.app.game.tour.length == 0


def test_a_hint_after_a_dead_end_says_the_game_is_over():
    sim = play_sim()
    for name in ["g6", "e5", "f7", "h8"]:
        act(sim, name)
    act(sim, "hint")
    assert sim.display.status_text == "hint: the game is over"
    assert sim.display.hint == -1 and sim.display.marks == []


def test_undo_of_the_only_move_empties_the_board():
    sim = play_sim()
    act(sim, "c3")
    act(sim, "undo")
    assert sim.display.status_text == "play: touch a square to start"
    assert sim.display.knight_square == -1 and sim.display.marks == []
    assert not any(sim.display.number)
    act(sim, "hint")
    assert sim.display.status_text == "hint: touch any square to start"


def test_undo_after_a_complete_open_game_reopens_the_last_move():
    sim = play_sim(size="5x5")
    from knightstour.search import find_tour

    path = find_tour(sim.board, 0).path
    for square in path:
        act(sim, square)
    assert sim.app.game.over == "complete"
    assert sim.display.status_text == "complete! all 25 squares"
    assert sim.display.result_kind == "complete" and sim.display.result_count == 25
    assert sim.sound.played[-1] == "complete"
    act(sim, "undo")
    assert sim.app.game.over == "" and sim.display.result_kind == ""
    assert sim.display.knight_square == path[-2]
    assert sim.display.marks == [path[-1]]
    assert sim.display.status_text == "undo: back on %s, move 24; 1 move from here" % (
        sim.board.square_name(path[-2]))


def test_the_corner_squares_are_moves_like_any_other():
    # a1 (square 0) and the last square (63) are on the board; 64 is not a square.
    sim = play_sim()
    act(sim, "b3")
    assert 0 in sim.display.marks
    act(sim, 0)
    assert sim.display.knight_square == 0 and sim.display.number[0] == 2
    sim = play_sim()
    act(sim, "g6")
    assert 63 in sim.display.marks
    act(sim, 63)
    assert sim.display.knight_square == 63
    act(sim, 64)
    act(sim, -1)
    assert sim.app.game.tour.length == 2 and sim.app.game.rejected == 0


def test_the_count_of_moves_from_here_is_shown_after_each_move():
    sim = play_sim()
    act(sim, "d4")
    assert sim.display.status_text == "move 1 of 64 on d4: 8 moves from here"
    act(sim, "b3")
    # From b3: a1, a5, c1, c5, d2, d4 (visited).
    assert sim.display.status_text == "move 2 of 64 on b3: 5 moves from here"
    assert sorted(sim.board.square_name(s) for s in sim.display.marks) == ["a1", "a5", "c1", "c5", "d2"]


def test_the_play_key_in_touch_mode_returns_to_waiting_for_a_touch():
    settings = Settings()
    settings.set("mode", "touch")
    sim = Simulator(settings, clock=FakeClock(), seed=4)
    sim.update()
    act(sim, "play")
    assert sim.app.state == "play" and sim.display.mode == "play"
    act(sim, "play")
    assert sim.app.state == "wait"
    assert sim.display.status_text == "touch a square to start"
    assert sim.display.mode == "touch"


def test_random_in_play_mode_starts_a_game_on_some_square():
    sim = play_sim()
    act(sim, "random")
    assert sim.app.state == "play" and sim.app.game.tour.length == 1
    assert sim.display.knight_square == sim.app.game.tour.square


def test_a_closed_game_is_traced_at_once_then_at_the_trace_pace():
    sim = play_sim(size="6x6")
    from knightstour.search import find_tour

    for square in find_tour(sim.board, 0, closed=True).path:
        act(sim, square)
    assert sim.app.game.over == "closed"
    assert sim.display.status_text == "closed tour! all 36 squares and back to a1"
    # The trace starts at once, on the start square, and runs 37 steps in 1.5 s.
    assert sim.display.trace_square == 0 and sim.display.trace_number == 1
    assert sim.wait == pytest.approx(1.5 / 37)
