"""The raw touch controller reading for a screen pixel: the inverse of the device's calibration
(knightstour.hw.inputs.touch). MicroPython-safe (the web page runs it)."""

WIDTH0 = 320  # the rotation-0 (landscape) screen the touch calibration is given for
HEIGHT0 = 240


def to_landscape(x, y, rotation, width0=WIDTH0, height0=HEIGHT0):
    """The rotation-0 screen pixel of pixel (x, y) of the screen at ``rotation`` (width0 x height0
    at rotation 0): the inverse of knightstour.hw.inputs.touch.from_landscape."""
    if rotation == 90:
        return width0 - 1 - y, x
    if rotation == 180:
        return width0 - 1 - x, height0 - 1 - y
    if rotation == 270:
        return y, height0 - 1 - x
    return x, y


def raw_touch(calibration, x, y, rotation, width0=WIDTH0, height0=HEIGHT0):
    """The raw controller reading (x, y) that the device's calibration maps to screen pixel (x, y)
    at ``rotation``; ``calibration`` is knightstour.hw.wiring.touch_chips.touch_calibration's (x0, x1, y0, y1, swap)."""
    x0, x1, y0, y1, swap = calibration
    lx, ly = to_landscape(x, y, rotation, width0, height0)
    raw_a = int(round(x0 + lx * (x1 - x0) / (width0 - 1.0)))
    raw_b = int(round(y0 + ly * (y1 - y0) / (height0 - 1.0)))
    return (raw_b, raw_a) if swap else (raw_a, raw_b)
