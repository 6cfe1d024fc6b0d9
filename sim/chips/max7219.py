"""MAX7219 LED driver: the register protocol, decoded into an 8x8 LED state.

Every 16-bit word shifts in MSB first (``[address, data]``) and is latched when chip select
(LOAD) rises. In a daisy chain each chip's DOUT feeds the next chip's DIN, so after a
transaction chip 0 (nearest the board) holds the last word sent, chip 1 the one before...
and a chip that was sent nothing latches what was left in its shift register.

Registers: 0 no-op, 1-8 digits, 9 decode mode, 10 intensity, 11 scan limit, 12 shutdown,
15 display test. At power-up the chip is shut down, everything else 0.

Which LED a (digit, segment bit) lights depends on how the matrix is wired to the chip.
Modelled here: digit register n drives column n-1 and segment bit b row b (bit 0 at the top),
the wiring under which Adafruit's ``Matrix8x8.pixel(x, y)`` lights LED (x, y): its ``show()``
sends framebuffer byte x (bit y = row y) to digit register x+1. On a module that wires
digits to rows instead, the same picture comes out transposed; ``digits`` and ``segments()``
give the raw register view for such wirings.
"""

_NOOP, _DECODE_MODE, _INTENSITY, _SCAN_LIMIT, _SHUTDOWN, _DISPLAY_TEST = 0, 9, 10, 11, 12, 15

# Code B font, in segment bits DP A B C D E F G = bits 7..0: 0-9, '-', E, H, L, P, blank.
CODE_B = (0x7E, 0x30, 0x6D, 0x79, 0x33, 0x5B, 0x5F, 0x70, 0x7F, 0x7B, 0x01, 0x4F, 0x37, 0x0E, 0x67, 0x00)


class _OnTheBus:
    """The SPI chip interface: bytes go through the shift registers, latched when CS rises."""

    def select(self):
        self._shifter.select()

    def deselect(self):
        self._shifter.deselect()

    def transfer(self, data, mode):
        reply = bytearray(len(data))
        self._shifter.transfer_into(data, reply, 0, len(data))
        return bytes(reply)

    def transfer_into(self, data, reply, start, end, mode):
        """Clock out ``data[start:end]``; the bytes back go to ``reply[start:end]`` (``data``
        itself may be ``reply``; None drops them). No garbage: the MicroPython bus stand-in's."""
        self._shifter.transfer_into(data, reply, start, end)


class MAX7219(_OnTheBus):
    """One MAX7219 with an 8x8 LED matrix; also an SPI chip on its own (a chain of one)."""

    def __init__(self):
        self.digits = bytearray(8)
        self.decode_mode = 0
        self.intensity = 0
        self.scan_limit = 0
        self.shutdown = True
        self.display_test = False
        self.writes = 0
        self._shifter = _ShiftChain([self])

    @property
    def chips(self):
        """This chip, as a list, so a single chip and a chain read alike."""
        return [self]

    def load(self, word):
        """Latch a 16-bit word, as on LOAD rising."""
        address, data = word >> 8 & 0x0F, word & 0xFF
        self.writes += 1
        if 1 <= address <= 8:
            self.digits[address - 1] = data
        elif address == _DECODE_MODE:
            self.decode_mode = data
        elif address == _INTENSITY:
            self.intensity = data & 0x0F
        elif address == _SCAN_LIMIT:
            self.scan_limit = data & 0x07
        elif address == _SHUTDOWN:
            self.shutdown = not data & 0x01
        elif address == _DISPLAY_TEST:
            self.display_test = bool(data & 0x01)

    def segments(self, digit):
        """The segment bits digit 0-7 lights right now (after decode, scan limit, shutdown, test)."""
        if self.display_test:
            return 0xFF
        if self.shutdown or digit > self.scan_limit:
            return 0
        value = self.digits[digit]
        if self.decode_mode >> digit & 1:
            return CODE_B[value & 0x0F] | value & 0x80
        return value

    def lit(self, x, y):
        """True if the LED at column x, row y (0-7, origin top left) is on."""
        return bool(self.segments(x) >> y & 1)

    @property
    def leds(self):
        """8 rows of 8 booleans: ``leds[y][x]``."""
        return [[self.lit(x, y) for x in range(8)] for y in range(8)]

    @property
    def brightness(self):
        """Duty cycle 0.0-1.0 of lit LEDs (intensity register: (2n+1)/32); 1.0 in display test."""
        return 1.0 if self.display_test else (2 * self.intensity + 1) / 32

    def __str__(self):
        return "\n".join("".join("#" if on else "." for on in row) for row in self.leds)



