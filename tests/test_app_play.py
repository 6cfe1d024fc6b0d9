"""Play mode: the user moves the knight; illegal moves are refused, undo restores exactly."""

from knightstour.settings import Settings
from knightstour_sim.simulator import FakeClock, Simulator

from support.app import play_sim


def move(sim, name):
    sim.touch(name)
    sim.update()


def names(sim, squares):
    return sorted(sim.board.square_name(s) for s in squares)


def test_first_touch_places_the_knight_and_shows_the_legal_moves():
    sim = play_sim()
    assert sim.display.status_text == "play: touch a square to start"
    move(sim, "a1")
    assert sim.display.knight_square == 0 and sim.display.number[0] == 1
    assert names(sim, sim.display.marks) == ["b3", "c2"]
    assert sim.display.hint == -1
    assert sim.display.status_text == "move 1 of 64 on a1: 2 moves from here"


def test_illegal_moves_are_rejected_and_change_nothing():
    sim = play_sim()
    move(sim, "a1")
    move(sim, "b3")
    before = sim.display.snapshot()
    tour_before = (bytes(sim.app.game.tour.number), sim.app.game.tour.length)
    move(sim, "b4")  # not a knight move
    assert sim.display.status_text == "illegal: b4 is not a knight move from b3"
    move(sim, "a1")  # a knight move, but visited
    assert sim.display.status_text == "illegal: a1 was visited at move 1"
    move(sim, "b3")  # the knight's own square: ignored
    assert sim.app.game.rejected == 2
    assert sim.display.snapshot() == before
    assert (bytes(sim.app.game.tour.number), sim.app.game.tour.length) == tour_before


def test_undo_restores_the_state_exactly():
    sim = play_sim()
    tour = sim.app.game.tour
    states = []
    for name in ["a1", "b3", "c5", "d7", "f8"]:
        states.append((sim.display.snapshot(), bytes(tour.number), bytes(tour.onward), tour.length))
        move(sim, name)
    for expected in reversed(states):
        sim.command("undo")
        sim.update()
        assert (sim.display.snapshot(), bytes(tour.number), bytes(tour.onward), tour.length) == expected
    sim.command("undo")
    sim.update()
    assert sim.display.status_text == "nothing to undo"


def test_hint_shows_warnsdorffs_choice():
    sim = play_sim(order="abcdefgh")
    move(sim, "a1")
    sim.command("hint")
    sim.update()
    choice = sim.app.tours.solver.choose(sim.app.game.tour)
    assert sim.display.hint == choice
    assert sim.display.status_text == "hint: Warnsdorff goes to %s" % sim.board.square_name(choice)
    move(sim, sim.board.square_name(choice))
    assert sim.display.hint == -1  # a move clears the hint


def test_following_the_hints_completes_and_celebrates():
    sim = play_sim()
    move(sim, "a1")
    while not sim.app.game.over:
        sim.command("hint")
        sim.update()
        move(sim, sim.board.square_name(sim.display.hint))
    assert sim.app.game.over in ("complete", "closed")
    assert sim.display.result_kind == sim.app.game.over
    assert sim.display.result_count == 64
    assert sim.sound.played[-1] == sim.app.game.over
    assert sim.display.marks == []


def test_dead_end_is_announced_with_the_count_and_undo_reopens_it():
    sim = play_sim()
    for name in ["g6", "e5", "f7", "h8"]:
        move(sim, name)
    # From h8 the moves are f7 (visited) and g6 (visited): a dead end after 4 squares.
    assert sim.app.game.over == "stuck"
    assert sim.display.result_kind == "stuck"
    assert sim.display.result_count == 4
    assert sim.display.status_text == "dead end: 4 of 64 squares; undo to go back"
    assert sim.sound.played[-1] == "stuck"
    sim.command("undo")
    sim.update()
    assert sim.app.game.over == ""
    assert sim.display.result_kind == ""
    assert sim.display.knight_square == sim.board.parse_square("f7")
    assert "h8" in names(sim, sim.display.marks)


def test_touch_after_the_end_starts_a_new_game_there():
    sim = play_sim()
    for name in ["g6", "e5", "f7", "h8"]:
        move(sim, name)
    assert sim.app.game.over == "stuck"
    move(sim, "c3")
    assert sim.app.game.over == ""
    assert sim.app.game.tour.length == 1
    assert sum(1 for n in sim.display.number if n) == 1


def test_play_key_toggles_and_random_starts_a_game():
    settings = Settings()
    settings.set("speed", "0")
    sim = Simulator(settings, clock=FakeClock(), seed=9)
    sim.update()
    assert sim.app.state == "run"
    sim.command("play")
    sim.update()
    assert sim.app.state == "play" and sim.display.mode == "play"
    sim.command("random")
    sim.update()
    assert sim.app.game.tour.length == 1
    sim.command("play")
    sim.update()
    assert sim.app.state == "run"


def test_hint_and_undo_outside_play_mode_only_explain():
    settings = Settings()
    sim = Simulator(settings, clock=FakeClock(), seed=9)
    sim.update()
    sim.command("undo")
    sim.update()
    assert sim.display.status_text == "undo: press play first"
    sim.command("hint")
    sim.update()
    assert sim.display.status_text == "hint: press play first"
    assert sim.app.state == "run"


def test_a_closed_game_is_traced_and_undo_stops_the_trace():
    from knightstour.search import find_tour

    sim = play_sim()
    path = find_tour(sim.board, sim.board.parse_square("c3"), closed=True).path
    for square in path:
        move(sim, sim.board.square_name(square))
    assert sim.app.game.over == "closed" and sim.sound.played[-1] == "closed"
    traced = [sim.display.trace_square]  # the trace starts at once, on the start square
    for _ in range(200):
        sim.clock.advance(0.05)
        sim.update()
        if sim.display.trace_square >= 0 and (not traced or traced[-1] != sim.display.trace_square):
            traced.append(sim.display.trace_square)
        if traced and sim.display.trace_square < 0:
            break
    assert traced == path + [path[0]]  # along the path, then back onto the start
    assert sim.display.trace_square == -1 and sim.app.state == "play"
    move(sim, "a1")  # a touch after the end starts a new game
    assert sim.app.game.tour.length == 1

    sim = play_sim()
    for square in path:
        move(sim, sim.board.square_name(square))
    sim.clock.advance(0.05)
    sim.update()
    assert sim.display.trace_square >= 0
    sim.command("undo")
    sim.update()
    assert sim.display.trace_square == -1 and sim.app.tracing == -1 and not sim.app.game.over
