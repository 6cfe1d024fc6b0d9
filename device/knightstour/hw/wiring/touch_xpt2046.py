"""The XPT2046 (KNIGHTSTOUR_TOUCH = "xpt2046"): the resistive touch of the ILI9341 modules with
an SD slot, on the display's SPI bus (T_CS its chip select, T_IRQ an optional pen interrupt).
All the toy knows of it: touch_chips.py loads this module only for it.
"""

from .hardware import WIRING, HardwareError, short_reason

SIGNALS = ("touch_cs", "touch_irq")
SELECT_FIRST = True
# The Cheap Yellow Display's published raw range (x from raw y, both reversed), used for the modules too.
# Source: github.com/luc-github/ESP3D-TFT hardware/ESP32_2432S028R/components/bsp/touch_def.h
# (calibration x 380-3950, y 200-3850, swap_xy). Not measured here: KNIGHTSTOUR_CALIBRATE finds yours.
CALIBRATION = (3850, 200, 3950, 380, True)
EMULATOR = "xpt2046"


def open_driver(hw):
    """The XPT2046 on the display's SPI bus: its chip select, and its IRQ pin if wired."""
    from ..chips import xpt2046

    cs = hw.select("touch_cs")
    if cs is None:
        raise HardwareError("the XPT2046 needs a touch CS pin (T_CS): set KNIGHTSTOUR_PIN_TOUCH_CS; see %s" % WIRING)
    irq = hw.pin("touch_irq")
    if irq is not None:
        import digitalio

        irq = digitalio.DigitalInOut(irq)  # the driver makes it a pulled-up input
        hw.outputs.append(irq)  # kept with the chip selects
    try:
        return xpt2046.XPT2046(hw.spi(), cs, irq)
    except (RuntimeError, ValueError, OSError) as exc:
        raise HardwareError(
            "the XPT2046 touch controller does not answer on SPI (T_CS %s; %s): check T_DO (MISO), T_DIN, "
            "T_CLK and the T_CS wire, or set KNIGHTSTOUR_TOUCH = \"none\"; see %s"
            % (hw.pin_name("touch_cs"), short_reason(exc), WIRING)) from None


def reader(driver, hw):
    from ..chips import xpt2046
    from ..inputs import touch

    return xpt2046.xpt2046_reader(driver, touch.HELD)
