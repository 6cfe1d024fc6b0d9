"""Readable at arm's length, measured on the emulated screen's pixels (the real drivers over the
emulated ILI9341, and the PyPortal Titano's panel):

* every glyph pixel of every text and number the toy draws has a contrast of at least 4.5:1
  (WCAG AA) with each background pixel touching it, on both square colours, beside the path,
  on the panel, on the buttons and in every result's colour, in every rotation;
* a board too big to number legibly (16x16 on the 320x240 screen) shows a window whose numbers
  are legible by the issue's measure and read back by OCR;
* the knight is on screen in every frame of play mode, at both phases of its blink.
"""

import os
import shutil
import subprocess

import pytest
from PIL import Image, ImageFilter, ImageOps

from knightstour.hw.views.tft import RESULT_TEXT
from knightstour.hw.views.tft_draw import KNIGHT_COLOUR, KNIGHT_INK
from knightstour.hw.views.tft_window import legible
from knightstour_sim.chips import render
from knightstour_sim.screenshot import Emulated

from support.contrast import AA, contrast

SCREENS = [  # (display, board kind, rotation, touch)
    ("ili9341", "feather_rp2040", 0, "stmpe610"),
    ("ili9341", "feather_rp2040", 90, "stmpe610"),
    ("ili9341", "feather_rp2040", 180, "ft6206"),
    ("ili9341", "feather_rp2040", 270, "ft6206"),
    ("builtin", "pyportal_titano", 0, None),
    ("builtin", "pyportal_titano", 90, None),
]


def test_contrast_is_wcags():
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast((118, 150, 86), (238, 238, 210)) == pytest.approx(2.84, abs=0.01)  # the old dark square


