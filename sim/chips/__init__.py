"""Chip emulators: stand-ins for the SPI/I2C buses and the chips behind them.

``bus`` (pins, SPI, I2C), ``max7219``, ``ili9341``, ``stmpe610``, ``ft6206`` (chip models),
``shims`` (what lets the real Adafruit drivers run on a desktop), ``render`` (PNGs) and
``rig`` (ready-wired setups: ``matrix_rig()``, ``tft_rig(touch=...)``).
"""
