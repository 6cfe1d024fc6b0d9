"""`knights-tour sim --board BOARD_ID`: a board with a screen of its own shows that screen at its
size (the device's own view through the real displayio driver on the emulated display, laid out by
the board's code) with the board's inputs; a board without keeps --display's views on its pin map.
No real board ran this."""

import os

import pytest
from PIL import Image

from knightstour_desktop.cli import main
from knightstour_sim import boards
from knightstour_sim.chips.rig import PYPORTALS
from knightstour_sim.keys import PAD_KEYS
from knightstour_sim.screenshot import Emulated
from knightstour_sim.simulator import FakeClock, Simulator

from support.app import make_settings
from support.ocr import TESSERACT, read_panel, screen

SCREENS = {  # each board with a screen, as its definition in sim/boards gives it
    "sunton_esp32_2432S028": (320, 240), "pimoroni_picosystem": (240, 240),
    "clue_nrf52840_express": (240, 240), "adafruit_feather_esp32s3_tft": (240, 135),
    "pyportal": (320, 240), "pyportal_pynt": (320, 240), "pyportal_titano": (480, 320),
}
ORDER = "ghfdaceb"
# The move shown. Not one with a 0: tesseract reads the terminal font's slashed zero as a 6 (26/64 for
# 20/64), on the FeatherWing's ILI9341 as on every board here.
MOVES = 23


def test_every_board_with_a_screen_is_known_to_the_simulator():
    assert PYPORTALS == SCREENS
    assert set(SCREENS) < set(boards.files())


def shoot(tmp_path, board, *more):
    path = tmp_path / ("%s.png" % board)
    assert main(["sim", "--board", board, "--start", "c3", "--order", ORDER, "--screenshot", str(path),
                 "--moves", str(MOVES)] + list(more)) == 0
    return Image.open(path).convert("RGB")


@pytest.mark.slow
@pytest.mark.skipif(TESSERACT is None and not os.environ.get("CI"),
                    reason="tesseract is not installed (.ci/run installs tesseract-ocr)")
@pytest.mark.parametrize("board", sorted(SCREENS))
def test_a_boards_screenshot_is_its_screen_and_ocr_reads_the_move(tmp_path, board):
    image = shoot(tmp_path, board)
    assert image.size == SCREENS[board]
    # the same tour on the same board's emulation: where its panel put the words, and its pixels
    emulated = Emulated("builtin", {"start": "c3", "order": ORDER}, kind=board, strict=True)
    try:
        emulated.run_tour(MOVES)
        assert screen(emulated).convert("RGB").tobytes() == image.tobytes()
        if image.size[0] >= 240:
            pairs = read_panel(emulated.display, image)
            print("OCR %s: %s" % (board, pairs))
            moves = [(read, shown) for read, shown in pairs if "%d/64" % MOVES in shown]
            assert moves and all(read == shown for read, shown in moves)
    finally:
        emulated.close()


def test_a_board_without_a_screen_keeps_the_views_on_its_pin_map(tmp_path, capsys):
    from knightstour_sim.command import apply_board

    class Args:
        board, display = "raspberry_pi_pico", None

    args = Args()
    apply_board(args)
    assert (args.screen, args.kind, args.display) == (None, "pico", "both")
    path = tmp_path / "pico.png"
    assert main(["sim", "--board", "raspberry_pi_pico", "--display", "matrix", "--start", "a1",
                 "--screenshot", str(path), "--moves", "5"]) == 0
    assert Image.open(path).size[0] > 8


@pytest.mark.parametrize("argv, needle", [
    (["--board", "esp32_cyd"], "unknown --board esp32_cyd: give one of adafruit_feather_esp32s3_tft,"),
    (["--board", "pyportal", "--display", "tft"], "--board pyportal shows its own screen: leave out --display"),
])
def test_a_bad_board_is_one_line_and_writes_nothing(tmp_path, capsys, argv, needle):
    path = tmp_path / "shot.png"
    assert main(["sim"] + argv + ["--screenshot", str(path)]) == 2
    err = capsys.readouterr().err
    assert needle in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_help_names_every_board():
    import argparse

    from knightstour_sim.command import add_arguments

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    text = " ".join(parser.format_help().split())
    for board in boards.files():
        assert board in text, board


def make_sim(board, **values):
    return Simulator(make_settings(**values), display="ili9341", clock=FakeClock(), seed=7, pixels=True, board=board)


def test_a_click_on_the_cyds_screen_starts_a_tour_there():
    sim = make_sim("sunton_esp32_2432S028", mode="touch", idle_ms="600000")
    try:
        sim.run_fake(lambda s: s.app.state == "wait", limit=100)
        assert sim.hardware.screen_size() == (320, 240)
        d4 = sim.board.parse_square("d4")
        sim.hardware.press(*sim.hardware.tft.display.cell_centre(d4), sim.input)
        sim.run_fake(lambda s: s.app.state == "run", limit=100)
        sim.hardware.release()
        assert sim.app.tours.tour.start == d4
        assert sim.hardware.touch.last_raw is not None  # through the board's own XPT2046
    finally:
        sim.close()


@pytest.mark.parametrize("board, key", [("clue_nrf52840_express", "]"), ("pimoroni_picosystem", "y")])
def test_a_boards_own_speed_button_is_on_its_key(board, key):
    sim = make_sim(board, speed="1")
    try:
        assert sim.hardware.touch is None and sim.hardware.buttons is not None
        speed = sim.app.clock.pacing.speed
        if key == "]":
            sim.button("b")
            pin = sim.hardware.tft.board.BUTTON_B
        else:
            assert sim.pad(PAD_KEYS[key])
            pin = sim.hardware.tft.board.SW_Y
        sim.run_fake(lambda s: s.app.clock.pacing.speed != speed, limit=200)
        sim.run_fake(lambda s: s.hardware.releases == {}, limit=200)
        assert pin.level  # let go again once the driver saw it
    finally:
        sim.close()


