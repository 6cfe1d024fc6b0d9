"""board stand-in: one board's pins (CircuitPython's ports/*/boards/*/pins.c: names of one pin
share one Pin object, as A0 and D14 do on the Feather M4), board_id, and board.SPI()/I2C()
(static singletons on CircuitPython, which claim their pins when first called). The harness
(feather.py) picks the board with ``_setup(board_id)``; the Feather M4 until then."""

import microcontroller
from microcontroller import Pin, _claim, _free

# board_id: the pins, a group of names per pin ("|" between pins); the first name is the one a
# "... in use" message gives.
_PINS = {
    "feather_m4_express": "A0 D14|A1 D15|A2 D16|A3 D17|A4 D18|A5 D19|SCK D25|MOSI D24|MISO D23|D0 RX|"
                          "D1 TX|SDA|SCL|D4|D5|D6|D9|D10|D11|D12|LED D13|NEOPIXEL|VOLTAGE_MONITOR BATTERY",
    "adafruit_feather_rp2040": "A0|A1|A2|A3|D24|D25|SCK|MOSI|MISO|D0 RX|D1 TX|D4|SDA|SCL|D5|D6|D9|D10|D11|"
                               "D12|LED D13|BUTTON BOOT|NEOPIXEL",
    "pyportal": "SPEAKER AUDIO_OUT A0|SPEAKER_ENABLE|LIGHT A2|D3 A1|D4 A4|LED D13 L|NEOPIXEL|TFT_RESET|"
                "TFT_RD|TFT_RS|TFT_CS|TFT_TE|TFT_WR TFT_DC|TFT_BACKLIGHT|LCD_DATA0|LCD_DATA1|LCD_DATA2|"
                "LCD_DATA3|LCD_DATA4|LCD_DATA5|LCD_DATA6|LCD_DATA7|TOUCH_YD|TOUCH_XL|TOUCH_YU|TOUCH_XR|"
                "ESP_CS|ESP_GPIO0|ESP_BUSY|ESP_RESET|ESP_RTS|ESP_TX|ESP_RX|MOSI|SCK|MISO|SDA|SCL|SD_CS|"
                "SD_CARD_DETECT",
}
_names = []
_buses = {}


def _setup(board_id):
    """Make this module the board ``board_id``: its pins and nothing else."""
    g = globals()
    for name in _names:
        del g[name]
    del _names[:]
    del microcontroller._PINS[:]
    _buses.clear()
    g["board_id"] = board_id
    for group in _PINS[board_id].split("|"):
        names = group.split()
        pin = Pin(names[0])
        for name in names:
            g[name] = pin
            _names.append(name)
    _singletons()


def _singletons():
    """board.SPI() and board.I2C() are static on a board (no heap): made here, with the board,
    before code.py's heap; each claims its pins when first called, as a board's does."""
    import busio

    g = globals()
    for kind, bus in (("spi", busio.SPI(g["SCK"], g["MOSI"], g["MISO"])), ("i2c", busio.I2C(g["SCL"], g["SDA"]))):
        for pin in bus._pins:
            _free(pin)
        _buses[kind] = [bus, False]  # the bus, and whether it has claimed its pins


def _singleton(kind):
    entry = _buses[kind]
    if not entry[1]:
        for pin in entry[0]._pins:
            _claim(pin)
        entry[1] = True
    return entry[0]


def SPI():
    return _singleton("spi")


def I2C():
    return _singleton("i2c")


_setup("feather_m4_express")
