"""The wiring table: every signal of every board kind, for the wiring documents.

The pins themselves come from the device's compact pin map (pins.py): each
row's ``board`` is ``pins.board_name(kind, signal)``, so the documents and
the code cannot disagree. The device never imports this module. Each signal
row is a dict:

    signal   the toy's name for it ("tft_dc")
    module   the pin's label on the module it goes to ("D/C" on the ILI9341)
    part     which module: "matrix" (MAX7219 8x8), "tft" (ILI9341), "buttons",
             "touch" (STMPE610 / FT6206), "piezo", "power"
    board    the pin's name in CircuitPython's / Blinka's ``board`` module
             ("D25", "CE0", "SCK"); "" for power and ground
    gpio     the chip's GPIO: BCM number on a Pi, "GPxx" on an RP2040,
             "PAxx"/"PBxx" on a SAMD51 (M4); None for power and ground
    header   the physical pin: header pin number on a Pi's 40-pin header,
             the silkscreen label on a Feather
    colour   a suggested wire colour
    note     what it is for, and anything to know when wiring it

A Feather with the TFT FeatherWing needs no wires for the display and touch:
the wing fixes them (TFT_CS D9, TFT_DC D10, touch CS D6, SD CS D5, SPI on
SCK/MOSI/MISO); the table lists them all the same.

Settings may override a pin (KNIGHTSTOUR_PIN_TFT_DC = "D22": see knightstour/settings.py).
"""

from knightstour.hw.wiring.pins import BOARD_KINDS, SIGNALS, board_name, check_kind  # noqa: F401  (BOARD_KINDS: for the documents)

BOARD_TITLES = {
    "pyportal": "Adafruit PyPortal, PyPortal Pynt or PyPortal Titano (everything built in)",
    "pi": "Raspberry Pi (40-pin header, BCM GPIO numbers)",
    "feather_rp2040": "Adafruit Feather RP2040 (TFT FeatherWing, or a MAX7219 module wired to it)",
    "feather_m4": "Adafruit Feather M4 Express (TFT FeatherWing, or a MAX7219 module wired to it)",
    "pico": "Raspberry Pi Pico, Pico W, Pico 2 or Pico 2 W (a MAX7219 module or an ILI9341 module wired to it)",
}

def _row(signal, part, module, board, gpio, header, colour, note):
    return {
        "signal": signal,
        "part": part,
        "module": module,
        "board": board,
        "gpio": gpio,
        "header": header,
        "colour": colour,
        "note": note,
    }


PI = (
    _row("spi_sck", "matrix,tft,touch", "CLK / SCK", "SCK", 11, 23, "yellow",
         "SPI0 clock (enable SPI: sudo raspi-config > Interface Options > SPI)"),
    _row("spi_mosi", "matrix,tft,touch", "DIN / MOSI", "MOSI", 10, 19, "blue", "SPI0 data out of the Pi"),
    _row("spi_miso", "tft,touch", "MISO / SDO", "MISO", 9, 21, "green",
         "SPI0 data into the Pi (the STMPE610 answers on it; the MAX7219 has none)"),
    _row("matrix_cs", "matrix", "CS / LOAD", "CE0", 8, 24, "orange", "MAX7219 chip select (SPI0 CE0)"),
    _row("tft_cs", "tft", "CS", "CE0", 8, 24, "orange", "ILI9341 chip select (SPI0 CE0)"),
    _row("tft_dc", "tft", "D/C", "D25", 25, 22, "white", "ILI9341 data/command"),
    _row("tft_reset", "tft", "RST", "D24", 24, 18, "grey", "ILI9341 reset"),
    _row("touch_cs", "touch", "T_CS / RT CS", "CE1", 7, 26, "purple",
         "STMPE610 resistive touch chip select (SPI0 CE1)"),
    _row("touch_irq", "touch", "T_IRQ", "D22", 22, 15, "grey", "XPT2046 pen interrupt (optional: low while touched)"),
    _row("sd_cs", "tft", "CCS / SD CS", "", None, None, "", "microSD card: not used"),
    _row("i2c_sda", "touch", "SDA", "SDA", 2, 3, "blue",
         "FT6206 capacitive touch (I2C1; enable I2C in raspi-config)"),
    _row("i2c_scl", "touch", "SCL", "SCL", 3, 5, "yellow", "FT6206 capacitive touch clock (I2C1)"),
    _row("piezo", "piezo", "+", "D6", 6, 31, "red", "piezo buzzer (PWM); its other leg to GND (pin 34)"),
    _row("button_a", "buttons", "button A", "D17", 17, 11, "white",
         "push button A (new tour; held: pause): its other leg to GND (pin 9)"),
    _row("button_b", "buttons", "button B", "D27", 27, 13, "white",
         "push button B (faster; held: slower): its other leg to GND (pin 14)"),
    _row("power_5v", "power", "VCC", "", None, 2, "red", "5 V for the MAX7219 module and the TFT's VIN"),
    _row("power_3v3", "power", "3V3 / Vin", "", None, 1, "red",
         "3.3 V (TFT breakouts with a regulator may take 5 V instead)"),
    _row("ground", "power", "GND", "", None, 6, "black", "ground: any GND pin (6, 9, 14, 20, 25, 30, 34, 39)"),
)


