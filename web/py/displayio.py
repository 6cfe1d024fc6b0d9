"""displayio for the web page: the heap stand-ins' Bitmap, Palette and Group (sim/circuitpython,
shipped as _displayio_base), with a TileGrid that keeps its tiles. busdisplay.py draws them."""

from _displayio_base import Bitmap, Group, Palette  # noqa: F401


class TileGrid:
    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None, tile_height=None,
                 default_tile=0, x=0, y=0):
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.x = x
        self.y = y
        self.hidden = False
        self.width = width
        self.height = height
        self.tile_width = tile_width or bitmap.width
        self.tile_height = tile_height or bitmap.height
        self.tiles = bytearray(width * height)
        if default_tile:
            for i in range(width * height):
                self.tiles[i] = default_tile

    def _index(self, index):
        return index[1] * self.width + index[0] if isinstance(index, tuple) else index

    def __getitem__(self, index):
        return self.tiles[self._index(index)]

    def __setitem__(self, index, value):
        self.tiles[self._index(index)] = value


def release_displays():
    import busdisplay

    busdisplay.DISPLAYS.clear()
