"""The resistive panel of a board with a display of its own (the PyPortal, Pynt, Titano:
board.TOUCH_XL ...), read by adafruit_touchscreen; "auto" picks it there. All the toy knows of
it: touch_chips.py loads this module only for it.
"""

SIGNALS = ()  # the board's own wires, not on the pin map
SELECT_FIRST = False
# adafruit_touchscreen's 16-bit readings given in 12 bits (>> 4): Adafruit's PyPortal examples
# calibrate with ((5200, 59000), (5800, 57000)), x then y.
CALIBRATION = (325, 3687, 362, 3562, False)
EMULATOR = "builtin"  # the PyPortal rig's own panel (sim/chips/resistive.py)


def open_driver(hw):
    from ..chips import pyportal

    return pyportal.make_touchscreen(hw.board)


def reader(driver, hw):
    from ..chips import pyportal

    return pyportal.touchscreen_reader(driver)
