"""Stand-ins for the wires between a board and its chips: pins, an SPI bus, an I2C bus.

``Pin`` is what ``board.D9`` is on a real board: a name plus the wire behind it; it is the
microcontroller stand-in's (sim/circuitpython/microcontroller.py), the one Pin of CPython and
MicroPython alike. Chip models watch a pin's level (chip select, the ILI9341's data/command line,
reset), and may drive one themselves (a touch controller's interrupt line).

``AnalogIn`` reads a pin's voltage (``analogio.AnalogIn``; a model such as a resistive touch
panel sets ``pin.analog``). ``DigitalInOut`` has the ``digitalio.DigitalInOut`` interface, for drivers that take a
ready-made chip select (``SPIDevice``). Blinka's own ``digitalio.DigitalInOut`` works on
these pins too once :func:`knightstour_sim.chips.shims.install` has run.

``SPI`` and ``I2C`` have the ``busio.SPI`` / ``busio.I2C`` interfaces, route each transfer to
the chip whose chip select is low (SPI) or that answers the address (I2C), and count bytes.
Like CircuitPython, they refuse transfers without the lock.
"""

import errno

from ..circuitpython.microcontroller import Pin  # noqa: F401  (the one Pin: bus.Pin is it)

try:
    from digitalio import Direction, DriveMode, Pull
except ImportError:  # no Blinka: same names, own values

    class _Enum:
        def __init__(self, name):
            self._name = name

        def __repr__(self):
            return self._name

    class Direction:
        INPUT = _Enum("Direction.INPUT")
        OUTPUT = _Enum("Direction.OUTPUT")

    class DriveMode:
        PUSH_PULL = _Enum("DriveMode.PUSH_PULL")
        OPEN_DRAIN = _Enum("DriveMode.OPEN_DRAIN")

    class Pull:
        UP = _Enum("Pull.UP")
        DOWN = _Enum("Pull.DOWN")


class TransferLimitExceeded(RuntimeError):
    """A bus saw more transfers than its ``max_transfers``: the driver is probably looping forever."""


class DigitalInOut:
    """``digitalio.DigitalInOut`` for a sim ``Pin``."""

    def __init__(self, pin):
        self.pin = pin
        self._direction = Direction.INPUT
        self._drive_mode = DriveMode.PUSH_PULL
        self._pull = None
        self._value = False
        pin.board_drive(None)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()

    def deinit(self):
        """Let go of the pin."""
        if self.pin is not None:
            self.pin.board_drive(None)
            self.pin.board_pull(None)
            self.pin = None

    def switch_to_output(self, value=False, drive_mode=DriveMode.PUSH_PULL):
        """Make the pin an output at ``value``."""
        self._direction = Direction.OUTPUT
        self._drive_mode = drive_mode
        self.pin.board_pull(None)
        self.value = value

    def switch_to_input(self, pull=None):
        """Make the pin an input with an optional ``Pull.UP``/``Pull.DOWN``."""
        self._direction = Direction.INPUT
        self.pin.board_drive(None)
        self.pull = pull

    @property
    def direction(self):
        return self._direction

    @direction.setter
    def direction(self, value):
        if value is Direction.OUTPUT:
            self.switch_to_output()
        elif value is Direction.INPUT:
            self.switch_to_input()
        else:
            raise AttributeError("Not a Direction")

    @property
    def value(self):
        if self._direction is Direction.OUTPUT:
            return self._value
        return self.pin.level

    @value.setter
    def value(self, value):
        if self._direction is not Direction.OUTPUT:
            raise AttributeError("Not an output")
        self._value = bool(value)
        if self._drive_mode is DriveMode.OPEN_DRAIN and self._value:
            self.pin.board_drive(None)
        else:
            self.pin.board_drive(self._value)

    @property
    def drive_mode(self):
        if self._direction is not Direction.OUTPUT:
            raise AttributeError("Not an output")
        return self._drive_mode

    @drive_mode.setter
    def drive_mode(self, mode):
        self._drive_mode = mode
        if self._direction is Direction.OUTPUT:
            self.value = self._value

    @property
    def pull(self):
        if self._direction is not Direction.INPUT:
            raise AttributeError("Not an input")
        return self._pull

    @pull.setter
    def pull(self, pull):
        if self._direction is not Direction.INPUT:
            raise AttributeError("Not an input")
        if pull is not None and pull is not Pull.UP and pull is not Pull.DOWN:
            raise AttributeError("Not a Pull")
        self._pull = pull
        self.pin.board_pull(None if pull is None else pull is Pull.UP)


