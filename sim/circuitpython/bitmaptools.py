"""bitmaptools stand-in: fill_region (C in CircuitPython: no heap of its own, no garbage: it
uses the stand-in Bitmap's _fill, which allocates nothing either). As on a board
(shared-bindings/bitmaptools): a value too big for the bitmap raises ValueError "out of range of
target"; x1/y1 must be 0 to the width/height, x2/y2 from x1/y1 to it (ValueError)."""

from displayio import Bitmap


def _coordinate(value, low, high, name):
    if not isinstance(value, int):
        raise TypeError("%s must be of type int, not %s" % (name, type(value).__name__))
    if not low <= value <= high:
        raise ValueError("%s must be %d-%d" % (name, low, high))
    return value


def fill_region(dest_bitmap, x1, y1, x2, y2, value):
    _check(dest_bitmap, x1, y1, x2, y2, value)
    dest_bitmap._fill(x1, y1, x2, y2, value)


def _check(dest_bitmap, x1, y1, x2, y2, value):
    """fill_region's arguments refused as CircuitPython refuses them (the web page's fills too)."""
    if not isinstance(dest_bitmap, Bitmap):
        raise TypeError("dest_bitmap must be of type Bitmap, not %s" % type(dest_bitmap).__name__)
    if not 0 <= value < 1 << dest_bitmap.bits_per_value:
        raise ValueError("out of range of target")
    _coordinate(x1, 0, dest_bitmap.width, "x1")
    _coordinate(x2, x1, dest_bitmap.width, "x2")
    _coordinate(y1, 0, dest_bitmap.height, "y1")
    _coordinate(y2, y1, dest_bitmap.height, "y2")
