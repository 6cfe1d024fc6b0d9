"""Touch calibration: three targets in turn, the raw readings, the settings lines to paste.

Run by ``knights-tour run --display ili9341 --calibrate`` on a Pi and by
KNIGHTSTOUR_CALIBRATE = "on" in a Feather's settings.toml; the toy itself never imports it.
"""

from .touch import HEIGHT0, HELD, WIDTH0, from_landscape

# The calibration targets, in rotation-0 screen pixels (320x240).
TARGETS = ((20, 20), (299, 20), (20, 219))


def targets(width0=WIDTH0, height0=HEIGHT0):
    """The three targets on a width0 x height0 screen (rotation 0): 20 px in from its corners."""
    return (20, 20), (width0 - 21, 20), (20, height0 - 21)


def solve(raws, width0=WIDTH0, height0=HEIGHT0):
    """(x0, x1, y0, y1, swap) from the raw readings at the three ``targets(width0, height0)``."""
    (r0x, r0y), (r1x, r1y), (r2x, r2y) = raws
    swap = abs(r1y - r0y) > abs(r1x - r0x)
    if swap:
        a0, a1, b0, b2 = r0y, r1y, r0x, r2x
    else:
        a0, a1, b0, b2 = r0x, r1x, r0y, r2y
    (t0x, t0y), (t1x, _), (_, t2y) = targets(width0, height0)
    if a1 == a0 or b2 == b0:
        raise ValueError("the readings did not change between targets: is the touch screen connected?")
    slope_x = (a1 - a0) / (t1x - t0x)
    slope_y = (b2 - b0) / (t2y - t0y)
    x0 = a0 - t0x * slope_x
    x1 = a0 + (width0 - 1 - t0x) * slope_x
    y0 = b0 - t0y * slope_y
    y1 = b0 + (height0 - 1 - t0y) * slope_y
    return (_clamp(x0), _clamp(x1), _clamp(y0), _clamp(y1), swap)


def _clamp(value):
    value = int(value + 0.5) if value >= 0 else 0
    return 4095 if value > 4095 else value


PROMPT = ("touch the centre", "of each target")


def prompt(width, height, palette):
    """The prompt's Text, each line centred on a width x height screen (font.py's glyphs)."""
    from ..views import font, tft_draw

    columns = max(len(line) for line in PROMPT)
    lines = []
    for line in PROMPT:
        pad = (columns - len(line)) // 2
        lines.append(" " * pad + line)
    text = tft_draw.Text(columns, len(PROMPT), (width - columns * font.WIDTH) // 2,
                         (height - len(PROMPT) * (font.HEIGHT + 1)) // 2, palette)
    text.set("\n".join(lines))
    return text


def calibrate(display, reader, rotation, sleep, out=print, poll=0.02, timeout=120.0):
    """Show the three targets in turn on ``display`` (a displayio display), read the raw touch
    while each is pressed, print the raw readings and the settings lines; return the tuple."""
    # ``reader`` is a touch reader (``touch.reader_for``); ``sleep(seconds)``
    # waits (the tests inject the touches from it). Raises ValueError after ``timeout``
    # seconds without a touch.
    import displayio

    root = displayio.Group()
    palette = displayio.Palette(2)
    palette[0] = 0x000000
    palette[1] = 0xFFFFFF
    palette.make_transparent(0)
    size = 21
    bitmap = displayio.Bitmap(size, size, 2)
    for i in range(size):
        bitmap[i, size // 2] = 1
        bitmap[size // 2, i] = 1
    for i in range(size // 2 - 3, size // 2 + 4):
        for j in (size // 2 - 3, size // 2 + 3):
            bitmap[i, j] = 1
            bitmap[j, i] = 1
    cross = displayio.TileGrid(bitmap, pixel_shader=palette)
    root.append(cross)
    root.append(prompt(display.width, display.height, palette).tilegrid)
    display.root_group = root
    width0, height0 = (display.height, display.width) if rotation % 180 else (display.width, display.height)
    raws = []
    for number, (tx, ty) in enumerate(targets(width0, height0)):
        x, y = from_landscape(tx, ty, rotation, width0, height0)
        cross.x = x - size // 2
        cross.y = y - size // 2
        display.refresh()
        out("calibrate: touch target %d of %d at screen (%d, %d)" % (number + 1, len(TARGETS), x, y))
        raw = _press(reader, sleep, poll, timeout)
        out("calibrate: target %d raw x %d, raw y %d" % (number + 1, raw[0], raw[1]))
        raws.append(raw)
    result = solve(raws, width0, height0)
    out("calibrate: paste these lines into settings.toml (or the Pi's config file):")
    for line in settings_lines(*result):
        out(line)
    return result


def _press(reader, sleep, poll, timeout):
    """Wait for a press, average its readings until release; (raw x, raw y)."""
    waited = 0.0
    sx = sy = count = 0
    up = 0
    while True:
        point = reader()
        if point is not None and point != HELD:
            sx += point[0]
            sy += point[1]
            count += 1
            up = 0
        elif point is None and count:
            up += 1
            if up >= 3:
                return (sx + count // 2) // count, (sy + count // 2) // count
        sleep(poll)
        waited += poll
        if not count and waited > timeout:
            raise ValueError("calibrate: no touch within %d seconds" % timeout)


def settings_lines(x0, x1, y0, y1, swap):
    """The settings.toml lines for a calibration, to paste."""
    return [
        "KNIGHTSTOUR_TOUCH_X0 = %d" % x0,
        "KNIGHTSTOUR_TOUCH_X1 = %d" % x1,
        "KNIGHTSTOUR_TOUCH_Y0 = %d" % y0,
        "KNIGHTSTOUR_TOUCH_Y1 = %d" % y1,
        'KNIGHTSTOUR_TOUCH_SWAP = "%s"' % ("on" if swap else "off"),
    ]
