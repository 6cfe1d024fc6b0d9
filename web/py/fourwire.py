"""fourwire for the web page: the heap stand-in's FourWire (sim/circuitpython, shipped as
_fourwire_base: its keywords and checks), whose commands and data go over the SPI stand-in to
the chip on the chip select pin, the bus locked, the D/C pin low for the command byte and high
for its data, as the C module drives them on a board."""

from _fourwire_base import _BUSES  # noqa: F401  (displayio.release_displays empties it)
from _fourwire_base import FourWire as _FourWire


class FourWire(_FourWire):
    def _send(self, command, data):
        spi = self._spi
        dc, cs = self._pins[0], self._pins[1]
        while not spi.try_lock():
            pass
        try:
            cs.board_drive(False)
            dc.board_drive(False)
            spi.write(bytes((command,)))
            dc.board_drive(True)
            if len(data):
                spi.write(data)
            cs.board_drive(True)
        finally:
            spi.unlock()
