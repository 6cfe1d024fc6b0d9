"""`sim --pixels`: the real hardware code on the emulated chips, read back from the rendered terminal."""

import pytest

from knightstour.hw.inputs.touch import TouchMapper
from knightstour.hw.views import tft_draw
from knightstour.hw.wiring.touch_chips import touch_calibration
from knightstour.settings import Settings
from knightstour_sim.pixel_views import PixelMatrixView, PixelTftView
from knightstour_sim.simulator import FakeClock, Simulator
from knightstour_sim.touch_raw import raw_touch
from knightstour_sim.tui import KnightsTourApp

from support.app import make_settings


def make_sim(display, **values):
    return Simulator(make_settings(**values), display=display, clock=FakeClock(), seed=7, pixels=True)


def rgb(value):
    return value >> 16 & 0xFF, value >> 8 & 0xFF, value & 0xFF


def near(a, b, tolerance=12):
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def cell_colours(app, view, square):
    """The colours rendered in the terminal cells inside ``square``'s cell on the TFT: the
    top pixel of each cell is its foreground, the bottom one its background."""
    display = view.hardware.tft.display
    x0, y0 = display.cell_origin(square)
    size = display.cell
    width, height = view.hardware.screen_size()
    region = view.content_region
    colours = []
    for row in range(view.rows):
        for half in (0, 1):
            y = (2 * row + half + 0.5) * height / (2 * view.rows)
            if not y0 + 2 <= y < y0 + size - 2:
                continue
            for column in range(view.columns):
                x = (column + 0.5) * width / view.columns
                if x0 + 2 <= x < x0 + size - 2:
                    style = app.screen.get_style_at(region.x + column, region.y + row)
                    colour = (style.color if half == 0 else style.bgcolor).triplet
                    colours.append(tuple(colour))
    return colours


