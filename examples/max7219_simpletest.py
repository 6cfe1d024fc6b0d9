"""MAX7219 8x8 LED matrix: a chequerboard, brightening then dimming, until Ctrl-C.
Wiring: the MAX7219 module's DIN, CLK and CS on the Feather's MOSI, SCK and D11; VCC 5 V (USB)."""

import time

import board
import digitalio

from knightstour.hw.chips.max7219 import MAX7219

matrix = MAX7219(board.SPI(), digitalio.DigitalInOut(board.D11))
for x in range(8):
    for y in range(8):
        matrix.pixel(x, y, (x + y) % 2)
matrix.show()
print("MAX7219: a chequerboard should be lit")

while True:
    for level in tuple(range(16)) + tuple(range(15, -1, -1)):
        matrix.brightness(level)
        time.sleep(0.05)
