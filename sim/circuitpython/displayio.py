"""displayio stand-in: Bitmap, Palette, TileGrid, Group and release_displays. Each holds the
buffers its C object allocates (a Bitmap's pixels packed as CircuitPython packs them, a
Palette's colours, a Group's list); the Python object itself takes a little more than the C
struct (_c.py; tests/test_feather.py checks the sizes). Drawing goes nowhere: the display
(busdisplay.py) only counts refreshes; the web page's (web/py) draws from these.

Each refuses what CircuitPython 10 refuses (shared-bindings/displayio and shared-module/displayio),
with its exception type and message: a pixel, tile or palette index out of range, a value
too big for the bitmap, a layer in two groups, an object that is not a layer, a pixel shader
that is not a Palette, a coordinate that is not an int."""

from _c import PALETTE_COLOUR as _COLOUR

_DEINIT = "Object has been deinitialized and can no longer be used. Create a new object."


def _range(value, low, high, name, error=ValueError):
    if not low <= value <= high:
        raise error("%s must be %d-%d" % (name, low, high))
    return value


def _int(value, name):
    """An int for a C int argument: a float or str raises TypeError, as mp_obj_get_int does."""
    if not isinstance(value, int):
        raise TypeError("%s must be of type int, not %s" % (name, type(value).__name__))
    return value


def _bits(value_count):
    # shared-module/displayio/Bitmap.c common_hal_displayio_bitmap_construct
    bits = 1
    while (value_count - 1) >> bits:
        bits = bits << 1 if bits < 8 else bits + 8
    return bits


class Bitmap:
    def __init__(self, width, height, value_count):
        self._width = _range(_int(width, "width"), 0, 32767, "width")
        self._height = _range(_int(height, "height"), 0, 32767, "height")
        self._bits = _bits(_range(_int(value_count, "value_count"), 1, 65536, "value_count"))
        stride = (width * self._bits + 31) // 32
        self._row = stride * 4
        self._data = bytearray(self._row * height)

    @property
    def width(self):
        return self._width

    @property
    def height(self):
        return self._height

    @property
    def bits_per_value(self):
        return self._bits

    def _get(self, x, y):
        """The value at (x, y), unchecked; allocates nothing (bitmaptools' stand-in uses it, like C)."""
        bit = x * self._bits
        i = y * self._row + (bit >> 3)
        if self._bits >= 8:
            return self._data[i]
        return self._data[i] >> (bit & 7) & ((1 << self._bits) - 1)

    def _put(self, x, y, value):
        bit = x * self._bits
        i = y * self._row + (bit >> 3)
        if self._bits >= 8:
            self._data[i] = value & 0xFF
            return
        mask = ((1 << self._bits) - 1) << (bit & 7)
        self._data[i] = self._data[i] & ~mask & 0xFF | (value << (bit & 7)) & mask

    def _x(self, index):
        """x of a pixel index, checked (no tuple made: a board makes no garbage here)."""
        if self._data is None:
            raise ValueError(_DEINIT)
        if isinstance(index, int):
            if not 0 <= index < self._width * self._height:
                raise IndexError("index must be 0-%d" % (self._width * self._height - 1))
            return index % self._width
        if not 0 <= index[0] < self._width:
            raise IndexError("x must be 0-%d" % (self._width - 1))
        if not 0 <= index[1] < self._height:
            raise IndexError("y must be 0-%d" % (self._height - 1))
        return index[0]

    def _y(self, index):
        return index // self._width if isinstance(index, int) else index[1]

    def __getitem__(self, index):
        return self._get(self._x(index), self._y(index))

    def __setitem__(self, index, value):
        x = self._x(index)
        self._put(x, self._y(index), _range(_int(value, "value"), 0, (1 << self._bits) - 1, "value"))

    def fill(self, value):
        if self._data is None:
            raise ValueError(_DEINIT)
        _range(_int(value, "value"), 0, (1 << self._bits) - 1, "value")
        for y in range(self._height):
            for x in range(self._width):
                self._put(x, y, value)

    def dirty(self, x1=0, y1=0, x2=-1, y2=-1):
        if self._data is None:
            raise ValueError(_DEINIT)

    def deinit(self):
        self._data = None


class Palette:
    def __init__(self, color_count, *, dither=False):
        self._count = _range(_int(color_count, "color_count"), 1, 32767, "color_count")
        self._colours = bytearray(_COLOUR * color_count)
        self.dither = dither

    def __len__(self):
        return self._count

    def _index(self, index):
        _int(index, "Palette index")
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError("Palette index out of range")
        return index

    def __setitem__(self, index, value):
        i = self._index(index) * _COLOUR
        if isinstance(value, tuple) or isinstance(value, list):
            value = bytes(value)
        if isinstance(value, bytes) or isinstance(value, bytearray):
            if len(value) != 3 and len(value) != 4:
                raise ValueError("color buffer must be 3 bytes (RGB) or 4 bytes (RGB + pad byte)")
            value = value[0] << 16 | value[1] << 8 | value[2]
        elif not isinstance(value, int):
            raise TypeError("color buffer must be a buffer, tuple, list, or int")
        elif not 0 <= value <= 0xFFFFFF:
            raise TypeError("color must be between 0x000000 and 0xffffff")
        for k in range(3):
            self._colours[i + k] = value >> (8 * k) & 0xFF

    def __getitem__(self, index):
        i = self._index(index) * _COLOUR
        c = self._colours
        return c[i] | c[i + 1] << 8 | c[i + 2] << 16

    def _entry(self, index):
        return _range(_int(index, "palette_index"), 0, self._count - 1, "palette_index") * _COLOUR + 12

    def make_transparent(self, palette_index):
        self._colours[self._entry(palette_index)] = 1

    def make_opaque(self, palette_index):
        self._colours[self._entry(palette_index)] = 0

    def is_transparent(self, palette_index):
        return self._colours[self._entry(palette_index)] == 1


