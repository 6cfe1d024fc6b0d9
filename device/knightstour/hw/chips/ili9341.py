"""The ILI9341 320x240 TFT: adafruit_ili9341 over a FourWire bus, as a displayio display
(auto_refresh off: the TFT view refreshes once per batch of changes)."""


def make_ili9341(spi, cs, dc, reset, rotation):
    """The display on ``spi``; ``cs``, ``dc``, ``reset`` are board pins (reset may be None);
    ``rotation`` 0/180 is 320x240 landscape, 90/270 240x320 portrait."""
    import adafruit_ili9341
    import displayio

    try:
        from fourwire import FourWire
    except ImportError:  # CircuitPython before 9
        from displayio import FourWire

    displayio.release_displays()
    bus = FourWire(spi, command=dc, chip_select=cs, reset=reset, baudrate=24000000)
    width, height = (320, 240) if rotation % 180 == 0 else (240, 320)
    return adafruit_ili9341.ILI9341(bus, width=width, height=height, rotation=rotation, auto_refresh=False)