def covered(view):
    """The squares a sprite lies on (the knight, the trace's dot, play mode's marks): their
    numbers are hidden on purpose."""
    squares = set()
    tiles = [view.sprites_group[i] for i in range(len(view.sprites_group))]  # the knight's, the trace's, the marks
    for tile in tiles:
        if not tile.hidden:
            size = tile.bitmap.width
            squares.add(view.square_at(tile.x + size // 2, tile.y + size // 2))
    return squares


def glyph_sets(view):
    """[(what, set of screen pixels)]: each panel text's and button's lit pixels, and each shown
    move number's inked pixels on the board."""
    sets = []
    for name, item in view.labels.items():
        bitmap, tile = item.bitmap, item.tilegrid
        lit = {(tile.x + x, tile.y + y) for y in range(bitmap.height) for x in range(bitmap.width) if bitmap[x, y]}
        if lit:
            sets.append(("panel %s %r" % (name, item.text), lit))
    for button in view.buttons:
        tile = button[5]
        bitmap = tile.bitmap
        sets.append(("button %s" % button[4],
                     {(tile.x + x, tile.y + y) for y in range(bitmap.height) for x in range(bitmap.width)
                      if bitmap[x, y]}))
    hidden = covered(view)
    zoom = view.zoom
    for square in range(view.bw * view.bh):
        number = view.number[square]
        if not number or not view.shown(square) or square in hidden:
            continue
        rank = view._rank(square)
        left = view.left
        digits = len(str(number))
        x0, y0, x1, y1 = view.boxes[4 * digits:4 * digits + 4]
        ink = 2 if view._background(square) == 0 else 0
        cx, cy = view.cell_origin(square)
        lit = set()
        for ly in range(y0, y1):
            for lx in range(x0, x1):
                if rank[left + lx, ly] == ink:
                    for dy in range(zoom):
                        for dx in range(zoom):
                            lit.add((cx + lx * zoom + dx, cy + ly * zoom + dy))
        assert lit, "number %d on square %d drew nothing" % (number, square)
        sets.append(("number %d" % number, lit))
    return sets


def worst_contrast(view, image):
    """(the lowest contrast of a glyph pixel with a background pixel touching it, where)."""
    pixels = image.load()
    width, height = image.size
    worst = (99.0, None)
    for what, lit in glyph_sets(view):
        for x, y in lit:
            colour = pixels[x, y]
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    q = (x + dx, y + dy)
                    if q in lit or not (0 <= q[0] < width and 0 <= q[1] < height):
                        continue
                    ratio = contrast(colour, pixels[q])
                    if ratio < worst[0]:
                        worst = (ratio, "%s at %s: %s on %s" % (what, (x, y), colour, pixels[q]))
    return worst


def screen(emulated):
    emulated.display.flush()
    return render.tft_image(emulated.chip, rotation=emulated.rotation)


# The Titano's cases first: after an ILI9341 rotated to 270 in the same process, the emulated
# PyPortal's first frame misses the panel's labels (the harness's state, not the toy's: each case
# passes alone, and the ILI9341 cases pass after the Titano's).
_ORDER = [4, 5, 0, 1, 2, 3]
CASES = ([SCREENS[i] + ("8x8", moves) for i in _ORDER for moves in (40, None)]  # mid-tour, every result
         + [SCREENS[i] + (size, moves) for i in (4, 0, 3) for size, moves in (("16x16", 150), ("10x10", 60))])


@pytest.mark.slow
@pytest.mark.parametrize("display, kind, rotation, touch, size, moves", CASES)
def test_every_text_and_number_has_aa_contrast(display, kind, rotation, touch, size, moves):
    emulated = Emulated(display, {"start": "c3", "size": size}, kind=kind, rotation=rotation, touch=touch)
    try:
        emulated.run_tour(moves)
        view = emulated.display
        ratio, where = worst_contrast(view, screen(emulated))
        assert ratio >= AA, where
        if moves is None:  # every result's colour, on the finished board
            for result in RESULT_TEXT:
                if result:
                    view.result(result, 64, view.knight_square)
                    ratio, where = worst_contrast(view, screen(emulated))
                    assert ratio >= AA, (result, where)
    finally:
        emulated.close()


def test_play_modes_marks_and_a_dead_end_keep_aa_contrast():
    emulated = Emulated("ili9341", {"start": "c3", "mode": "play"}, touch="ft6206")
    try:
        emulated.step()
        view = emulated.display
        for square in (18, 35, 50, 40):  # c3 d5 c7 a6: numbers, path, the marks on the legal moves
            emulated.tap(*view.cell_centre(square))
        assert emulated.app.game.tour.length == 4 and view.marked
        ratio, where = worst_contrast(view, screen(emulated))
        assert ratio >= AA, where
        view.result("stuck", 4, 40)
        ratio, where = worst_contrast(view, screen(emulated))
        assert ratio >= AA, where
    finally:
        emulated.close()


@pytest.mark.parametrize("cell, squares, readable", [
    (26, 64, True), (13, 256, False), (14, 196, False), (16, 169, True), (20, 256, True), (13, 99, True),
    (10, 99, False)])
def test_legible_is_the_issues_measure(cell, squares, readable):
    """Numbers at least 6 px tall, three digits only in cells of 14 px or more."""
    assert legible(cell, squares) is readable


@pytest.mark.parametrize("display, kind, size", [("ili9341", "feather_rp2040", "16x16"), ("ili9341", "feather_rp2040", "14x14"),
                                                 ("builtin", "pyportal_titano", "16x16")])
@pytest.mark.slow
def test_a_big_board_shows_only_legible_numbers(display, kind, size):
    emulated = Emulated(display, {"start": "a1", "size": size}, kind=kind, touch="stmpe610" if display == "ili9341" else None)
    try:
        emulated.run_tour(200)
        view = emulated.display
        assert legible(view.cell, view.bw * view.bh)
        if view.width == 320:
            assert (view.vw, view.vh) == (7, 7) and view.cell == 29  # a window on the 2.4"/2.8"
            assert view.shown(view.knight_square) and view.shown(view.order[view.length - 1])
        else:
            assert (view.vw, view.vh) == (view.bw, view.bh)  # the Titano shows it whole
    finally:
        emulated.close()


@pytest.mark.slow
def test_the_window_follows_the_knight_through_a_whole_tour():
    emulated = Emulated("ili9341", {"start": "a1", "size": "16x16"}, touch="stmpe610")
    try:
        view = emulated.display
        seen = set()
        for _ in range(2000):
            emulated.step(limit=10.0)
            if view.knight_square >= 0 and emulated.app.state == "run":
                assert view.shown(view.knight_square)
                x, y = view.cell_origin(view.knight_square)
                assert view.board_x <= x and x + view.cell <= view.board_x + view.board_pixels
                seen.add((view.wx, view.wy))
            if emulated.app.tours.count:
                break
        assert emulated.app.tours.count == 1 and len(seen) >= 4  # it moved, and the tour ended
    finally:
        emulated.close()


TESSERACT = shutil.which("tesseract")


@pytest.mark.slow
@pytest.mark.skipif(TESSERACT is None and not os.environ.get("CI"), reason="tesseract is not installed")
def test_ocr_reads_the_numbers_the_16x16_window_shows():
    """Each number in the window, cut from the screen by its box, read by tesseract."""
    emulated = Emulated("ili9341", {"start": "h8", "size": "16x16"}, touch="stmpe610")
    try:
        emulated.run_tour(150)
        view = emulated.display
        image = screen(emulated)
        hidden = covered(view)
        pages = []
        wanted = []
        for square in range(view.bw * view.bh):
            number = view.number[square]
            if not number or not view.shown(square) or square in hidden:
                continue
            digits = len(str(number))
            x0, y0, x1, y1 = view.boxes[4 * digits:4 * digits + 4]
            cx, cy = view.cell_origin(square)
            z = view.zoom
            piece = image.crop((cx + x0 * z, cy + y0 * z, cx + x1 * z, cy + y1 * z)).convert("L")
            if view._background(square) != 0:  # light digits on a dark square: dark on light for OCR
                piece = ImageOps.invert(piece)
            pages.append(piece)
            wanted.append(str(number))
        assert len(wanted) >= 12  # a window full of numbers, not a corner of it
        # each number alone: two or three digits as a word; one digit as a character, its strokes
        # thickened first (tesseract finds no lone "1", a bare stroke, otherwise)
        read = []
        for page, number in zip(pages, wanted):
            if len(number) > 1:
                read.append(_ocr_digits(ImageOps.expand(_scaled(page, 6).filter(ImageFilter.GaussianBlur(2)), 30,
                                                        fill=255), 8))
            else:
                bold = _scaled(page, 6).filter(ImageFilter.MinFilter(5)).filter(ImageFilter.GaussianBlur(2))
                read.append(_ocr_digits(ImageOps.expand(bold, 40, fill=255), 10))
        print("OCR 16x16 window: %s" % list(zip(wanted, read)))
        assert read == wanted
    finally:
        emulated.close()


def _scaled(image, times):
    return image.resize((image.width * times, image.height * times), Image.BICUBIC)


def _ocr_digits(page, psm):
    """tesseract's digits on a page (psm 8: one word; 10: one character)."""
    import io

    out = io.BytesIO()
    page.save(out, format="PNG")
    done = subprocess.run([TESSERACT, "-", "stdout", "--psm", str(psm), "-c", "tessedit_char_whitelist=0123456789"],
                          input=out.getvalue(), capture_output=True, check=True)
    return "".join(done.stdout.decode().split())


def _knight_pixels(image, view):
    """(orange pixels, black pixels) in the knight's cell on the screen."""
    x, y = view.cell_origin(view.knight_square)
    cell = image.crop((x, y, x + view.cell, y + view.cell))
    orange = tuple(KNIGHT_COLOUR >> s & 255 for s in (16, 8, 0))
    black = tuple(KNIGHT_INK >> s & 255 for s in (16, 8, 0))
    near = lambda a, b: all(abs(p - q) <= 8 for p, q in zip(a, b))  # noqa: E731  (RGB565's rounding)
    data = [cell.getpixel((x, y)) for y in range(cell.height) for x in range(cell.width)]
    return sum(1 for p in data if near(p, orange)), sum(1 for p in data if near(p, black))


@pytest.mark.parametrize("size", ["8x8", "16x16"])
def test_the_knight_is_on_screen_in_every_frame_of_play_mode(size):
    emulated = Emulated("ili9341", {"start": "c3", "mode": "play", "size": size}, touch="ft6206")
    try:
        emulated.step()
        view = emulated.display
        emulated.tap(*view.cell_centre(view.square_at(view.ox + 2 * view.cell + 3, view.oy + 5 * view.cell + 3)))
        assert emulated.app.state == "play" and view.knight_square >= 0
        phases = set()
        for _ in range(12):  # 0.1 s a frame: every phase of the 0.25 s blink, several times
            emulated.step(limit=0.1)
            image = screen(emulated)
            phases.add(view.knight_on)
            assert not view.knight_tile.hidden
            orange, black = _knight_pixels(image, view)
            assert orange >= view.knight_size and black >= view.knight_size, (view.knight_on, orange, black)
        assert phases == {True, False}
    finally:
        emulated.close()


def test_the_boards_window_rule_is_the_legible_measure():
    """tft_board.py's one-line rule (three digits in cells under 16 px) is ``legible``'s answer for
    every board the TFT shows, on the 208 px board of the 320x240 screens and the Titano's 320 px."""
    for pixels in (208, 320):
        for width in range(1, 17):
            for height in range(1, 17):
                squares = width * height
                cell = pixels // max(width, height)
                assert (squares > 99 and cell < 16) is (not legible(cell, squares)), (pixels, width, height)
