"""Adafruit PyPortal Pynt (SAMD51, a 320x240 ILI9341 on a parallel bus): CircuitPython 10 runs the
PyPortal's build on it (the same pins), whose board_id is "pyportal"; the toy knows this name too.

As CircuitPython 10.0.3 defines it: ports/atmel-samd/boards/pyportal/pins.c (the pins),
mpconfigboard.h (the buses' pins)."""

BOARD_ID = "pyportal_pynt"
MACHINE = "Adafruit PyPortal with samd51j20"
PINS = (
    "SPEAKER AUDIO_OUT A0", "SPEAKER_ENABLE", "LIGHT A2", "D3 A1", "D4 A4", "LED D13 L", "NEOPIXEL",
    "TFT_RESET", "TFT_RD", "TFT_RS", "TFT_CS", "TFT_TE", "TFT_WR TFT_DC", "TFT_BACKLIGHT", "LCD_DATA0",
    "LCD_DATA1", "LCD_DATA2", "LCD_DATA3", "LCD_DATA4", "LCD_DATA5", "LCD_DATA6", "LCD_DATA7", "TOUCH_YD",
    "TOUCH_XL", "TOUCH_YU", "TOUCH_XR", "ESP_CS", "ESP_GPIO0", "ESP_BUSY", "ESP_RESET", "ESP_RTS",
    "ESP_TX", "ESP_RX", "MOSI", "SCK", "MISO", "SDA", "SCL", "SD_CS", "SD_CARD_DETECT",
)
BUSES = {"I2C STEMMA_I2C": ("I2C", "SCL", "SDA"), "SPI": ("SPI", "SCK", "MOSI", "MISO")}
ADC = ("SPEAKER", "LIGHT", "D3", "D4", "TOUCH_YD", "TOUCH_XL", "TOUCH_YU", "TOUCH_XR", "SDA", "SCL", "TFT_RD", "TFT_RS", "TFT_CS", "TFT_TE", "TFT_WR")
DAC = ("SPEAKER", "D4")
DISPLAY = (320, 240)
