"""A MAX7219 8x8 LED matrix on SPI: the registers the toy uses, nothing more."""
# Small on purpose (the Feather has little RAM to spare): adafruit_max7219 brings
# adafruit_framebuf and adafruit_bus_device, many times this module's heap (docs/heap.md), for the
# eight bytes this needs. The picture is the same as adafruit_max7219.matrices.Matrix8x8's: ``pixel(x, y)``
# sets bit y of digit register x, and ``show()`` sends the eight digit registers.
#
# ``chips`` > 1: a daisy chain on the one chip select (hw/views/chain.py). Each register write then
# sends a word to every chip in one transaction, the first word to the last chip (it travels
# furthest), and ``buffer[digit * chips + k]`` is the k-th word's data: ``pixel(x, y)`` with
# x = digit * chips + k.

from micropython import const

from .spi_device import SPIDevice

_DIGIT0 = const(1)
_DECODEMODE = const(9)
_INTENSITY = const(10)
_SCANLIMIT = const(11)
_SHUTDOWN = const(12)
_DISPLAYTEST = const(15)


class MAX7219:
    """MAX7219s driving 8x8 matrices: one, or ``chips`` of them chained (a 32x8 FC-16 is 4), on
    ``spi`` (a busio.SPI) with chip select ``cs`` (a DigitalInOut, output, idle high)."""

    def __init__(self, spi, cs, baudrate=8000000, chips=1):
        self.device = SPIDevice(spi, cs, baudrate)
        self.chips = chips
        self.buffer = bytearray(8 * chips)
        self._word = bytearray(2 * chips)
        for register, value in ((_SHUTDOWN, 0), (_DISPLAYTEST, 0), (_SCANLIMIT, 7), (_DECODEMODE, 0),
                                (_SHUTDOWN, 1)):
            self.write(register, value)
        self.show()

    def write(self, register, value):
        """One register write (to every chip): CS low, the register and the value, CS high."""
        for k in range(self.chips):
            self._word[2 * k] = register
            self._word[2 * k + 1] = value
        self._send()

    def _send(self):
        with self.device as spi:
            spi.write(self._word)

    def brightness(self, value):
        if not 0 <= value <= 15:
            raise ValueError("brightness is 0 to 15")
        self.write(_INTENSITY, value)

    def pixel(self, x, y, value):
        if value:
            self.buffer[x] |= 1 << y
        else:
            self.buffer[x] &= ~(1 << y) & 0xFF

    def fill(self, value):
        for i in range(len(self.buffer)):
            self.buffer[i] = 0xFF if value else 0

    def show(self):
        chips = self.chips
        if chips == 1:
            for i in range(8):
                self.write(_DIGIT0 + i, self.buffer[i])
            return
        for digit in range(8):
            for k in range(chips):
                self._word[2 * k] = _DIGIT0 + digit
                self._word[2 * k + 1] = self.buffer[digit * chips + k]
            self._send()
