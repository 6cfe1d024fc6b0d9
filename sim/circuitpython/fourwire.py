"""fourwire stand-in: the display bus, in static storage on CircuitPython (no heap); its bytes
go nowhere here (the web page's, web/py/fourwire.py, overrides _send to send them). As on a
board (shared-bindings/fourwire): the bus must be a busio.SPI, it claims its pins (a pin in use
raises ValueError) until displayio.release_displays() frees them, polarity and phase are 0-1."""

import busio
from microcontroller import _claim, _free

_BUSES = []
_STATIC = []  # the display buses' static storage (filled at the end of this module)


class FourWire:
    """In static storage on a board (allocate_display_bus): no heap. So FourWire() hands out one
    of the buses made with this module, before code.py's heap, their attributes set; a third
    bus at once (a board raises "Too many display busses") or a subclass's takes heap."""

    def __new__(cls, *args, **kwargs):
        for bus in _STATIC:
            if type(bus) is cls and bus not in _BUSES:
                return bus
        return object.__new__(cls)

    def __init__(self, spi_bus, *, command=None, chip_select=None, reset=None, baudrate=24000000, polarity=0,
                 phase=0):
        if "_pins" not in self.__dict__:
            self._pins = [None, None, None]
        pins = self._pins
        pins[0] = _claim(command)
        pins[1] = _claim(chip_select)
        pins[2] = _claim(reset)
        if not isinstance(spi_bus, busio.SPI):
            self._release()
            raise TypeError("spi_bus must be of type SPI, not %s" % type(spi_bus).__name__)
        for value, name in ((polarity, "polarity"), (phase, "phase")):
            if value not in (0, 1):
                raise ValueError("%s must be 0-1" % name)
        self._spi = spi_bus
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


for _ in range(2):
    _bus = object.__new__(FourWire)
    _bus._pins = [None, None, None]
    _bus._spi = None
    _STATIC.append(_bus)
