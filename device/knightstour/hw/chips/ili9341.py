"""The ILI9341 320x240 TFT over a FourWire bus, as a displayio display (auto_refresh off: the TFT
view refreshes once per batch of changes)."""
# A plain BusDisplay given the chip's start-up commands: no driver class, so no driver module stays
# in RAM once the display is built (the Feather forgets this one after its ports phase).

# The start-up commands as BusDisplay takes them: a command, then its parameter count (bit 7 set:
# a delay in ms follows the parameters), the parameters. The power, VCOM, timing and gamma values
# are the ones these modules' glass is driven with (Adafruit's drivers send the same), so the panel
# looks as it always did; the rest is the datasheet's start: reset, pixel format, addressing, wake.
_START = (
    b"\x01\x80\x80"  # SWRESET, then 128 ms
    b"\xef\x03\x03\x80\x02"  # (undocumented, sent by every driver of these panels)
    b"\xcf\x03\x00\xc1\x30"  # power control B
    b"\xed\x04\x64\x03\x12\x81"  # power-on sequence control
    b"\xe8\x03\x85\x00\x78"  # driver timing control A
    b"\xcb\x05\x39\x2c\x00\x34\x02"  # power control A
    b"\xf7\x01\x20"  # pump ratio control
    b"\xea\x02\x00\x00"  # driver timing control B
    b"\xc0\x01\x23"  # PWCTR1: GVDD 4.60 V
    b"\xc1\x01\x10"  # PWCTR2: step-up factor
    b"\xc5\x02\x3e\x28"  # VMCTR1: VCOMH 4.25 V, VCOML -1.5 V
    b"\xc7\x01\x86"  # VMCTR2: VCOM offset
    b"\x37\x01\x00"  # VSCRSADD: no vertical scroll
    b"\x3a\x01\x55"  # COLMOD: 16 bits a pixel (RGB565)
    b"\xb1\x02\x00\x18"  # FRMCTR1: 79 Hz
    b"\xb6\x03\x08\x82\x27"  # DFUNCTR: 320 lines
    b"\xf2\x01\x00"  # 3-gamma off
    b"\x26\x01\x01"  # GAMSET: gamma curve 1
    b"\xe0\x0f\x0f\x31\x2b\x0c\x0e\x08\x4e\xf1\x37\x07\x10\x03\x0e\x09\x00"  # PGAMCTRL
    b"\xe1\x0f\x00\x0e\x14\x03\x11\x07\x31\xc1\x48\x08\x0f\x0c\x31\x36\x0f"  # NGAMCTRL
    b"\x36\x01\x38"  # MADCTL: rows and columns exchanged, BGR (the glass's colour filter)
    b"\x11\x80\x78"  # SLPOUT, then 120 ms
    b"\x29\x80\x78"  # DISPON, then 120 ms
)


def make_ili9341(spi, cs, dc, reset, rotation):
    """The display on ``spi``; ``cs``, ``dc``, ``reset`` are board pins (reset may be None);
    ``rotation`` 0/180 is 320x240 landscape, 90/270 240x320 portrait."""
    import displayio

    try:
        from busdisplay import BusDisplay
        from fourwire import FourWire
    except ImportError:  # CircuitPython before 9
        from displayio import Display as BusDisplay
        from displayio import FourWire

    displayio.release_displays()
    bus = FourWire(spi, command=dc, chip_select=cs, reset=reset, baudrate=24000000)
    width, height = (320, 240) if rotation % 180 == 0 else (240, 320)
    return BusDisplay(bus, _START, width=width, height=height, rotation=rotation, auto_refresh=False)
