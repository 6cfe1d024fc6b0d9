"""TSC2007 resistive touch (the TFT FeatherWing V2): it answers on I2C, then a line per touch, until
Ctrl-C. Wiring: the FeatherWing fixes it (I2C at 0x48, PENIRQ on D6)."""

import time

import board

from knightstour.hw.chips.tsc2007 import open_tsc2007, tsc2007_reader

touch = open_tsc2007(board.I2C(), board.D6)  # OSError if nothing answers at 0x48
read = tsc2007_reader(touch)
print("TSC2007: it answered at I2C 0x48; touch the screen")

last = None
while True:
    point = read()  # (raw x, raw y) while a finger is down
    if point is not None and point != last:
        print("touch: raw x %d, y %d" % point)
    last = point
    time.sleep(0.05)
