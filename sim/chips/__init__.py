"""Chip emulators: the chips behind the stand-ins' SPI/I2C buses (sim/circuitpython).

``bus`` (wires chip models to the stand-ins' buses; a probe counting bytes), ``max7219`` (one chip, a chain, a panel of modules),
``ili9341``, ``stmpe610``, ``ft6206``, ``tsc2007`` (chip models), ``resistive`` (a 4-wire touch panel
on a board's own pins, as on the PyPortal), ``speaker`` (a DAC speaker the audioio stand-in plays into),
``shims`` (what lets the real Adafruit drivers run on a desktop), ``render`` (PNGs) and
``rig`` (ready-wired setups: ``matrix_rig()``, ``tft_rig(touch=...)``).
"""
