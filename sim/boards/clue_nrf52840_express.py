"""Adafruit CLUE (nRF52840, a 240x240 ST7789 on SPI, buttons A and B).

As CircuitPython 10.0.3 defines it: ports/nordic/boards/clue_nrf52840_express/pins.c (the pins),
mpconfigboard.h (the buses' pins), board.c (the display: 240x240 at rotation 0 on its own SPI on
TFT_SCK/TFT_MOSI, with TFT_DC, TFT_CS, TFT_RESET and TFT_BACKLIGHT). Its board_id is the folder's
name, clue_nrf52840_express. No DAC: the nRF52840 has no audioio (ports/nordic/mpconfigport.mk)."""

BOARD_ID = "clue_nrf52840_express"
MACHINE = "Adafruit CLUE nRF52840 Express with nRF52840"
PINS = (
    "P0 D0 A2 RX", "P1 D1 A3 TX", "P2 D2 A4", "P3 D3 A5", "P4 D4 A6", "P5 D5 BUTTON_A", "P6 D6", "P7 D7",
    "P8 D8", "P9 D9", "P10 D10 A7", "P11 D11 BUTTON_B", "P12 D12 A0", "P13 D13 SCK", "P14 D14 MISO",
    "P15 D15 MOSI", "P16 D16 A1", "P17 D17 L LED", "P18 D18 NEOPIXEL", "P19 D19 SCL", "P20 D20 SDA",
    "MICROPHONE_CLOCK", "MICROPHONE_DATA", "SPEAKER", "PROXIMITY_LIGHT_INTERRUPT",
    "ACCELEROMETER_GYRO_INTERRUPT", "WHITE_LEDS", "TFT_RESET", "TFT_BACKLIGHT", "TFT_CS", "TFT_DC", "TFT_SCK",
    "TFT_MOSI",
)
BUSES = {"I2C STEMMA_I2C": ("I2C", "P19", "P20"), "SPI": ("SPI", "P13", "P15", "P14")}
ADC = ("P12", "P16", "P0", "P1", "P2", "P3", "P4", "P10")  # A0-A7
DAC = ()
DISPLAY = (240, 240)
DISPLAY_PINS = ("TFT_SCK", "TFT_MOSI", "TFT_DC", "TFT_CS", "TFT_RESET", "TFT_BACKLIGHT")
