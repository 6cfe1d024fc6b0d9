"""ILI9341 TFT controller (4-wire SPI): commands decoded into a 240x320 RGB565 frame memory.

The data/command pin tells command bytes (low) from parameters and pixel data (high).
Decoded: software/hardware reset, sleep in/out, display on/off, inversion on/off, CASET,
PASET, RAMWR, RAMWRC (write continue), MADCTL, COLMOD (16 and 18 bit), vertical scrolling
(VSCRDEF/VSCRSADD) and a few reads (0x09, 0x0A-0x0C, 0xD3). The power, gamma and timing
commands of the init sequence are kept as raw parameters in ``settings``; any other command
goes into ``unknown_commands``.

Coordinates, three kinds:

* frame memory (``memory``): column 0-239, row 0-319, as the chip stores it.
* panel: what a viewer sees holding the module upright in portrait, 240 wide, 320 tall.
  Adafruit's ILI9341 modules show memory column c at panel x = 239 - c (their Arduino
  library's upright portrait is MADCTL = MX), so the CircuitPython driver's MADCTL = MV
  gives an upright, unmirrored landscape.
* screen: the logical (x, y) of a CircuitPython display at ``rotation`` 0/90/180/270
  (320x240 at 0). ``screen_pixel`` and ``screen_rgb565`` read the panel that way.

MADCTL follows the datasheet's table: MV exchanges the column and page counters onto the
memory's rows and columns, then MX mirrors memory columns and MY memory rows.
The Adafruit panels have a BGR colour filter, so colours come out as sent when the MADCTL
BGR bit is set (the driver's 0x38), red and blue swapped when it is clear.
"""

import struct
from array import array

try:
    from collections import Counter
except ImportError:  # MicroPython (the web page runs this model)

    class Counter(dict):
        def __getitem__(self, key):
            return self.get(key, 0)

WIDTH, HEIGHT = 240, 320

_MADCTL_MY, _MADCTL_MX, _MADCTL_MV, _MADCTL_BGR = 0x80, 0x40, 0x20, 0x08

# Commands that only set analogue or timing registers: stored, no effect on the picture.
_SETTINGS = {
    0x26: "GAMSET",
    0xB1: "FRMCTR1",
    0xB6: "DISCTRL",
    0xC0: "PWCTR1",
    0xC1: "PWCTR2",
    0xC5: "VMCTR1",
    0xC7: "VMCTR2",
    0xCB: "PWCTRA",
    0xCF: "PWCTRB",
    0xE0: "GMCTRP1",
    0xE1: "GMCTRN1",
    0xE8: "DTCA",
    0xEA: "DTCB",
    0xED: "PWRSEQ",
    0xEF: "undocumented 0xEF",
    0xF2: "ENABLE3G",
    0xF7: "PUMPRC",
    0x51: "WRDISBV",
    0x53: "WRCTRLD",
    0x34: "TEOFF",
    0x35: "TEON",
}


