"""The TFT's words read by OCR, as a person reads them: tesseract (Debian's tesseract-ocr, which
.ci/run installs) on the emulated screen's picture, scaled 4x, must find every word of the panel
and the buttons exactly, for orders with a g, in landscape and portrait, on the ILI9341's
320x240 and the PyPortal Titano's 480x320."""

import os

import pytest

from knightstour_sim.screenshot import Emulated

from support.ocr import TESSERACT, ocr, read_panel, screen

pytestmark = pytest.mark.skipif(TESSERACT is None and not os.environ.get("CI"),
                                reason="tesseract is not installed (.ci/run installs tesseract-ocr)")

CASES = [  # (display, board kind, rotation, order)
    ("ili9341", "feather_rp2040", 0, "ghfdaceb"),
    ("ili9341", "feather_rp2040", 90, "gabcdefh"),
    ("ili9341", "feather_rp2040", 180, "hgfedcba"),
    ("ili9341", "feather_rp2040", 270, "ahfdgceb"),
    ("builtin", "pyportal_titano", 0, "hgfedcba"),
    ("builtin", "pyportal_titano", 90, "ghfdaceb"),
]


@pytest.mark.slow
@pytest.mark.parametrize("display, kind, rotation, order", CASES)
def test_ocr_reads_the_whole_panel_and_every_button(display, kind, rotation, order):
    emulated = Emulated(display, {"start": "c3", "order": order}, kind=kind, rotation=rotation,
                        touch="stmpe610" if display == "ili9341" else None)
    try:
        emulated.run_tour()
        view = emulated.display
        image = screen(emulated)
        pairs = read_panel(view, image)
        print("OCR %s %s %s: %s" % (display, rotation, order, [read for read, _ in pairs]))
        shown = [text for _, text in pairs]
        assert any(order in text for text in shown) and any("squares" in text for text in shown)  # g, q
        assert [read for read, _ in pairs] == shown
        words = []
        for x0, y0, x1, y1, _, _ in view.buttons:
            words.append(ocr(image.crop((x0 + 2, y0 + 2, x1 - 2, y1 - 2)), 7))
        print("OCR buttons: %s" % words)
        assert words == ["play", "hint", "undo", "new", "speed"]
    finally:
        emulated.close()


def test_ocr_reads_play_mode_and_a_refused_move():
    emulated = Emulated("ili9341", {"start": "c3", "order": "ghfdaceb", "mode": "play"}, touch="ft6206")
    try:
        emulated.step()
        app = emulated.app
        for square in (18, 27):  # c3, then d4: not a knight move
            emulated.tap(*emulated.display.cell_centre(square))
        assert app.state == "play" and app.game.tour.length == 1
        view = emulated.display
        pairs = read_panel(view, screen(emulated))
        print("OCR play: %s" % [read for read, _ in pairs])
        assert [read for read, _ in pairs] == [text for _, text in pairs]
        assert "illegal: d4 is not a knight move from c3" in " ".join(view.labels["status"].text.split())
    finally:
        emulated.close()


@pytest.mark.parametrize("kind, touch", [("sunton_esp32_2432S028", "auto"), ("clue_nrf52840_express", "none"),
                                         ("pimoroni_picosystem", "none"), ("adafruit_feather_esp32s3_tft", "none")])
def test_ocr_reads_the_panel_on_the_boards_with_their_own_screen(kind, touch):
    emulated = Emulated("builtin", {"start": "c3", "order": "ghfdaceb", "touch": touch}, kind=kind)
    try:
        emulated.run_tour(27)  # not 30: tesseract reads the font's dotted 0 as a 6, on the 320x240 screen too
        view = emulated.display
        pairs = read_panel(view, screen(emulated))
        print("OCR %s: %s" % (kind, [read for read, _ in pairs]))
        shown = [text for _, text in pairs]
        assert any("27/64" in text for text in shown)  # the move number
        assert [read for read, _ in pairs] == shown
    finally:
        emulated.close()


@pytest.mark.parametrize("moves", [10, 20, 30, 40, 50, 60])
def test_ocr_reads_a_move_number_with_a_zero(moves):
    """Terminus's slashed zero read as a 6 ("26/64" for 20/64); the font's zero is an open oval."""
    emulated = Emulated("ili9341", {"start": "c3", "order": "ghfdaceb"}, touch="stmpe610")
    try:
        for _ in range(10000):
            if emulated.app.state == "run" and emulated.app.tours.tour.length == moves:
                break
            emulated.step()
        pairs = read_panel(emulated.display, screen(emulated))
        shown = [text for _, text in pairs]
        assert "move %d/64" % moves in shown
        assert [read for read, _ in pairs] == shown
    finally:
        emulated.close()
