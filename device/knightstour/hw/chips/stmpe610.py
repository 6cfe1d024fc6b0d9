"""The STMPE610 resistive touch controller on SPI (the TFT FeatherWing V1's): the registers
the toy reads, nothing more."""
# Small on purpose, as max7219.py: adafruit_stmpe610 with adafruit_bus_device takes several KB
# of a Feather's heap (docs/heap.md) for the three things the toy asks (is the FIFO empty, the next
# sample, is a finger down). What it does is adafruit_stmpe610's, register by register: the
# same set-up (XYZ sampling, 10-bit ADC at 96 clocks and 6.5 MHz, 4 samples, 1 ms delay, 5 ms
# settling, FIFO threshold 1, 50 mA drive, interrupts cleared), the same reads (a sample is
# four reads of TSC_DATA), and the same SPI: 1 MHz in mode 0, or mode 1 when the chip does
# not answer in mode 0. The bus is a busio.SPI (CircuitPython's, or Blinka's on a Pi) and the
# chip select a DigitalInOut; each transaction locks the bus and sets its own clock, as the
# display shares it.

import time

from micropython import const

from .spi_device import SPIDevice

_VERSION = const(0x0811)
_SYS_CTRL1 = const(0x03)
_SYS_CTRL2 = const(0x04)
_INT_CTRL = const(0x09)
_INT_EN = const(0x0A)
_INT_STA = const(0x0B)
_ADC_CTRL1 = const(0x20)
_ADC_CTRL2 = const(0x21)
_TSC_CTRL = const(0x40)
_TSC_CFG = const(0x41)
_FIFO_TH = const(0x4A)
_FIFO_STA = const(0x4B)
_FIFO_EMPTY = const(0x20)
_TSC_FRACTION_Z = const(0x56)
_TSC_I_DRIVE = const(0x58)
_TSC_DATA = const(0xD7)  # 0x57 with the auto-increment bit: reading pops the FIFO

# adafruit_stmpe610's set-up after the reset, (register, value) pairs in its order
_SETUP = bytes((
    _SYS_CTRL2, 0x00,  # clocks on
    _TSC_CTRL, 0x01,  # XYZ, enabled
    _INT_EN, 0x01,  # touch detected
    _ADC_CTRL1, 0x60,  # 10 bits, 96 clocks a conversion
    _ADC_CTRL2, 0x02,  # 6.5 MHz
    _TSC_CFG, 0xA4,  # 4 samples, 1 ms delay, 5 ms settling
    _TSC_FRACTION_Z, 0x06,
    _FIFO_TH, 1,
    _FIFO_STA, 0x01,  # FIFO reset
    _FIFO_STA, 0x00,
    _TSC_I_DRIVE, 0x01,  # 50 mA
    _INT_STA, 0xFF,  # clear the interrupts
    _INT_CTRL, 0x05,  # active high, enabled
))


class STMPE610:
    """The controller on ``spi`` with chip select ``cs``; RuntimeError if it does not answer
    with its chip id (0x0811) in mode 0 or mode 1."""

    def __init__(self, spi, cs, baudrate=1000000):
        self.device = device = SPIDevice(spi, cs, baudrate)
        self._out = bytearray(2)
        self._address = bytearray(1)
        self._in = bytearray(1)
        version = self._version()
        if version != _VERSION:
            device.phase = 1
            version = self._version()
            if version != _VERSION:
                raise RuntimeError("no STMPE610 on SPI: chip id 0x%04X, not 0x0811" % version)
        self._write(_SYS_CTRL1, 0x02)  # soft reset
        time.sleep(0.001)
        for i in range(0, len(_SETUP), 2):
            self._write(_SETUP[i], _SETUP[i + 1])

    def _version(self):
        return self._read(0) << 8 | self._read(1)

    def _read(self, register):
        self._address[0] = register | 0x80
        self._transfer(self._address, self._in)
        return self._in[0]

    def _write(self, register, value):
        self._out[0] = register
        self._out[1] = value
        self._transfer(self._out, None)

    def _transfer(self, out, into):
        """One transaction: ``out`` written, then ``into`` (if any) read."""
        with self.device as spi:
            spi.write(out)
            if into is not None:
                spi.readinto(into)

    @property
    def touched(self):
        """Whether a finger is down."""
        return self._read(_TSC_CTRL) & 0x80 != 0

    @property
    def buffer_empty(self):
        """Whether the FIFO holds no sample."""
        return self._read(_FIFO_STA) & _FIFO_EMPTY != 0

    def read_data(self):
        """The next sample from the FIFO: (raw x, raw y, pressure), x and y 12 bits."""
        d1 = self._read(_TSC_DATA)
        d2 = self._read(_TSC_DATA)
        d3 = self._read(_TSC_DATA)
        d4 = self._read(_TSC_DATA)
        if self.buffer_empty:
            self._write(_INT_STA, 0xFF)
        return d1 << 4 | d2 >> 4, (d2 & 0x0F) << 8 | d3, d4


def stmpe610_reader(driver, held):
    """A reader (touch.TouchInput's) over an STMPE610 driver (STMPE610, or adafruit_stmpe610's: the
    same ``buffer_empty``, ``read_data()`` and ``touched``): (raw x, raw y), ``held`` or None."""
    # Up to 4 samples are read a poll (as adafruit_stmpe610's ``touches``), the newest one counts; samples
    # with pressure 0 (a controller answering zeros) count as no touch.

    def read():
        found = None
        samples = 0
        while samples < 4 and not driver.buffer_empty:
            x, y, pressure = driver.read_data()
            samples += 1
            if pressure or x or y:
                found = (x, y)
        if found is not None:
            return found
        if samples:
            return None
        if driver.touched:
            return held
        return None

    return read