class MAX7219Chain(_OnTheBus):
    """``length`` MAX7219s in a daisy chain on one chip select; ``chips[0]`` is nearest the board."""

    def __init__(self, length):
        self.chips = [MAX7219() for _ in range(length)]
        self._shifter = _ShiftChain(self.chips)



class _ShiftChain:
    """The chained 16-bit shift registers; bytes in at chip 0, out of the last chip's DOUT."""

    def __init__(self, chips):
        self.chips = chips
        # register[-2:] is chip 0's shift register, register[:2] the last chip's
        self.register = bytearray(2 * len(chips))

    def select(self):
        pass

    def deselect(self):
        count = len(self.chips)
        for index, chip in enumerate(self.chips):
            offset = 2 * (count - 1 - index)
            chip.load(self.register[offset] << 8 | self.register[offset + 1])

    def transfer_into(self, data, reply, start, end):
        register = self.register
        last = len(register) - 1
        for i in range(start, end):
            byte = data[i]  # read before reply[i] is written: reply may be data
            if reply is not None:
                reply[i] = register[0]
            for k in range(last):  # shift one byte along, in place (a slice would be garbage)
                register[k] = register[k + 1]
            register[last] = byte


class MatrixPanel:
    """The LEDs of a chain as built: ``columns`` x ``rows`` modules, seen from the front.

    Chip 0 (nearest the board's DIN) is the top right module, the chain runs right to left
    along each row, rows top to bottom (an FC-16 32x8 held with its input connector on the
    right). ``block_rotation`` is how each module's LEDs are wired to its chip: 0 as
    ``MAX7219.lit`` (digit register n+1 is column n, segment bit b row b), each 90 turns that
    clockwise; an FC-16 module is 90 (digit register 1 its top row, bit 7 its left column).
    """

    def __init__(self, chain, columns, rows=1, block_rotation=90):
        if len(chain.chips) != columns * rows:
            raise ValueError("%d chips cannot fill %d x %d modules" % (len(chain.chips), columns, rows))
        self.chain = chain
        self.columns = columns
        self.rows = rows
        self.block_rotation = block_rotation
        self.width = 8 * columns
        self.height = 8 * rows

    def chip_at(self, index):
        """(left, top) LED of chip ``index``'s module."""
        row, place = divmod(index, self.columns)
        return 8 * (self.columns - 1 - place), 8 * row

    def led_of(self, digit, bit):
        """Where in its module (x, y) a chip's digit 0-7 and segment bit light."""
        x, y = digit, bit
        for _ in range(self.block_rotation // 90):
            x, y = 7 - y, x  # a quarter turn clockwise
        return x, y

    @property
    def leds(self):
        """``leds[y][x]`` for the whole panel."""
        picture = [[False] * self.width for _ in range(self.height)]
        for index, chip in enumerate(self.chain.chips):
            left, top = self.chip_at(index)
            for digit in range(8):
                segments = chip.segments(digit)
                for bit in range(8):
                    if segments >> bit & 1:
                        x, y = self.led_of(digit, bit)
                        picture[top + y][left + x] = True
        return picture

    def lit(self):
        """The set of (x, y) lit."""
        return {(x, y) for y, row in enumerate(self.leds) for x, on in enumerate(row) if on}

    def __str__(self):
        return "\n".join("".join("#" if on else "." for on in row) for row in self.leds)

