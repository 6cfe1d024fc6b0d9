"""Knight's Tour desk toy: the Feather's entry point (CircuitPython).

Copy this file, the knightstour/ folder and settings.toml (from
settings.toml.example) to the CIRCUITPY drive, and install the libraries:

    circup install -r requirements.txt      (or: circup install --auto)

Settings come from settings.toml through os.getenv (KNIGHTSTOUR_* keys: the
display, the board's pin map, rotations, touch calibration, pacing, sound).
Pins come from knightstour/hw/pins.py. A chip that does not answer prints one
line naming the fix on the serial console and the toy waits there (no reboot
loop). KNIGHTSTOUR_CALIBRATE = "on" runs the touch calibration instead of the
toy and prints the lines to paste into settings.toml.
"""

import os
import time

import board

from knightstour import settings as settings_module
from knightstour.hw import keys, pins  # noqa: F401  (keys: adds the hardware settings)
from knightstour.hw.loop import BoardHardware, HardwareError, build, run_forever


def _libraries():
    """Never called. knightstour.hw imports only the driver its settings ask for, and circup does
    not look inside lib/, so the drivers are named here for `circup install --auto` (it reads
    this file's imports; it does not run it)."""
    import adafruit_display_text.label  # noqa: F401
    import adafruit_focaltouch  # noqa: F401
    import adafruit_ili9341  # noqa: F401
    import adafruit_max7219.matrices  # noqa: F401
    import adafruit_stmpe610  # noqa: F401
    import adafruit_touchscreen  # noqa: F401
    import adafruit_tsc2007  # noqa: F401


def board_kind(settings):
    if settings.board != "auto":
        return settings.board
    machine = ""
    try:
        machine = os.uname().machine
    except AttributeError:
        pass
    return pins.detect_kind(getattr(board, "board_id", ""), machine) or "feather_rp2040"


def clock():
    """(clock, wrap): CircuitPython's float time.monotonic() loses precision after a day up, so
    use the millisecond ticks, folded below 2**20 ms to stay exact in a float, which wrap."""
    try:
        from supervisor import ticks_ms
    except ImportError:
        return time.monotonic, 0
    return (lambda: (ticks_ms() & 0xFFFFF) / 1000), 1048.576


def stop(text):
    """Show one line on the serial console and wait (a reboot loop would hide it)."""
    print("knightstour: error: " + text)
    while True:
        time.sleep(1)


def main():
    settings, messages = settings_module.load(os.getenv)
    for text in messages:
        print("knightstour: " + text)
    hw = BoardHardware(board_kind(settings), settings, board=board)
    try:
        display, touch, sound = build(settings, hw)
    except HardwareError as exc:
        stop(str(exc))
        return
    if settings.calibrate and settings.display in ("ili9341", "builtin") and settings.touch != "none":
        from knightstour.hw.touch import calibrate

        try:
            calibrate(display.display, touch.reader, settings.tft_rotation, time.sleep)
        except ValueError as exc:
            print("knightstour: " + str(exc))
        stop("calibration done: paste the lines above into settings.toml and set KNIGHTSTOUR_CALIBRATE = \"off\"")
        return
    from knightstour.app import App

    app = App(settings, display, touch, sound)
    for text in app.messages:
        print("knightstour: " + text)
    now, app.clock_wrap = clock()
    run_forever(app, now, time.sleep)


main()
