"""The 16x16 board's window on the 320x240 TFT, read by OCR as a person reads it: every number of three
digits inside its own square (clear of the square's edges, so that two squares' numbers never run
together) and each one read back as the move it is."""

import os
import re

import pytest

from knightstour_sim.screenshot import Emulated

from support.ocr import TESSERACT, ocr, screen

pytestmark = pytest.mark.skipif(TESSERACT is None and not os.environ.get("CI"),
                                reason="tesseract is not installed (.ci/run installs tesseract-ocr)")


def colour(entry):
    """A palette entry as the chip shows it (RGB565, read back as 8 bits a channel)."""
    from knightstour_sim.chips.ili9341 import rgb565, rgb888

    return rgb888(rgb565(entry >> 16, entry >> 8 & 0xFF, entry & 0xFF))


@pytest.mark.parametrize("rotation", [0, 90])
def test_every_window_number_is_inside_its_square_and_read_by_ocr(rotation):
    from PIL import ImageOps

    emulated = Emulated("ili9341", {"start": "h8", "size": "16x16"}, kind="feather_rp2040", rotation=rotation)
    try:
        emulated.run_tour(moves=150)
        view = emulated.display
        image = screen(emulated).convert("RGB")
        order = view.order
        numbers = {order[n]: n for n in range(1, view.length + 1)}
        checked = 0
        for square, number in numbers.items():
            if not view.shown(square) or number < 100 or number == view.length:  # the knight covers its own
                continue
            x, y = view.cell_origin(square)
            cell = view.cell
            piece = image.crop((x, y, x + cell, y + cell))
            light = (square % view.bw + square // view.bw) % 2
            background = colour(view.board_palette[0 if light else 1])
            digit = colour(view.board_palette[2 if light else 0])  # tft_board.py's ink on this square
            ink = [(i, j) for i in range(cell) for j in range(cell) if piece.getpixel((i, j)) == digit]
            columns = [i for i, _ in ink]
            assert min(columns) >= 3 and max(columns) <= cell - 4, (number, min(columns), max(columns), cell)  # clear
            x0, y0, x1, y1 = view.boxes[12:16]  # the three-digit number's box, cleared of the path
            grey = piece.crop((x0, y0, x1, y1)).convert("L")
            if sum(background) > sum(digit):  # dark digits on a light square: ocr() wants light on dark
                grey = ImageOps.invert(grey)
            read = ocr(grey.convert("RGB"), 8).strip()
            assert re.sub(r"[^0-9]", "", read) == str(number), (number, read)  # a path's speck may read as ","
            checked += 1
        assert checked >= 5
        # which part of the board is in view: the panel names the window's corners
        from knightstour.board import Board

        board = Board(16, 16)
        first, last = re.search(r"in view (\w+)-(\w+)", view.labels["status"].text).groups()
        low, high = board.parse_square(first), board.parse_square(last)
        for square in range(board.squares):
            inside = low % 16 <= square % 16 <= high % 16 and low // 16 <= square // 16 <= high // 16
            assert view.shown(square) == inside, board.square_name(square)
    finally:
        emulated.close()