def _shader(pixel_shader):
    if not isinstance(pixel_shader, Palette):
        raise TypeError("unsupported pixel_shader type")
    return pixel_shader


class TileGrid:
    _INLINE = 4  # tiles a TileGrid keeps in its struct (inline_tiles); the web page's keeps none

    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None, tile_height=None,
                 default_tile=0, x=0, y=0):
        if not isinstance(bitmap, Bitmap):
            raise TypeError("unsupported bitmap type")
        self.bitmap = bitmap
        self._shader = _shader(pixel_shader)
        tile_width = tile_width or bitmap.width
        tile_height = tile_height or bitmap.height
        if bitmap.width % tile_width:
            raise ValueError("Tile width must exactly divide bitmap width")
        if bitmap.height % tile_height:
            raise ValueError("Tile height must exactly divide bitmap height")
        self._x = _int(x, "x")
        self._y = _int(y, "y")
        self.hidden = False
        self._in_group = False
        self._size = (width, height, tile_width, tile_height,
                      (bitmap.width // tile_width) * (bitmap.height // tile_height))
        # inline_tiles: up to 4 tiles live in the struct's tiles pointer
        self._tiles = bytearray(width * height) if width * height > self._INLINE else None
        if self._tiles is not None and default_tile:
            for i in range(width * height):
                self._tiles[i] = default_tile

    @property
    def pixel_shader(self):
        return self._shader

    @pixel_shader.setter
    def pixel_shader(self, value):
        self._shader = _shader(value)

    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, value):
        self._x = _int(value, "x")

    @property
    def y(self):
        return self._y

    @y.setter
    def y(self, value):
        self._y = _int(value, "y")

    @property
    def width(self):
        return self._size[0]

    @property
    def height(self):
        return self._size[1]

    @property
    def tile_width(self):
        return self._size[2]

    @property
    def tile_height(self):
        return self._size[3]

    def _index(self, index):
        if isinstance(index, int):
            x, y = index % self._size[0], index // self._size[0]
        else:
            x, y = index
        if not (0 <= x < self._size[0] and 0 <= y < self._size[1]):
            raise IndexError("Tile index out of bounds")
        return y * self._size[0] + x

    def __getitem__(self, index):
        index = self._index(index)
        return self._tiles[index] if self._tiles is not None else 0

    def __setitem__(self, index, value):
        index = self._index(index)
        _range(_int(value, "tile"), 0, self._size[4] - 1, "tile")
        if self._tiles is not None:
            self._tiles[index] = value


def _layer(layer):
    if not isinstance(layer, TileGrid) and not isinstance(layer, Group):
        raise ValueError("Layer must be a Group or TileGrid subclass")
    if layer._in_group:
        raise ValueError("Layer already in a group")
    layer._in_group = True
    return layer


class Group:
    def __init__(self, *, scale=1, x=0, y=0):
        self._members = []
        self._scale = _range(_int(scale, "scale"), 1, 32767, "scale")
        self._x = _int(x, "x")
        self._y = _int(y, "y")
        self.hidden = False
        self._in_group = False

    @property
    def scale(self):
        return self._scale

    @scale.setter
    def scale(self, value):
        if _int(value, "scale") < 1:
            raise ValueError("scale must be >= 1")
        self._scale = value

    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, value):
        self._x = _int(value, "x")

    @property
    def y(self):
        return self._y

    @y.setter
    def y(self, value):
        self._y = _int(value, "y")

    def _at(self, index):
        _int(index, "Group index")
        count = len(self._members)
        if index < 0:
            index += count
        if not 0 <= index < count:
            raise IndexError("Group index out of range")
        return index

    def append(self, layer):
        self._members.append(_layer(layer))

    def insert(self, index, layer):
        if index == len(self._members):
            self.append(layer)
            return
        self._members.insert(self._at(index), _layer(layer))

    def pop(self, i=-1):
        layer = self._members.pop(self._at(i))
        layer._in_group = False
        return layer

    def remove(self, layer):
        self.pop(self.index(layer))

    def index(self, layer):
        for i in range(len(self._members)):
            if self._members[i] is layer:
                return i
        raise ValueError("object not in sequence")

    def sort(self, *, key=None, reverse=False):
        self._members.sort(key=key, reverse=reverse)

    def __len__(self):
        return len(self._members)

    def __getitem__(self, index):
        return self._members[self._at(index)]

    def __setitem__(self, index, value):
        index = self._at(index)
        old = self._members[index]
        old._in_group = False
        try:
            self._members[index] = _layer(value)
        except ValueError:
            old._in_group = True
            raise

    def __delitem__(self, index):
        self.pop(index)


def release_displays():
    """Forget the displays, and free the pins of their buses."""
    import busdisplay
    import fourwire

    busdisplay._DISPLAYS.clear()
    for bus in fourwire._BUSES:
        bus._release()
    fourwire._BUSES.clear()
