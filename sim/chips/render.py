"""PNG pictures of emulated chips with Pillow: LED matrices and the TFT's screen."""

from PIL import Image, ImageDraw

from .ili9341 import rgb888

_SUPERSAMPLE = 4
_OFF_COLOUR = (48, 6, 6)
_LIT_COLOUR = (255, 40, 30)


def matrix_image(chip, *, scale=40, gap=None):
    """The LEDs of a MAX7219 (or each chip of a chain, ``chips[0]`` leftmost) as round red dots.

    ``scale`` is the pixel pitch of one LED; lit LEDs glow brighter with higher intensity.
    """
    chips = chip.chips
    leds = [sum((module.leds[y] for module in chips), []) for y in range(8)]
    return _leds_image(leds, len(chips), 1, [module.brightness for module in chips], scale, gap)


def panel_image(panel, *, scale=40, gap=None):
    """The LEDs of a ``max7219.MatrixPanel`` (a chain as built: a 32x8 row, 2x2...) as seen
    from the front."""
    chips = panel.chain.chips
    glow = sum(module.brightness for module in chips) / len(chips)
    return _leds_image(panel.leds, panel.columns, panel.rows, [glow] * (panel.columns * panel.rows), scale, gap)


def _leds_image(leds, columns, rows, brightness, scale, gap):
    """Round dots for ``leds[y][x]``, modules of 8x8 ``gap`` apart; ``brightness`` per module,
    row by row from the top left."""
    gap = scale // 2 if gap is None else gap
    pitch = scale * _SUPERSAMPLE
    margin = pitch // 2
    step = 8 * pitch + gap * _SUPERSAMPLE
    width = 2 * margin + columns * step - gap * _SUPERSAMPLE
    height = 2 * margin + rows * step - gap * _SUPERSAMPLE
    image = Image.new("RGB", (width, height), (0, 0, 0))
    draw = ImageDraw.Draw(image)
    radius = pitch * 0.4
    for y, row in enumerate(leds):
        for x, on in enumerate(row):
            glow = 0.45 + 0.55 * brightness[(y // 8) * columns + x // 8]
            lit = tuple(round(channel * glow) for channel in _LIT_COLOUR)
            cx = margin + (x // 8) * step + (x % 8) * pitch + pitch / 2
            cy = margin + (y // 8) * step + (y % 8) * pitch + pitch / 2
            draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=lit if on else _OFF_COLOUR)
    return image.resize((width // _SUPERSAMPLE, height // _SUPERSAMPLE), Image.LANCZOS)


def save_matrix_png(chip, path, *, scale=40):
    """Write ``matrix_image(chip, scale=scale)`` to ``path``."""
    matrix_image(chip, scale=scale).save(path)


def tft_image(chip, *, rotation=0, scale=1):
    """The ILI9341's screen as a viewer sees it, in the display's logical orientation."""
    width, height = chip.screen_size(rotation)
    data = bytearray()
    for y in range(height):
        for x in range(width):
            data += bytes(rgb888(chip.screen_pixel(x, y, rotation)))
    image = Image.frombytes("RGB", (width, height), bytes(data))
    if scale != 1:
        image = image.resize((width * scale, height * scale), Image.NEAREST)
    return image


def save_tft_png(chip, path, *, rotation=0, scale=1):
    """Write ``tft_image(chip, rotation=rotation, scale=scale)`` to ``path``."""
    tft_image(chip, rotation=rotation, scale=scale).save(path)
