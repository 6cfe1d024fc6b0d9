"""Adafruit PyPortal Pynt (SAMD51, a 320x240 ILI9341 on a parallel bus): CircuitPython 10 runs the
PyPortal's build on it (the same pins), whose board_id is "pyportal"; the toy knows this name too.

Its pins, buses and screen are the PyPortal's (pyportal.py)."""

from .pyportal import ADC, BUSES, DAC, DISPLAY, MACHINE, PINS  # noqa: F401  (the PyPortal's board)

BOARD_ID = "pyportal_pynt"
