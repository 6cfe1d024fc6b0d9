"""board stand-in: a Feather's pins, and board.SPI()/I2C() (static singletons on CircuitPython).
``board_id`` is set by the harness (feather.py) from its configuration."""

from microcontroller import Pin

board_id = "adafruit_feather_m4_express"

for _name in ("A0", "A1", "A2", "A3", "A4", "A5", "D4", "D5", "D6", "D9", "D10", "D11", "D12", "D13",
              "SCK", "MOSI", "MISO", "SDA", "SCL", "TX", "RX", "NEOPIXEL"):
    globals()[_name] = Pin(_name)

_buses = {}


def SPI():
    if "spi" not in _buses:
        import busio

        _buses["spi"] = busio.SPI(SCK, MOSI, MISO)  # noqa: F821
    return _buses["spi"]


def I2C():
    if "i2c" not in _buses:
        import busio

        _buses["i2c"] = busio.I2C(SCL, SDA)  # noqa: F821
    return _buses["i2c"]
