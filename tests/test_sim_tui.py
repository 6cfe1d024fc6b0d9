"""The Textual UI, driven by its Pilot: a click on a square starts the tour there."""

from knightstour.settings import Settings
from knightstour_sim.simulator import FakeClock, Simulator
from knightstour_sim.tui import KnightsTourApp
from knightstour_sim.views import MatrixView, TftView

from support.app import make_settings, show_an_impossible_start


def make_sim(**values):
    return Simulator(make_settings(**values), clock=FakeClock(), seed=7)


def cell_text(view, square):
    """The text the TFT view shows on a square (top line: the move number)."""
    top, bottom, style = view.cell(square)
    return top.strip(), bottom.strip(), style


async def test_click_on_c3_starts_the_tour_there():
    sim = make_sim()
    app = KnightsTourApp(sim, "both")
    async with app.run_test(size=(140, 32)) as pilot:
        await pilot.pause()
        assert sim.app.state == "run"
        tft = app.query_one(TftView)
        c3 = sim.board.parse_square("c3")
        # c3: file 2, rank 2 -> x = 3 + 2*4 + 1, y = (8-1-2)*2 (content offsets; +1 for the border).
        assert tft.square_at_offset(3 + 2 * 4 + 1, 5 * 2) == c3
        assert await pilot.click(TftView, offset=(1 + 3 + 2 * 4 + 1, 1 + 5 * 2))
        await pilot.pause()
        assert sim.app.tours.tour.start == c3
        assert sim.display.knight_square == c3
        top, bottom, _ = cell_text(tft, c3)
        assert (top, bottom) == ("1", "\u265e")
        lit = [s for s in range(64) if cell_text(tft, s)[0]]
        assert lit == [c3]
        rendered = tft.render().plain
        assert "\u265e" in rendered and " 1 " in rendered
        matrix = app.query_one(MatrixView)
        assert matrix.led(c3)[1].startswith("bold")
        panel = str(app.query_one("#panel").render())
        assert "move 1 of 64" in panel and "tour from c3" in panel


async def test_click_on_the_matrix_and_keys():
    sim = make_sim(mode="play")
    app = KnightsTourApp(sim, "max7219")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert sim.app.state == "play"
        matrix = app.query_one(MatrixView)
        a1 = sim.board.parse_square("a1")
        # a1 is the bottom-left LED: content (0, 7); border 1 and padding 1 on the left.
        assert await pilot.click(MatrixView, offset=(2, 1 + 7))
        await pilot.pause()
        assert sim.app.game.tour.length == 1 and sim.display.knight_square == a1
        await pilot.press("c", "2")
        await pilot.pause()
        assert sim.app.game.tour.square == sim.board.parse_square("c2")
        await pilot.press("u")
        await pilot.pause()
        assert sim.app.game.tour.square == a1
        await pilot.press("question_mark")
        await pilot.pause()
        assert sim.display.hint in sim.display.marks
        await pilot.press("right", "right", "up", "enter")  # cursor from d4 to f5: not legal
        await pilot.pause()
        assert sim.display.status_text.startswith("illegal")
        assert matrix.render().plain.count("\u25cf") == 64  # one dot per LED
        assert matrix.led(a1)[1] in ("bold bright_yellow", "grey15")  # the knight, blinking
        assert matrix.led(sim.board.parse_square("b3"))[1] == "dark_red"  # a legal move, dimly lit
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


async def test_once_exits_with_the_result():
    sim = make_sim(speed="0", start="e4")
    app = KnightsTourApp(sim, "ili9341", once=True)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(400):
            await pilot.pause(0.01)
            if not app.is_running:
                break
    assert sim.app.tours.count >= 1
    assert app.return_code == 0


async def test_ctrl_c_quits():
    sim = make_sim()
    app = KnightsTourApp(sim, "both")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert not app.is_running
    assert app.return_code in (0, None)


def inside(region, width, height):
    return region.x >= 0 and region.y >= 0 and region.right <= width and region.bottom <= height


