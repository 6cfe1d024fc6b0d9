"""fourwire stand-in: the display bus, in static storage on CircuitPython (no heap); its bytes
go nowhere here (the web page's, web/py/fourwire.py, overrides _send to send them). As on a
board (shared-bindings/fourwire): the bus must be a busio.SPI, it claims its pins (a pin in use
raises ValueError) until displayio.release_displays() frees them, polarity and phase are 0-1."""

import busio
from microcontroller import _claim, _free

_BUSES = []


class FourWire:
    def __init__(self, spi_bus, *, command=None, chip_select=None, reset=None, baudrate=24000000, polarity=0,
                 phase=0):
        pins = [_claim(pin) for pin in (command, chip_select, reset)]
        if not isinstance(spi_bus, busio.SPI):
            for pin in pins:
                _free(pin)
            raise TypeError("spi_bus must be of type SPI, not %s" % type(spi_bus).__name__)
        for value, name in ((polarity, "polarity"), (phase, "phase")):
            if value not in (0, 1):
                raise ValueError("%s must be 0-1" % name)
        self._spi = spi_bus
        self._pins = pins
        _BUSES.append(self)

    def _release(self):
        for pin in self._pins:
            _free(pin)

    def reset(self):
        pass

    def send(self, command, data, *, toggle_every_byte=False):
        self._send(command, data)

    def _send(self, command, data):
        """The web page's bus sends the bytes to the chip here."""
