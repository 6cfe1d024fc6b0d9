"""Pimoroni PicoSystem (RP2040, a 240x240 ST7789 on SPI, a direction pad and four buttons).

As CircuitPython 10.0.3 defines it: ports/raspberrypi/boards/pimoroni_picosystem/pins.c (the pins),
mpconfigboard.h (the buses' pins), board.c (the display: 240x240 at rotation 0 on its own SPI on
LCD_SCLK/LCD_MOSI, with LCD_DC, LCD_CS, LCD_RESET and BACKLIGHT). board.SPI() names the same two
pins as the display's bus, so it is in use once the display is."""

BOARD_ID = "pimoroni_picosystem"
MACHINE = "Pimoroni PicoSystem with rp2040"
PINS = (
    "TX GP0", "RX GP1", "VBUS_DETECT", "LCD_RESET", "LCD_CS", "LCD_SCLK", "LCD_MOSI", "LCD_VSYNC", "LCD_DC",
    "AUDIO", "BACKLIGHT", "LED_G", "LED_R", "LED_B", "SW_Y", "SW_X", "SW_A", "SW_B", "SW_DOWN", "SW_RIGHT",
    "SW_LEFT", "SW_UP", "CHARGE_STAT", "BAT_SENSE",
)
BUSES = {"SPI": ("SPI", "LCD_SCLK", "LCD_MOSI", None)}
ADC = ("BAT_SENSE",)  # GP26
DAC = ()
DISPLAY = (240, 240)
DISPLAY_PINS = ("LCD_SCLK", "LCD_MOSI", "LCD_DC", "LCD_CS", "LCD_RESET", "BACKLIGHT")
