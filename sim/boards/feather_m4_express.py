"""Adafruit Feather M4 Express (SAMD51).

As CircuitPython 10.0.3 defines it: ports/atmel-samd/boards/feather_m4_express/pins.c (the pins),
mpconfigboard.h (the buses' pins)."""

BOARD_ID = "feather_m4_express"
MACHINE = "Adafruit Feather M4 Express with samd51j19"
PINS = (
    "A0 D14", "A1 D15", "A2 D16", "A3 D17", "A4 D18", "A5 D19", "SCK D25", "MOSI D24", "MISO D23",
    "D0 RX", "D1 TX", "SDA", "SCL", "D4", "D5", "D6", "D9", "D10", "D11", "D12", "LED D13", "NEOPIXEL",
    "VOLTAGE_MONITOR BATTERY",
)
BUSES = {"I2C": ("I2C", "SCL", "SDA"), "SPI": ("SPI", "SCK", "MOSI", "MISO")}
ADC = ("A0", "A1", "A2", "A3", "A4", "A5", "NEOPIXEL", "VOLTAGE_MONITOR")
DAC = ("A0", "A1")
DISPLAY = None
