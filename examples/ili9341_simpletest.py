"""ILI9341 320x240 TFT (the TFT FeatherWing, or a module wired the same): four stripes, red, green,
blue and red, drawn with the toy's start-up commands, until Ctrl-C.
Wiring: the FeatherWing fixes it (SPI, CS on D9, D/C on D10)."""

import time

import board
import displayio

from knightstour.hw.chips.ili9341 import make_ili9341

display = make_ili9341(board.SPI(), board.D9, board.D10, None, 0)
palette = displayio.Palette(3)
palette[0] = 0xFF0000
palette[1] = 0x00FF00
palette[2] = 0x0000FF
stripes = displayio.Bitmap(4, 3, 3)
for x in range(4):
    for y in range(3):
        stripes[x, y] = x % 3
screen = displayio.Group(scale=80)  # each of the bitmap's cells 80x80 pixels: 320x240
screen.append(displayio.TileGrid(stripes, pixel_shader=palette))
display.root_group = screen
display.refresh()
print("ILI9341: red, green, blue and red stripes should show, left to right")

while True:
    time.sleep(1)
