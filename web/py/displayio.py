"""displayio for the web page: the heap stand-ins' displayio (sim/circuitpython, shipped as
_displayio_base), with a TileGrid that keeps all its tiles, for busdisplay.py to draw."""

from _displayio_base import Bitmap, Group, Palette, release_displays  # noqa: F401
from _displayio_base import TileGrid as _TileGrid


class TileGrid(_TileGrid):
    _INLINE = 0
