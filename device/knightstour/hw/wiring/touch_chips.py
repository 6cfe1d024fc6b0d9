"""Open the touch controller the settings name, on one board's buses (a hardware.BoardHardware):
the chip's driver, its reader and the calibrated TouchInput (inputs/touch.py). A controller that
does not answer is a HardwareError naming the fix.
"""

import time

from ..inputs import touch
from .calibration import touch_calibration
from .hardware import WIRING, HardwareError, short_reason

TSC2007_ADDRESS = 0x48
STMPE610_RETRY_WAIT = 1.0  # seconds; Adafruit's TFT FeatherWing helper waits 1.0 s before its retry


def make_touch(kind, hw, settings, locate):
    """A TouchInput for controller ``kind`` ("stmpe610", "tsc2007", "xpt2046" or "ft6206"; "auto": see
    ``detect``) on ``hw``'s buses (a hardware.BoardHardware); ``locate(x, y)`` names the square under
    a screen pixel."""
    if kind == "auto":
        kind = detect(hw)
    driver = open_driver(kind, hw)
    x0, x1, y0, y1, swap = touch_calibration(settings, kind)
    mapper = touch.TouchMapper(x0, x1, y0, y1, swap, settings.tft_rotation)
    return touch.TouchInput(reader_for(kind, driver, hw), mapper, locate)


def detect(hw):
    """KNIGHTSTOUR_TOUCH = "auto" on a TFT FeatherWing: "tsc2007" when something answers on I2C
    at 0x48 (the V2), else "stmpe610" (the V1). Asked before the touch CS pin (D6) is driven:
    on the V2 that pin is the TSC2007's interrupt output."""
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


def reader_for(kind, driver, hw=None):
    if kind == "ft6206":
        return driver.point  # (x, y) or None
    if kind == "tsc2007":
        from ..chips import tsc2007

        return tsc2007.tsc2007_reader(driver, hw is not None and hw.pin_name("touch_cs") != "")
    if kind == "xpt2046":
        from ..chips import xpt2046

        return xpt2046.xpt2046_reader(driver, touch.HELD)
    return touch.stmpe610_reader(driver)


def open_driver(kind, hw):
    """The real driver for ``kind``; a controller that does not answer raises
    HardwareError with one line naming the fix."""
    if kind == "ft6206":
        from ..chips import ft6206

        try:
            return ft6206.FT6206(hw.i2c())
        except (ValueError, RuntimeError, OSError) as exc:
            raise HardwareError(
                "the FT6206 touch controller does not answer on I2C at 0x38 (%s): check SDA/SCL, "
                "enable I2C (Pi: sudo raspi-config > Interface Options > I2C), or set "
                "KNIGHTSTOUR_TOUCH = \"none\"; see %s" % (short_reason(exc), WIRING)) from None
    if kind == "tsc2007":
        from ..chips import tsc2007

        try:  # its interrupt line (D6 on the FeatherWing V2) stays an input
            return tsc2007.open_tsc2007(hw.i2c(), hw.pin("touch_cs"))
        except (ValueError, RuntimeError, OSError) as exc:
            raise HardwareError(
                "the TSC2007 touch controller does not answer on I2C at 0x48 (%s): check SDA/SCL, "
                "or set KNIGHTSTOUR_TOUCH = \"stmpe610\" for a TFT FeatherWing V1 or \"none\"; see %s"
                % (short_reason(exc), WIRING)) from None
    if kind == "xpt2046":  # its module only for it: the start's heap is tight on the TFT builds
        from .touch_xpt2046 import open_xpt2046

        return open_xpt2046(hw)
    from ..chips import stmpe610

    cs = hw.select("touch_cs")
    if cs is None:
        raise HardwareError("the STMPE610 needs a touch CS pin: set KNIGHTSTOUR_PIN_TOUCH_CS; see %s" % WIRING)
    for wait in (STMPE610_RETRY_WAIT, -1):
        try:
            return stmpe610.STMPE610(hw.spi(), cs)
        except (RuntimeError, ValueError, OSError) as exc:
            if wait < 0:
                raise HardwareError(
                    "the STMPE610 touch controller does not answer on SPI (touch CS %s; %s): check MISO "
                    "and the touch CS wire, or set KNIGHTSTOUR_TOUCH = \"none\" (or \"ft6206\" for the "
                    "capacitive shield); see %s" % (hw.pin_name("touch_cs"), short_reason(exc), WIRING)) from None
            # not ready after a cold start: Adafruit's FeatherWing helper waits and tries once more
            time.sleep(wait)
