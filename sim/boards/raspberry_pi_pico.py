"""Raspberry Pi Pico (RP2040).

As CircuitPython 10.0.3 defines it: ports/raspberrypi/boards/raspberry_pi_pico/pins.c (the pins),
mpconfigboard.h (the buses' pins)."""

BOARD_ID = "raspberry_pi_pico"
MACHINE = "Raspberry Pi Pico with rp2040"
PINS = (
    "GP0", "GP1", "GP2", "GP3", "GP4", "GP5", "GP6", "GP7", "GP8", "GP9", "GP10", "GP11", "GP12", "GP13",
    "GP14", "GP15", "GP16", "GP17", "GP18", "GP19", "GP20", "GP21", "GP22", "SMPS_MODE GP23",
    "VBUS_SENSE GP24", "LED GP25", "GP26_A0 GP26 A0", "GP27_A1 GP27 A1", "GP28_A2 GP28 A2",
    "A3 VOLTAGE_MONITOR",
)
BUSES = {"STEMMA_I2C": ("I2C", "GP5", "GP4")}
ADC = ("GP26_A0", "GP27_A1", "GP28_A2", "A3")
DAC = ()
DISPLAY = None
