"""The XPT2046 resistive touch controller on SPI: the touch chip of the common 2.4"/2.8"/3.2"
ILI9341 modules with a microSD slot (T_CLK, T_DIN, T_DO on the display's SPI bus, T_CS its own
chip select, T_IRQ the optional pen interrupt)."""
# Small on purpose, as stmpe610.py: one transaction a poll, no allocation in it. The chip has no
# registers: each control byte starts a conversion (channel, 12 bits, differential, powered down
# between conversions so PENIRQ stays on) and the result comes back in the next 16 clocks. A
# poll sends its control bytes 16 clocks apart, each with the low byte of the one before: Z1
# and Z2 (how firm the press is), then X and Y five times each, the first of each thrown away
# (the plates settle after the drivers switch). A reading counts when the press is firm enough
# and the four samples of each axis lie close together; it is their mean. How firm: the finger
# joins the plates through R = Rx * X / 4096 * (Z2 / Z1 - 1) (the data sheet's formula, Rx the
# X plate's resistance), and it is down while R is at most ``PLATES`` times Rx (a light touch,
# or none, is more). With the IRQ pin, a poll with no finger down costs no SPI traffic, only a
# look at the pin. The bus is a busio.SPI (CircuitPython's, or Blinka's on a Pi) shared with
# the display: each transaction locks it and sets its own clock.

from micropython import const

from .spi_device import SPIDevice

_X = const(0xD0)  # start bit, A2-A0 = 101, 12 bits, differential, power down between conversions
_Y = const(0x90)  # A2-A0 = 001
_Z1 = const(0xB0)  # A2-A0 = 011
_Z2 = const(0xC0)  # A2-A0 = 100
_TEMP0 = const(0x84)  # A2-A0 = 000, single-ended: the chip's temperature diode
_SAMPLES = const(4)
PLATES = const(4)  # the most touch resistance that is a finger, in X plates
SPREAD = const(80)  # raw counts: samples further apart are a finger sliding or lifting

# Z1, Z2, then per axis one settling conversion and _SAMPLES kept
_COMMANDS = bytes((_Z1, _Z2) + (_X,) * (_SAMPLES + 1) + (_Y,) * (_SAMPLES + 1))


class XPT2046:
    """The controller on ``spi`` with chip select ``cs`` (a DigitalInOut) and, if wired, its
    pen interrupt ``irq`` (a DigitalInOut, made a pulled-up input; low while touched).
    RuntimeError if nothing answers like one (its temperature reading)."""

    def __init__(self, spi, cs, irq=None, baudrate=1000000):
        self.device = SPIDevice(spi, cs, baudrate)
        self.irq = irq
        if irq is not None:
            import digitalio

            irq.switch_to_input(pull=digitalio.Pull.UP)
        size = 2 * len(_COMMANDS) + 1
        self._out = bytearray(size)
        self._in = bytearray(size)
        self.down = False
        # Something answers like one: a temperature conversion alone (its control byte, then 16
        # clocks), its result neither all 0 nor all 1 and the bits around it 0.
        self._out[0] = _TEMP0
        self._transfer(3)
        temperature = self._result(0)
        if temperature in (0, 0xFFF) or self._in[1] & 0x80 or self._in[2] & 0x07:
            raise RuntimeError("no XPT2046 on SPI: its temperature reads 0x%03X" % temperature)
        for i in range(len(_COMMANDS)):
            self._out[2 * i] = _COMMANDS[i]

    def _transfer(self, count):
        """Clock out the first ``count`` bytes of the command buffer, read as many back."""
        with self.device as spi:
            spi.write_readinto(self._out, self._in, out_end=count, in_end=count)

    def _result(self, i):
        """The 12-bit result of the ``i``-th control byte of the last transfer."""
        return (self._in[2 * i + 1] << 8 | self._in[2 * i + 2]) >> 3 & 0xFFF

    @property
    def touched(self):
        """Whether a finger is down: the IRQ pin if wired, else a reading."""
        if self.irq is not None:
            return not self.irq.value
        self.read()
        return self.down

    def read(self):
        """(raw x, raw y), each the mean of four 12-bit samples, or None: no finger down
        (``down`` False) or the samples too far apart (``down`` True)."""
        self._transfer(len(self._out))
        z1 = self._result(0)
        x = self._result(2 + _SAMPLES)  # the last X sample
        # z1 < z2, z1 > 0: current flows (a MISO stuck low or high reads z1 = 0 or z1 = z2)
        self.down = 0 < z1 < self._result(1) and x * (self._result(1) - z1) <= (z1 * PLATES) << 12
        if not self.down:
            return None
        x = self._mean(3)
        y = self._mean(4 + _SAMPLES)
        if x < 0 or y < 0:
            return None
        return x, y

    def _mean(self, first):
        low = 0xFFF
        high = total = 0
        for i in range(first, first + _SAMPLES):
            value = self._result(i)
            total += value
            if value < low:
                low = value
            if value > high:
                high = value
        if high - low > SPREAD:
            return -1
        return (total + _SAMPLES // 2) // _SAMPLES


def xpt2046_reader(driver, held):
    """A reader (touch.TouchInput's): (raw x, raw y) while a finger is down, ``held`` while it
    is down but the samples were not steady, else None."""

    def read():
        if driver.irq is not None and driver.irq.value:
            return None
        point = driver.read()
        if point is None and driver.down:
            return held
        return point

    return read
