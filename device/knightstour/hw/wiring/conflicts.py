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


def find(settings, kind, pin_of=None):
    """One line for each pin the settings' overrides give to two signals on board ``kind``,
    found before any pin is claimed (a board would say only "Pin in use")."""
    # The pin map's pins among themselves, and the SPI bus the chips share, are no conflict. ``pin_of(name)``
    # gives a name's pin, so that two names of one pin (D25 and SCK on a Feather M4) are one, or raises
    # ValueError (why) for a name that is no pin; without it, names are compared.
    taken = []  # (pin, name, signal, overridden)
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
        pin = name
        if pin_of is not None:
            try:
                pin = pin_of(name)
            except ValueError as exc:
                errors.append("bad %s %s: %s; give one of its pins" % (_key(signal), name, exc))
                continue
        first = None
        for entry in taken:
            if entry[0] == pin:
                first = entry
                break
        if first is None:
            taken.append((pin, name, signal, override != ""))
            continue
        if not override and not first[3]:
            continue
        bad, other = (signal, first[2]) if override else (first[2], signal)
        bad_name, other_name = (name, first[1]) if override else (first[1], name)
        same = " (the same pin as %s)" % other_name if other_name != bad_name else ""
        errors.append("bad %s %s%s: already %s (%s); give another pin"
                      % (_key(bad), bad_name, same, _use(other), _key(other) if _has_key(other) else "the pin map's"))
    return errors


def board_pins(board):
    """``find``'s pin_of on a board: the ``board`` module's own pin object (two names of one pin are
    one object); ValueError for a name that is there but no pin (board.SPI, board.I2C, board.UART); a
    name the board lacks is left to the builders, which say "this board has no pin"."""
    try:
        from microcontroller import Pin
    except ImportError:  # Blinka without its microcontroller module: its pins have an id
        Pin = None

    def pin_of(name):
        found = getattr(board, name, None)
        if found is None:
            return name
        if not ((Pin is not None and isinstance(found, Pin)) or (not callable(found) and hasattr(found, "id"))):
            raise ValueError("it is no pin of this board")
        return found

    return pin_of


def _use(signal):
    return USES.split(",")[SIGNALS.index(signal)]


def _has_key(signal):
    return signal == "piezo" or signal in ("matrix_cs", "tft_cs", "tft_dc", "tft_reset", "touch_cs", "touch_irq",
                                           "button_a", "button_b")


def _key(signal):
    return "KNIGHTSTOUR_PIEZO" if signal == "piezo" else "KNIGHTSTOUR_PIN_" + signal.upper()
