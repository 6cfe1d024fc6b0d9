"""displayio for the web page: the heap stand-ins' displayio (sim/circuitpython, shipped as
_displayio_base), with a TileGrid that keeps all its tiles, for busdisplay.py to draw, and a
Bitmap that writes a pixel in one call."""

from _displayio_base import Bitmap as _Bitmap
from _displayio_base import Group, Palette, release_displays  # noqa: F401
from _displayio_base import TileGrid as _TileGrid


class TileGrid(_TileGrid):
    _INLINE = 0


class Bitmap(_Bitmap):
    """The stand-in's Bitmap, with ``bitmap[i] = value`` checked and stored in one call where the
    stand-in makes five (the toy draws its glyphs and discs a pixel at a time: about a third of
    the page's start went there). The same checks, messages and bytes: anything but an int index
    and value in range, or a depth of 8 bits or more, is the stand-in's own."""

    def __init__(self, width, height, value_count):
        super().__init__(width, height, value_count)
        bits = self.bits_per_value
        self._pixel = (width, width * height, (1 << bits) - 1, bits, self._row) if bits < 8 else None

    def __setitem__(self, index, value):
        pixel = self._pixel
        if pixel is not None and type(index) is int and type(value) is int and self._data is not None:
            width, count, most, bits, row = pixel
            if 0 <= index < count and 0 <= value <= most:
                y = index // width
                bit = (index - y * width) * bits
                i = y * row + (bit >> 3)
                shift = bit & 7
                data = self._data
                data[i] = data[i] & ~(most << shift) & 0xFF | value << shift
                return
        super().__setitem__(index, value)
