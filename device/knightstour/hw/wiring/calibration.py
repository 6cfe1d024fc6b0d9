"""The touch controllers' default calibration, and the settings' calibration with them filled in:
read while the ports are built (touch_chips.py, builtin.py), so it lives in the wiring layer,
which the Feather forgets after start (inputs/touch.py's TouchMapper keeps the numbers).
"""

# The controllers' default calibration: raw readings at the rotation-0 screen's
# left, right, top and bottom edges, and whether x comes from raw y.
TOUCH_DEFAULTS = {
    # Adafruit's published values for the 2.4" TFT FeatherWing (adafruit_stmpe610 examples).
    "stmpe610": {"x0": 357, "x1": 3812, "y0": 390, "y1": 3555, "swap": True},
    # FT6206 on the 2.8" capacitive shield: portrait 0..239 x 0..319, both axes reversed
    # from the upright panel (Adafruit's CapTouchPaint example flips them).
    "ft6206": {"x0": 319, "x1": 0, "y0": 0, "y1": 239, "swap": True},
    # TSC2007 on the TFT FeatherWing V2: the same glass, so the V1's ranges; the directions of
    # Adafruit's V2 calibration example (swap_xy, invert_x: the screen's y falls as raw x
    # rises). Not measured on a real wing: KNIGHTSTOUR_CALIBRATE finds the exact values.
    "tsc2007": {"x0": 357, "x1": 3812, "y0": 3555, "y1": 390, "swap": True},
    # XPT2046 on the 2.8" ILI9341 modules with an SD slot: the published calibration of one such
    # board (x from raw y, both reversed). Not measured on a module here: KNIGHTSTOUR_CALIBRATE
    # finds the exact values.
    "xpt2046": {"x0": 3850, "x1": 200, "y0": 3950, "y1": 380, "swap": True},
    # A PyPortal's own panel (adafruit_touchscreen, 16-bit readings given in 12 bits: >> 4):
    # Adafruit's PyPortal examples calibrate with ((5200, 59000), (5800, 57000)), x then y.
    "touchscreen": {"x0": 325, "x1": 3687, "y0": 362, "y1": 3562, "swap": False},
}


def touch_calibration(settings, kind=None):
    """(x0, x1, y0, y1, swap) for touch controller ``kind`` (default: the settings'), the
    settings' values with that controller's defaults filled in."""
    defaults = TOUCH_DEFAULTS.get(kind or settings.touch, TOUCH_DEFAULTS["stmpe610"])
    values = []
    for name in ("x0", "x1", "y0", "y1", "swap"):
        value = getattr(settings, "touch_" + name, None)
        values.append(defaults[name] if value is None else value)
    return tuple(values)