class AnalogIn:
    """``analogio.AnalogIn`` for a sim ``Pin``: the pin is an input while it is held.

    ``value`` is 16 bits, from a 12-bit conversion as on a SAMD51 (CircuitPython spreads the
    12 bits over 16: ``raw << 4 | raw >> 8``). The voltage comes from ``pin.analog()`` when
    a model provides it, else from the logic level.
    """

    reference_voltage = 3.3

    def __init__(self, pin):
        self.pin = pin
        pin.board_drive(None)
        pin.board_pull(None)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()

    def deinit(self):
        """Let go of the pin."""
        self.pin = None

    @property
    def value(self):
        if self.pin is None:
            raise ValueError("Object has been deinitialized and can no longer be used")
        level = self.pin.analog() if self.pin.analog is not None else (1.0 if self.pin.level else 0.0)
        raw = int(min(max(level, 0.0), 1.0) * 4095 + 0.5)
        return raw << 4 | raw >> 8


class _Counting:
    """Byte counters shared by both buses: totals and per device, resettable."""

    def __init__(self, max_transfers):
        self.max_transfers = max_transfers
        self._locked = False
        self.reset_counts()

    def reset_counts(self):
        """Set all byte and transfer counters to zero."""
        self.bytes_sent = 0
        self.bytes_received = 0
        self.transfers = 0
        self._per_device = {}

    def counts_for(self, device):
        """(bytes sent to, bytes received from) ``device`` since the last reset."""
        return tuple(self._per_device.get(id(device), (0, 0)))

    def _count(self, device, sent, received):
        self.transfers += 1
        if self.max_transfers is not None and self.transfers > self.max_transfers:
            raise TransferLimitExceeded(f"more than {self.max_transfers} transfers on {type(self).__name__}")
        self.bytes_sent += sent
        self.bytes_received += received
        if device is not None:
            counts = self._per_device.setdefault(id(device), [0, 0])
            counts[0] += sent
            counts[1] += received

    def try_lock(self):
        """Take the lock; False if it is already taken."""
        if self._locked:
            return False
        self._locked = True
        return True

    def unlock(self):
        """Give the lock back."""
        self._locked = False

    def _require_lock(self):
        if not self._locked:
            raise RuntimeError("Function requires lock")

    def deinit(self):
        """Nothing to release; here for the busio interface."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()


class SPI(_Counting):
    """``busio.SPI`` stand-in. Chips attach with their chip-select pin (active low).

    A chip attached to it has ``select()``, ``deselect()`` (chip select falling/rising) and
    ``transfer(data, mode) -> bytes`` (full duplex: one byte back for every byte clocked;
    ``mode`` is the SPI mode 0-3 the bus is configured for).
    With no chip selected, MISO reads ``idle_read`` (0x00: nothing drives it; 0xFF with a pull-up).
    """

    def __init__(self, *, idle_read=0x00, max_transfers=None):
        super().__init__(max_transfers)
        self.idle_read = idle_read
        self._devices = []
        self.baudrate = 100000
        self.polarity = 0
        self.phase = 0
        self.bits = 8

    def attach(self, device, chip_select):
        """Wire ``device`` to this bus with ``chip_select`` (a ``Pin``) as its CS line."""
        self._devices.append((device, chip_select))
        chip_select.watch(lambda level: device.deselect() if level else device.select())
        return device

    def configure(self, *, baudrate=100000, polarity=0, phase=0, bits=8):
        """Set clock rate and SPI mode for the following transfers."""
        self._require_lock()
        if bits != 8:
            raise ValueError("only 8-bit transfers are emulated")
        self.baudrate, self.polarity, self.phase, self.bits = baudrate, polarity, phase, bits

    @property
    def frequency(self):
        """The configured clock rate in Hz."""
        return self.baudrate

    @property
    def mode(self):
        """SPI mode 0-3 from polarity and phase."""
        return self.polarity << 1 | self.phase

    def _selected(self):
        chosen = [device for device, cs in self._devices if not cs.level]
        if len(chosen) > 1:
            raise RuntimeError(f"SPI bus contention: {len(chosen)} chips selected at once")
        return chosen[0] if chosen else None

    def _transfer(self, data):
        device = self._selected()
        if device is None:
            reply = bytes([self.idle_read]) * len(data)
        else:
            reply = bytes(device.transfer(bytes(data), self.mode))
        return device, reply

    def write(self, buffer, *, start=0, end=None):
        """Clock out ``buffer[start:end]``."""
        self._require_lock()
        data = bytes(buffer[start:end])
        device, _ = self._transfer(data)
        self._count(device, len(data), 0)

    def readinto(self, buffer, *, start=0, end=None, write_value=0):
        """Clock in ``buffer[start:end]`` while sending ``write_value``."""
        self._require_lock()
        end = len(buffer) if end is None else end
        device, reply = self._transfer(bytes([write_value]) * (end - start))
        buffer[start:end] = reply
        self._count(device, 0, len(reply))

    def write_readinto(self, buffer_out, buffer_in, *, out_start=0, out_end=None, in_start=0, in_end=None):
        """Send ``buffer_out[out_start:out_end]`` and read the same number of bytes into ``buffer_in``."""
        self._require_lock()
        data = bytes(buffer_out[out_start:out_end])
        in_end = len(buffer_in) if in_end is None else in_end
        if in_end - in_start != len(data):
            raise ValueError("buffer slices must be of equal length")
        device, reply = self._transfer(data)
        buffer_in[in_start:in_end] = reply
        self._count(device, len(data), len(reply))


class I2C(_Counting):
    """``busio.I2C`` stand-in. Chips attach at an address.

    A chip attached to it has ``i2c_write(data)`` and ``i2c_read(count) -> bytes``.
    An address nobody answers raises ``OSError(errno.EREMOTEIO)``, as Blinka does on a
    Raspberry Pi (CircuitPython raises ``OSError`` with errno 19); the counted bytes are the
    payload, not the address bytes.
    """

    def __init__(self, *, frequency=100000, max_transfers=None):
        super().__init__(max_transfers)
        self.frequency = frequency
        self._devices = {}

    def attach(self, device, address):
        """Put ``device`` on the bus at ``address``."""
        if address in self._devices:
            raise ValueError(f"address 0x{address:02x} already taken")
        self._devices[address] = device
        return device

    def detach(self, address):
        """Take the chip at ``address`` off the bus (a loose cable)."""
        self._devices.pop(address, None)

    def _device(self, address):
        device = self._devices.get(address)
        if device is None:
            self._count(None, 0, 0)
            raise OSError(errno.EREMOTEIO, "Remote I/O error")
        return device

    def scan(self):
        """The addresses that answer."""
        self._require_lock()
        return sorted(self._devices)

    def writeto(self, address, buffer, *, start=0, end=None):
        """Write ``buffer[start:end]`` to the chip at ``address``."""
        self._require_lock()
        device = self._device(address)
        data = bytes(buffer[start:end])
        device.i2c_write(data)
        self._count(device, len(data), 0)

    def readfrom_into(self, address, buffer, *, start=0, end=None):
        """Read ``buffer[start:end]`` from the chip at ``address``."""
        self._require_lock()
        device = self._device(address)
        end = len(buffer) if end is None else end
        buffer[start:end] = bytes(device.i2c_read(end - start))
        self._count(device, 0, end - start)

    def writeto_then_readfrom(
        self, address, buffer_out, buffer_in, *, out_start=0, out_end=None, in_start=0, in_end=None
    ):
        """Write, then read with a repeated start."""
        self._require_lock()
        device = self._device(address)
        data = bytes(buffer_out[out_start:out_end])
        device.i2c_write(data)
        in_end = len(buffer_in) if in_end is None else in_end
        buffer_in[in_start:in_end] = bytes(device.i2c_read(in_end - in_start))
        self._count(device, len(data), in_end - in_start)
