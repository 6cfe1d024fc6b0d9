"""The Textual UI, driven by its Pilot: a click on a square starts the tour there."""

from knightstour.settings import Settings
from knightstour_sim.simulator import FakeClock, Simulator
from knightstour_sim.tui import KnightsTourApp, MatrixView, TftView


def make_sim(**values):
    settings = Settings()
    for name, value in values.items():
        assert settings.set(name, value) is None
    return Simulator(settings, clock=FakeClock(), seed=7)


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
        assert sim.app.tour.start == c3
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
    app = KnightsTourApp(sim, "matrix")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert sim.app.state == "play"
        matrix = app.query_one(MatrixView)
        a1 = sim.board.parse_square("a1")
        # a1 is the bottom-left LED: content (0, 7); border 1 and padding 1 on the left.
        assert await pilot.click(MatrixView, offset=(2, 1 + 7))
        await pilot.pause()
        assert sim.app.play_tour.length == 1 and sim.display.knight_square == a1
        await pilot.press("c", "2")
        await pilot.pause()
        assert sim.app.play_tour.square == sim.board.parse_square("c2")
        await pilot.press("u")
        await pilot.pause()
        assert sim.app.play_tour.square == a1
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
    app = KnightsTourApp(sim, "tft", once=True)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(400):
            await pilot.pause(0.01)
            if not app.is_running:
                break
    assert sim.app.tours >= 1
    assert app.return_code == 0
