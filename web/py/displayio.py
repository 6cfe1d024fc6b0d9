"""displayio for the web page: the heap stand-ins' displayio (sim/circuitpython, shipped as
_displayio_base), with a TileGrid that keeps all its tiles, for busdisplay.py to draw, and a
Bitmap that writes a pixel in one call and fills a row's whole bytes in one."""

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

    def _fill(self, x1, y1, x2, y2, value):
        """The stand-in's fill (fill() and bitmaptools.fill_region come here), the same bytes: a row's
        whole bytes in one slice, the partial ones at its ends through a mask. It makes garbage, which
        the page's heap can spare and the stand-in's cannot; its byte at a time took 120-200 ms of
        the page's start (C on a board)."""
        bits = self.bits_per_value
        if bits >= 8 or x1 >= x2:
            super()._fill(x1, y1, x2, y2, value)
            return
        per_byte = 8 // bits
        pattern = 0
        for k in range(per_byte):
            pattern |= value << (k * bits)
        first = x1 // per_byte  # the bytes x1 to x2 touch, the values read from each byte's low bits up
        last = (x2 - 1) // per_byte
        ends = [(first, _slots(bits, x1 - first * per_byte, min(x2 - first * per_byte, per_byte)))]
        if last > first:
            ends.append((last, _slots(bits, 0, x2 - last * per_byte)))
        whole = bytes((pattern,)) * max(0, last - first - 1)
        data = self._data
        row = self._row
        for y in range(y1, y2):
            at = y * row
            for i, mask in ends:
                data[at + i] = data[at + i] & ~mask & 0xFF | pattern & mask
            if whole:
                data[at + first + 1:at + last] = whole


def _slots(bits, low, high):
    """The mask of a byte's values ``low`` to ``high`` - 1."""
    mask = 0
    for k in range(low, high):
        mask |= ((1 << bits) - 1) << (k * bits)
    return mask
