"""The STMPE610 (KNIGHTSTOUR_TOUCH = "stmpe610"; "auto" when no TSC2007 answers): the resistive
touch of the TFT FeatherWing V1 and the 2.4"/2.8" shields, on the display's SPI bus with a chip
select of its own (D6 on the wing). All the toy knows of it: touch_chips.py loads this module
only for it.
"""

import time

from .hardware import WIRING, HardwareError, short_reason

SIGNALS = ("touch_cs",)  # its pins besides the shared SPI bus (the pin map's signals)
SELECT_FIRST = True  # its chip select goes high before the display talks on the shared bus
# x0, x1, y0, y1, swap: Adafruit's published values for the 2.4" TFT FeatherWing
# (adafruit_stmpe610 examples).
CALIBRATION = (357, 3812, 390, 3555, True)
EMULATOR = "stmpe610"  # the sim/chips rig's touch that answers as it
RETRY_WAIT = 1.0  # seconds; Adafruit's TFT FeatherWing helper waits 1.0 s before its retry


def open_driver(hw):
    """The toy's STMPE610 driver on ``hw``'s SPI bus; HardwareError when it does not answer."""
    from ..chips import stmpe610

    cs = hw.select("touch_cs")
    if cs is None:
        raise HardwareError("the STMPE610 needs a touch CS pin: set KNIGHTSTOUR_PIN_TOUCH_CS; see %s" % WIRING)
    for wait in (RETRY_WAIT, -1):
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


def reader(driver, hw):
    from ..chips import stmpe610
    from ..inputs import touch

    return stmpe610.stmpe610_reader(driver, touch.HELD)
