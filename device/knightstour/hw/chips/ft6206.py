"""The FT6206 capacitive touch controller on I2C (Adafruit's 2.8" capacitive shield, at 0x38):
the registers the toy reads, nothing more."""
# Small on purpose, as max7219.py and stmpe610.py: adafruit_focaltouch with adafruit_bus_device
# takes several KB of a Feather's heap (docs/heap.md) to say where one finger is. What it does is
# adafruit_focaltouch's: at start the chip data from register 0xA1 on (vendor id 0x11, 0x42,
# 0x01 or 0x02, else RuntimeError; the FT5x06's readings scaled by 1/2.24 and 1/2.14), then
# each poll the touch count (register 0x02) and the points after it (6 bytes each, unused ones
# 0xFF), the first point that is there being the touch. The bus is a busio.I2C.

from micropython import const

from .i2c_transfer import write_then_read

ADDRESS = const(0x38)
_TD_STATUS = const(0x02)
_LIB_VERSION = const(0xA1)


class FT6206:
    """The controller at ``address`` on ``i2c``; RuntimeError if it does not say it is one,
    OSError if nothing answers there."""

    def __init__(self, i2c, address=ADDRESS):
        self.i2c = i2c
        self.address = address
        self._register = bytearray(1)
        data = self._read(_LIB_VERSION, bytearray(8))  # lib version 2, chip id, 2 more, firmware, ?, vendor
        if data[7] not in (0x11, 0x42, 0x01, 0x02):
            raise RuntimeError("no FT6206 at I2C 0x%02X: vendor id 0x%02X" % (address, data[7]))
        self.scale_x, self.scale_y = (224, 214) if data[2] == 0x55 else (100, 100)
        self._data = bytearray(13)  # count, then two points

    def _read(self, register, into):
        self._register[0] = register
        return write_then_read(self.i2c, self.address, self._register, into)

    def point(self):
        """(x, y) of the first finger down, in the controller's coordinates, or None."""
        data = self._read(_TD_STATUS, self._data)
        for i in range(min(data[0], 2)):
            p = 1 + 6 * i
            if data[p] & data[p + 1] & data[p + 2] & data[p + 3] & data[p + 4] & data[p + 5] == 0xFF:
                continue
            x = (data[p] << 8 | data[p + 1]) & 0xFFF
            y = (data[p + 2] << 8 | data[p + 3]) & 0xFFF
            return (x * 100 + self.scale_x // 2) // self.scale_x, (y * 100 + self.scale_y // 2) // self.scale_y
        return None
