"""The boards, one file each, named by CircuitPython's ``board.board_id``: what the stand-in
``board`` module (sim/circuitpython/board.py) is on that board, read by the MicroPython harness,
the simulator and the web page alike. A new board is one new file here; a definition holds:

    BOARD_ID  its board_id
    MACHINE   its os.uname().machine: mpconfigboard.h's MICROPY_HW_BOARD_NAME " with " MICROPY_HW_MCU_NAME
    PINS      its pins as ports/*/boards/<id>/pins.c lists them: one string per pin, the names of
              that pin in it ("A0 D14": board.A0 is board.D14); the first is the one "... in use" names
    BUSES     {names: (kind, pin, ...)}: the bus singletons pins.c gives the board ("I2C STEMMA_I2C":
              two names for one), kind "SPI" (SCK, MOSI, MISO) or "I2C" (SCL, SDA), the pins from
              mpconfigboard.h. A board without "SPI" has no board.SPI() (AttributeError, as on the board)
    ADC       the first names of the pins analogio.AnalogIn takes
    DAC       the first names of the pins audioio.AudioOut takes
    DISPLAY   (width, height) of the board.DISPLAY board.c builds at boot, at rotation 0; None: none
    DISPLAY_PINS  (optional) the pins board.c's display holds (in use from boot): pins.c names, "SPI"
              for board.SPI() when the display is on it; default: the PyPortals' (sim/circuitpython/_portal.py)

KINDS gives a board of each pin map kind (knightstour/hw/wiring/pins.py) that has one here: the
simulator's board for that kind, the harness's short names.

Plain data and MicroPython-safe: the harness copies this folder beside the stand-ins as ``boards``.
board.UART() is not stood in (the toy has no use for it)."""

KINDS = {"feather_m4": "feather_m4_express", "feather_rp2040": "adafruit_feather_rp2040", "pico": "raspberry_pi_pico"}


def folder():
    """This folder (CPython)."""
    import os

    return os.path.dirname(os.path.abspath(__file__))


def files(extra=()):
    """{board_id: path} of every definition here, then in the folders ``extra`` (CPython)."""
    import os

    found = {}
    for where in (folder(),) + tuple(extra):
        for name in sorted(os.listdir(where)):
            if name.endswith(".py") and not name.startswith("_"):
                found[name[:-3]] = os.path.join(where, name)
    return found


def load(board_id, extra=()):
    """The definition of ``board_id`` as a module (CPython); ValueError naming the boards known."""
    import importlib.util

    known = files(extra)
    if board_id not in known:
        raise ValueError("unknown board %r: one of %s" % (board_id, ", ".join(sorted(known))))
    # named in this package, so that a board that is another's build (the Pynt) imports it relatively
    spec = importlib.util.spec_from_file_location(__name__ + "." + board_id, known[board_id])
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