async def test_80x24_fits_every_view_the_panel_and_the_whole_help_line():
    from textual.widgets import Static

    for kind, size in (("both", "8x8"), ("ili9341", "16x16"), ("ili9341", "8x8"), ("max7219", "8x8")):
        settings = Settings()
        settings.set("size", size)
        sim = Simulator(settings, display=kind, clock=FakeClock(), seed=7)
        app = KnightsTourApp(sim, kind)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for widget in list(app.views) + [app.query_one("#panel"), app.query_one("#help")]:
                assert inside(widget.region, 80, 24), (kind, size, widget, widget.region)
            help_line = app.query_one("#help", Static)
            assert help_line.region.height == 2  # wrapped, not cut
            panel = app.query_one("#panel")
            assert panel.region.width >= 22
            if kind == "ili9341" and size == "16x16":
                assert app.query_one(TftView).CELL_H == 1
                await pilot.resize_terminal(140, 45)
                await pilot.pause()
                assert app.query_one(TftView).CELL_H == 2  # follows the resize
                assert inside(app.query_one(TftView).region, 140, 45)


async def test_an_impossible_start_on_the_matrix_view_and_the_panel():
    sim = make_sim(size="5x5", speed="1")
    app = KnightsTourApp(sim, "both")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        d = sim.display
        board = sim.board
        b1, reason = show_an_impossible_start(d, board)
        app.redraw(force=True)
        await pilot.pause()
        matrix = app.query_one(MatrixView)
        same_colour = [s for s in range(25) if board.is_light(s) == board.is_light(b1) and s != b1]
        other = [s for s in range(25) if board.is_light(s) != board.is_light(b1)]
        assert all(matrix.led(s)[1] == matrix.lit for s in same_colour)
        assert all(matrix.led(s)[1] == "grey15" for s in other)
        phases = set()
        for _ in range(3):
            phases.add(matrix.led(b1)[1])
            sim.clock.advance(0.25)
        assert phases == {"bold bright_yellow", "grey15"}  # the knight blinks on the start square
        panel = str(app.query_one("#panel").render())
        assert reason in panel and "no tour from here" in panel


async def test_a_portrait_tft_has_its_panel_below_it_and_still_fits_80x24():

    settings = Settings()
    assert settings.set("tft_rotation", "270") is None
    sim = Simulator(settings, display="both", clock=FakeClock(), seed=7)
    app = KnightsTourApp(sim, "both")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        tft, panel, matrix = app.query_one(TftView), app.query_one("#panel"), app.query_one(MatrixView)
        assert panel.region.y >= tft.region.bottom and panel.region.x == tft.region.x
        assert matrix.region.right <= tft.region.x
        for widget in (tft, panel, matrix, app.query_one("#help")):
            assert inside(widget.region, 80, 24), widget


async def test_typed_non_squares_are_refused_and_the_tour_goes_on():
    sim = make_sim(start="c3")
    app = KnightsTourApp(sim, "both")
    async with app.run_test(size=(140, 32)) as pilot:
        await pilot.pause()
        c3 = sim.board.parse_square("c3")
        assert sim.app.tours.tour.start == c3
        for keys, message in ((("z", "9", "enter"), "z9 is not on the 8x8 board"),
                              (("j", "u", "n", "k", "enter"), "? junk: type a square")):
            await pilot.press(*keys)
            await pilot.pause()
            assert sim.app.tours.tour.start == c3 and sim.app.tours.count == 0
            assert message in str(app.query_one("#panel").render())


async def test_quitting_a_once_run_is_not_success():
    sim = make_sim()
    app = KnightsTourApp(sim, "both", once=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
    assert app.return_value == 1  # what run_tui returns as the exit code


def test_ctrl_c_in_a_once_run_is_not_success(monkeypatch):
    from knightstour_sim import tui

    monkeypatch.setattr(KnightsTourApp, "run", lambda self: None)  # Ctrl-C: Textual's quit, no result
    assert tui.run_tui(make_sim(), "both", once=True) == 1
    assert tui.run_tui(make_sim(), "both", once=False) == 0
