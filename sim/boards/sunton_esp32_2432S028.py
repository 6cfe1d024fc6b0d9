"""Sunton ESP32-2432S028, the "Cheap Yellow Display" (ESP32, a 320x240 ILI9341 on its own SPI bus,
XPT2046 resistive touch on another, a speaker on a DAC pin).

As CircuitPython 10.0.3 defines it: ports/espressif/boards/sunton_esp32_2432S028/pins.c (the pins
and the three SPI singletons), mpconfigboard.h (the buses' pins), board.c (the display: 320x240,
rotation from CIRCUITPY_DISPLAY_ROTATION, 0 when unset, on its own SPI on LCD_SCK/MOSI/MISO with
LCD_DC, LCD_CS and the backlight on IO21). No board.SPI(): SD_SPI, TOUCH_SPI and LCD_SPI instead."""

BOARD_ID = "sunton_esp32_2432S028"
MACHINE = "sunton_esp32_2432S028 with ESP32"
PINS = (
    "BOOT0 BUTTON", "LED_GREEN", "LED_RED", "LED_BLUE", "LDR", "SPEAKER", "IO21 LCD_BCKL", "IO22 SCL",
    "IO27 SDA", "IO35", "SD_MOSI", "SD_MISO", "SD_SCK", "SD_CS", "LCD_MOSI", "LCD_MISO", "LCD_SCK", "LCD_CS",
    "LCD_DC", "TOUCH_MOSI", "TOUCH_MISO", "TOUCH_SCK", "TOUCH_CS", "TOUCH_INT",
)
BUSES = {
    "I2C": ("I2C", "IO22", "IO27"),
    "SD_SPI": ("SPI", "SD_SCK", "SD_MOSI", "SD_MISO"),
    "TOUCH_SPI": ("SPI", "TOUCH_SCK", "TOUCH_MOSI", "TOUCH_MISO"),
    "LCD_SPI": ("SPI", "LCD_SCK", "LCD_MOSI", "LCD_MISO"),
}
ADC = ("LDR", "IO35", "TOUCH_MOSI", "TOUCH_MISO", "TOUCH_INT")  # on ADC1 (GPIO32-39): ADC2 is Wi-Fi's
DAC = ("SPEAKER", "TOUCH_SCK")  # GPIO26 and GPIO25, the ESP32's two DACs
DISPLAY = (320, 240)
DISPLAY_PINS = ("LCD_SCK", "LCD_MOSI", "LCD_MISO", "LCD_DC", "LCD_CS", "IO21")
