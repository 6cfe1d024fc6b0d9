"""The TFT's words read as a person reads them: tesseract (Debian's tesseract-ocr) on the emulated
screen's picture. TESSERACT is None where it is not installed."""

import io
import shutil
import subprocess

from PIL import Image, ImageFilter, ImageOps

from knightstour_sim.chips import render

from support.chips import shown_lines

TESSERACT = shutil.which("tesseract")


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
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def read_panel(display, image):
    """[(what OCR reads, what the panel shows)] for each phrase on the panel, read from its own
    place on the screen: a line of a text, with the texts just beside it on the same line (a
    label and its value: "move 64/64", "rule border")."""
    pieces = []  # (y, x, x end of the letters, text) for each line of each text
    for item in display.labels.values():
        for i, line in enumerate(shown_lines(item)):
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
    """The emulated TFT's picture, as its chip holds it."""
    return render.tft_image(emulated.chip, rotation=emulated.rotation)
