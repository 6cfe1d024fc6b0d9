"""Open the XPT2046 (KNIGHTSTOUR_TOUCH = "xpt2046"), for touch_chips.py: a module of its own, loaded
only for this controller, so that its lines cost the other builds no heap at start.
"""

from .hardware import WIRING, HardwareError, short_reason


def open_xpt2046(hw):
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
