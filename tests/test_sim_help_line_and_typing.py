"""The simulator as a new user meets it at 80x24: the help line wraps between its keys, and a
Backspace while typing a square takes back the letter, not the last move."""

from textual.geometry import Region
from textual.widgets import Static

from knightstour.settings import Settings
from knightstour_sim.keys import KeyReader
from knightstour_sim.simulator import FakeClock, Simulator
from knightstour_sim.tui import HELP, PIXELS_HELP, KnightsTourApp

from support.app import make_settings


def shown_lines(widget):
    region = widget.region
    return [strip.text.rstrip() for strip in widget.render_lines(Region(0, 0, region.width, region.height))]


async def test_the_help_line_at_80_columns_keeps_each_key_with_its_action():
    for pixels, text in ((False, HELP), (True, PIXELS_HELP)):
        sim = Simulator(Settings(), display="both", clock=FakeClock(), seed=7, pixels=pixels)
        app = KnightsTourApp(sim, "both", pixels=pixels)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            lines = shown_lines(app.query_one("#help", Static))
            assert all(len(line) <= 80 for line in lines)
            items = [item for line in lines for item in line.split(" | ") if item]
            assert items == text.split(" | "), lines


def test_backspace_while_typing_takes_back_a_letter():
    board = Simulator(make_settings(), clock=FakeClock(), seed=7).board
    keys = KeyReader(board)
    assert keys.feed("d", 0.0) is None and keys.buffer == "d"
    assert keys.feed("backspace", 0.1) is None and keys.buffer == ""
    assert keys.feed("c", 0.2) is None
    assert keys.feed("3", 0.3) == board.parse_square("c3")
    assert keys.feed("backspace", 0.4) == "undo"  # nothing typed: Backspace is undo, as before


async def test_backspace_while_typing_leaves_the_played_moves():
    sim = Simulator(make_settings(mode="play"), clock=FakeClock(), seed=7)
    app = KnightsTourApp(sim, "both")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c", "3")
        await pilot.pause()
        assert sim.app.game.tour.length == 1
        await pilot.press("d", "backspace", "b", "1")
        await pilot.pause()
        assert sim.app.game.tour.length == 2 and sim.app.game.tour.square == sim.board.parse_square("b1")


async def test_the_panel_says_the_speed_once_after_a_change_in_play_mode():
    sim = Simulator(make_settings(mode="play"), clock=FakeClock(), seed=7)
    app = KnightsTourApp(sim, "both")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c", "3", "minus")
        await pilot.pause()
        panel = str(app.query_one("#panel").render())
        assert panel.count("speed x1/2") == 1, panel
