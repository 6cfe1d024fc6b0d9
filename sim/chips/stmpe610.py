"""STMPE610 resistive touch controller: the registers adafruit_stmpe610 uses, over SPI or I2C.

``touch(raw_x, raw_y, pressure)`` puts a finger down at raw 12-bit controller coordinates;
while the touch screen controller is enabled and clocked, that queues a sample in the FIFO
and sets the touch-detected bit, as the ADC would. ``release()`` lifts the finger: the
touch-detected bit clears, samples not yet read stay in the FIFO (as on the chip).
Values pass unchanged: the driver configures a 10-bit ADC but reads the 12-bit data fields,
and Adafruit's calibration examples use 12-bit ranges, so raw values are taken as 12-bit.

Registers modelled: CHIP_ID (0x00-0x01 = 0x0811), ID_VER (0x02), SYS_CTRL1 (soft reset),
SYS_CTRL2 (clocks), INT_CTRL, INT_EN, INT_STA (write 1 to clear), ADC_CTRL1/2, TSC_CTRL
(bit 7 = touched), TSC_CFG, FIFO_TH, FIFO_STA (reset bit, empty/threshold/full/overflow),
FIFO_SIZE, TSC_DATA_X/Y/Z (0x4D-0x51, newest sample), TSC_FRACTION_Z, TSC_I_DRIVE, and
TSC_DATA (0x57 / 0xD7) which pops the FIFO one byte at a time. Other registers store what
is written. At reset all registers read 0 except CHIP_ID, ID_VER, SYS_CTRL2 (0x0F: clocks
off) and FIFO_STA (0x20: empty).

SPI: a first byte ``0x80 | address`` reads (each further byte clocks out the next register;
the FIFO data register does not advance), ``address`` then a value writes.
I2C: a write of ``[address, value...]`` writes, ``[address]`` then a read reads.
"""


_CHIP_ID, _ID_VER, _SYS_CTRL1, _SYS_CTRL2 = 0x00, 0x02, 0x03, 0x04
_INT_STA, _TSC_CTRL, _FIFO_TH, _FIFO_STA, _FIFO_SIZE = 0x0B, 0x40, 0x4A, 0x4B, 0x4C
_TSC_DATA_X, _TSC_DATA = 0x4D, 0x57
_INT_TOUCH_DET, _INT_FIFO_TH, _INT_FIFO_OFLOW, _INT_FIFO_FULL, _INT_FIFO_EMPTY = 0x01, 0x02, 0x04, 0x08, 0x10
_FIFO_RESET, _FIFO_EMPTY, _FIFO_TH_TRIG, _FIFO_FULL, _FIFO_OFLOW = 0x01, 0x20, 0x10, 0x40, 0x80
_READ_ONLY = (_CHIP_ID, _CHIP_ID + 1, _ID_VER, _FIFO_SIZE)  # a global tuple: built once, not each write
FIFO_DEPTH = 128
I2C_ADDRESS = 0x41


def _sample_byte(sample, index, count=4):
    """Byte ``index`` of ``sample`` (x, y, z) as TSC_DATA packs it (``count`` 4: X and Y in 12 bits
    each, then Z), or as the TSC_DATA_X/Y/Z registers hold it (``count`` 5: X high, X low, Y high,
    Y low, Z). One byte at a time: the model makes no garbage under MicroPython."""
    x, y, z = sample
    if index == count - 1:
        return z
    if count == 5:
        value = y if index >= 2 else x
        return value & 0xFF if index & 1 else value >> 8
    if index == 0:
        return x >> 4
    if index == 1:
        return (x & 0x0F) << 4 | y >> 8
    return y & 0xFF


