"""The toy's hardware: the app's ports on the real Adafruit driver libraries.

Runs on CircuitPython (a Feather with a TFT FeatherWing or a MAX7219 matrix)
and on CPython with Blinka (a Raspberry Pi); on a desktop the tests run the
same code over the chip emulators in knightstour_sim.chips.

    pins     THE pin map: every signal of every board kind (wiring docs read it)
    keys     the hardware settings keys (KNIGHTSTOUR_DISPLAY, ..._TFT_ROTATION, ...)
    matrix   MatrixDisplay: a MAX7219 8x8 LED matrix (adafruit_max7219)
    tft      TftDisplay: an ILI9341 320x240 on displayio (adafruit_ili9341)
    touch    TouchInput: STMPE610 or FT6206 raw readings -> screen -> square;
             Calibration (the calibrate mode)
    piezo    PiezoSound: a piezo on a PWM pin (pwmio)
    loop     build the ports from the settings and a pin lookup; the main loop

Nothing here imports a driver until it is used, so a Feather with only the
matrix needs no displayio libraries, and the desktop needs no hardware.
"""
