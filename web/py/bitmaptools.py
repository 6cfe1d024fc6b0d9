"""bitmaptools for the web page: the heap stand-in's (sim/circuitpython, shipped as
_bitmaptools_base: its checks), with fill_region writing a row's bytes at once, the partial
ones at its ends through a mask (C on a board; the stand-in's pixel at a time took 120-200 ms of
the page's start). The same bytes."""

from _bitmaptools_base import _check


def fill_region(dest_bitmap, x1, y1, x2, y2, value):
    _check(dest_bitmap, x1, y1, x2, y2, value)
    bits = dest_bitmap.bits_per_value
    if bits > 8:  # (the stand-in keeps a byte a value there; the toy has no such bitmap)
        for y in range(y1, y2):
            for x in range(x1, x2):
                dest_bitmap._put(x, y, value)
        return
    if x1 >= x2:
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
    data = dest_bitmap._data
    row = dest_bitmap._row
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
