"""The TFT's buttons through every touch controller, both orientations and the PyPortal: a finger on
a button (the emulated controller's raw reading for that pixel, through the device's own driver,
calibration and debounce) does what the simulator's key does; play mode takes squares and refuses
a wrong move with its reason on the screen."""

import pytest

from knightstour_sim.chips import render
from knightstour_sim.screenshot import Emulated

SETTINGS = {"mode": "touch", "idle_ms": "600000", "start": "c3", "order": "ghfdaceb", "seed": "3"}


def button(emulated, word):
    """The centre of the button showing ``word`` (tft_panel.BUTTONS)."""
    from knightstour.hw.views.tft_panel import BUTTONS

    events = dict(BUTTONS)
    for x0, y0, x1, y1, event, _ in emulated.display.buttons:
        if event == events[word]:
            return (x0 + x1) // 2, (y0 + y1) // 2
    raise AssertionError("no %s button" % word)


def press(emulated, word):
    emulated.tap(*button(emulated, word))


def square(emulated, name):
    emulated.tap(*emulated.display.cell_centre(emulated.app.board.parse_square(name)))


def status(emulated):
    return " ".join(emulated.display.labels["status"].text.split())


def play_a_game(emulated):
    app = emulated.app
    emulated.step()
    press(emulated, "play")
    assert app.state == "play" and status(emulated) == "play: touch a square to start"
    assert emulated.display.buttons[0][5].pixel_shader is emulated.display.active_palette  # play lit
    square(emulated, "a1")
    assert app.game.tour.length == 1 and app.game.tour.square == 0
    square(emulated, "a2")  # not a knight move: refused, and why, on the screen
    assert app.game.tour.length == 1 and app.game.rejected == 1
    assert status(emulated) == "illegal: a2 is not a knight move from a1"
    press(emulated, "hint")
    hint = app.tours.solver.choose(app.game.tour)
    assert status(emulated) == "hint: Warnsdorff goes to %s" % app.board.square_name(hint)
    emulated.tap(*emulated.display.cell_centre(hint))
    assert app.game.tour.length == 2 and app.game.tour.square == hint
    press(emulated, "undo")
    assert app.game.tour.length == 1 and app.game.tour.square == 0
    press(emulated, "new")  # a new game from a random square
    assert app.state == "play" and app.game.tour.length == 1
    speed = app.clock.pacing.speed
    press(emulated, "speed")
    assert app.clock.pacing.speed == 2 * speed and status(emulated) == "speed x%d" % (2 * speed)
    press(emulated, "play")  # play mode off: back to waiting for a touch
    assert app.state == "wait"
    assert emulated.display.buttons[0][5].pixel_shader is emulated.display.button_palette


@pytest.mark.slow
@pytest.mark.parametrize("controller", ["stmpe610", "ft6206", "tsc2007"])
@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_every_button_through_every_controller(controller, rotation):
    emulated = Emulated("ili9341", dict(SETTINGS, speed="1"), touch=controller, rotation=rotation)
    try:
        play_a_game(emulated)
    finally:
        emulated.close()


@pytest.mark.parametrize("kind, rotation", [("pyportal", 0), ("pyportal_titano", 0), ("pyportal_titano", 90)])
def test_every_button_on_a_pyportal(kind, rotation):
    emulated = Emulated("builtin", dict(SETTINGS, speed="1"), kind=kind, rotation=rotation)
    try:
        play_a_game(emulated)
    finally:
        emulated.close()


def test_new_starts_a_tour_and_a_square_starts_one_there():
    emulated = Emulated("ili9341", dict(SETTINGS, speed="0"), touch="stmpe610")
    try:
        app = emulated.app
        emulated.step()
        assert app.state == "wait"
        press(emulated, "new")
        assert app.state == "run" and app.tours.count == 0
        emulated.run_tour()
        square(emulated, "e4")  # the toy waits again after the tour: a square starts one from there
        assert app.tours.tour.path[0] == app.board.parse_square("e4")
    finally:
        emulated.close()


def test_speed_goes_round():
    emulated = Emulated("ili9341", dict(SETTINGS, speed="4"), touch="ft6206")
    try:
        emulated.step()
        seen = []
        for _ in range(4):
            press(emulated, "speed")
            seen.append(emulated.app.clock.pacing.speed)
        assert seen == [8.0, 16.0, 32.0, 0.0]
        press(emulated, "speed")  # past no delay: half speed, then faster again
        assert emulated.app.clock.pacing.speed == 0.5 and status(emulated) == "speed x1/2"
    finally:
        emulated.close()


def test_a_touch_between_the_buttons_does_nothing():
    emulated = Emulated("ili9341", dict(SETTINGS, speed="1"), touch="stmpe610")
    try:
        emulated.step()
        (x0, y0, x1, _, _, _), (x2, _, _, _, _, _) = emulated.display.buttons[:2]
        before = render.tft_image(emulated.chip).tobytes()
        emulated.tap((x1 + x2) // 2, y0 + 5)  # the gap between play and hint
        assert emulated.app.state == "wait" and emulated.app.tours.count == 0
        assert render.tft_image(emulated.chip).tobytes() == before
    finally:
        emulated.close()
