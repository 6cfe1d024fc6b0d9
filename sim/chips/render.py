"""PNG pictures of emulated chips with Pillow: LED matrices and the TFT's screen."""

import sys

from PIL import Image, ImageChops, ImageDraw

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


# RGB565's bytes -> 8-bit channels, each filled from its high bits as rgb888 fills them
_RED = bytes((v >> 3) << 3 | v >> 5 for v in range(256))  # from the high byte
_GREEN_HIGH = bytes((v & 7) << 3 for v in range(256))  # green's top 3 bits, from the high byte
_GREEN_LOW = bytes(v >> 5 for v in range(256))  # its low 3 bits, from the low byte
_GREEN = [(v & 63) << 2 | (v & 63) >> 4 for v in range(256)]
_BLUE = bytes((v & 31) << 3 | (v & 31) >> 2 for v in range(256))
# The screen at each rotation from the panel (portrait, as a viewer sees it): ILI9341.screen_pixel
_FROM_PANEL = {0: Image.Transpose.ROTATE_90, 90: Image.Transpose.ROTATE_180, 180: Image.Transpose.ROTATE_270,
               270: None}


def tft_image(chip, *, rotation=0, scale=1):
    """The ILI9341's screen as a viewer sees it, in the display's logical orientation: what
    ``chip.screen_pixel`` gives for each pixel, made from the frame memory at once."""
    width, height = chip.width, chip.height
    if chip.sleeping or not chip.display_on:
        panel = Image.new("RGB", (width, height))
    else:
        data = chip.memory.tobytes()
        low, high = (data[0::2], data[1::2]) if sys.byteorder == "little" else (data[1::2], data[0::2])
        size = (width, height)
        green = ImageChops.add(Image.frombytes("L", size, high.translate(_GREEN_HIGH)),
                               Image.frombytes("L", size, low.translate(_GREEN_LOW))).point(_GREEN)
        red = Image.frombytes("L", size, high.translate(_RED))
        blue = Image.frombytes("L", size, low.translate(_BLUE))
        if bool(chip.madctl & 0x08) != chip.panel_bgr:
            red, blue = blue, red
        memory = Image.merge("RGB", (red, green, blue))
        if chip.inverted:
            memory = ImageChops.invert(memory)
        panel = memory
        top, area, _ = chip.scroll_area
        if chip._memory_row(top) != top and area > 0:  # vertical scrolling: the panel's rows from elsewhere
            panel = memory.copy()
            for y in range(top, top + area):
                row = chip._memory_row(y)
                panel.paste(memory.crop((0, row, width, row + 1)), (0, y))
        panel = panel.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
    turn = _FROM_PANEL[rotation % 360]
    image = panel if turn is None else panel.transpose(turn)
    if scale != 1:
        image = image.resize((image.width * scale, image.height * scale), Image.NEAREST)
    return image


def save_tft_png(chip, path, *, rotation=0, scale=1):
    """Write ``tft_image(chip, rotation=rotation, scale=scale)`` to ``path``."""
    tft_image(chip, rotation=rotation, scale=scale).save(path)
