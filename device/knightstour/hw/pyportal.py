"""Boards with a built-in display: the PyPortal, PyPortal Pynt and PyPortal Titano.

What CircuitPython's ``board`` module gives on them (and nothing else here assumes):

    DISPLAY                  the screen, ready made: 320x240 (ILI9341; PyPortal, Pynt),
                             480x320 (HX8357; Titano), landscape at rotation 0
    TOUCH_XL, TOUCH_XR,      the resistive panel's four wires, read by adafruit_touchscreen
    TOUCH_YD, TOUCH_YU       (two driven, one read as an analogue input)
    SPEAKER, SPEAKER_ENABLE  a DAC pin into a class-D amplifier, and the amplifier's switch

KNIGHTSTOUR_DISPLAY = "builtin" uses them; it is chosen by itself on a board that has a
``board.DISPLAY``. The touch readings are 16-bit; ``touchscreen_reader`` gives them as 12-bit
raw values, so the calibration keys (KNIGHTSTOUR_TOUCH_X0 ...) read as for the other
controllers (defaults: touch.TOUCH_DEFAULTS["touchscreen"]). Imported only on these boards.
"""

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


def make_builtin(hw, settings):
    """(display, input) on the board's own screen and touch panel: the TFT toy (tft.TftDisplay)
    laid out for the screen's size, KNIGHTSTOUR_TFT_ROTATION applied."""
    from ..ports import NullInput
    from .tft import TftDisplay

    board = hw.board
    display = board.DISPLAY
    display.auto_refresh = False  # TftDisplay refreshes once per batch of changes
    display.rotation = settings.tft_rotation
    kind = settings.touch
    if kind == "auto":
        kind = "touchscreen" if hasattr(board, "TOUCH_XL") else "none"
    tft = TftDisplay(display, kind != "none")
    if kind == "none":
        return tft, NullInput()
    if kind != "touchscreen":  # a controller wired to the board's SPI or I2C
        from .touch import make_touch

        return tft, make_touch(kind, hw, settings, tft.square_at)
    from .touch import TouchInput, TouchMapper, touch_calibration

    x0, x1, y0, y1, swap = touch_calibration(settings, "touchscreen")
    width0, height0 = screen_size(board)
    mapper = TouchMapper(x0, x1, y0, y1, swap, settings.tft_rotation, width0, height0)
    return tft, TouchInput(touchscreen_reader(make_touchscreen(board)), mapper, tft.square_at)
