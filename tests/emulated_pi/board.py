"""Blinka's ``board`` on the emulated Raspberry Pi: the Pi's pin names (those the toy's pin map uses and
D0-D27), the MAX7219's chip select wired to an emulated MAX7219 on the SPI bus."""

from knightstour.hw.wiring import pins
from knightstour_sim.chips import bus, rig
from knightstour_sim.circuitpython.microcontroller import Pin

board_id = "RASPBERRY_PI_4B"
matrix = rig.matrix_rig()
for _name in set(pins.PINS["pi"].split()) - {"-"} | {"D%d" % n for n in range(28)}:
    globals()[_name] = Pin(_name)
globals()[pins.board_name("pi", "matrix_cs")] = matrix.pin


def SPI():
    return matrix.spi


def I2C():
    return bus.i2c()
