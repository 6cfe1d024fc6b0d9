"""PNG pictures of the emulated LED matrix."""

import pytest
from PIL import Image

from knightstour_sim.chips import render, rig
from knightstour_sim.chips.max7219 import MAX7219Chain
from knightstour_sim.circuitpython.microcontroller import Pin


def lit_matrix():
    from adafruit_max7219 import matrices

    spi, cs, chip = rig.matrix_rig()
    matrix = matrices.Matrix8x8(spi, cs)
    matrix.pixel(0, 0, 1)
    matrix.pixel(7, 3, 1)
    matrix.brightness(15)
    matrix.show()
    return chip


def test_matrix_png_has_red_dots_where_leds_are_lit(tmp_path):
    chip = lit_matrix()
    path = tmp_path / "matrix.png"
    render.save_matrix_png(chip, path, scale=20)
    image = Image.open(path).convert("RGB")
    assert image.size == (8 * 20 + 20, 8 * 20 + 20)

    def centre(x, y):
        return image.getpixel((10 + x * 20 + 10, 10 + y * 20 + 10))

    red, green, blue = centre(0, 0)
    assert red > 200 and green < 80 and blue < 80
    assert centre(7, 3)[0] > 200
    assert centre(1, 0)[0] < 80  # unlit: dim
    assert image.getpixel((0, 0)) == (0, 0, 0)  # black border


def test_dim_matrix_is_darker():
    chip = lit_matrix()
    bright = render.matrix_image(chip, scale=10).getpixel((10, 10))
    chip.intensity = 0
    dim = render.matrix_image(chip, scale=10).getpixel((10, 10))
    assert dim[0] < bright[0]


def test_chain_renders_side_by_side():
    chain = MAX7219Chain(3)
    image = render.matrix_image(chain, scale=10)
    assert image.size == (10 + 3 * 80 + 2 * 5, 90)


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_the_tft_picture_is_every_screen_pixel_the_chip_reads(rotation):
    """tft_image makes the picture from the frame memory at once; it must be what the model's
    screen_pixel says each pixel is, with the colour filter swapped, inverted and scrolled too."""
    import random

    from knightstour_sim.chips.ili9341 import ILI9341, rgb888

    chip = ILI9341(Pin("DC"))
    rng = random.Random(rotation)
    for i in range(len(chip.memory)):
        chip.memory[i] = rng.getrandbits(16)
    chip.sleeping, chip.display_on = False, True
    for madctl, inverted, scroll in ((0x08, False, None), (0x00, True, None), (0x08, False, (20, 200, 50))):
        chip.madctl, chip.inverted = madctl, inverted
        if scroll is not None:
            chip.scroll_area, chip.scroll_start = scroll, 77
        width, height = chip.screen_size(rotation)
        want = b"".join(bytes(rgb888(chip.screen_pixel(x, y, rotation))) for y in range(height) for x in range(width))
        assert render.tft_image(chip, rotation=rotation).tobytes() == want
    chip.display_on = False
    assert render.tft_image(chip, rotation=rotation).getextrema() == ((0, 0), (0, 0), (0, 0))