async def test_the_tft_view_shows_what_the_hardware_code_drew():
    sim = make_sim("ili9341", start="c3", speed="1")
    app = KnightsTourApp(sim, "ili9341", pixels=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        view = app.query_one(PixelTftView)
        assert view.columns >= 60 and sim.app.tours.tour.start == sim.board.parse_square("c3")
        c3 = cell_colours(app, view, sim.board.parse_square("c3"))
        assert c3 and any(near(c, rgb(tft_draw.KNIGHT_COLOUR), 40) for c in c3)  # the knight's disc
        a8 = cell_colours(app, view, sim.board.parse_square("a8"))  # a light square, not visited
        h8 = cell_colours(app, view, sim.board.parse_square("h8"))  # a dark one (a1's diagonal)
        assert a8 and all(near(c, rgb(tft_draw.LIGHT)) for c in a8)
        assert h8 and all(near(c, rgb(tft_draw.DARK)) for c in h8)
    sim.close()


@pytest.mark.parametrize("touch", ["stmpe610", "ft6206", "none"])
async def test_a_click_on_the_tft_view_is_a_touch_through_the_controller(touch):
    sim = make_sim("ili9341", mode="touch", idle_ms="600000", touch=touch)
    app = KnightsTourApp(sim, "ili9341", pixels=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert sim.app.state == "wait"
        view = app.query_one(PixelTftView)
        e4 = sim.board.parse_square("e4")
        x, y = view.hardware.tft.display.cell_centre(e4)
        width, height = view.hardware.screen_size()
        offset = (1 + int(x * view.columns / width), 1 + int(y * view.rows / height))
        assert await pilot.click(PixelTftView, offset=offset)
        await pilot.pause()
        assert sim.app.state == "run" and sim.app.tours.tour.start == e4
        if touch == "none":  # no controller: the click names the square under it
            assert sim.hardware.touch is None
        else:
            assert sim.hardware.touch.last_raw is not None  # read from the emulated controller
    sim.close()


async def test_the_matrix_view_shows_the_max7219s_leds():
    sim = make_sim("max7219", start="a1", speed="1", matrix_rotation="90")
    app = KnightsTourApp(sim, "max7219", pixels=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        view = app.query_one(PixelMatrixView)
        region = view.content_region
        leds, _ = sim.hardware.leds()
        # Rotation 90: a1 is the top-left LED; the chip holds it lit, and so does the terminal.
        assert leds[0][0] and sum(map(sum, leds)) == 1
        lit = app.screen.get_style_at(region.x, region.y).color.triplet
        dark = app.screen.get_style_at(region.x + 2, region.y).color.triplet
        assert lit[0] > 120 and lit[1] < 60 and max(dark) < 60
        assert await pilot.click(PixelMatrixView, offset=(2 + 2 * 7, 1 + 0))  # LED (7, 0): a8 at 90
        await pilot.pause()
        assert sim.app.tours.tour.start == sim.board.parse_square("a8")
    sim.close()


def test_raw_touch_inverts_the_devices_calibration_at_every_rotation():
    settings = Settings()
    for controller in ("stmpe610", "ft6206"):
        settings.touch = controller
        calibration = touch_calibration(settings)
        for rotation in (0, 90, 180, 270):
            mapper = TouchMapper(*calibration, rotation=rotation)
            width, height = (320, 240) if rotation % 180 == 0 else (240, 320)
            for x, y in ((0, 0), (width - 1, 0), (17, height - 1), (width // 2, height // 3)):
                assert mapper.screen(*raw_touch(calibration, x, y, rotation)) == (x, y)


async def test_at_80x24_the_help_is_one_line_and_star_zooms_on_the_knight():
    from textual.widgets import Static

    from knightstour_sim.tui import PIXELS_HELP

    sim = make_sim("both", start="c3", speed="1")
    app = KnightsTourApp(sim, "both", pixels=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert len(PIXELS_HELP) <= 80 and str(app.query_one("#help", Static).render()) == PIXELS_HELP
        view = app.query_one(PixelTftView)
        hardware = view.hardware
        assert hardware.area(view.zoom) == (0, 0, 320, 240)
        await pilot.press("*")
        await pilot.pause()
        assert view.zoom == 2
        x0, y0, w, h = hardware.area(2)
        knight = hardware.tft.display.cell_centre(hardware.tft.display.knight_square)
        assert (w, h) == (160, 120) and x0 <= knight[0] < x0 + w and y0 <= knight[1] < y0 + h
        # what the view draws is that part of the screen, the knight's orange in it
        await pilot.pause()
        assert view.drawn[-1] == (x0, y0, w, h)
        pixels = [p for line in hardware.frame(view.columns, 2 * view.rows, area=(x0, y0, w, h)) for p in line]
        assert any(r > 160 and 50 < g < 170 and b < 90 for r, g, b in pixels)  # orange, blended at this scale
        await pilot.press("*")
        await pilot.press("*")
        await pilot.pause()
        assert view.zoom == 1
    sim.close()


def _look(argv, size):
    import argparse

    from knightstour_sim.command import add_arguments, look_is_pixels

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    return "pixels" if look_is_pixels(parser.parse_args(argv), size) else "text"


def test_the_look_follows_the_terminal_and_pixels_or_text_choose():
    import os

    from knightstour_sim.tui import pixels_size

    assert _look([], (80, 24)) == "text"  # ./simulate's first screen at 80x24: legible
    big = pixels_size("both")
    assert _look([], big) == "pixels" and _look([], (big[0] - 1, big[1])) == "text"
    for argv in (["--speed", "2"], ["--start", "c3"], ["--seed", "1"]):  # no argument switches the look
        assert _look(argv, (80, 24)) == "text" and _look(argv, big) == "pixels", argv
    assert _look(["--pixels"], (80, 24)) == "pixels" and _look(["--text"], big) == "text"
    assert _look(["--display", "matrix"], (80, 24)) == "pixels"
    script = open(os.path.join(os.path.dirname(__file__), os.pardir, "simulate")).read()
    assert script.rstrip().endswith('sim "$@"') and "set --" not in script  # ./simulate adds no look


def test_pixels_and_text_together_are_refused(capsys):
    from knightstour_desktop.cli import main

    assert main(["sim", "--pixels", "--text", "--plain"]) == 2
    assert "--pixels and --text each choose the look" in capsys.readouterr().err