def test_the_picosystems_pad_keys_pick_a_start_square():
    sim = make_sim("pimoroni_picosystem", mode="touch", idle_ms="600000")
    try:
        def frames(until):  # a terminal's frames, 20 ms apart
            for _ in range(400):
                if until(sim):
                    return
                sim.update()
                sim.clock.advance(0.02)
            raise AssertionError("not there in 400 frames")

        frames(lambda s: s.app.state == "wait")
        pad = sim.hardware.buttons
        for key, square in zip(("right", "right", "right", "up", "up", "up"), (1, 2, 3, 11, 19, 27)):  # a1 to d4
            assert sim.pad(PAD_KEYS[key])
            frames(lambda s, square=square: s.hardware.releases == {} and pad.cursor == square)
        sim.button("a")
        frames(lambda s: s.app.state == "run")
        assert sim.app.tours.tour.start == sim.board.parse_square("d4")
    finally:
        sim.close()


def test_the_arrow_keys_press_the_picosystems_pad():
    sim = make_sim("pimoroni_picosystem")
    try:
        up = sim.hardware.tft.board.SW_UP
        assert up.level and sim.pad("SW_UP")
        assert not up.level  # pressed: the pin to GND
        sim.run_fake(lambda s: up.level, limit=200)  # let go after 0.1 s and two reads
        assert sim.clock() >= 0.1
    finally:
        sim.close()
    sim = make_sim("clue_nrf52840_express")
    try:
        assert not sim.pad("SW_UP")  # no pad: the arrows move the simulator's cursor
    finally:
        sim.close()


def test_the_help_line_names_a_boards_pad_and_buttons():
    from knightstour_sim.tui import PIXELS_HELP, board_help

    pad, clue, cyd = (make_sim(board) for board in ("pimoroni_picosystem", "clue_nrf52840_express",
                                                     "sunton_esp32_2432S028"))
    try:
        assert "arrows pad" in board_help(pad.hardware, PIXELS_HELP) and "[ ] buttons" in board_help(
            pad.hardware, PIXELS_HELP)
        assert "arrows pad" not in board_help(clue.hardware, PIXELS_HELP)
        assert "[ ] buttons" in board_help(clue.hardware, PIXELS_HELP)
        assert board_help(cyd.hardware, PIXELS_HELP) == PIXELS_HELP
    finally:
        for sim in (pad, clue, cyd):
            sim.close()


async def test_the_terminals_arrow_keys_press_the_picosystems_pad():
    from knightstour_sim.pixel_views import PixelTftView
    from knightstour_sim.tui import KnightsTourApp

    sim = make_sim("pimoroni_picosystem")
    app = KnightsTourApp(sim, "ili9341", pixels=True)
    try:
        async with app.run_test(size=(160, 70)) as pilot:
            await pilot.pause()
            view = app.query_one(PixelTftView)
            assert view.border_title == "pimoroni_picosystem 240x240"
            assert view.columns * 240 == view.rows * 2 * 240  # the screen's shape: square
            down = sim.hardware.tft.board.SW_DOWN
            await pilot.press("down")
            assert not down.level and not view.show_cursor  # the pad's pin, not the simulator's cursor
            assert "arrows pad" in str(app.query_one("#help").render())
    finally:
        sim.close()


def test_a_boards_recording_is_its_screen(tmp_path, capsys):
    path = tmp_path / "tour.gif"
    assert main(["sim", "--board", "adafruit_feather_esp32s3_tft", "--start", "a1", "--order", ORDER, "--size",
                 "5x5", "--speed", "0", "--record", str(path)]) == 0
    assert Image.open(path).size == (240, 135)


def test_a_tap_on_a_board_without_touch_is_one_line(tmp_path, capsys):
    path = tmp_path / "shot.png"
    assert main(["sim", "--board", "clue_nrf52840_express", "--touch", "--tap", "100,100", "--screenshot",
                 str(path)]) == 2
    err = capsys.readouterr().err
    assert "--tap needs a touch screen" in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("board, code", [(None, 2), ("raspberry_pi_pico", 0)])
def test_a_pin_the_board_has_not_is_one_line_and_the_picos_is_taken(tmp_path, capsys, board, code):
    config = tmp_path / "settings.toml"
    config.write_text('KNIGHTSTOUR_PIN_MATRIX_CS = "GP22"\n')  # a Pico's pin; the Feather RP2040 has no GP22
    path = tmp_path / "shot.png"
    argv = ["sim", "--config", str(config), "--display", "matrix", "--moves", "3", "--screenshot", str(path)]
    assert main(argv + (["--board", board] if board else [])) == code
    err = capsys.readouterr().err
    if code:
        assert "this board has no pin GP22 (for matrix_cs)" in err and err.count("\n") == 1
        assert not path.exists()


def test_the_picosystem_asks_for_the_pad_not_a_touch():
    sim = make_sim("pimoroni_picosystem", mode="touch", idle_ms="600000")
    try:
        for _ in range(20):
            sim.update()
            sim.clock.advance(0.02)
        assert sim.app.state == "wait"
        assert sim.hardware.tft.display.status_text == "pick a square, A to start"
        sim.command("play")
        for _ in range(5):
            sim.update()
            sim.clock.advance(0.02)
        assert sim.hardware.tft.display.status_text == "play: pick a square, A to start"
    finally:
        sim.close()
