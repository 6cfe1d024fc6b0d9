"""THE pin map: which ``board`` pin every signal of the toy uses, per board kind."""
# Small on purpose (the Feather imports it): one string per board kind, the pin names in
# SIGNALS order, "-" for not connected. The wiring documents' table (knightstour_desktop/pinmap.py,
# desktop only) takes its pin names from here. Settings may override a pin
# (KNIGHTSTOUR_PIN_TFT_DC = "D22": see settings.py).
#
# A Feather with the TFT FeatherWing needs no wires for the display and touch: the wing
# fixes them (TFT_CS D9, TFT_DC D10, touch CS D6, SD CS D5, SPI on SCK/MOSI/MISO). An ILI9341
# module with an XPT2046 takes the same pins by hand, and its touch IRQ (touch_irq: the
# XPT2046's; the FeatherWing V2's TSC2007 interrupt is read on the touch CS pin, D6). The push
# buttons (button_a, button_b) are read on the MAX7219 builds.
#
# A Raspberry Pi Pico (any of the family) has no board.SPI(): the toy makes busio.SPI on SPI0 from
# its pins here (SCK GP18, TX GP19, RX GP16, CSn GP17), and busio.I2C on I2C0 (GP4, GP5). The
# ILI9341 module with XPT2046 touch shares SPI0: DC GP20, RESET GP21, T_CS GP22, T_IRQ GP26;
# buttons GP14 and GP15, piezo GP13.

BOARD_KINDS = ("pi", "feather_rp2040", "feather_m4", "pico")

SIGNALS = (
    "spi_sck", "spi_mosi", "spi_miso",
    "matrix_cs", "tft_cs", "tft_dc", "tft_reset", "touch_cs", "sd_cs",
    "i2c_sda", "i2c_scl", "piezo", "touch_irq", "button_a", "button_b",
)

_FEATHER = "SCK MOSI MISO D11 D9 D10 - D6 D5 SDA SCL D12 A3 A1 A2"
PINS = {
    "pi": "SCK MOSI MISO CE0 CE0 D25 D24 CE1 - SDA SCL D6 D22 D17 D27",
    "feather_rp2040": _FEATHER,
    "feather_m4": _FEATHER,
    "pico": "GP18 GP19 GP16 GP17 GP17 GP20 GP21 GP22 - GP4 GP5 GP13 GP26 GP14 GP15",
}


def check_kind(kind):
    kind = str(kind).strip().lower()
    if kind not in PINS:
        raise ValueError("bad board kind %r: one of %s" % (kind, ", ".join(BOARD_KINDS)))
    return kind


def board_name(kind, signal):
    """The ``board`` module's name for ``signal`` on ``kind`` ("D25"); "" when not connected."""
    name = PINS[check_kind(kind)].split()[SIGNALS.index(signal)]
    return "" if name == "-" else name


def detect_kind(board_id="", machine=""):
    """The board kind from CircuitPython's ``board.board_id`` or ``os.uname().machine``."""
    # Returns "pi" for a Raspberry Pi or any Linux host (Blinka), "pico" for the Pico family
    # (before the RP2040: a Pico's machine is "Raspberry Pi Pico with rp2040"), the Feather
    # kinds for their board ids, and "" when it cannot tell.
    text = ("%s %s" % (board_id, machine)).lower()
    if "_pico" in text and "picosystem" not in text:
        return "pico"
    if "rp2040" in text or "rp2350" in text:
        return "feather_rp2040"
    if "m4" in text or "samd51" in text:
        return "feather_m4"
    if "raspberry" in text or "pi" in text.split("_") or "aarch64" in text or "armv" in text:
        return "pi"
    return ""

