"""The ILI9341 port on the real displayio (blinka-displayio) over the emulated chip."""

import os

import pytest

from knightstour.hw.views import tft_draw
from knightstour_sim.screenshot import save_screenshot

from support.chips import shown_lines, wrapped_lines

CELL = 26
SIDE = 8 * CELL


def rgb565(colour):
    r, g, b = colour >> 16, colour >> 8 & 0xFF, colour & 0xFF
    return (r >> 3) << 11 | (g >> 2) << 5 | b >> 3


def cell_origin(square, rotation):
    """Independent of the code: the board is a 208x208 square, 26 px cells, a1 at its bottom
    left: on the left of the screen in landscape, centred top to bottom (16 px above it), on
    top in portrait, centred left to right; the panel (112 px) takes the rest."""
    x, y = (square % 8) * CELL, (7 - square // 8) * CELL
    return (x, y + 16) if rotation in (0, 180) else (x + 16, y)


def cell_pixels(chip, square, rotation):
    x0, y0 = cell_origin(square, rotation)
    return [chip.screen_pixel(x0 + x, y0 + y, rotation) for y in range(CELL) for x in range(CELL)]




@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_cells_are_chequered_numbered_and_the_knight_is_marked(emulated_tft, rotation):
    emulated = emulated_tft(seed=rotation, rotation=rotation)
    emulated.run_tour(moves=17)
    app = emulated.app
    chip = emulated.chip
    assert chip.screen_size(rotation) == ((320, 240) if rotation in (0, 180) else (240, 320))
    visited = set(app.tours.tour.path[: app.tours.tour.length])
    knight = app.tours.tour.square
    for square in range(64):
        dark = (square % 8 + square // 8) % 2 == 0
        pixels = cell_pixels(chip, square, rotation)
        background = rgb565(tft_draw.DARK if dark else tft_draw.LIGHT)
        ink = rgb565(tft_draw.INK_ON_DARK if dark else tft_draw.INK_ON_LIGHT)
        assert pixels[0] == background, square  # the pixel at (0, 0)
        knight_pixels = pixels.count(rgb565(tft_draw.KNIGHT_COLOUR))
        if square == knight:
            assert knight_pixels > 150
            continue
        assert knight_pixels == 0  # no frame marks the square it came from: the path's line does
        if square in visited:
            assert pixels.count(ink) >= 10, square
        else:
            assert pixels.count(ink) == 0, square
    path = rgb565(tft_draw.PATH_COLOUR)
    assert sum(cell_pixels(chip, s, rotation).count(path) for s in visited) > 16 * 20


def test_panel_shows_text_and_the_move_counter(emulated_tft):
    emulated = emulated_tft(seed=4)
    emulated.run_tour(moves=9)
    chip = emulated.chip
    white = rgb565(tft_draw.TEXT_COLOUR)
    panel = [chip.screen_pixel(x, y) for y in range(240) for x in range(SIDE, 320)]
    assert panel.count(white) > 200
    assert emulated.display.labels["counter"].text == " 9/64"  # right-aligned: " 9" to "10" redraws two digits


def test_undo_in_play_mode_restores_the_cells_exactly(emulated_tft):
    emulated = emulated_tft({"mode": "play"}, seed=2)
    app = emulated.app
    emulated.step()
    app.handle(0)  # a1
    app.handle(17)  # b3
    emulated.step()
    before = [chip_row for chip_row in _board_pixels(emulated.chip)]
    app.handle(34)  # c5
    emulated.step()
    assert _board_pixels(emulated.chip) != before
    app.undo()
    emulated.step()
    while not emulated.display.knight_on:  # compared with the knight lit, as it was before
        emulated.step()
    assert _board_pixels(emulated.chip) == before


def test_play_mode_marks_the_legal_moves(emulated_tft):
    emulated = emulated_tft({"mode": "play"}, seed=2)
    emulated.step()
    emulated.app.handle(0)
    emulated.step()
    mark = rgb565(tft_draw.MARK_COLOUR)
    for square in (10, 17):  # c2, b3
        assert cell_pixels(emulated.chip, square, 0).count(mark) > 10
    assert cell_pixels(emulated.chip, 18, 0).count(mark) == 0


def test_stuck_turns_the_knight_red(emulated_tft):
    emulated = emulated_tft(seed=1)
    emulated.run_tour(moves=5)
    square = emulated.app.tours.tour.square
    emulated.display.result("stuck", 5, square)
    emulated.display.flush()
    assert cell_pixels(emulated.chip, square, 0).count(rgb565(tft_draw.STUCK_COLOUR)) > 150


def test_a_closed_tour_traces_in_gold_then_returns(emulated_tft):
    emulated = emulated_tft(seed=1)  # from c3, order cbhfaegd: a closed tour
    app = emulated.app
    emulated.run(lambda a: a.tracing > 5, max_steps=5000)
    gold = rgb565(tft_draw.TRACE_COLOUR)
    screen = [p for s in range(64) for p in cell_pixels(emulated.chip, s, 0)]
    assert screen.count(gold) > 40
    emulated.run(lambda a: a.tours.count >= 1 and a.tracing < 0, max_steps=5000)
    assert app.tours.last_kind == "closed"
    screen = [p for s in range(64) for p in cell_pixels(emulated.chip, s, 0)]
    assert screen.count(gold) == 0 and screen.count(rgb565(tft_draw.KNIGHT_COLOUR)) > 100


def test_bytes_per_move_within_8kb_on_the_emulated_bus():
    from benchmarks import tft_spi

    # Three tours, not one: the first tour also sends the whole board once more after the first
    # frame (blinka-displayio's first refresh leaves the new bitmaps dirty), 137 KB that one
    # tour's 63 moves would each carry 2 KB of; over three a third of that.
    result = tft_spi.measure("ili9341", tours=3, seed=3)
    assert result["initial"] <= 2 * tft_spi.FULL_FRAME
    assert result["per_move"] <= 8 * 1024
    assert result["per_move_all"] <= 8 * 1024


def test_screenshot_png(tmp_path):
    from PIL import Image

    path = save_screenshot("ili9341", str(tmp_path / "tft.png"), moves=12)
    assert Image.open(path).size == (320, 240)
    path = save_screenshot("max7219", str(tmp_path / "matrix.png"))
    assert Image.open(path).size[0] > 100


def test_wrap():
    assert wrapped_lines("closed tour! 64 squares, d5 is a knight move from c3", 12, 5) == [
        "closed tour!", "64 squares,", "d5 is a", "knight move", "from c3"]
    assert wrapped_lines("", 5, 2) == ["", ""]
    assert wrapped_lines("abcdefghijkl", 5, 3) == ["abcde", "fghij", "kl"]
    assert wrapped_lines("abcdefghijklmnop", 5, 2) == ["abcde", "fghij"]  # cut where the lines end
    assert wrapped_lines("ab cdefghijklm no", 5, 4) == ["ab", "cdefg", "hijkl", "m no"]
    assert wrapped_lines("a  b   c", 3, 3) == ["a ", "b  ", "c"]  # split at single spaces, others kept
    assert wrapped_lines("  lead", 4, 2) == ["lead", ""]


def test_a_text_that_wraps_shows_its_lines_as_a_text_of_lines_does():
    # The status is word-wrapped as it is drawn: the same pixels as its lines joined by "\n" in
    # a text that does not wrap, through a run of changes (each drawn over the last).
    palette = tft_draw.palette((0, 0xFFFFFF), 0)
    shown = tft_draw.Text(13, 4, 0, 0, palette)
    shown.wraps = True
    joined = tft_draw.Text(13, 4, 0, 0, palette)
    texts = ("move 12 of 64 on e4: 3 moves from here", "illegal: d4 is not a knight move from c3", "",
             "undo: back on b3, move 2; 5 moves from here", "hint: Warnsdorff goes to c2",
             "a  spaced   text with averyveryverylongwordindeed in it and more words than fit",
             "dead end: 40 of 64 squares; undo to go back", "play: touch a square to start")
    size = shown.bitmap.width * shown.bitmap.height
    for text in texts:
        shown.set(text)
        joined.set("\n".join(wrapped_lines(text, 13, 4)))
        assert [shown.bitmap[i] for i in range(size)] == [joined.bitmap[i] for i in range(size)], text
    assert shown.text == texts[-1]


def _board_pixels(chip):
    return [chip.screen_pixel(x, y) for y in range(240) for x in range(SIDE)]


def test_screenshot_takes_the_simulators_settings(tmp_path):
    from knightstour.settings import Settings

    settings = Settings()
    settings.set("start", "e4")
    path = save_screenshot("ili9341", str(tmp_path / "e4.png"), settings=settings, moves=5)
    assert os.path.getsize(path) > 1000
    assert settings.speed == 1.0  # the caller's settings are left alone
    with pytest.raises(ValueError, match="bad display"):
        save_screenshot("both", str(tmp_path / "x.png"))


def test_an_impossible_start_shows_the_reason_and_the_result(emulated_tft):
    from knightstour.board import Board

    emulated = emulated_tft(seed=1)
    display = emulated.display
    board = Board(5, 5)
    display.begin(board, "attract", "abcdefgh", "border")
    display.light(1, 1)
    display.knight(1)
    display.status("no tour starts on b1 on 5x5")
    display.result("impossible", 1, 1)
    display.flush()
    assert display.labels["result"].text == "NO TOUR"
    lines = shown_lines(display.labels["status"])
    assert " ".join(line for line in lines if line) == "no tour starts on b1 on 5x5"  # all of it
    assert display.status_text == "no tour starts on b1 on 5x5"
    cell = display.cell
    x0, y0 = display.cell_origin(1)
    pixels = [emulated.chip.screen_pixel(x0 + x, y0 + y) for y in range(cell) for x in range(cell)]
    assert pixels.count(rgb565(tft_draw.KNIGHT_COLOUR)) > 100  # the knight stays on the start square
    panel = [emulated.chip.screen_pixel(x, y) for y in range(68, 84) for x in range(SIDE + 4, 320)]
    assert panel.count(rgb565(tft_draw.STUCK_COLOUR)) > 20  # the result in red


def _ink_box(chip, x0, y0, size, ink):
    """The box (x0, y0, x1, y1) of the ``ink`` pixels of the size x size cell at (x0, y0), or None."""
    points = [(x, y) for y in range(size) for x in range(size) if chip.screen_pixel(x0 + x, y0 + y) == ink]
    if not points:
        return None
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    return min(xs), min(ys), max(xs) + 1, max(ys) + 1


@pytest.mark.parametrize("size, cell, left, top, digit_height", [("8x8", 26, 0, 16, 14), ("12x12", 17, 2, 18, 7)])
def test_numbers_are_whole_and_the_path_never_crosses_them(emulated_tft, size, cell, left, top, digit_height):
    """Independent of the code: 8x8 in 26 px cells filling the 208 px board, 12x12 in 17 px cells
    centred in it (2 px spare each side); digits 7 font pixels tall, 2x2 each on 8x8."""
    emulated = emulated_tft({"size": size}, seed=5)
    emulated.run_tour()
    app = emulated.app
    chip = emulated.chip
    width = app.board.width
    path = rgb565(tft_draw.PATH_COLOUR)
    checked = 0
    for square in app.tours.tour.path[: app.tours.tour.length - 1]:  # the knight covers the last
        dark = (square % width + square // width) % 2 == 0
        ink = rgb565(tft_draw.INK_ON_DARK if dark else tft_draw.INK_ON_LIGHT)
        x0, y0 = left + (square % width) * cell, top + (width - 1 - square // width) * cell
        box = _ink_box(chip, x0, y0, cell, ink)
        assert box is not None and box[3] - box[1] == digit_height, square  # 4x7 digits, 2x2 on 8x8
        for y in range(box[1] - 1, box[3] + 1):
            for x in range(box[0] - 1, box[2] + 1):
                assert chip.screen_pixel(x0 + x, y0 + y) != path, (square, x, y)
        checked += 1
    assert checked >= app.tours.tour.length - 1 > 20
