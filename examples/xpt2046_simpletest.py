"""XPT2046 resistive touch (the ILI9341 modules with an SD slot): its temperature reading, then a line
per touch, until Ctrl-C. Wiring: T_CLK, T_DIN, T_DO on SCK, MOSI, MISO; T_CS on D6; T_IRQ on A3."""

import time

import board
import digitalio

from knightstour.hw.chips.xpt2046 import XPT2046

touch = XPT2046(board.SPI(), digitalio.DigitalInOut(board.D6), irq=digitalio.DigitalInOut(board.A3))
print("XPT2046: it answered (its temperature reading); touch the screen")

last = None
while True:
    point = touch.read() if touch.touched else None  # (raw x, raw y), the mean of four samples
    if point is not None and point != last:
        print("touch: raw x %d, y %d" % point)
    last = point
    time.sleep(0.05)
