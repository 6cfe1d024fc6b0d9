"""Knight's Tour desk toy: the Feather's entry point (CircuitPython).

Copy this file, the knightstour/ folder and settings.toml (from
settings.toml.example) to the CIRCUITPY drive, and install the libraries:

    circup install -r requirements.txt      (or: circup install --auto)

The program is knightstour/hw/feather.py (kept out of this file, which the board compiles
in RAM each start). Settings come from settings.toml (KNIGHTSTOUR_* keys: the display, the
board's pin map, rotations, touch calibration, pacing, sound). A chip that does not answer
prints one line naming the fix on the serial console and the toy waits there (no reboot
loop). KNIGHTSTOUR_CALIBRATE = "on" runs the touch calibration instead of the toy and
prints the lines to paste into settings.toml.
"""

from knightstour.hw.feather import main

if False:  # never run, and a board compiles none of it: knightstour.hw imports only the library its
    # settings ask for, and circup does not look inside lib/, so the one library the toy uses
    # (requirements.txt) is named here for `circup install --auto` (it reads this file's imports).
    import adafruit_touchscreen  # noqa: F401


main()
