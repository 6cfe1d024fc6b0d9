"""FT6206 capacitive touch (Adafruit's 2.8" capacitive shield and breakouts): it answers with its vendor
id, then a line per touch, until Ctrl-C. Wiring: SDA and SCL (I2C at 0x38)."""

import time

import board

from knightstour.hw.chips.ft6206 import FT6206

touch = FT6206(board.I2C())  # RuntimeError (not an FT6206) or OSError (nothing at 0x38)
print("FT6206: it answered at I2C 0x38; touch the screen")

last = None
while True:
    point = touch.point()  # (x, y) of the first finger, or None
    if point is not None and point != last:
        print("touch: x %d, y %d" % point)
    last = point
    time.sleep(0.05)