class ILI9341:
    """The controller; attach with ``bus.attach_spi`` to its CS pin and give it the D/C pin.

    ``reset`` (optional) is the RESET pin; pulling it low resets the chip.
    ``panel_bgr`` is the colour filter order of the glass (True for Adafruit's panels).
    ``width`` x ``height`` is the frame memory, portrait (240x320; 320x480 stands in for the
    PyPortal Titano's HX8357, which takes the same MIPI DCS drawing commands).
    """

    def __init__(self, dc, *, reset=None, panel_bgr=True, width=WIDTH, height=HEIGHT):
        self.width = width
        self.height = height
        self.dc = dc
        self.panel_bgr = panel_bgr
        self.memory = array("H", bytes(2 * self.width * self.height))
        self.command_counts = Counter()
        self.unknown_commands = Counter()
        self.pixels_written = 0
        self._reset_state()
        if reset is not None:
            reset.watch(lambda level: None if level else self._reset_state())

    def _reset_state(self):
        self.settings = {}
        self.sleeping = True
        self.display_on = False
        self.inverted = False
        self.madctl = 0
        self.colmod = 0x66
        self.columns = (0, self.width - 1)
        self.pages = (0, self.height - 1)
        self.scroll_area = (0, self.height, 0)
        self.scroll_start = 0
        self._command = None
        self._params = bytearray()
        self._pixel_bytes = bytearray()
        self._cursor = None
        self._reply = b""

    # SPI chip interface
    def select(self):
        pass

    def deselect(self):
        pass

    def transfer(self, data, mode):
        if not self.dc.level:
            for command in data:
                self._begin(command)
            return bytes(len(data))
        if self._command in (0x2C, 0x3C):
            self._write_pixels(data)
            return bytes(len(data))
        if self._command is not None:
            self._params += data
            self._apply()
        reply, self._reply = self._reply[: len(data)], self._reply[len(data) :]
        return reply + bytes(len(data) - len(reply))

    def transfer_into(self, data, reply, start, end, mode):
        """``transfer`` for the MicroPython bus stand-in (the web page's): ``data[start:end]`` out,
        the bytes back into ``reply[start:end]`` (None drops them). Not garbage-free, as the
        pixel decoding is not: the Feather harness sends the TFT's bytes nowhere."""
        back = self.transfer(bytes(data[start:end]), mode)
        if reply is not None:
            for i in range(end - start):
                reply[start + i] = back[i]

    def _begin(self, command):
        self.command_counts[command] += 1
        self._command = command
        self._params = bytearray()
        self._pixel_bytes = bytearray()
        self._reply = b""
        if command == 0x01:
            self._reset_state()
        elif command == 0x11:
            self.sleeping = False
        elif command == 0x10:
            self.sleeping = True
        elif command == 0x29:
            self.display_on = True
        elif command == 0x28:
            self.display_on = False
        elif command == 0x21:
            self.inverted = True
        elif command == 0x20:
            self.inverted = False
        elif command == 0x2C:
            self._cursor = (self.columns[0], self.pages[0])
        elif command == 0x3C:
            if self._cursor is None:
                self._cursor = (self.columns[0], self.pages[0])
        elif command in (0x00, 0x12, 0x13, 0x2A, 0x2B, 0x33, 0x36, 0x37, 0x3A) or command in _SETTINGS:
            pass
        elif command in (0x09, 0x0A, 0x0B, 0x0C, 0xD3):
            self._reply = self._read(command)
        else:
            self.unknown_commands[command] += 1

    def _read(self, command):
        # a read starts with one dummy byte on the 4-wire serial interface
        if command == 0x09:
            status = (self.madctl & 0xF4) << 24 | (0 if self.sleeping else 1 << 20) | (1 << 18)
            status |= (0x20 if self.inverted else 0) << 16 | (0x04 if self.display_on else 0) << 8
            return bytes(1) + status.to_bytes(4, "big")
        if command == 0x0A:
            power = 0x08 | (0 if self.sleeping else 0x10) | (0x04 if self.display_on else 0)
            return bytes([0, power])
        if command == 0x0B:
            return bytes([0, self.madctl & 0xFC])
        if command == 0x0C:
            return bytes([0, self.colmod])
        return bytes([0, 0x00, 0x93, 0x41])  # 0xD3 ID4

    def _apply(self):
        command, params = self._command, self._params
        if command == 0x2A and len(params) >= 4:
            self.columns = (params[0] << 8 | params[1], params[2] << 8 | params[3])
        elif command == 0x2B and len(params) >= 4:
            self.pages = (params[0] << 8 | params[1], params[2] << 8 | params[3])
        elif command == 0x36 and params:
            self.madctl = params[0]
        elif command == 0x3A and params:
            self.colmod = params[0]
        elif command == 0x33 and len(params) >= 6:
            self.scroll_area = (params[0] << 8 | params[1], params[2] << 8 | params[3], params[4] << 8 | params[5])
        elif command == 0x37 and len(params) >= 2:
            self.scroll_start = params[0] << 8 | params[1]
        elif command in _SETTINGS:
            self.settings[command] = bytes(params)

    @property
    def bytes_per_pixel(self):
        """2 for 16-bit (COLMOD 0x55), 3 for 18-bit (the reset default 0x66)."""
        return 3 if self.colmod & 0x07 == 0x06 else 2

    def _write_pixels(self, data):
        pending = self._pixel_bytes + data
        size = self.bytes_per_pixel
        whole = len(pending) - len(pending) % size
        self._pixel_bytes = pending[whole:]
        if size == 2:
            values = struct.unpack_from(">%dH" % (whole // 2), pending)
        else:
            values = [
                (pending[i] >> 3) << 11 | (pending[i + 1] >> 2) << 5 | pending[i + 2] >> 3 for i in range(0, whole, 3)
            ]
        self._store(values)

    def _cell(self, col, page):
        """The memory index the column and page counters address (through MADCTL), -1 outside it."""
        madctl = self.madctl
        mem_col, mem_row = (page, col) if madctl & _MADCTL_MV else (col, page)
        if madctl & _MADCTL_MX:
            mem_col = self.width - 1 - mem_col
        if madctl & _MADCTL_MY:
            mem_row = self.height - 1 - mem_row
        if 0 <= mem_col < self.width and 0 <= mem_row < self.height:
            return mem_row * self.width + mem_col
        return -1

    def _store(self, values):
        """Write ``values`` from the cursor on, a run of columns at a time (a page's, up to the
        window's last column): a run lies on one line of memory, its cells a step apart, inside
        the memory from one end to the other when both ends are."""
        madctl = self.madctl
        if madctl & _MADCTL_MV:
            step = -self.width if madctl & _MADCTL_MY else self.width
        else:
            step = -1 if madctl & _MADCTL_MX else 1
        col_start, col_end = self.columns
        page_start, page_end = self.pages
        col, page = self._cursor
        memory = self.memory
        done = 0
        total = len(values)
        while done < total:
            run = max(1, min(col_end - col + 1, total - done))  # a cursor past its window: one cell
            i = self._cell(col, page)
            last = self._cell(col + run - 1, page)
            if i >= 0 and last >= 0:
                for value in values[done:done + run]:
                    memory[i] = value
                    i += step
            elif i >= 0 or last >= 0:  # the run crosses the memory's edge
                for k in range(run):
                    cell = self._cell(col + k, page)
                    if cell >= 0:
                        memory[cell] = values[done + k]
            done += run
            col += run
            if col > col_end:
                col = col_start
                page += 1
                if page > page_end:
                    page = page_start
        self.pixels_written += total
        self._cursor = (col, page)

    # Reading the picture
    def _memory_row(self, panel_y):
        top, area, _ = self.scroll_area
        if top <= panel_y < top + area:
            return top + (panel_y - top + self.scroll_start - top) % area
        return panel_y

    def panel_pixel(self, x, y):
        """RGB565 the viewer sees at panel (x, y), portrait; black when off or asleep."""
        if self.sleeping or not self.display_on:
            return 0
        value = self.memory[self._memory_row(y) * self.width + (self.width - 1 - x)]
        if bool(self.madctl & _MADCTL_BGR) != self.panel_bgr:
            value = (value & 0x1F) << 11 | (value & 0x07E0) | value >> 11
        if self.inverted:
            value ^= 0xFFFF
        return value

    def screen_to_panel(self, x, y, rotation=0):
        """Panel (x, y) of logical (x, y) on a CircuitPython display at ``rotation`` (clockwise)."""
        rotation %= 360
        if rotation == 0:
            landscape = (x, y)
        elif rotation == 90:
            landscape = (self.height - 1 - y, x)
        elif rotation == 180:
            landscape = (self.height - 1 - x, self.width - 1 - y)
        elif rotation == 270:
            landscape = (y, self.width - 1 - x)
        else:
            raise ValueError("rotation must be 0, 90, 180 or 270")
        lx, ly = landscape
        return self.width - 1 - ly, lx

    def screen_pixel(self, x, y, rotation=0):
        """RGB565 seen at logical (x, y) of a CircuitPython display at ``rotation``."""
        return self.panel_pixel(*self.screen_to_panel(x, y, rotation))

    def screen_size(self, rotation=0):
        """(width, height) of the logical screen at ``rotation``."""
        return (self.height, self.width) if rotation % 180 == 0 else (self.width, self.height)

    def screen_rgb565(self, rotation=0):
        """Rows of RGB565 values of the whole screen at ``rotation``."""
        width, height = self.screen_size(rotation)
        return [[self.screen_pixel(x, y, rotation) for x in range(width)] for y in range(height)]


def rgb565(red, green, blue):
    """Pack 8-bit red, green, blue into RGB565."""
    return (red >> 3) << 11 | (green >> 2) << 5 | blue >> 3


def rgb888(value):
    """Unpack RGB565 into 8-bit (red, green, blue), low bits filled from the high ones."""
    red, green, blue = value >> 11, value >> 5 & 0x3F, value & 0x1F
    return (red << 3 | red >> 2, green << 2 | green >> 4, blue << 3 | blue >> 2)
