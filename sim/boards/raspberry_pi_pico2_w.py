"""Raspberry Pi Pico 2 W (RP2350; LED, SMPS_MODE and VBUS_SENSE on the Wi-Fi chip).

As CircuitPython 10.0.3 defines it: ports/raspberrypi/boards/raspberry_pi_pico2_w/pins.c (the pins),
mpconfigboard.h (the buses' pins)."""

BOARD_ID = "raspberry_pi_pico2_w"
MACHINE = "Raspberry Pi Pico 2 W with rp2350a"
PINS = (
    "GP0", "GP1", "GP2", "GP3", "GP4", "GP5", "GP6", "GP7", "GP8", "GP9", "GP10", "GP11", "GP12", "GP13",
    "GP14", "GP15", "GP16", "GP17", "GP18", "GP19", "GP20", "GP21", "GP22", "SMPS_MODE", "LED",
    "VBUS_SENSE", "GP26_A0 GP26 A0", "GP27_A1 GP27 A1", "GP28_A2 GP28 A2", "A3 VOLTAGE_MONITOR",
)
BUSES = {"STEMMA_I2C": ("I2C", "GP5", "GP4")}
ADC = ("GP26_A0", "GP27_A1", "GP28_A2", "A3")
DAC = ()
DISPLAY = None
