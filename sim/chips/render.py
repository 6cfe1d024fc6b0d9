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
    gap = scale // 2 if gap is None else gap
    pitch = scale * _SUPERSAMPLE
    margin = pitch // 2
    module_width = 8 * pitch
    width = 2 * margin + len(chips) * module_width + (len(chips) - 1) * gap * _SUPERSAMPLE
    height = 2 * margin + 8 * pitch
    image = Image.new("RGB", (width, height), (0, 0, 0))
    draw = ImageDraw.Draw(image)
    radius = pitch * 0.4
    for index, module in enumerate(chips):
        left = margin + index * (module_width + gap * _SUPERSAMPLE)
        glow = 0.45 + 0.55 * module.brightness
        lit = tuple(round(channel * glow) for channel in _LIT_COLOUR)
        for y, row in enumerate(module.leds):
            for x, on in enumerate(row):
                cx, cy = left + x * pitch + pitch / 2, margin + y * pitch + pitch / 2
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
