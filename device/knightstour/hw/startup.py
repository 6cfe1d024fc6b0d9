"""The Feather's start (hw/feather.py): what only the start needs, forgotten once it is done.

Reading settings.toml through os.getenv, finding the board kind and its pins, building the
ports, the touch calibration. feather.py calls these through ``feather.step``, so that no
frame that lives on holds this module, and then forgets it with the modules these load
(FORGET). Nothing here imports feather.py: what these need from it comes in as arguments, and
what stops the toy goes back as a line.
"""

# The modules each step loads for the start alone, forgotten after it: reading settings.toml
# (key table, parsers and messages, about 14 KB of heap), and building the ports from the pin
# map (about 4 KB).
FORGET = {
    "load_settings": ("knightstour.settings", "knightstour.hw.wiring.keys"),
    "build_ports": ("knightstour.hw.wiring.build", "knightstour.hw.wiring.builtin", "knightstour.hw.wiring.touch_chips",
                    "knightstour.hw.wiring.touch_xpt2046", "knightstour.hw.wiring.calibration", "knightstour.hw.wiring.hardware",
                    "knightstour.hw.wiring.pins", "knightstour.hw.chips.ili9341", "knightstour.hw.views.tft_panel",
                    "knightstour.hw.wiring"),
}
# feather.NEEDS_KB for a deploy without --mpy: the board compiles the package's .py files at each
# start (benchmarks/feather_heap.py --py, 2 KB more than it found). Here, not in feather.py: read
# only at start, and forgotten with this module.
NEEDS_KB_PY = {"max7219": 79, "ili9341": 113}


def board_kind(settings, board):
    if settings.board != "auto":
        return settings.board
    import os

    from .wiring import pins

    machine = ""
    try:
        machine = os.uname().machine
    except AttributeError:
        pass
    return pins.detect_kind(getattr(board, "board_id", ""), machine) or "feather_rp2040"


def out_of_memory(settings, needs_kb):
    """The line for a MemoryError while the display is built, made before it can happen."""
    what = settings.display
    if settings.display == "ili9341":
        what += " and %s touch" % settings.touch
    return ("out of memory for the %s board on the %s: the 8x8 board needs a free heap of about %d KB "
            "with --mpy, %d KB without, bigger boards more (README: Will it fit?); try a smaller "
            "KNIGHTSTOUR_SIZE, or deploy --mpy"
            % (settings.size, what, needs_kb.get(settings.display, 0), NEEDS_KB_PY.get(settings.display, 0)))


def build_ports(settings, outputs, clock=None, wrap=0):
    """(display, touch, sound) on this board, the chip selects it drives added to ``outputs``
    (kept, not collected); a chip that does not answer: its line (a str) instead. ``clock`` (and
    ``wrap``): the main loop's, for the push buttons."""
    import board

    from .wiring import build, hardware

    try:
        hw = hardware.BoardHardware(board_kind(settings, board), settings, board=board)
        hw.clock, hw.clock_wrap = clock, wrap
        ports = build.build(settings, hw)
    except hardware.HardwareError as exc:
        return str(exc)
    outputs.extend(hw.outputs)
    return ports


class Settings:
    """The settings' values, as attributes named after the keys (``settings.rule``): all the
    app and the hardware read after start."""


def load_settings():
    """The settings from settings.toml (os.getenv), their messages printed, as a Settings whose
    values alone stay: the modules that read them are forgotten."""
    import os

    from .. import settings as table
    from .wiring import keys  # noqa: F401  (adds the hardware settings)

    loaded, messages = table.load(os.getenv)
    for text in messages:
        print("knightstour: " + text)
    settings = Settings()
    for key in table.KEYS:
        setattr(settings, key.name, getattr(loaded, key.name))
    return settings


def calibrate(settings, display, touch):
    """Run the touch calibration; the line to stop with."""
    import time

    from .inputs import calibrate as screen

    try:
        screen.calibrate(display.display, touch.reader, settings.tft_rotation, time.sleep)
    except ValueError as exc:
        print("knightstour: " + str(exc))
    return "calibration done: paste the lines above into settings.toml and set KNIGHTSTOUR_CALIBRATE = \"off\""
