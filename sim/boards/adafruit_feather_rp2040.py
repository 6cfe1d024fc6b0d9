"""Adafruit Feather RP2040.

As CircuitPython 10.0.3 defines it: ports/raspberrypi/boards/adafruit_feather_rp2040/pins.c (the pins),
mpconfigboard.h (the buses' pins)."""

BOARD_ID = "adafruit_feather_rp2040"
MACHINE = "Adafruit Feather RP2040 with rp2040"
PINS = (
    "A0", "A1", "A2", "A3", "D24", "D25", "SCK", "MOSI", "MISO", "D0 RX", "D1 TX", "D4", "SDA", "SCL",
    "D5", "D6", "D9", "D10", "D11", "D12", "LED D13", "BUTTON BOOT", "NEOPIXEL",
)
BUSES = {"I2C STEMMA_I2C": ("I2C", "SCL", "SDA"), "SPI": ("SPI", "SCK", "MOSI", "MISO")}
ADC = ("A0", "A1", "A2", "A3")
DAC = ()
DISPLAY = None
