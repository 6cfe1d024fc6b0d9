"""bitmaptools for the web page: the heap stand-in's (sim/circuitpython, shipped as
_bitmaptools_base: its checks), with fill_region writing a row's whole bytes at once (C on a
board; the stand-in's pixel at a time took 120-200 ms of the page's start). The same bytes."""

from _bitmaptools_base import _check


def fill_region(dest_bitmap, x1, y1, x2, y2, value):
    _check(dest_bitmap, x1, y1, x2, y2, value)
    bits = dest_bitmap.bits_per_value
    if bits > 8:  # (the stand-in keeps a byte a value there; the toy has no such bitmap)
        for y in range(y1, y2):
            for x in range(x1, x2):
                dest_bitmap._put(x, y, value)
        return
    per_byte = 8 // bits
    first = (x1 + per_byte - 1) // per_byte  # the whole bytes from x1 to x2
    last = x2 // per_byte
    pattern = 0
    for k in range(per_byte):
        pattern |= value << (k * bits)
    whole = bytes((pattern,)) * (last - first) if first < last else None
    data = dest_bitmap._data
    row = dest_bitmap._row
    put = dest_bitmap._put
    for y in range(y1, y2):
        if whole is None:
            for x in range(x1, x2):
                put(x, y, value)
            continue
        for x in range(x1, first * per_byte):
            put(x, y, value)
        data[y * row + first:y * row + last] = whole
        for x in range(last * per_byte, x2):
            put(x, y, value)
