"""The TSC2007 resistive touch controller of the TFT FeatherWing V2 (I2C 0x48, PENIRQ on D6).

Imported only when a TSC2007 answers (KNIGHTSTOUR_TOUCH = "auto" probes for it first:
touch.detect) or when the settings name it. D6 is the V1's STMPE610 chip select and the V2's interrupt line: with a
TSC2007 it stays an input (the driver pulls it up), and a poll with no finger down costs no I2C
traffic, only a look at the pin.
"""

PRESSURE = 100  # adafruit_tsc2007's own threshold on Z1, used when there is no PENIRQ pin


def open_tsc2007(i2c, irq_pin=None):
    """adafruit_tsc2007 on ``i2c``; ``irq_pin`` (a board pin, or None) becomes a pulled-up input."""
    import adafruit_tsc2007

    irq = None
    if irq_pin is not None:
        import digitalio

        irq = digitalio.DigitalInOut(irq_pin)
    return adafruit_tsc2007.TSC2007(i2c, irq=irq)


def tsc2007_reader(driver, irq):
    """A reader: (raw x, raw y) in 12 bits while a finger is down, else None. ``irq``: the
    driver was given the PENIRQ pin, which says whether a finger is down (a light touch too);
    without it a reading counts when its Z1 is above the driver's threshold."""

    def read():
        if irq and not driver.touched:
            return None
        point = driver.touch
        if not irq and point["pressure"] <= PRESSURE:
            return None
        return point["x"], point["y"]

    return read
