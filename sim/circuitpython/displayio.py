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


_DEPTHS = (1, 2, 4, 8, 16, 24, 32)  # the bits per value _bits() gives


class Bitmap:
    """A board's Bitmap is a 36-byte struct (48 with the GC's blocks) and its pixels. Here the
    instance, its attribute table of two and the bytearray's header are the same 48 bytes: the
    pixels, and the shape in one small int (the depth's index, width << 3, height << 18)."""

    def __init__(self, width, height, value_count):
        _range(_int(width, "width"), 0, 32767, "width")
        _range(_int(height, "height"), 0, 32767, "height")
        bits = _bits(_range(_int(value_count, "value_count"), 1, 65536, "value_count"))
        self._shape = _DEPTHS.index(bits) | width << 3 | height << 18
        self._data = bytearray((width * bits + 31) // 32 * 4 * height)

    @property
    def width(self):
        return self._shape >> 3 & 0x7FFF

    @property
    def height(self):
        return self._shape >> 18

    @property
    def bits_per_value(self):
        return _DEPTHS[self._shape & 7]

    _bits = bits_per_value

    @property
    def _row(self):
        """Bytes a row takes: whole 32-bit words, as CircuitPython's stride."""
        return (self.width * _DEPTHS[self._shape & 7] + 31) // 32 * 4

    def _get(self, x, y):
        """The value at (x, y), unchecked; allocates nothing (bitmaptools' stand-in uses it, like C)."""
        bits = _DEPTHS[self._shape & 7]
        bit = x * bits
        i = y * self._row + (bit >> 3)
        if bits >= 8:
            return self._data[i]
        return self._data[i] >> (bit & 7) & ((1 << bits) - 1)

    def _put(self, x, y, value):
        bits = _DEPTHS[self._shape & 7]
        bit = x * bits
        i = y * self._row + (bit >> 3)
        if bits >= 8:
            self._data[i] = value & 0xFF
            return
        mask = ((1 << bits) - 1) << (bit & 7)
        self._data[i] = self._data[i] & ~mask & 0xFF | (value << (bit & 7)) & mask

    def _fill(self, x1, y1, x2, y2, value):
        """Every pixel x1 <= x < x2, y1 <= y < y2 set to ``value``, unchecked, as _put sets one; a byte
        at a time where the rectangle covers all of it. Allocates nothing (bitmaptools' stand-in uses it)."""
        if x1 >= x2:
            return
        bits = _DEPTHS[self._shape & 7]
        row = self._row
        data = self._data
        if bits >= 8:
            value &= 0xFF
            step = bits >> 3
            for y in range(y1, y2):
                for x in range(x1, x2):  # (a range with a step of a variable would be an object: garbage)
                    data[y * row + x * step] = value
            return
        per = 8 // bits  # pixels a byte holds
        first = (x1 + per - 1) // per  # the bytes the rectangle covers whole: first to last - 1
        last = x2 // per
        if first >= last:
            first = last = x2  # none: every pixel by itself
        whole = 0
        for k in range(per):
            whole |= value << k * bits
        for y in range(y1, y2):
            for x in range(x1, min(first * per, x2)):
                self._put(x, y, value)
            for i in range(y * row + first, y * row + last):
                data[i] = whole
            for x in range(max(last * per, x1), x2):
                self._put(x, y, value)

    def _x(self, index):
        """x of a pixel index, checked (no tuple made: a board makes no garbage here)."""
        if self._data is None:
            raise ValueError(_DEINIT)
        if isinstance(index, int):
            if not 0 <= index < self.width * self.height:
                raise IndexError("index must be 0-%d" % (self.width * self.height - 1))
            return index % self.width
        if not 0 <= index[0] < self.width:
            raise IndexError("x must be 0-%d" % (self.width - 1))
        if not 0 <= index[1] < self.height:
            raise IndexError("y must be 0-%d" % (self.height - 1))
        return index[0]

    def _y(self, index):
        return index // self.width if isinstance(index, int) else index[1]

    def __getitem__(self, index):
        return self._get(self._x(index), self._y(index))

    def __setitem__(self, index, value):
        x = self._x(index)
        self._put(x, self._y(index), _range(_int(value, "value"), 0, (1 << self.bits_per_value) - 1, "value"))

    def fill(self, value):
        if self._data is None:
            raise ValueError(_DEINIT)
        _range(_int(value, "value"), 0, (1 << self.bits_per_value) - 1, "value")
        self._fill(0, 0, self.width, self.height, value)

    def dirty(self, x1=0, y1=0, x2=-1, y2=-1):
        if self._data is None:
            raise ValueError(_DEINIT)

    def deinit(self):
        self._data = None


# Palette._colours: the count (two bytes) and dither, then four bytes a colour: red, green, blue
# and whether it is transparent.
_DITHER, _FIRST, _ENTRY = 2, 3, 4


class Palette:
    """A board's Palette is a 16-byte struct and 16 bytes a colour (_c.PALETTE_COLOUR). Here the
    instance, its table of one attribute and the bytearray's header take 48, so ``_colours``
    takes 32 less than the board's colours (padding beyond the 4 bytes a colour it needs): from
    3 colours on, the same heap as a board's; 16 (2 colours) or 32 (1) more below."""

    def __init__(self, color_count, *, dither=False):
        _range(_int(color_count, "color_count"), 1, 32767, "color_count")
        self._colours = bytearray(max(_FIRST + _ENTRY * color_count, _COLOUR * color_count - 32))
        self._colours[0] = color_count & 0xFF
        self._colours[1] = color_count >> 8
        self.dither = dither

    @property
    def dither(self):
        return bool(self._colours[_DITHER])

    @dither.setter
    def dither(self, value):
        self._colours[_DITHER] = 1 if value else 0

    def __len__(self):
        return self._colours[0] | self._colours[1] << 8

    def _index(self, index):
        _int(index, "Palette index")
        count = len(self)
        if index < 0:
            index += count
        if not 0 <= index < count:
            raise IndexError("Palette index out of range")
        return index

    def __setitem__(self, index, value):
        i = _FIRST + self._index(index) * _ENTRY
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
            self._colours[i + k] = value >> (8 * (2 - k)) & 0xFF

    def __getitem__(self, index):
        i = _FIRST + self._index(index) * _ENTRY
        c = self._colours
        return c[i] << 16 | c[i + 1] << 8 | c[i + 2]

    def _entry(self, index):
        """Where the palette keeps whether colour ``index`` is transparent."""
        return _FIRST + _range(_int(index, "palette_index"), 0, len(self) - 1, "palette_index") * _ENTRY + 3

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


def _int16(value):
    """``value`` as C keeps it in an int16_t."""
    value &= 0xFFFF
    return value - 0x10000 if value & 0x8000 else value


# TileGrid._grid: the struct's numbers, two bytes each (x and y signed), then its flags and the
# tiles it keeps inline.
_X, _Y, _WIDTH, _HEIGHT, _TILE_WIDTH, _TILE_HEIGHT, _TILE_COUNT = 0, 2, 4, 6, 8, 10, 12
_FLAGS, _INLINE_TILES = 14, 16
_HIDDEN, _IN_GROUP = 1, 2


class TileGrid:
    """A board's TileGrid is an 86-byte struct (96 in the GC's blocks), its tiles inline up to 4
    (more are m_malloc'd). Here the instance, its table of four attributes (bitmap, shader,
    _grid, _tiles) and ``_grid``, a 20-byte bytearray with the struct's numbers, make 96."""

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
        self._grid = bytearray(_INLINE_TILES + 4)
        self._set(_X, _int(x, "x"))
        self._set(_Y, _int(y, "y"))
        self._set(_WIDTH, width)
        self._set(_HEIGHT, height)
        self._set(_TILE_WIDTH, tile_width)
        self._set(_TILE_HEIGHT, tile_height)
        self._set(_TILE_COUNT, (bitmap.width // tile_width) * (bitmap.height // tile_height))
        # inline_tiles: up to 4 tiles live in the struct's tiles pointer
        self._tiles = bytearray(width * height) if width * height > self._INLINE else None
        for i in range(width * height):
            self._tile_store(i, default_tile)

    def _set(self, at, value):
        self._grid[at] = value & 0xFF
        self._grid[at + 1] = value >> 8 & 0xFF

    def _get(self, at):
        return self._grid[at] | self._grid[at + 1] << 8

    def _tile_store(self, index, value):
        if self._tiles is not None:
            self._tiles[index] = value
        else:
            self._grid[_INLINE_TILES + index] = value

    @property
    def hidden(self):
        return bool(self._grid[_FLAGS] & _HIDDEN)

    @hidden.setter
    def hidden(self, value):
        self._grid[_FLAGS] = self._grid[_FLAGS] & ~_HIDDEN | (_HIDDEN if value else 0)

    @property
    def _in_group(self):
        return bool(self._grid[_FLAGS] & _IN_GROUP)

    @_in_group.setter
    def _in_group(self, value):
        self._grid[_FLAGS] = self._grid[_FLAGS] & ~_IN_GROUP | (_IN_GROUP if value else 0)

    @property
    def pixel_shader(self):
        return self._shader

    @pixel_shader.setter
    def pixel_shader(self, value):
        self._shader = _shader(value)

    @property
    def x(self):
        return _int16(self._get(_X))

    @x.setter
    def x(self, value):
        self._set(_X, _int(value, "x"))

    @property
    def y(self):
        return _int16(self._get(_Y))

    @y.setter
    def y(self, value):
        self._set(_Y, _int(value, "y"))

    @property
    def width(self):
        return self._get(_WIDTH)

    @property
    def height(self):
        return self._get(_HEIGHT)

    @property
    def tile_width(self):
        return self._get(_TILE_WIDTH)

    @property
    def tile_height(self):
        return self._get(_TILE_HEIGHT)

    def _index(self, index):
        width = self._get(_WIDTH)
        if isinstance(index, int):
            x, y = index % width, index // width
        else:
            x, y = index
        if not (0 <= x < width and 0 <= y < self._get(_HEIGHT)):
            raise IndexError("Tile index out of bounds")
        return y * width + x

    def __getitem__(self, index):
        index = self._index(index)
        return self._tiles[index] if self._tiles is not None else self._grid[_INLINE_TILES + index]

    def __setitem__(self, index, value):
        index = self._index(index)
        _range(_int(value, "tile"), 0, self._get(_TILE_COUNT) - 1, "tile")
        self._tile_store(index, value)


def _layer(layer):
    if not isinstance(layer, TileGrid) and not isinstance(layer, Group):
        raise ValueError("Layer must be a Group or TileGrid subclass")
    if layer._in_group:
        raise ValueError("Layer already in a group")
    layer._in_group = True
    return layer


class Group:
    """A board's Group is a 43-byte struct (48 in the GC's blocks) and its members' list. Here the
    instance and its table of four attributes (members, x, y, flags) make the same 48."""

    def __init__(self, *, scale=1, x=0, y=0):
        self._members = []
        self._flags = _range(_int(scale, "scale"), 1, 32767, "scale")  # scale, then hidden, in a group
        self._x = _int(x, "x")
        self._y = _int(y, "y")

    @property
    def scale(self):
        return self._flags & 0x7FFF

    @scale.setter
    def scale(self, value):
        if _int(value, "scale") < 1:
            raise ValueError("scale must be >= 1")
        self._flags = self._flags & ~0x7FFF | value & 0x7FFF

    @property
    def hidden(self):
        return bool(self._flags >> 15 & 1)

    @hidden.setter
    def hidden(self, value):
        self._flags = self._flags & ~(1 << 15) | (1 << 15 if value else 0)

    @property
    def _in_group(self):
        return bool(self._flags >> 16 & 1)

    @_in_group.setter
    def _in_group(self, value):
        self._flags = self._flags & ~(1 << 16) | (1 << 16 if value else 0)

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
