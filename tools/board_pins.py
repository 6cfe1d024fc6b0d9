"""The desktop's copy of the boards' pins: device/knightstour_desktop/board_groups.py, made from the board
definitions (sim/boards/<board_id>.py, the one place a board's pins are written).

    python tools/board_pins.py            write it
    python tools/board_pins.py --check    exit 1 if the committed copy differs from a fresh run

The desktop package checks pin settings before deploy, run and sim, and may not import the simulator's
package (the wheel's `knights-tour deploy` must not need it), so it keeps this generated copy.
tests/test_pin_conflicts.py checks that the committed copy equals a fresh run.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)

from sim import boards  # noqa: E402

OUT = os.path.join(ROOT, "device", "knightstour_desktop", "board_groups.py")
# The CircuitPython boards the desktop checks pins for (board_pins.BOARD_IDS).
BOARDS = ("feather_m4_express", "adafruit_feather_rp2040", "raspberry_pi_pico")


def text():
    lines = ['"""Made by tools/board_pins.py from sim/boards: edit the board definitions, then run it."""', "",
             "PINS = {"]
    for board_id in BOARDS:
        lines.append("    %r: (" % board_id)
        line = "       "
        for group in boards.load(board_id).PINS:
            item = " %r," % group
            if len(line) + len(item) > 110:
                lines.append(line)
                line = "       "
            line += item
        lines.append(line)
        lines.append("    ),")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv):
    fresh = text()
    if "--check" in argv:
        with open(OUT, encoding="utf-8") as f:
            if f.read() != fresh:
                print("%s differs from a fresh run of tools/board_pins.py" % os.path.relpath(OUT, ROOT))
                return 1
        return 0
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(fresh)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
