"""The FT6206 (KNIGHTSTOUR_TOUCH = "ft6206"): the capacitive touch of the 2.8" shield, on I2C at
0x38. All the toy knows of it: touch_chips.py loads this module only for it.
"""

from .hardware import WIRING, HardwareError, short_reason

SIGNALS = ("i2c_sda", "i2c_scl")
SELECT_FIRST = False
# Portrait 0..239 x 0..319, both axes reversed from the upright panel (Adafruit's
# CapTouchPaint example flips them).
CALIBRATION = (319, 0, 0, 239, True)
EMULATOR = "ft6206"


def open_driver(hw):
    from ..chips import ft6206

    try:
        return ft6206.FT6206(hw.i2c())
    except (ValueError, RuntimeError, OSError) as exc:
        raise HardwareError(
            "the FT6206 touch controller does not answer on I2C at 0x38 (%s): check SDA/SCL, "
            "enable I2C (Pi: sudo raspi-config > Interface Options > I2C), or set "
            "KNIGHTSTOUR_TOUCH = \"none\"; see %s" % (short_reason(exc), WIRING)) from None


def reader(driver, hw):
    return driver.point  # (x, y) or None
