"""What a board with a screen of its own (the PyPortals, the Cheap Yellow Display, the CLUE, the
PicoSystem, the Feather ESP32-S3 TFT) adds to the stand-in board: ``board.DISPLAY`` and its touch
(the PyPortals' resistive panel on TOUCH_XL..., the Cheap Yellow Display's XPT2046 on TOUCH_SPI). Loaded on these boards alone, with analogio, audiocore and
audioio (drive.py's PORTAL_STAND_INS), so that the other boards' runs load exactly the names they
did: the heap figures of the Feathers stay as they were.

``board.DISPLAY`` is built as the board's board.c builds it at boot: a busdisplay.BusDisplay of
the board's size (its definition's DISPLAY: sim/boards) at rotation 0, on a display bus that holds
the display's pins from then on (in use: the definition's DISPLAY_PINS, the PyPortals' LCD_DATA0-7
and TFT_* by default; "SPI" there is board.SPI(), the display's bus), in static storage (no heap).

In the harness (feather.py imports the stand-ins first), ``setup`` runs with feather_config's
CONFIG["portal"], the board id, and the touch becomes feather.py's ``chip``: a press there presses
the panel where the toy's reader reads (raw x, raw y), 0-4095 (resistive.py's touch_raw, or the
XPT2046 model on TOUCH_CS, its pen interrupt on TOUCH_INT)."""

import board
import busdisplay
from microcontroller import _claim

DISPLAY_PINS = ("LCD_DATA0", "LCD_DATA1", "LCD_DATA2", "LCD_DATA3", "LCD_DATA4", "LCD_DATA5", "LCD_DATA6",
                "LCD_DATA7", "TFT_RS", "TFT_CS", "TFT_WR", "TFT_RD", "TFT_RESET", "TFT_BACKLIGHT")


class ParallelBus:
    """paralleldisplaybus.ParallelBus as board.c builds it: its bytes go nowhere."""

    def reset(self):
        pass

    def send(self, command, data, *, toggle_every_byte=False):
        pass


def setup(board_id):
    """Make the stand-in board ``board_id``: its pins, board_id and DISPLAY."""
    board._setup(board_id)
    for name in getattr(board._definition, "DISPLAY_PINS", DISPLAY_PINS):
        if name == "SPI":
            board.SPI()  # the display's bus: board.SPI() gives it, its pins in use
        else:
            _claim(getattr(board, name))
    width, height = board._definition.DISPLAY
    board.DISPLAY = busdisplay.BusDisplay(ParallelBus(), b"", width=width, height=height, rotation=0,
                                          auto_refresh=True)
    board._names.append("DISPLAY")  # board._setup takes it away again with the pins


class Panel:
    """The panel as feather.py presses a touch controller: touch(raw x, raw y), release()."""

    def __init__(self, panel):
        self.panel = panel

    def touch(self, raw_x, raw_y):
        self.panel.touch_raw(raw_x, raw_y)

    def release(self):
        self.panel.release()


def _harness():
    try:
        from feather_config import CONFIG
    except ImportError:  # not in the harness (tests/test_circuitpython_bindings.py)
        return
    import sys

    setup(CONFIG["portal"])
    feather = sys.modules["feather"]  # still loading: it imports the stand-ins first
    if hasattr(board, "TOUCH_XL"):
        from resistive import pyportal_panel

        feather.chip = Panel(pyportal_panel(board))
    elif hasattr(board, "TOUCH_CS"):
        import busio
        from xpt2046 import XPT2046

        feather.chip = XPT2046(interrupt=board.TOUCH_INT)
        board.TOUCH_CS.chip = feather.chip
        busio._SPI_CHIPS.append(board.TOUCH_CS)


_harness()
