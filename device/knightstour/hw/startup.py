"""The Feather's start (hw/feather.py): what only the start needs, forgotten once it is done.

Reading settings.toml through os.getenv, finding the board kind and its pins, building the
ports, the touch calibration. feather.py calls these through ``feather.step``, so that no
frame that lives on holds this module, and then forgets it with the modules these load.
"""

from .feather import NEEDS_KB, OUTPUTS, forget, stop

# The modules only the start needs: reading settings.toml (key table, parsers and messages,
# about 14 KB of heap), and building the ports from the pin map (about 4 KB).
SETTINGS_MODULES = ("knightstour.settings", "knightstour.hw.keys")
BUILD_MODULES = ("knightstour.hw.loop", "knightstour.hw.pins", "knightstour.hw.pinmap")
# feather.NEEDS_KB for a deploy without --mpy: the board compiles the package's .py files at each
# start (benchmarks/feather_heap.py --py, 2 KB more than it found). Here, not in feather.py: read
# only at start, and forgotten with this module.
NEEDS_KB_PY = {"max7219": 71, "ili9341": 108}


def board_kind(settings, board):
    if settings.board != "auto":
        return settings.board
    import os

    from . import pins

    machine = ""
    try:
        machine = os.uname().machine
    except AttributeError:
        pass
    return pins.detect_kind(getattr(board, "board_id", ""), machine) or "feather_rp2040"


def out_of_memory(settings):
    """The line for a MemoryError while the display is built, made before it can happen."""
    what = settings.display
    if settings.display == "ili9341":
        what += " and %s touch" % settings.touch
    return ("out of memory for the %s board on the %s: the 8x8 board needs a free heap of about %d KB "
            "with --mpy, %d KB without, bigger boards more (README: Will it fit?); try a smaller "
            "KNIGHTSTOUR_SIZE, or deploy --mpy"
            % (settings.size, what, NEEDS_KB.get(settings.display, 0), NEEDS_KB_PY.get(settings.display, 0)))


def build_ports(settings):
    """(display, touch, sound) on this board; a chip that does not answer stops with its line."""
    import board

    from .loop import BoardHardware, HardwareError, build

    try:
        hw = BoardHardware(board_kind(settings, board), settings, board=board)
        ports = build(settings, hw)
    except HardwareError as exc:
        stop(str(exc))
    OUTPUTS.extend(hw.outputs)
    forget(BUILD_MODULES)
    return ports


class Settings:
    """The settings' values, as attributes named after the keys (``settings.rule``): all the
    app and the hardware read after start."""


def load_settings():
    """The settings from settings.toml (os.getenv), their messages printed, as a Settings whose
    values alone stay: the modules that read them are forgotten."""
    import os

    from .. import settings as table
    from . import keys  # noqa: F401  (adds the hardware settings)

    loaded, messages = table.load(os.getenv)
    for text in messages:
        print("knightstour: " + text)
    settings = Settings()
    for key in table.KEYS:
        setattr(settings, key.name, getattr(loaded, key.name))
    forget(SETTINGS_MODULES)
    return settings


def calibrate(settings, display, touch):
    import time

    from .calibrate import calibrate

    try:
        calibrate(display.display, touch.reader, settings.tft_rotation, time.sleep)
    except ValueError as exc:
        print("knightstour: " + str(exc))
    stop("calibration done: paste the lines above into settings.toml and set KNIGHTSTOUR_CALIBRATE = \"off\"")
