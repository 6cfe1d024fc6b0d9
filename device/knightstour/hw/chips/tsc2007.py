"""The TSC2007 resistive touch controller of the TFT FeatherWing V2 (I2C 0x48, PENIRQ on D6)."""
# Imported only when a TSC2007 answers (KNIGHTSTOUR_TOUCH = "auto" probes for it first:
# touch.detect) or when the settings name it. D6 is the V1's STMPE610 chip select and the V2's interrupt line: with a
# TSC2007 it stays an input, pulled up, and a poll with no finger down costs no I2C traffic, only a
# look at the pin.
#
# Small on purpose, as ft6206.py and stmpe610.py: adafruit_tsc2007 with adafruit_bus_device kept
# more of a Feather's heap (docs/heap.md). What it does is adafruit_tsc2007's: a command byte written (the
# function in bits 7-4, the power mode in bits 3-2, 12-bit conversions) starts a conversion, which
# then reads as two bytes (D11-D4, then D3-D0 in the high nibble); a point is X, Y and Z1 (the pressure) with the
# ADC on, then a TEMP0 conversion that powers it down with PENIRQ on again. The bus is a busio.I2C.

from micropython import const

from .i2c_transfer import write_then_read

ADDRESS = const(0x48)
PRESSURE = const(100)  # adafruit_tsc2007's threshold on Z1, used when there is no PENIRQ pin
_MEASURE_TEMP0 = const(0x00)  # power down between conversions, PENIRQ on
_MEASURE_X = const(0xC4)  # ADC on, PENIRQ off
_MEASURE_Y = const(0xD4)
_MEASURE_Z1 = const(0xE4)


class TSC2007:
    """The controller at ``address`` on ``i2c``; ``irq``: a DigitalInOut on its PENIRQ line, or
    None. OSError if nothing answers there."""

    def __init__(self, i2c, irq=None, address=ADDRESS):
        self.i2c = i2c
        self.address = address
        self.irq = irq
        if irq is not None:
            import digitalio

            irq.switch_to_input(pull=digitalio.Pull.UP)
        self._command = bytearray(1)
        self._data = bytearray(2)
        self.point()  # a first reading: nothing at the address raises here

    def _convert(self, command):
        self._command[0] = command
        data = write_then_read(self.i2c, self.address, self._command, self._data)
        return data[0] << 4 | data[1] >> 4

    def point(self):
        """(raw x, raw y, pressure): 12 bits each."""
        x = self._convert(_MEASURE_X)
        y = self._convert(_MEASURE_Y)
        z = self._convert(_MEASURE_Z1)
        self._convert(_MEASURE_TEMP0)
        return x, y, z


def open_tsc2007(i2c, irq_pin=None):
    """A TSC2007 on ``i2c``; ``irq_pin`` (a board pin, or None) becomes a pulled-up input."""
    irq = None
    if irq_pin is not None:
        import digitalio

        irq = digitalio.DigitalInOut(irq_pin)
    return TSC2007(i2c, irq)


def tsc2007_reader(driver):
    """A reader: (raw x, raw y) in 12 bits while a finger is down, else None. A driver given the
    PENIRQ pin reads it to know whether a finger is down (a light touch too); without it a reading
    counts when its Z1 is above PRESSURE."""
    irq = driver.irq

    def read():
        if irq is not None and irq.value:
            return None
        x, y, z = driver.point()
        if irq is None and z <= PRESSURE:
            return None
        return x, y

    return read
