"""One I2C transfer as the toy's touch controllers make it: the bus locked, bytes written to the
chip, its answer read into a buffer, the bus unlocked. A busio.I2C (Blinka's on a Pi)."""


def write_then_read(i2c, address, out, into):
    """Write ``out`` to the chip at ``address``, then read ``into``; returns ``into``."""
    while not i2c.try_lock():
        pass
    try:
        i2c.writeto(address, out)
        i2c.readfrom_into(address, into)
    finally:
        i2c.unlock()
    return into
