"""Adafruit PyPortal Titano (SAMD51, a 480x320 HX8357 on a parallel bus).

As CircuitPython 10.0.3 defines it: ports/atmel-samd/boards/pyportal_titano/pins.c lists the same pins
as the PyPortal's, and mpconfigboard.h the same buses: they are pyportal.py's; its screen is larger."""

from .pyportal import ADC, BUSES, DAC, PINS  # noqa: F401  (the PyPortal's pins)

BOARD_ID = "pyportal_titano"
MACHINE = "Adafruit PyPortal Titano with samd51j20"
DISPLAY = (480, 320)
