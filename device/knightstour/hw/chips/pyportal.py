"""Boards with a built-in display: the PyPortal, PyPortal Pynt and PyPortal Titano (and, for
``has_builtin`` and ``screen_size``, any board with a board.DISPLAY: wiring/builtin.py)."""
# What CircuitPython's ``board`` module gives on them (and nothing else here assumes):
#
#     DISPLAY                  the screen, ready made: 320x240 (ILI9341; PyPortal, Pynt),
#                              480x320 (HX8357; Titano), landscape at rotation 0
#     TOUCH_XL, TOUCH_XR,      the resistive panel's four wires, read by adafruit_touchscreen
#     TOUCH_YD, TOUCH_YU       (two driven, one read as an analogue input)
#     SPEAKER, SPEAKER_ENABLE  a DAC pin into a class-D amplifier, and the amplifier's switch
#
# KNIGHTSTOUR_DISPLAY = "builtin" uses them (wiring/build.py); it is chosen by itself on a board that has a
# ``board.DISPLAY``. The touch readings are 16-bit; ``touchscreen_reader`` gives them as 12-bit
# raw values, so the calibration keys (KNIGHTSTOUR_TOUCH_X0 ...) read as for the other
# controllers (defaults: wiring/touch_builtin.py's CALIBRATION). Imported only on these boards.

SIZES = {"pyportal": (320, 240), "pyportal_pynt": (320, 240), "pyportal_titano": (480, 320)}


def has_builtin(board):
    """True if ``board`` (CircuitPython's board module) has a display of its own."""
    return getattr(board, "DISPLAY", None) is not None


def screen_size(board):
    """(width, height) of the built-in display at rotation 0."""
    display = board.DISPLAY
    if display.rotation % 180:
        return display.height, display.width
    return display.width, display.height


def make_touchscreen(board):
    """adafruit_touchscreen on the board's four touch wires, no calibration (raw 16-bit)."""
    import adafruit_touchscreen

    return adafruit_touchscreen.Touchscreen(board.TOUCH_XL, board.TOUCH_XR, board.TOUCH_YD, board.TOUCH_YU)


def touchscreen_reader(driver):
    """A reader over adafruit_touchscreen: (raw x, raw y) in 12 bits, or None."""

    def read():
        point = driver.touch_point
        if point is None:
            return None
        return point[0] >> 4, point[1] >> 4

    return read
