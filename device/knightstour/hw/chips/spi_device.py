"""One SPI transaction for the chip drivers (max7219.py, stmpe610.py, xpt2046.py), in the shape
of Adafruit's SPIDevice."""
# ``with device as spi:`` locks the shared bus, sets this chip's clock and mode, pulls its chip select low and
# hands over the bus; leaving the block, however it is left, raises the chip select and unlocks the bus.
#
# Not adafruit_bus_device itself: CircuitPython 10 builds it in (C) on the M4 and RP2040 Feathers, but where a
# build leaves it out (SAMD21) it is the bundle's .py package, loaded into the heap, and its spi_device takes
# more of it than this module.


class SPIDevice:
    """``spi`` (a busio.SPI shared with other chips) with chip select ``cs`` (a DigitalInOut, made
    an output, idle high), clocked at ``baudrate`` in mode (``polarity``, ``phase``)."""

    def __init__(self, spi, cs, baudrate=1000000, polarity=0, phase=0):
        self.spi = spi
        self.cs = cs
        cs.switch_to_output(value=True)
        self.baudrate = baudrate
        self.polarity = polarity
        self.phase = phase

    def __enter__(self):
        spi = self.spi
        while not spi.try_lock():
            pass
        try:
            spi.configure(baudrate=self.baudrate, polarity=self.polarity, phase=self.phase)
            self.cs.value = False
        except BaseException:
            spi.unlock()
            raise
        return spi

    def __exit__(self, kind, value, traceback):
        try:
            self.cs.value = True
        finally:
            self.spi.unlock()
        return False
