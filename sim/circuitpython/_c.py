"""How much heap each CircuitPython C object takes on a 32-bit board, in bytes.

Figures are sizeof() of the structs in CircuitPython's source (10.x; 4-byte pointers),
rounded up to the garbage collector's 16-byte blocks, as gc_alloc does. A stand-in holds,
like the C object, the buffers it allocates (a Bitmap's pixels, a Palette's colours, a
Group's list), and the Python object that stands in for the struct takes what the struct
takes (its attributes few, or kept in a small bytearray or on its pin), so code.py's heap
holds what a board's holds. tests/test_feather.py measures each stand-in against these
figures. Objects CircuitPython keeps in static storage (board.SPI()/I2C()
singletons, displays and display buses: shared-module/displayio/__init__.c ``displays[]``)
take no heap there.
"""


def blocks(n):
    """Bytes the GC gives an allocation of n bytes (16-byte blocks)."""
    return (n + 15) // 16 * 16


# shared-module/displayio/Bitmap.h displayio_bitmap_t: base 4, width/height 4, data 4,
# stride/bits/x_shift 4, x_mask 4, dirty_area 12 (area.h: 4 int16 + next 4), bitmask 2,
# read_only/data_alloc 2 = 36; data: stride (32-bit words) * height, m_malloc'd.
BITMAP = blocks(36)
# shared-module/displayio/Palette.h displayio_palette_t: base, colors, color_count, 2 bools = 16;
# colors: _displayio_color_t (rgb888, cached_colorspace, cached_color, 3 bytes) = 16 each.
PALETTE = blocks(16)
PALETTE_COLOUR = 16
# shared-module/displayio/TileGrid.h displayio_tilegrid_t: base, bitmap, pixel_shader 12,
# x/y/pixel sizes 8, tile counts and sizes 16, top_left 4, tiles 4, absolute_transform 4,
# three areas 36, flags 2 = 86 -> 96; tiles beyond 4 (inline_tiles) are m_malloc'd.
TILEGRID = blocks(86)
# shared-module/displayio/Group.h displayio_group_t: base, members 8, transform 16 (__init__.h
# displayio_buffer_transform_t), dirty_area 12, x/y/scale 6, flags 1 = 43 -> 48; members: an
# mp_obj_list_t (16) and its items (4 per slot, grown as MicroPython's list grows).
GROUP = blocks(43)
LIST = 16
# ports/atmel-samd/common-hal/digitalio/DigitalInOut.h: base, pin, 2 bools = 10 -> 16.
DIGITALINOUT = blocks(10)
# ports/atmel-samd/common-hal/pwmio/PWMOut.h: base, pin, timer, bool, uint16 = 16.
PWMOUT = blocks(16)
# ports/atmel-samd/common-hal/busio/SPI.h busio_spi_obj_t with its spi_m_sync_descriptor
# (~40) = 52 -> 64; board.SPI() is a static singleton (shared-bindings/board/__init__.c).
SPI = blocks(52)
# ports/atmel-samd/common-hal/busio/I2C.h busio_i2c_obj_t: base, i2c_m_sync_desc (~32),
# pins, lock = 44 -> 48.
I2C = blocks(44)
# py/objtype.h mp_obj_instance_t: base, members map (3 words), one native sub-object = 20 -> 32:
# a Python subclass of a native class (adafruit_ili9341's ILI9341 of BusDisplay) with no
# attribute of its own; the BusDisplay itself is static.
INSTANCE_OF_NATIVE = blocks(20)