def _feather(gpio):
    """A Feather's rows: the same pins and labels on every Feather, only the chip's GPIO names differ."""
    return (
        _row("spi_sck", "matrix,tft,touch", "SCK", "SCK", gpio["SCK"], "SCK", "yellow",
             "SPI clock (the FeatherWing wires it)"),
        _row("spi_mosi", "matrix,tft,touch", "MOSI / DIN", "MOSI", gpio["MOSI"], "MO", "blue", "SPI data out"),
        _row("spi_miso", "tft,touch", "MISO", "MISO", gpio["MISO"], "MI", "green", "SPI data in"),
        _row("matrix_cs", "matrix", "CS / LOAD", "D11", gpio["D11"], "11", "orange",
             "MAX7219 chip select (wired by hand)"),
        _row("tft_cs", "tft", "TFT_CS", "D9", gpio["D9"], "9", "orange", "ILI9341 chip select (fixed by the FeatherWing)"),
        _row("tft_dc", "tft", "TFT_DC", "D10", gpio["D10"], "10", "white",
             "ILI9341 data/command (fixed by the FeatherWing)"),
        _row("tft_reset", "tft", "RST", "", None, "RST", "", "the FeatherWing ties the TFT reset to the Feather's reset"),
        _row("touch_cs", "touch", "RT", "D6", gpio["D6"], "6", "purple",
             "STMPE610 chip select (fixed by the FeatherWing V1)"),
        _row("tsc2007_irq", "touch", "IRQ", "D6", gpio["D6"], "6", "purple",
             "TSC2007 interrupt (FeatherWing V2): left an input, read as the touch CS pin's setting"),
        _row("touch_irq", "touch", "T_IRQ", "A3", gpio["A3"], "A3", "grey",
             "XPT2046 pen interrupt (optional: low while touched)"),
        _row("sd_cs", "tft", "SD", "D5", gpio["D5"], "5", "brown", "microSD chip select on the FeatherWing: not used, kept high"),
        _row("i2c_sda", "touch", "SDA", "SDA", gpio["SDA"], "SDA", "blue",
             "I2C data (the FeatherWing V2's TSC2007 at 0x48; an FT6206)"),
        _row("i2c_scl", "touch", "SCL", "SCL", gpio["SCL"], "SCL", "yellow", "I2C clock (TSC2007 or FT6206)"),
        _row("piezo", "piezo", "+", "D12", gpio["D12"], "12", "red", "piezo buzzer (PWM); its other leg to GND"),
        _row("button_a", "buttons", "button A", "A1", gpio["A1"], "A1", "white",
             "push button A (new tour; held: pause): its other leg to GND"),
        _row("button_b", "buttons", "button B", "A2", gpio["A2"], "A2", "white",
             "push button B (faster; held: slower): its other leg to GND"),
        _row("power_5v", "power", "VCC", "", None, "USB", "red", "5 V from USB for a MAX7219 module"),
        _row("power_3v3", "power", "3V", "", None, "3V", "red", "3.3 V"),
        _row("ground", "power", "GND", "", None, "GND", "black", "ground"),
    )


FEATHER_RP2040 = _feather({"SCK": "GP18", "MOSI": "GP19", "MISO": "GP20", "D11": "GP11", "D9": "GP9",
                           "D10": "GP10", "D6": "GP8", "D5": "GP7", "SDA": "GP2", "SCL": "GP3", "D12": "GP12",
                           "A1": "GP27", "A2": "GP28", "A3": "GP29"})

FEATHER_M4 = _feather({"SCK": "PA17", "MOSI": "PB23", "MISO": "PB22", "D11": "PA21", "D9": "PA19",
                       "D10": "PA20", "D6": "PA18", "D5": "PA16", "SDA": "PA12", "SCL": "PA13", "D12": "PA22",
                       "A1": "PA05", "A2": "PB08", "A3": "PB09"})

