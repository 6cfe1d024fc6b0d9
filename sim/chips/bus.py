"""Chip models wired to the stand-ins' buses, under CPython: the rigs and the tests.

The pins, buses and DigitalInOut are the CircuitPython stand-ins' (sim/circuitpython: the same
classes the MicroPython harness and the web page run); this module only wires chips to them and
watches the wires (no Pin, bus or DigitalInOut class of its own). The wires are one board's, as in
the harness: every bus sees every chip select in ``busio._SPI_CHIPS`` and every address in
``busio._I2C_CHIPS``. ``unplug()`` gives a fresh board: no chip on any bus, no probe watching, the DAC
free (each test starts with it: tests/conftest.py).

``spi()`` and ``i2c()`` make a bus on pins of its own (``miso_high``: a pull-up on MISO, which then
reads 0xFF while no chip is selected). ``attach_spi(chip, cs)`` puts a chip model behind chip select
``cs`` (selected while the pin is low), ``attach_i2c(chip, address)`` at an address,
``detach_i2c(address)`` takes it off again (a loose cable).

``probe(bus)`` is a logic analyser on one bus: bytes sent and received, per chip and in all,
``max_transfers``, past which the bus raises ``TransferLimitExceeded`` (a driver looping forever), and
an SPI transfer with two chips selected is a RuntimeError (the busio stand-in takes the first: each
check there is heap in the MicroPython harness). ``use_board(board, definition)`` makes a rig's board
the one analogio and audioio check pins against (the definition's ADC and DAC, by name).
"""

from ..circuitpython import analogio, audioio, busio
from ..circuitpython.microcontroller import Pin


class TransferLimitExceeded(RuntimeError):
    """A bus saw more transfers than its probe's ``max_transfers``: the driver is probably looping forever."""


class Probe:
    """What crossed one bus since the last ``reset_counts()``: ``bytes_sent``, ``bytes_received``,
    ``transfers``, and ``counts_for(chip)``: (bytes sent to, bytes received from) that chip."""

    def __init__(self, bus, max_transfers=None):
        self.bus = bus
        self.max_transfers = max_transfers
        self.reset_counts()
        _PROBES.append(self)
        busio._watchers = _tell

    def reset_counts(self):
        """Set all byte and transfer counters to zero."""
        self.bytes_sent = 0
        self.bytes_received = 0
        self.transfers = 0
        self._per_chip = {}

    def counts_for(self, chip):
        """(bytes sent to, bytes received from) ``chip`` since the last reset."""
        return tuple(self._per_chip.get(id(chip), (0, 0)))

    def __call__(self, bus, chip, sent, received):
        if bus is not self.bus:
            return
        selected = [pin for pin in busio._SPI_CHIPS if not pin.level] if isinstance(bus, busio.SPI) else ()
        if len(selected) > 1:
            raise RuntimeError(f"SPI bus contention: {len(selected)} chips selected at once")
        self.transfers += 1
        if self.max_transfers is not None and self.transfers > self.max_transfers:
            raise TransferLimitExceeded(f"more than {self.max_transfers} transfers on {type(bus).__name__}")
        self.bytes_sent += sent
        self.bytes_received += received
        if chip is not None:
            counts = self._per_chip.setdefault(id(chip), [0, 0])
            counts[0] += sent
            counts[1] += received


_PROBES = []  # every probe, told of every transfer by _tell


def _tell(bus, chip, sent, received):
    for each in _PROBES:
        each(bus, chip, sent, received)


def unplug():
    """A fresh board: every chip off every bus, every probe gone, the DAC free (as CircuitPython
    leaves it when code.py ends)."""
    free_dac()
    del busio._SPI_CHIPS[:]
    busio._I2C_CHIPS.clear()
    del _PROBES[:]
    busio._watchers = None


def use_board(board, definition):
    """Make ``board`` (a namespace of pins) the stand-ins' board for analogio and audioio: its pins'
    ADC and DAC are the ``definition``'s (sim/boards), by name, as the MicroPython board module has
    them."""
    board._ADC = definition.ADC
    board._definition = definition
    analogio.board = audioio.board = board
    return board


def free_dac():
    """The DAC free for a new board's AudioOut (audioio allows one at a time), whoever held it."""
    del audioio._open[:]


def probe(bus, max_transfers=None):
    """The probe on ``bus`` (made on first asking); ``max_transfers`` replaces its limit when given."""
    for tap in _PROBES:
        if tap.bus is bus:
            if max_transfers is not None:
                tap.max_transfers = max_transfers
            return tap
    return Probe(bus, max_transfers)


def spi(*, max_transfers=None, miso_high=False, name="SPI"):
    """A ``busio.SPI`` on pins of its own, with a probe on it."""
    miso = Pin(name + "_MISO")
    if miso_high:
        miso.drive(True)
    bus = busio.SPI(Pin(name + "_SCK"), Pin(name + "_MOSI"), miso)
    probe(bus, max_transfers)
    return bus


def i2c(*, max_transfers=None, name="I2C"):
    """A ``busio.I2C`` on pins of its own, with a probe on it."""
    bus = busio.I2C(Pin(name + "_SCL"), Pin(name + "_SDA"))
    probe(bus, max_transfers)
    return bus


def attach_spi(chip, cs):
    """Put ``chip`` behind chip select ``cs`` (a ``Pin``): it answers while the pin is low."""
    if cs in busio._SPI_CHIPS:
        busio._SPI_CHIPS.remove(cs)
    cs.chip = chip
    busio._SPI_CHIPS.append(cs)
    return chip


def attach_i2c(chip, address):
    """Put ``chip`` on the I2C wires at ``address``."""
    if address in busio._I2C_CHIPS:
        raise ValueError(f"address 0x{address:02x} already taken")
    busio._I2C_CHIPS[address] = chip
    return chip


def detach_i2c(address):
    """Take the chip at ``address`` off the wires (a loose cable)."""
    busio._I2C_CHIPS.pop(address, None)
