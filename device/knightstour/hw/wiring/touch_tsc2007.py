"""The TSC2007 (KNIGHTSTOUR_TOUCH = "tsc2007"; "auto" when it answers at 0x48): the resistive
touch of the TFT FeatherWing V2, on I2C, its interrupt read on the touch CS pin (D6, the V1's
STMPE610 chip select). All the toy knows of it: touch_chips.py loads this module only for it.
"""

from .hardware import WIRING, HardwareError, short_reason

SIGNALS = ("i2c_sda", "i2c_scl", "touch_cs")  # touch_cs: its interrupt, left an input
SELECT_FIRST = False  # D6 is its interrupt output: never driven
# The V1's glass, so its ranges; the directions of Adafruit's V2 calibration example (swap_xy,
# invert_x: the screen's y falls as raw x rises). Not measured on a real wing:
# KNIGHTSTOUR_CALIBRATE finds the exact values.
CALIBRATION = (357, 3812, 3555, 390, True)
EMULATOR = "tsc2007"


def open_driver(hw):
    from ..chips import tsc2007

    try:  # its interrupt line (D6 on the FeatherWing V2) stays an input
        return tsc2007.open_tsc2007(hw.i2c(), hw.pin("touch_cs"))
    except (ValueError, RuntimeError, OSError) as exc:
        raise HardwareError(
            "the TSC2007 touch controller does not answer on I2C at 0x48 (%s): check SDA/SCL, "
            "or set KNIGHTSTOUR_TOUCH = \"stmpe610\" for a TFT FeatherWing V1 or \"none\"; see %s"
            % (short_reason(exc), WIRING)) from None


def reader(driver, hw):
    from ..chips import tsc2007

    return tsc2007.tsc2007_reader(driver)
