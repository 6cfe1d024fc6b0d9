"""STMPE610 resistive touch (the TFT FeatherWing V1): its chip id, then a line per touch, until Ctrl-C.
Wiring: the FeatherWing fixes it (SPI, touch CS on D6)."""

import time

import board
import digitalio

from knightstour.hw.chips.stmpe610 import STMPE610

touch = STMPE610(board.SPI(), digitalio.DigitalInOut(board.D6))  # RuntimeError if it does not answer
print("STMPE610: it answered with its chip id 0x0811; touch the screen")

while True:
    while not touch.buffer_empty:
        x, y, pressure = touch.read_data()
        print("touch: raw x %d, y %d, pressure %d" % (x, y, pressure))
    time.sleep(0.05)
