"""busio stand-in: SPI and I2C. Bytes go nowhere unless a chip model answers: on SPI the one
whose chip select pin is low, on I2C the one at the address (board.py wires them)."""


SPI_CHIPS = []  # pins (microcontroller.Pin) with a chip model on them
I2C_CHIPS = {}  # address -> chip model


class _Bus:
    def __init__(self):
        self._locked = False

    def try_lock(self):
        if self._locked:
            return False
        self._locked = True
        return True

    def unlock(self):
        self._locked = False

    def deinit(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()


class SPI(_Bus):
    def __init__(self, clock, MOSI=None, MISO=None, half_duplex=False):
        super().__init__()
        self.mode = 0

    def configure(self, *, baudrate=100000, polarity=0, phase=0, bits=8):
        self.mode = polarity << 1 | phase

    def _transfer(self, data):
        for pin in SPI_CHIPS:
            if not pin.level:
                return pin.chip.transfer(data, self.mode)
        return bytes(len(data))

    def write(self, buf, *, start=0, end=None):
        self._transfer(bytes(buf[start:end]))

    def readinto(self, buf, *, start=0, end=None, write_value=0):
        end = len(buf) if end is None else end
        reply = self._transfer(bytes([write_value]) * (end - start))
        for i in range(end - start):
            buf[start + i] = reply[i]

    def write_readinto(self, out_buffer, in_buffer, *, out_start=0, out_end=None, in_start=0, in_end=None):
        out_end = len(out_buffer) if out_end is None else out_end
        in_end = len(in_buffer) if in_end is None else in_end
        reply = self._transfer(bytes(out_buffer[out_start:out_end]))
        for i in range(in_end - in_start):
            in_buffer[in_start + i] = reply[i]


class I2C(_Bus):
    def __init__(self, scl, sda, *, frequency=100000, timeout=255):
        super().__init__()

    def _chip(self, address):
        chip = I2C_CHIPS.get(address)
        if chip is None:
            raise OSError(19)  # ENODEV: no ACK, as CircuitPython raises
        return chip

    def scan(self):
        return sorted(I2C_CHIPS)

    def writeto(self, address, buffer, *, start=0, end=None):
        self._chip(address).i2c_write(bytes(buffer[start:end]))

    def readfrom_into(self, address, buffer, *, start=0, end=None):
        end = len(buffer) if end is None else end
        data = self._chip(address).i2c_read(end - start)
        for i in range(end - start):
            buffer[start + i] = data[i]

    def writeto_then_readfrom(self, address, out_buffer, in_buffer, *, out_start=0, out_end=None, in_start=0,
                              in_end=None):
        self.writeto(address, out_buffer, start=out_start, end=out_end)
        self.readfrom_into(address, in_buffer, start=in_start, end=in_end)
