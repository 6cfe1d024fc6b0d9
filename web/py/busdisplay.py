"""busdisplay for the web page: BusDisplay sends its init sequence over the display bus and, on
refresh(), what changed in its root group since the last refresh, as CASET/PASET/RAMWR and
RGB565 pixels, big-endian, as CircuitPython's displayio does; the chip model on the bus keeps
the picture.

What changed is found by comparing with the last refresh: each shown TileGrid's place on the
screen, its tiles and palette, and the bytes of its bitmap (rows that differ, and the columns
within them). A refresh then redraws those areas from the groups, bottom layer first, black
where nothing is shown (the worker's JavaScript composes an area whose layers are each one tile
showing its whole bitmap, as the toy's are: _in_worker). The keywords, checks and geometry are the heap stand-in's
(sim/circuitpython/busdisplay.py, shipped as _busdisplay_base), which this subclasses. Rotation 0 only (the page shows a landscape TFT), and no flipped or
transposed TileGrids (the toy uses none): what the page's tests compare with the simulator's
screenshots, pixel for pixel."""

from array import array

import uctypes
from _busdisplay_base import _DISPLAYS  # noqa: F401  (displayio.release_displays clears it)
from _busdisplay_base import BusDisplay as _BusDisplay
from _frame_memory import compose as _compose_in_worker


def _rgb565(colour):
    return (colour >> 19) << 11 | ((colour >> 10) & 0x3F) << 5 | (colour >> 3) & 0x1F


