"""Raspberry Pi Pico W (RP2040; LED, SMPS_MODE and VBUS_SENSE on the Wi-Fi chip).

As CircuitPython 10.0.3 defines it: ports/raspberrypi/boards/raspberry_pi_pico_w/pins.c (the pins),
mpconfigboard.h (the buses' pins)."""

BOARD_ID = "raspberry_pi_pico_w"
MACHINE = "Raspberry Pi Pico W with rp2040"
PINS = (
    "GP0", "GP1", "GP2", "GP3", "GP4", "GP5", "GP6", "GP7", "GP8", "GP9", "GP10", "GP11", "GP12", "GP13",
    "GP14", "GP15", "GP16", "GP17", "GP18", "GP19", "GP20", "GP21", "GP22", "SMPS_MODE", "LED",
    "VBUS_SENSE", "GP26_A0 GP26 A0", "GP27_A1 GP27 A1", "GP28_A2 GP28 A2", "VOLTAGE_MONITOR A3",
)
BUSES = {"STEMMA_I2C": ("I2C", "GP5", "GP4")}
ADC = ("GP26_A0", "GP27_A1", "GP28_A2", "VOLTAGE_MONITOR")
DAC = ()
DISPLAY = None
