"""Chip emulators: stand-ins for the SPI/I2C buses and the chips behind them."""
