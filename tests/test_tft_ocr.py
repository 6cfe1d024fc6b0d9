"""The TFT's words read by OCR, as a person reads them: tesseract (Debian's tesseract-ocr, which
.ci/run installs) on the emulated screen's picture, scaled 4x, must find every word of the panel
and the buttons exactly, for orders with a g, in landscape and portrait, on the ILI9341's
320x240 and the PyPortal Titano's 480x320."""

import os
import shutil
import subprocess

import pytest
from PIL import Image, ImageFilter, ImageOps

from knightstour_sim.chips import render
from knightstour_sim.screenshot import Emulated

TESSERACT = shutil.which("tesseract")
pytestmark = pytest.mark.skipif(TESSERACT is None and not os.environ.get("CI"),
                                reason="tesseract is not installed (.ci/run installs tesseract-ocr)")

CASES = [  # (display, board kind, rotation, order)
    ("tft", "feather_rp2040", 0, "ghfdaceb"),
    ("tft", "feather_rp2040", 90, "gabcdefh"),
    ("tft", "feather_rp2040", 180, "hgfedcba"),
    ("tft", "feather_rp2040", 270, "ahfdgceb"),
    ("builtin", "pyportal_titano", 0, "hgfedcba"),
    ("builtin", "pyportal_titano", 90, "ghfdaceb"),
]


def ocr(image, psm):
    """tesseract's words for a piece of the screen: grey, dark on light, 4x (smoothly, as a
    printed page's edges), with a margin."""
    page = ImageOps.invert(image.convert("L"))
    page = page.resize((page.width * 4, page.height * 4), Image.BICUBIC).filter(ImageFilter.GaussianBlur(1))
    page = ImageOps.expand(page, 20, fill=255)
    done = subprocess.run([TESSERACT, "-", "stdout", "--psm", str(psm)], input=_png(page),
                          capture_output=True, check=True)
    return " ".join(done.stdout.decode().split())


def _png(image):
    import io

    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def read_panel(display, image):
    """[(what OCR reads, what the panel shows)] for each phrase on the panel, read from its own
    place on the screen: a line of a text, with the texts just beside it on the same line (a
    label and its value: "move 64/64", "rule border")."""
    pieces = []  # (y, x, x end of the letters, text) for each line of each text
    for item in display.labels.values():
        for i, line in enumerate(item.text.split("\n")):
            if line.strip():
                pad = (len(line) - len(line.lstrip())) * 8  # a right-aligned count's spaces
                x = item.tilegrid.x + pad
                pieces.append((item.tilegrid.y + i * item.line_height, x, x + len(line.strip()) * 8,
                               line.strip(), item.line_height, pad))
    pieces.sort()
    phrases = []
    for y, x, end, text, height, pad in pieces:
        last = phrases[-1] if phrases else None
        if last and last[0] == y and x - pad - last[2] <= 8:  # one space apart: one phrase
            phrases[-1] = (y, last[1], end, last[3] + " " + text, height)
        else:
            phrases.append((y, x, end, text, height))
    return [(ocr(image.crop((x, y, end, y + height)), 7), text) for y, x, end, text, height in phrases]


def screen(emulated):
    return render.tft_image(emulated.chip, rotation=emulated.rotation)


@pytest.mark.parametrize("display, kind, rotation, order", CASES)
def test_ocr_reads_the_whole_panel_and_every_button(display, kind, rotation, order):
    emulated = Emulated(display, {"start": "c3", "order": order}, kind=kind, rotation=rotation,
                        touch="stmpe610" if display == "tft" else None)
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
    emulated = Emulated("tft", {"start": "c3", "order": "ghfdaceb", "mode": "play"}, touch="ft6206")
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
