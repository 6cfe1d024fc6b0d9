"""The touch controllers: KNIGHTSTOUR_TOUCH names one, and its module, touch_<name>.py, holds
all the toy knows of it (the table of names is settings.TOUCHES)."""
# Each such module gives:
#
#     SIGNALS       its pins besides the shared SPI bus (the pin map's signals: pins.py)
#     SELECT_FIRST  its chip select goes high before the display talks on the shared bus
#     CALIBRATION   (x0, x1, y0, y1, swap): the raw readings at the rotation-0 screen's left,
#                   right, top and bottom edges, and whether x comes from raw y
#     EMULATOR      the sim/chips rig's touch that answers as it (the tests, the screenshots)
#     open_driver(hw)       its driver on a hardware.BoardHardware; HardwareError naming the fix
#                           when it does not answer
#     reader(driver, hw)    a reader for inputs/touch.py's TouchInput: (raw x, raw y), HELD or None
#
# Only the chosen controller's module is loaded; the Feather forgets them after start.

from ..inputs import touch

TSC2007_ADDRESS = 0x48
AUTO_SIGNALS = ("touch_cs", "i2c_sda", "i2c_scl")  # "auto": the TFT FeatherWing's V1 or V2


def controller(kind):
    """The module of touch controller ``kind`` ("stmpe610", ..., "builtin")."""
    import sys

    name = "knightstour.hw.wiring.touch_" + kind
    __import__(name)
    return sys.modules[name]


def make_touch(kind, hw, settings, locate, size=(touch.WIDTH0, touch.HEIGHT0), driver=None):
    """A TouchInput for controller ``kind`` on ``hw``'s buses (a hardware.BoardHardware)."""
    # ``kind``: a name of settings.TOUCHES or "builtin", "auto" resolved (``detect``). ``locate(x, y)`` names
    # the square under a screen pixel; ``size``: the rotation-0 screen's; ``driver``: the chip's, opened
    # already (a board's own, wiring/builtin.py), else opened on the pin map's pins.
    chip = controller(kind)
    if driver is None:
        driver = chip.open_driver(hw)
    values = touch_calibration(settings, kind)
    x0, x1, y0, y1, swap = values
    try:
        mapper = touch.TouchMapper(x0, x1, y0, y1, swap, settings.tft_rotation, size[0], size[1])
    except ValueError:  # the line naming the key comes from a module loaded only then
        from .calibration import fault
        from .hardware import HardwareError

        raise HardwareError(fault(settings, kind, values)) from None
    return touch.TouchInput(chip.reader(driver, hw), mapper, locate)


def open_driver(kind, hw):
    """The real driver for ``kind``; a controller that does not answer raises HardwareError."""
    return controller(kind).open_driver(hw)


def defaults(kind):
    """{"x0", "x1", "y0", "y1", "swap"}: controller ``kind``'s default calibration."""
    values = controller(kind).CALIBRATION
    return {"x0": values[0], "x1": values[1], "y0": values[2], "y1": values[3], "swap": values[4]}


def touch_calibration(settings, kind=None):
    """(x0, x1, y0, y1, swap) for touch controller ``kind`` (default: the settings'), the
    settings' values with that controller's defaults filled in."""
    kind = kind or settings.touch
    base = controller(kind if kind not in ("auto", "none") else "stmpe610").CALIBRATION
    values = []
    for i, name in enumerate(("x0", "x1", "y0", "y1", "swap")):
        value = getattr(settings, "touch_" + name, None)
        values.append(base[i] if value is None else value)
    return tuple(values)


def signals(kind):
    """The pin map's signals controller ``kind`` uses ("auto": both FeatherWings'; "none": none)."""
    if kind == "none":
        return ()
    if kind == "auto":
        return AUTO_SIGNALS
    return controller(kind).SIGNALS


def detect(settings, hw, display):
    """The touch controller to build for KNIGHTSTOUR_TOUCH on ``display`` (build.py's kind)."""
    # The setting's; "auto", resolved here alone, is a board's own panel (board.TOUCH_XL) or none on its own
    # display ("builtin"), else on a TFT FeatherWing "tsc2007" when something answers on I2C at 0x48 (the V2),
    # or "stmpe610" (the V1). Asked before the touch CS pin (D6) is driven: on the V2 that pin is the
    # TSC2007's interrupt output.
    kind = settings.touch
    if kind != "auto":
        return kind
    if display == "builtin":  # a PyPortal's panel, else a touch bus of its own (the Cheap Yellow Display's)
        board = hw.board
        return "builtin" if hasattr(board, "TOUCH_XL") else "xpt2046" if hasattr(board, "TOUCH_SPI") else "none"
    try:
        i2c = hw.i2c()
    except (RuntimeError, ValueError, OSError, AttributeError):  # no pull-ups: no I2C chip at all
        return "stmpe610"
    if i2c is None:
        return "stmpe610"
    while not i2c.try_lock():
        pass
    try:
        found = TSC2007_ADDRESS in i2c.scan()
    except OSError:
        found = False
    finally:
        i2c.unlock()
    return "tsc2007" if found else "stmpe610"
