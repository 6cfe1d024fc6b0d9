"""Made by tools/board_pins.py from sim/boards: edit the board definitions, then run it."""

PINS = {
    'feather_m4_express': (
        'A0 D14', 'A1 D15', 'A2 D16', 'A3 D17', 'A4 D18', 'A5 D19', 'SCK D25', 'MOSI D24', 'MISO D23',
        'D0 RX', 'D1 TX', 'SDA', 'SCL', 'D4', 'D5', 'D6', 'D9', 'D10', 'D11', 'D12', 'LED D13', 'NEOPIXEL',
        'VOLTAGE_MONITOR BATTERY',
    ),
    'adafruit_feather_rp2040': (
        'A0', 'A1', 'A2', 'A3', 'D24', 'D25', 'SCK', 'MOSI', 'MISO', 'D0 RX', 'D1 TX', 'D4', 'SDA', 'SCL',
        'D5', 'D6', 'D9', 'D10', 'D11', 'D12', 'LED D13', 'BUTTON BOOT', 'NEOPIXEL',
    ),
    'raspberry_pi_pico': (
        'GP0', 'GP1', 'GP2', 'GP3', 'GP4', 'GP5', 'GP6', 'GP7', 'GP8', 'GP9', 'GP10', 'GP11', 'GP12', 'GP13',
        'GP14', 'GP15', 'GP16', 'GP17', 'GP18', 'GP19', 'GP20', 'GP21', 'GP22', 'SMPS_MODE GP23',
        'VBUS_SENSE GP24', 'LED GP25', 'GP26_A0 GP26 A0', 'GP27_A1 GP27 A1', 'GP28_A2 GP28 A2',
        'A3 VOLTAGE_MONITOR',
    ),
}
