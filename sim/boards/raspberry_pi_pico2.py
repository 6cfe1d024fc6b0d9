"""Raspberry Pi Pico 2 (RP2350).

As CircuitPython 10.0.3 defines it: ports/raspberrypi/boards/raspberry_pi_pico2/pins.c lists the same
pins as the Pico's, and mpconfigboard.h the same buses: they are raspberry_pi_pico.py's."""

from .raspberry_pi_pico import ADC, BUSES, DAC, DISPLAY, PINS  # noqa: F401  (the Pico's pins)

BOARD_ID = "raspberry_pi_pico2"
MACHINE = "Raspberry Pi Pico 2 with rp2350a"
