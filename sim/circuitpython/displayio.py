"""displayio stand-in: Bitmap, Palette, TileGrid, Group and release_displays. Each holds the
buffers its C object allocates (a Bitmap's pixels packed as CircuitPython packs them, a
Palette's colours, a Group's list); the Python object itself takes a little more than the C
struct (_c.py; tests/test_feather.py checks the sizes). Drawing goes nowhere: the display
(busdisplay.py) only counts refreshes."""



from _c import PALETTE_COLOUR


def _bits(value_count):
    # shared-module/displayio/Bitmap.c common_hal_displayio_bitmap_construct
    bits = 1
    while (value_count - 1) >> bits:
        bits = bits << 1 if bits < 8 else bits + 8
    return bits


class Bitmap:
    def __init__(self, width, height, value_count):
        self.width = width
        self.height = height
        self._bits = _bits(value_count)
        stride = (width * self._bits + 31) // 32
        self._row = stride * 4
        self._data = bytearray(self._row * height)

    def _check(self, x, y):
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError("pixel out of bounds")

    def get(self, x, y):
        """The value at (x, y); allocates nothing (bitmaptools' stand-ins use it, like C)."""
        self._check(x, y)
        bit = x * self._bits
        i = y * self._row + (bit >> 3)
        if self._bits >= 8:
            return self._data[i]
        return self._data[i] >> (bit & 7) & ((1 << self._bits) - 1)

    def put(self, x, y, value):
        self._check(x, y)
        bit = x * self._bits
        i = y * self._row + (bit >> 3)
        if self._bits >= 8:
            self._data[i] = value & 0xFF
            return
        mask = ((1 << self._bits) - 1) << (bit & 7)
        self._data[i] = self._data[i] & ~mask & 0xFF | (value << (bit & 7)) & mask

    def __getitem__(self, xy):
        if isinstance(xy, tuple):
            return self.get(xy[0], xy[1])
        return self.get(xy % self.width, xy // self.width)

    def __setitem__(self, xy, value):
        if isinstance(xy, tuple):
            self.put(xy[0], xy[1], value)
        else:
            self.put(xy % self.width, xy // self.width, value)

    def fill(self, value):
        for y in range(self.height):
            for x in range(self.width):
                self.put(x, y, value)

    def dirty(self, x1=0, y1=0, x2=-1, y2=-1):
        pass


class Palette:
    def __init__(self, color_count, *, dither=False):
        self._colours = bytearray(PALETTE_COLOUR * color_count)
        self._count = color_count

    def __len__(self):
        return self._count

    def __setitem__(self, index, value):
        i = index * PALETTE_COLOUR
        for k in range(4):
            self._colours[i + k] = value >> (8 * k) & 0xFF

    def __getitem__(self, index):
        i = index * PALETTE_COLOUR
        c = self._colours
        return c[i] | c[i + 1] << 8 | c[i + 2] << 16

    def make_transparent(self, index):
        self._colours[index * PALETTE_COLOUR + 12] = 1

    def make_opaque(self, index):
        self._colours[index * PALETTE_COLOUR + 12] = 0

    def is_transparent(self, index):
        return self._colours[index * PALETTE_COLOUR + 12] == 1


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
        # inline_tiles: up to 4 tiles live in the struct's tiles pointer
        self._tiles = bytearray(width * height) if width * height > 4 else None
        if self._tiles is not None and default_tile:
            for i in range(width * height):
                self._tiles[i] = default_tile

    def __getitem__(self, index):
        if isinstance(index, tuple):
            index = index[1] * self.width + index[0]
        return self._tiles[index] if self._tiles is not None else 0

    def __setitem__(self, index, value):
        if isinstance(index, tuple):
            index = index[1] * self.width + index[0]
        if self._tiles is not None:
            self._tiles[index] = value


class Group:
    def __init__(self, *, scale=1, x=0, y=0):
        self._members = []
        self.scale = scale
        self.x = x
        self.y = y
        self.hidden = False

    def append(self, layer):
        self._members.append(layer)

    def insert(self, index, layer):
        self._members.insert(index, layer)

    def pop(self, i=-1):
        return self._members.pop(i)

    def remove(self, layer):
        self._members.remove(layer)

    def index(self, layer):
        return self._members.index(layer)

    def __len__(self):
        return len(self._members)

    def __getitem__(self, index):
        return self._members[index]

    def __setitem__(self, index, layer):
        self._members[index] = layer

    def __contains__(self, layer):
        return layer in self._members


def release_displays():
    import busdisplay

    busdisplay.DISPLAYS.clear()
