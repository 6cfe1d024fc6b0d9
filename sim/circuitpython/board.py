"""board stand-in: one board's pins, board_id and bus singletons, from the board's definition
(sim/boards/<board_id>.py, imported as ``boards.<board_id>``: pins.c's names, names of one pin
sharing one Pin, as A0 and D14 do on the Feather M4). board.SPI()/I2C() are static singletons on
CircuitPython, which claim their pins when first called; a board whose pins.c has no SPI has no
board.SPI() (AttributeError). The harness (feather.py) picks the board with ``_setup(board_id)``;
the Feather M4 until then."""

import microcontroller
from microcontroller import Pin, _claim, _free

_names = []
_ADC = ()  # the first names of the pins with an ADC input (analogio)
_definition = None  # the board's definition module


def _load(board_id):
    return getattr(__import__("boards." + board_id), board_id)


def _setup(board_id):
    """Make this module the board ``board_id``: its pins and buses and nothing else."""
    global _ADC, _definition
    g = globals()
    for name in _names:
        del g[name]
    del _names[:]
    del microcontroller._PINS[:]
    _definition = _load(board_id)
    g["board_id"] = _definition.BOARD_ID
    _ADC = _definition.ADC
    for group in _definition.PINS:
        names = group.split()
        pin = Pin(names[0])
        for name in names:
            g[name] = pin
            _names.append(name)
    for names, spec in _definition.BUSES.items():
        _singleton(names.split(), spec)


def _singleton(names, spec):
    """The bus ``spec`` (kind, its pins' names) as board.<name>() for each of ``names``: static on
    a board (no heap), so made here, with the board, before code.py's heap; it claims its pins when
    first called, as a board's does."""
    import busio

    g = globals()
    pins = [g[name] if name else None for name in spec[1:]]  # None: no such pin (a MISO-less SPI)
    bus = busio.SPI(*pins) if spec[0] == "SPI" else busio.I2C(*pins)
    for pin in bus._pins:
        _free(pin)
    entry = [bus, False]  # the bus, and whether it has claimed its pins

    def singleton():
        if not entry[1]:
            for pin in entry[0]._pins:
                _claim(pin)
            entry[1] = True
        return entry[0]

    for name in names:
        g[name] = singleton
        _names.append(name)


_setup("feather_m4_express")
