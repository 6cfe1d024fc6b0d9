"""Pins the settings give two uses, found before any pin is claimed: a board would say only
"Pin in use" (a traceback), the desktop nothing at all until the toy misbehaves. The Feather
loads this in a start phase of its own and forgets it.
"""

from .pins import SIGNALS, board_name

# What each signal is, in SIGNALS order, for the messages.
USES = ("the SPI clock,the SPI MOSI,the SPI MISO,the matrix chip select,the display chip select,"
        "the display data/command pin,the display reset pin,the touch chip select,the microSD chip select,"
        "the I2C data,the I2C clock,the piezo,the touch interrupt,button A,button B")


def used_signals(settings):
    """The signals the settings' display, touch controller, buttons and piezo use."""
    used = ["spi_sck", "spi_mosi", "spi_miso"]
    if settings.display == "max7219":
        used += ["matrix_cs", "button_a", "button_b"]
    elif settings.display == "ili9341":
        from .touch_chips import signals

        used += ["tft_cs", "tft_dc", "tft_reset", "sd_cs"]
        for signal in signals(settings.touch):
            if signal not in used:
                used.append(signal)
    if settings.piezo != "off" and settings.sound:
        used.append("piezo")
    return used


def find(settings, kind):
    """One line for each pin the settings' overrides give to two signals on board ``kind``,
    found before any pin is claimed (a board would say only "Pin in use"). The pin map's pins
    among themselves, and the SPI bus the chips share, are no conflict."""
    taken = {}  # board pin name -> (signal, overridden)
    errors = []
    for signal in used_signals(settings):
        override = ""
        if signal == "piezo":
            override = settings.piezo if settings.piezo != "on" else ""
        elif _has_key(signal):
            override = getattr(settings, "pin_" + signal)
        if override == "none":
            continue
        name = override or board_name(kind, signal)
        if not name:
            continue
        if name not in taken:
            taken[name] = (signal, override != "")
            continue
        first, first_overridden = taken[name]
        if not override and not first_overridden:
            continue
        bad, other = (signal, first) if override else (first, signal)
        errors.append("bad %s %s: already %s (%s); give another pin"
                      % (_key(bad), name, _use(other), _key(other) if _has_key(other) else "the pin map's"))
    return errors


def _use(signal):
    return USES.split(",")[SIGNALS.index(signal)]


def _has_key(signal):
    return signal == "piezo" or signal in ("matrix_cs", "tft_cs", "tft_dc", "tft_reset", "touch_cs", "touch_irq",
                                           "button_a", "button_b")


def _key(signal):
    return "KNIGHTSTOUR_PIEZO" if signal == "piezo" else "KNIGHTSTOUR_PIN_" + signal.upper()
