"""bitmaptools stand-in (C in CircuitPython: no heap of its own, no garbage: these use the
stand-in Bitmap's get/put, which allocate nothing either)."""


def fill_region(bitmap, x1, y1, x2, y2, value):
    for y in range(y1, y2):
        for x in range(x1, x2):
            bitmap.put(x, y, value)


def blit(dest, source, x, y, *, x1=0, y1=0, x2=None, y2=None, skip_index=None, skip_source_index=None,
         skip_dest_index=None):
    if x2 is None:
        x2 = source.width
    if y2 is None:
        y2 = source.height
    if skip_source_index is None:
        skip_source_index = skip_index
    for sy in range(y1, y2):
        for sx in range(x1, x2):
            value = source.get(sx, sy)
            if value != skip_source_index:
                dx = x + sx - x1
                dy = y + sy - y1
                if 0 <= dx < dest.width and 0 <= dy < dest.height:
                    dest.put(dx, dy, value)
