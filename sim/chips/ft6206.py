"""FT6206 capacitive touch controller (I2C, address 0x38): the registers adafruit_focaltouch reads.

``touch(x, y)`` puts a finger down at controller coordinates (on Adafruit's 2.8" capacitive
shield 0-239 by 0-319, portrait); a second finger takes ``touch_id=1``. ``release()`` lifts
them. While a finger is down the optional interrupt pin is pulled low (polling mode).

Registers: 0x00 DEV_MODE, 0x01 GEST_ID, 0x02 TD_STATUS (touch count), 0x03-0x08 and
0x09-0x0E the two points (XH: event flag in bits 7-6, YH: touch id in bits 7-4; unused
points read 0xFF), 0x80 TH_GROUP, 0x88 PERIODACTIVE, 0xA1-0xA2 library version,
0xA3 chip id (0x06), 0xA6 firmware id, 0xA8 vendor id (0x11), 0xAF release code.
A write ``[register, values...]`` sets the register pointer and stores values; a read
continues from the pointer, auto-incrementing.
"""

I2C_ADDRESS = 0x38
_EVENT_CONTACT = 2


class FT6206:
    """The controller; ``interrupt`` is an optional ``Pin`` it pulls low while touched."""

    def __init__(self, *, chip_id=0x06, vendor_id=0x11, interrupt=None):
        self.registers = bytearray(256)
        self.registers[0x80] = 0x80
        self.registers[0x88] = 0x0E
        self.registers[0xA1], self.registers[0xA2] = 0x30, 0x03
        self.registers[0xA3] = chip_id
        self.registers[0xA6] = 0x03
        self.registers[0xA8] = vendor_id
        self.registers[0xAF] = 0x01
        self.interrupt = interrupt
        self.points = {}
        self._pointer = 0
        self._update()

    def touch(self, x, y, *, touch_id=0, weight=0x20):
        """Put finger ``touch_id`` (0 or 1) down at (x, y)."""
        if touch_id not in (0, 1):
            raise ValueError("the FT6206 tracks two fingers: touch_id 0 or 1")
        self.points[touch_id] = (x & 0xFFF, y & 0xFFF, weight & 0xFF)
        self._update()

    def release(self, touch_id=None):
        """Lift finger ``touch_id``, or all of them."""
        if touch_id is None:
            self.points.clear()
        else:
            self.points.pop(touch_id, None)
        self._update()

    def _update(self):
        registers = self.registers
        registers[0x02] = len(self.points)
        registers[0x03:0x0F] = b"\xff" * 12
        for slot, (touch_id, (x, y, weight)) in enumerate(sorted(self.points.items())):
            base = 0x03 + 6 * slot
            registers[base : base + 6] = bytes(
                [_EVENT_CONTACT << 6 | x >> 8, x & 0xFF, touch_id << 4 | y >> 8, y & 0xFF, weight, 0]
            )
        if self.interrupt is not None:
            self.interrupt.drive(False if self.points else None)

    # I2C chip interface
    def i2c_write_from(self, data, start, end):
        if start >= end:
            return
        self._pointer = data[start]
        for i in range(start + 1, end):
            pointer = self._pointer
            if not (0x01 <= pointer < 0x0F or 0xA1 <= pointer < 0xB0):  # read-only
                self.registers[pointer] = data[i]
            self._pointer = (pointer + 1) & 0xFF

    def i2c_read_into(self, buffer, start, end):
        for i in range(start, end):
            buffer[i] = self.registers[self._pointer]
            self._pointer = (self._pointer + 1) & 0xFF