class BusDisplay(_BusDisplay):
    """The heap stand-in's BusDisplay (its keywords, checks and geometry), drawing on refresh()."""

    def _start(self, init_sequence, commands):
        if self.rotation:
            raise ValueError("the web page's display shows rotation 0 only")
        self._commands = commands
        self._shown = None  # the last refresh: [(tilegrid, (x1, y1, x2, y2, scale), palette, tiles)]
        self._bitmaps = {}  # id(bitmap) -> its bytes at the last refresh
        i = 0
        while i < len(init_sequence):
            command = init_sequence[i]
            size = init_sequence[i + 1] & 0x7F
            self.bus.send(command, bytes(init_sequence[i + 2:i + 2 + size]))
            i += 2 + size + (1 if init_sequence[i + 1] & 0x80 else 0)

    def _draw(self):
        shown = []
        if self.root_group is not None:
            self._collect(self.root_group, 0, 0, 1, shown)
        for area in self._changes(shown):
            self._send(area, shown)
        self._shown = shown

    def _collect(self, group, x, y, scale, out):
        if group.hidden:
            return
        x += group.x * scale
        y += group.y * scale
        scale *= group.scale
        for layer in group:
            if hasattr(layer, "bitmap"):
                if not layer.hidden:
                    left = x + layer.x * scale
                    top = y + layer.y * scale
                    box = (left, top, left + layer.width * layer.tile_width * scale,
                           top + layer.height * layer.tile_height * scale, scale)
                    out.append((layer, box, bytes(layer.pixel_shader._colours), bytes(layer._tiles)))
            else:
                self._collect(layer, x, y, scale, out)

    def _changes(self, shown):
        """The screen areas (x1, y1, x2, y2) to draw again."""
        if self._shown is None:
            for layer in shown:
                self._bitmaps[id(layer[0].bitmap)] = bytes(layer[0].bitmap._data)
            return [(0, 0, self.width, self.height)]
        areas = []
        before = {}
        for entry in self._shown:
            before[id(entry[0])] = entry
        now = {}
        for entry in shown:
            now[id(entry[0])] = entry
        order_now = [id(e[0]) for e in shown if id(e[0]) in before]
        order_before = [id(e[0]) for e in self._shown if id(e[0]) in now]
        if order_now != order_before:
            areas.append((0, 0, self.width, self.height))
        for key in before:
            if key not in now:
                areas.append(before[key][1][:4])
        bitmaps = {}
        for entry in shown:
            layer, box = entry[0], entry[1]
            old = before.get(id(layer))
            if old is None or old[1] != box or old[2] != entry[2] or old[3] != entry[3]:
                areas.append(box[:4])
                if old is not None:
                    areas.append(old[1][:4])
            bitmaps.setdefault(id(layer.bitmap), []).append(entry)
        for key in bitmaps:
            bitmap = bitmaps[key][0][0].bitmap
            change = self._bitmap_change(bitmap)
            if change is None:
                continue
            x1, y1, x2, y2 = change
            for layer, box, _, _ in bitmaps[key]:
                if layer.width * layer.height > 1 or layer.tile_width != bitmap.width \
                        or layer.tile_height != bitmap.height:
                    areas.append(box[:4])
                else:
                    s = box[4]
                    areas.append((box[0] + x1 * s, box[1] + y1 * s, box[0] + x2 * s, box[1] + y2 * s))
        return _merge(areas)

    def _bitmap_change(self, bitmap):
        """The box (x1, y1, x2, y2) of ``bitmap`` whose bytes changed since the last refresh, or None."""
        data = bitmap._data
        old = self._bitmaps.get(id(bitmap))
        if old is not None and old == data:
            return None
        self._bitmaps[id(bitmap)] = bytes(data)
        if old is None or len(old) != len(data):
            return 0, 0, bitmap.width, bitmap.height
        row = bitmap._row
        first = last = -1
        left, right = row, -1
        for y in range(bitmap.height):
            i = y * row
            if data[i:i + row] != old[i:i + row]:
                if first < 0:
                    first = y
                last = y
                for k in range(row):
                    if data[i + k] != old[i + k]:
                        left = k if k < left else left
                        right = k if k > right else right
        bits = bitmap._bits
        x1 = left * 8 // bits
        x2 = min(bitmap.width, (right + 1) * 8 // bits)
        return x1, first, x2, last + 1

    def _send(self, area, shown):
        x1, y1, x2, y2 = area
        x1 = max(0, x1)
        y1 = max(0, y1)
        x2 = min(self.width, x2)
        y2 = min(self.height, y2)
        if x1 >= x2 or y1 >= y2:
            return
        pixels = _compose(x1, y1, x2, y2, shown)
        column, row, write = self._commands
        bus = self.bus
        bus.send(column, bytes((x1 >> 8, x1 & 0xFF, (x2 - 1) >> 8, (x2 - 1) & 0xFF)))
        bus.send(row, bytes((y1 >> 8, y1 & 0xFF, (y2 - 1) >> 8, (y2 - 1) & 0xFF)))
        bus.send(write, pixels)


def _merge(areas):
    """Areas without those inside another."""
    out = []
    for a in areas:
        if a[0] >= a[2] or a[1] >= a[3]:
            continue
        inside = False
        for b in areas:
            if b is not a and b[0] <= a[0] and b[1] <= a[1] and a[2] <= b[2] and a[3] <= b[3] \
                    and (b != a or areas.index(b) < areas.index(a)):
                inside = True
                break
        if not inside:
            out.append(a)
    return out


_TABLES = {}  # (palette bytes, bits a value, scale) -> _table()


def _table(palette, key, bits, s):
    """For each byte value of a bitmap of ``bits`` a value (8 or fewer): (its values' RGB565 bytes,
    big-endian, each ``s`` times, zeros where transparent; a byte a value, 1 where opaque, or None
    when every value is opaque), the values read from the byte's low bits up, as Bitmap._get reads them."""
    table = _TABLES.get((key, bits, s))
    if table is None:
        count = len(palette)
        colours = []
        for i in range(1 << bits):
            if i < count and not palette.is_transparent(i):
                value = _rgb565(palette[i])
                colours.append(bytes((value >> 8, value & 0xFF)) * s)
            else:
                colours.append(None)
        clear = bytes(2 * s)
        if bits == 8:
            lines = [colour or clear for colour in colours]
            opaque = [b"\x00" if colour is None else b"\x01" for colour in colours]
        else:  # a byte: its low nibble's values, then its high nibble's
            mask = (1 << bits) - 1
            nibble_lines = []
            nibble_opaque = []
            for nibble in range(16):
                values = [nibble >> k & mask for k in range(0, 4, bits)]
                nibble_lines.append(b"".join([colours[v] or clear for v in values]))
                nibble_opaque.append(bytes([0 if colours[v] is None else 1 for v in values]))
            lines = [nibble_lines[byte & 15] + nibble_lines[byte >> 4] for byte in range(256)]
            opaque = [nibble_opaque[byte & 15] + nibble_opaque[byte >> 4] for byte in range(256)]
        if None not in colours:
            opaque = None
        if len(_TABLES) > 32:  # palettes that changed: start again
            _TABLES.clear()
        table = _TABLES[(key, bits, s)] = (lines, opaque)
    return table


def _source_row(layer, key, s, sy, sx1, sx2):
    """(pixels, opaque) of the layer's source row ``sy``, columns ``sx1``-``sx2``: the RGB565 bytes,
    each pixel ``s`` times, and a byte a pixel, 1 where opaque (None: every pixel is)."""
    bitmap = layer.bitmap
    bits = bitmap._bits
    tw, th = layer.tile_width, layer.tile_height
    tiles = layer._tiles
    if bits <= 8 and layer.width == 1 and layer.height == 1 and tw == bitmap.width and th == bitmap.height \
            and tiles[0] == 0:
        # one tile, the whole bitmap (how the toy draws): its bytes, a table lookup each
        lines, opaque = _table(layer.pixel_shader, key, bits, s)
        per_byte = 8 // bits
        first = sx1 // per_byte
        data = bitmap._data[sy * bitmap._row + first:sy * bitmap._row + (sx2 + per_byte - 1) // per_byte]
        skip = sx1 - first * per_byte
        n = sx2 - sx1
        line = b"".join([lines[b] for b in data])[2 * s * skip:2 * s * (skip + n)]
        return line, opaque and b"".join([opaque[b] for b in data])[skip:skip + n]
    palette = layer.pixel_shader
    count = len(palette)
    colours = []
    for i in range(count):
        value = _rgb565(palette[i])
        colours.append(None if palette.is_transparent(i) else bytes((value >> 8, value & 0xFF)) * s)
    get = bitmap._get
    per_row = bitmap.width // tw if tw else 1
    tile_row = sy // th
    by = sy % th
    line = bytearray(2 * s * (sx2 - sx1))
    opaque = bytearray(sx2 - sx1)
    for sx in range(sx1, sx2):
        tile = tiles[tile_row * layer.width + sx // tw]
        value = get((tile % per_row) * tw + sx % tw, (tile // per_row) * th + by)
        colour = colours[value] if value < count else None
        if colour is not None:
            k = sx - sx1
            line[2 * s * k:2 * s * (k + 1)] = colour
            opaque[k] = 1
    return line, opaque


_PALETTES = {}  # (palette bytes, bits a value) -> _palette()


def _palette(palette, key, bits):
    """Three bytes for each value of a bitmap of ``bits`` a value: its RGB565 colour, big-endian,
    and 1 where opaque (0: transparent, or past the palette's end)."""
    table = _PALETTES.get((key, bits))
    if table is None:
        table = bytearray(3 << bits)
        for i in range(min(len(palette), 1 << bits)):
            if not palette.is_transparent(i):
                value = _rgb565(palette[i])
                table[3 * i:3 * i + 3] = bytes((value >> 8, value & 0xFF, 1))
        if len(_PALETTES) > 32:  # palettes that changed: start again
            _PALETTES.clear()
        table = _PALETTES[(key, bits)] = bytes(table)
    return table


def _in_worker(out, x1, y1, x2, y2, shown):
    """Compose the area in the worker's JavaScript (web/worker.js), when every layer that covers it
    is one tile showing its whole bitmap of 8 bits a value or fewer (how the toy draws); True when
    it did."""
    layers = []
    keep = []  # the palettes' tables, alive until the worker has read them
    for layer, box, key, _ in shown:
        left, top, right, bottom, s = box
        if right <= x1 or x2 <= left or bottom <= y1 or y2 <= top:
            continue
        bitmap = layer.bitmap
        bits = bitmap._bits
        if bits > 8 or layer.width != 1 or layer.height != 1 or layer.tile_width != bitmap.width \
                or layer.tile_height != bitmap.height or layer._tiles[0] != 0:
            return False
        table = _palette(layer.pixel_shader, key, bits)
        keep.append(table)
        layers += (uctypes.addressof(bitmap._data), bitmap._row, bits, uctypes.addressof(table), left, top, right,
                   bottom, s)
    if not layers:
        return True
    described = array("i", layers)
    return _compose_in_worker(uctypes.addressof(out), x1, y1, x2, y2, uctypes.addressof(described), len(keep))


def _compose(x1, y1, x2, y2, shown):
    """RGB565 big-endian pixels of screen area (x1, y1)-(x2, y2), the layers drawn bottom first."""
    width = x2 - x1
    out = bytearray(2 * width * (y2 - y1))
    if _in_worker(out, x1, y1, x2, y2, shown):
        return out
    for layer, box, key, _ in shown:
        left, top, right, bottom, s = box
        ox1 = max(x1, left)
        oy1 = max(y1, top)
        ox2 = min(x2, right)
        oy2 = min(y2, bottom)
        if ox1 >= ox2 or oy1 >= oy2:
            continue
        # source pixels of the layer covered by the area
        sx1 = (ox1 - left) // s
        sx2 = (ox2 - left + s - 1) // s
        n = sx2 - sx1
        base_x = left + sx1 * s  # the screen x of the row's first pixel
        sy = (oy1 - top) // s
        y = oy1
        while y < oy2:
            rows = min(oy2, top + (sy + 1) * s) - y  # screen rows this source row covers
            line, opaque = _source_row(layer, key, s, sy, sx1, sx2)
            if opaque is None:  # all opaque: one run, the whole row
                src = line[2 * (ox1 - base_x):2 * (ox2 - base_x)]
                for r in range(rows):
                    at = 2 * ((y - y1 + r) * width + ox1 - x1)
                    out[at:at + 2 * (ox2 - ox1)] = src
                y += rows
                sy += 1
                continue
            k = opaque.find(b"\x01")
            while 0 <= k < n:  # each run of opaque pixels, copied into each screen row
                j = opaque.find(b"\x00", k)
                if j < 0:
                    j = n
                a = max(ox1, base_x + k * s)
                b = min(ox2, base_x + j * s)
                src = line[2 * (a - base_x):2 * (b - base_x)]
                for r in range(rows):
                    at = 2 * ((y - y1 + r) * width + a - x1)
                    out[at:at + 2 * (b - a)] = src
                k = opaque.find(b"\x01", j)
            y += rows
            sy += 1
    return out
