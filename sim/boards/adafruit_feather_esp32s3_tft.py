"""Adafruit Feather ESP32-S3 TFT (ESP32-S3, a 240x135 ST7789 on the board's SPI, one button).

As CircuitPython 10.0.3 defines it: ports/espressif/boards/adafruit_feather_esp32s3_tft/pins.c (the
pins), mpconfigboard.h (the buses' pins), board.c (the display: 240x135 at rotation 0 on board.SPI(),
with TFT_DC, TFT_CS, TFT_RESET and TFT_BACKLIGHT: board.SPI() is the display's bus, made at boot)."""

BOARD_ID = "adafruit_feather_esp32s3_tft"
MACHINE = "Adafruit Feather ESP32-S3 TFT with ESP32S3"
PINS = (
    "TX D1", "RX D2", "D5", "D6", "D9", "D10", "D11", "D12", "LED D13 L", "A5 D8", "A4 D14", "A3 D15",
    "A2 D16", "A1 D17", "A0 D18", "NEOPIXEL", "NEOPIXEL_POWER", "TFT_I2C_POWER", "MOSI D35", "SCK D36",
    "MISO D37", "SCL D41", "SDA D42", "TFT_CS", "TFT_DC", "TFT_RESET", "TFT_BACKLIGHT", "BUTTON BOOT0",
)
BUSES = {"I2C STEMMA_I2C": ("I2C", "SCL", "SDA"), "SPI": ("SPI", "SCK", "MOSI", "MISO")}
ADC = ("A0", "A1", "A2", "A3", "A4", "A5")
DAC = ()
DISPLAY = (240, 135)
DISPLAY_PINS = ("SPI", "TFT_DC", "TFT_CS", "TFT_RESET", "TFT_BACKLIGHT")  # "SPI": board.SPI(), claimed
