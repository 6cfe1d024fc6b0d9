"""Each board kind's pins as the board defines them: the names that are one pin, in groups ("|" between
pins), the first name of a group the one the board's messages give. The Feathers' and the Pico's are
CircuitPython's ports/*/boards/*/pins.c, copied from the board definitions (sim/boards/<board_id>.py) by
tools/board_pins.py, as this package may not import the simulator's; the Pi's Blinka's board module for the
40-pin Raspberry Pi.

The desktop checks settings with it (deploy, run, sim): a name that is no pin of the board, and two
names of one pin, are found before the toy starts; on a board, the same is checked on its own pins.
"""

from .board_groups import PINS

BOARD_IDS = {"feather_m4": "feather_m4_express", "feather_rp2040": "adafruit_feather_rp2040", "pico": "raspberry_pi_pico",
             "pi": "raspberry_pi"}
# The other boards of a kind (the toy's pins are the same pins on each of them).
SAME_KIND = {"raspberry_pi_pico_w": "pico", "raspberry_pi_pico2": "pico", "raspberry_pi_pico2_w": "pico"}
BOARD_NAMES = {"Adafruit Feather M4 Express": "feather_m4", "Adafruit Feather RP2040": "feather_rp2040"}  # boot_out.txt's
# The CircuitPython boards' from their definitions (tools/board_pins.py makes board_groups.py); the Pi's
# from Blinka's board module for the 40-pin Raspberry Pi, which has no definition there.
GROUPS = {board_id: "|".join(pins) for board_id, pins in PINS.items()}
GROUPS["raspberry_pi"] = ("D0|D1|SDA D2|SCL D3|D4|D5|D6|CE1 D7|CE0 D8|MISO D9|MOSI D10|SCK D11 SCLK|D12|D13|"
                          "TX D14 TXD|RX D15 RXD|D16|D17|D18|MISO_1 D19|MOSI_1 D20|SCK_1 D21 SCLK_1|D22|D23|D24|"
                          "D25|D26|D27")


def pin_of(kind):
    """For board ``kind``: a function giving a pin name's pin (the first name of its group), ValueError
    (the reason) for a name that is no pin of that board."""
    board_id = BOARD_IDS[kind]
    pins = {}
    for group in GROUPS[board_id].split("|"):
        names = group.split()
        for name in names:
            pins[name] = names[0]

    def pin(name):
        if name not in pins:
            raise ValueError("it is no pin of the %s (its pins: %s)" % (kind.replace("_", " "), ", ".join(
                group.split()[0] for group in GROUPS[board_id].split("|"))))
        return pins[name]

    return pin