class STMPE610:
    """The controller. ``spi_modes`` are the SPI modes it answers in; in any other it
    answers bits shifted by one, as a chip sampling on the wrong clock edge would.
    ``not_ready_reads``: a chip not ready yet after a cold power-up (the TFT FeatherWing's, which
    Adafruit's FeatherWing helper waits for and retries) answers 0 to that many register reads."""

    def __init__(self, *, spi_modes=(0, 1, 2, 3), version=0x03, not_ready_reads=0):
        self.not_ready_reads = not_ready_reads
        self.spi_modes = tuple(spi_modes)
        self.version = version
        self.touching = None
        self._address = None
        self._reading = False
        self._reset()

    def _reset(self):
        self.registers = bytearray(256)
        self.registers[_CHIP_ID], self.registers[_CHIP_ID + 1] = 0x08, 0x11
        self.registers[_ID_VER] = self.version
        self.registers[_SYS_CTRL2] = 0x0F
        self.fifo = []  # lists, not deques: the model runs under MicroPython too
        self._sample_size = 0  # bytes of the oldest sample TSC_DATA hands out (3: X and Y only, 4)
        self._sample_left = 0  # of them still to read; 0: none begun

    # What a finger does
    def touch(self, raw_x, raw_y, pressure=0x80, samples=1):
        """Press at raw (x, y), 0-4095; queue ``samples`` readings if the controller is running."""
        self.touching = (raw_x & 0xFFF, raw_y & 0xFFF, pressure & 0xFF)
        if not self._sampling():
            return
        self.registers[_INT_STA] |= _INT_TOUCH_DET
        for _ in range(samples):
            self._push(self.touching)

    def release(self):
        """Lift the finger."""
        if self.touching is not None and self._sampling():
            self.registers[_INT_STA] |= _INT_TOUCH_DET
        self.touching = None

    @property
    def touched(self):
        """True while a finger is down and the controller sees it."""
        return self.touching is not None and self._sampling()

    def _sampling(self):
        clocks_on = self.registers[_SYS_CTRL2] & 0x03 == 0
        return clocks_on and self.registers[_TSC_CTRL] & 0x01

    def _push(self, sample):
        if len(self.fifo) >= FIFO_DEPTH:
            self.registers[_INT_STA] |= _INT_FIFO_OFLOW
            return
        self.fifo.append(sample)
        if len(self.fifo) == FIFO_DEPTH:
            self.registers[_INT_STA] |= _INT_FIFO_FULL
        if self.registers[_FIFO_TH] and len(self.fifo) >= self.registers[_FIFO_TH]:
            self.registers[_INT_STA] |= _INT_FIFO_TH

    # Registers
    def read_register(self, address):
        """The value the chip returns for ``address`` (reading the FIFO data pops it)."""
        if self.not_ready_reads > 0:
            self.not_ready_reads -= 1
            return 0
        address &= 0x7F
        if address == _TSC_CTRL:
            return self.registers[_TSC_CTRL] & 0x7F | (0x80 if self.touched else 0)
        if address == _FIFO_SIZE:
            return len(self.fifo)
        if address == _FIFO_STA:
            status = self.registers[_FIFO_STA] & _FIFO_RESET
            if not self.fifo:
                status |= _FIFO_EMPTY
            if self.registers[_FIFO_TH] and len(self.fifo) >= self.registers[_FIFO_TH]:
                status |= _FIFO_TH_TRIG
            if len(self.fifo) >= FIFO_DEPTH:
                status |= _FIFO_FULL
            return status
        if _TSC_DATA_X <= address <= _TSC_DATA_X + 4:
            return _sample_byte(self.fifo[-1] if self.fifo else (0, 0, 0), address - _TSC_DATA_X, 5)
        if address == _TSC_DATA:
            return self._pop_byte()
        return self.registers[address]

    def write_register(self, address, value):
        """Write ``value`` to ``address``."""
        address &= 0x7F
        value &= 0xFF
        if address == _SYS_CTRL1 and value & 0x02:
            self._reset()
        elif address == _INT_STA:
            self.registers[_INT_STA] &= ~value & 0xFF
        elif address == _FIFO_STA:
            if value & _FIFO_RESET:
                self.fifo.clear()
                self._sample_left = 0
            self.registers[_FIFO_STA] = value & _FIFO_RESET
        elif address in _READ_ONLY:
            pass
        else:
            self.registers[address] = value

    def _pop_byte(self):
        if not self._sample_left:
            if not self.fifo:
                return 0
            xy_only = self.registers[_TSC_CTRL] >> 1 & 0x07 == 0x01
            self._sample_size = self._sample_left = 3 if xy_only else 4
        byte = _sample_byte(self.fifo[0], self._sample_size - self._sample_left)
        self._sample_left -= 1
        if not self._sample_left:
            self.fifo.pop(0)
            if not self.fifo:
                self.registers[_INT_STA] |= _INT_FIFO_EMPTY
        return byte

    # SPI chip interface
    def select(self):
        self._address = None
        self._reading = False

    def deselect(self):
        self._address = None

    def transfer_into(self, data, reply, start, end, mode):
        """Clock out ``data[start:end]``; the bytes back go to ``reply[start:end]`` (``data``
        itself may be ``reply``; None drops them). No garbage: the MicroPython harness's bus."""
        shifted = mode not in self.spi_modes
        for i in range(start, end):
            byte = data[i]
            back = 0
            if self._address is None:
                self._address = byte & 0x7F
                self._reading = bool(byte & 0x80)
            elif self._reading:
                back = self.read_register(self._address)
                if self._address != _TSC_DATA:
                    self._address = (self._address + 1) & 0x7F
            else:
                self.write_register(self._address, byte)
                self._address = (self._address + 1) & 0x7F
            if reply is not None:
                reply[i] = back >> 1 if shifted else back

    # I2C chip interface
    def i2c_write_from(self, data, start, end):
        if start >= end:
            return
        self._address = data[start]
        for i in range(start + 1, end):
            self.write_register(self._address, data[i])
            self._address = (self._address + 1) & 0xFF

    def i2c_read_into(self, buffer, start, end):
        address = self._address or 0
        for i in range(start, end):
            buffer[i] = self.read_register(address)
            # bit 7 set (0xD7) means no auto-increment on I2C
            if not address & 0x80 and address != _TSC_DATA:
                address = (address + 1) & 0xFF
        self._address = address