# The Pico's 40 pins are numbered round the board: 1-20 down the left (GP0 at 1), 21-40 up the right.
PICO = (
    _row("spi_sck", "matrix,tft,touch", "CLK / SCK", "GP18", "GP18", 24, "yellow", "SPI0 SCK"),
    _row("spi_mosi", "matrix,tft,touch", "DIN / MOSI", "GP19", "GP19", 25, "blue", "SPI0 TX (data out of the Pico)"),
    _row("spi_miso", "tft,touch", "MISO / SDO", "GP16", "GP16", 21, "green",
         "SPI0 RX (data into the Pico; the MAX7219 has none)"),
    _row("matrix_cs", "matrix", "CS / LOAD", "GP17", "GP17", 22, "orange", "MAX7219 chip select (SPI0 CSn)"),
    _row("tft_cs", "tft", "CS", "GP17", "GP17", 22, "orange", "ILI9341 chip select (SPI0 CSn)"),
    _row("tft_dc", "tft", "D/C", "GP20", "GP20", 26, "white", "ILI9341 data/command"),
    _row("tft_reset", "tft", "RST", "GP21", "GP21", 27, "grey", "ILI9341 reset"),
    _row("touch_cs", "touch", "T_CS", "GP22", "GP22", 29, "purple", "XPT2046 touch chip select"),
    _row("touch_irq", "touch", "T_IRQ", "GP26", "GP26", 31, "grey", "XPT2046 pen interrupt (optional: low while touched)"),
    _row("sd_cs", "tft", "SD_CS", "", None, None, "", "microSD card: not used"),
    _row("i2c_sda", "touch", "SDA", "GP4", "GP4", 6, "blue", "I2C0 data (an FT6206 or TSC2007)"),
    _row("i2c_scl", "touch", "SCL", "GP5", "GP5", 7, "yellow", "I2C0 clock"),
    _row("piezo", "piezo", "+", "GP13", "GP13", 17, "red", "piezo buzzer (PWM); its other leg to a GND pin"),
    _row("button_a", "buttons", "button A", "GP14", "GP14", 19, "white",
         "push button A (new tour; held: pause): its other leg to a GND pin"),
    _row("button_b", "buttons", "button B", "GP15", "GP15", 20, "white",
         "push button B (faster; held: slower): its other leg to a GND pin"),
    _row("power_5v", "power", "VCC", "", None, 40, "red", "5 V from USB (VBUS) for the MAX7219 module and the TFT's VCC"),
    _row("power_3v3", "power", "3V3", "", None, 36, "red", "3.3 V (3V3 OUT)"),
    _row("ground", "power", "GND", "", None, 38, "black", "ground: any GND pin (3, 8, 13, 18, 23, 28, 33, 38)"),
)

# A PyPortal's own parts: the names in its ``board`` module that hw/chips/pyportal.py,
# hw/chips/speaker.py and hw/wiring/build.py use (nothing to wire; the SAMD51 pins behind them differ between the three
# boards, and the code never needs them).
PYPORTAL = (
    _row("display", "tft", "built-in TFT", "DISPLAY", None, "-", "", "the screen, made by CircuitPython: "
         "320x240 ILI9341 (PyPortal, Pynt), 480x320 HX8357 (Titano)"),
    _row("touch_xl", "touch", "X-", "TOUCH_XL", None, "-", "", "resistive panel, read by adafruit_touchscreen"),
    _row("touch_xr", "touch", "X+", "TOUCH_XR", None, "-", "", "resistive panel"),
    _row("touch_yd", "touch", "Y-", "TOUCH_YD", None, "-", "", "resistive panel"),
    _row("touch_yu", "touch", "Y+", "TOUCH_YU", None, "-", "", "resistive panel"),
    _row("speaker", "piezo", "amplifier in", "SPEAKER", None, "-", "", "a DAC pin (A0) into the speaker's amplifier"),
    _row("speaker_enable", "piezo", "amplifier on", "SPEAKER_ENABLE", None, "-", "",
         "switched high to turn the amplifier on"),
)

PIN_MAP = {
    "pyportal": PYPORTAL,
    "pi": PI,
    "feather_rp2040": FEATHER_RP2040,
    "feather_m4": FEATHER_M4,
    "pico": PICO,
}


def rows(kind):
    """The rows of a board kind's table, in wiring order; RuntimeError if they name a pin other than
    the device's pin map does (a document drawn from them would lie)."""
    kind = "pyportal" if kind == "pyportal" else check_kind(kind)
    table = PIN_MAP[kind]
    wrong = disagreements(kind, table)
    if wrong:
        raise RuntimeError("knightstour_desktop/pinmap.py disagrees with hw/wiring/pins.py: " + "; ".join(wrong))
    return table


def disagreements(kind, table):
    """The rows of ``table`` (board ``kind``'s) whose pin is not the one pins.py gives their signal,
    as "signal: board, pins.py says other" lines. The TSC2007's interrupt is read as the touch CS pin."""
    wrong = []
    if kind == "pyportal":  # its own parts: no pin map
        return wrong
    for each in table:
        signal = "touch_cs" if each["signal"] == "tsc2007_irq" else each["signal"]
        if signal in SIGNALS and each["board"] != board_name(kind, signal):
            wrong.append("%s %s: %s, pins.py says %s" % (kind, each["signal"], each["board"], board_name(kind, signal)))
    return wrong


def row(kind, signal):
    """The row for ``signal`` on board ``kind``; KeyError if there is none."""
    for each in rows(kind):
        if each["signal"] == signal:
            return each
    raise KeyError(signal)
