"""busio stand-in: SPI and I2C. Bytes go nowhere unless a chip model answers: on SPI the one
whose chip select pin is low, on I2C the one at the address. The chips are the board's, wired by
the harness (feather.py), the web page or sim/chips (the rigs and tests under CPython): a chip
select pin with its ``chip`` in ``_SPI_CHIPS``, an address in ``_I2C_CHIPS``. With no chip
selected, MISO reads what drives it (a pull-up: 0xFF), else 0x00.

As on a board (shared-bindings/busio): a bus claims its pins; every transfer (and configure,
scan, probe) needs the lock, else RuntimeError "Function requires lock"; configure takes
polarity and phase 0-1 and bits 8-9; write_readinto's two slices are the same length; an I2C
read is at least one byte.

A chip model answers in the caller's buffers (transfer_into, i2c_write_from, i2c_read_into): on a
board the bus is C and makes no garbage per call, and neither may the stand-in and the models, whose
garbage would share the harness's step with the toy's. ``_watchers``, when not None, is called with
(bus, chip, bytes sent, bytes received) after each transfer: sim/chips/bus.py's probes count them
(CPython). Each name and each loop here is heap on the MicroPython harness's tight runs, so the
code reuses names it has and loops over nothing per transfer."""

if __name__.startswith("knightstour_sim."):  # CPython: the chip rigs and the Pi's drivers (sim/chips)
    from .microcontroller import _claim, _free
else:  # MicroPython: a module of its own, beside microcontroller
    from microcontroller import _claim, _free

_SPI_CHIPS = []  # pins (microcontroller.Pin) with a chip model on them
_I2C_CHIPS = {}  # address -> chip model
_watchers = None  # the callable told of every transfer (sim/chips/bus.py), or None


def _range(value, low, high, name):
    if not low <= value <= high:
        raise ValueError("%s must be %d-%d" % (name, low, high))
    return value


def _end(buf, end):
    """The end of a slice of ``buf``, as CircuitPython's normalize_buffer_bounds clips it."""
    length = len(buf)
    if end is None or end > length:
        end = length
    if end < 0:
        end += length
    return end


def _start(buf, start, end):
    """The start of a slice of ``buf`` that ends at ``_end(buf, end)``. Two functions, not one
    returning a tuple: the bus makes no garbage per call, as the C bus makes none on a board."""
    if start < 0:
        start += len(buf)
    return min(max(start, 0), end)


class _Bus:
    def __init__(self, pins):
        self._pins = pins
        for pin in pins:
            _claim(pin)
        self._locked = False

    def _check(self):
        if self._pins is None:
            raise ValueError("Object has been deinitialized and can no longer be used. Create a new object.")
        if not self._locked:
            raise RuntimeError("Function requires lock")

    def try_lock(self):
        if self._locked:
            return False
        self._locked = True
        return True

    def unlock(self):
        self._locked = False

    def deinit(self):
        for pin in self._pins or ():
            _free(pin)  # a None (no MISO, no MOSI) frees nothing
        self._pins = None

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.deinit()


class SPI(_Bus):
    def __init__(self, clock, MOSI=None, MISO=None, *, half_duplex=False):
        if MOSI is None and MISO is None:
            raise ValueError("Must provide MISO or MOSI pin")
        if half_duplex:
            raise NotImplementedError()
        super().__init__([clock, MOSI, MISO])
        self._mode = 0
        self._frequency = 250000

    @property
    def frequency(self):
        return self._frequency

    def configure(self, *, baudrate=100000, polarity=0, phase=0, bits=8):
        self._check()
        self._mode = _range(polarity, 0, 1, "polarity") << 1 | _range(phase, 0, 1, "phase")
        _range(bits, 8, 9, "bits")
        self._frequency = baudrate

    def _chip(self):
        for pin in _SPI_CHIPS:
            if not pin.level:
                return pin.chip
        return None

    def write(self, buffer, *, start=0, end=None):
        self._check()
        end = _end(buffer, end)
        start = _start(buffer, start, end)
        chip = self._chip()
        if chip is not None and end > start:
            chip.transfer_into(buffer, None, start, end, self._mode)
        if _watchers is not None:
            _watchers(self, chip, end - start, 0)

    def readinto(self, buffer, *, start=0, end=None, write_value=0):
        self._check()
        end = _end(buffer, end)
        start = _start(buffer, start, end)
        for i in range(start, end):
            buffer[i] = write_value
        chip = self._exchange(buffer, start, end)
        if _watchers is not None:
            _watchers(self, chip, 0, end - start)

    def write_readinto(self, out_buffer, in_buffer, *, out_start=0, out_end=None, in_start=0, in_end=None):
        self._check()
        out_end = _end(out_buffer, out_end)
        out_start = _start(out_buffer, out_start, out_end)
        in_end = _end(in_buffer, in_end)
        in_start = _start(in_buffer, in_start, in_end)
        if out_end - out_start != in_end - in_start:
            raise ValueError("buffer slices must be of equal length")
        if out_buffer is not in_buffer or out_start != in_start:
            for i in range(in_end - in_start):
                in_buffer[in_start + i] = out_buffer[out_start + i]
        chip = self._exchange(in_buffer, in_start, in_end)
        if _watchers is not None:
            _watchers(self, chip, in_end - in_start, in_end - in_start)

    def _exchange(self, buffer, start, end):
        """Clock out ``buffer[start:end]``; the selected chip's answer replaces it (no chip: what
        drives MISO). Returns the chip."""
        chip = self._chip()
        if chip is not None:
            chip.transfer_into(buffer, buffer, start, end, self._mode)
        else:
            idle = 0xFF if self._pins[2] is not None and self._pins[2]._chip_level else 0  # MISO
            for i in range(start, end):
                buffer[i] = idle
        return chip


class I2C(_Bus):
    def __init__(self, scl, sda, *, frequency=100000, timeout=255):
        super().__init__([scl, sda])

    def _chip(self, address):
        chip = _I2C_CHIPS.get(address)
        if chip is None:
            if _watchers is not None:
                _watchers(self, None, 0, 0)
            raise OSError(19)  # ENODEV: no ACK, as CircuitPython raises
        return chip

    def scan(self):
        self._check()
        return sorted(_I2C_CHIPS)

    def probe(self, address):
        self._check()
        return address in _I2C_CHIPS

    def writeto(self, address, buffer, *, start=0, end=None):
        self._check()
        end = _end(buffer, end)
        start = _start(buffer, start, end)
        chip = self._chip(address)
        chip.i2c_write_from(buffer, start, end)
        if _watchers is not None:
            _watchers(self, chip, end - start, 0)

    def readfrom_into(self, address, buffer, *, start=0, end=None):
        self._check()
        end = _end(buffer, end)
        start = _start(buffer, start, end)
        if end - start < 1:
            raise ValueError("buffer length must be >= 1")
        chip = self._chip(address)
        chip.i2c_read_into(buffer, start, end)
        if _watchers is not None:
            _watchers(self, chip, 0, end - start)

    def writeto_then_readfrom(self, address, out_buffer, in_buffer, *, out_start=0, out_end=None, in_start=0,
                              in_end=None):
        self._check()
        in_end = _end(in_buffer, in_end)
        in_start = _start(in_buffer, in_start, in_end)
        if in_end - in_start < 1:
            raise ValueError("out_buffer length must be >= 1")
        self.writeto(address, out_buffer, start=out_start, end=out_end)
        self.readfrom_into(address, in_buffer, start=in_start, end=in_end)
