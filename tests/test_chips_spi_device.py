"""The chip drivers' one SPI transaction (hw/chips/spi_device.py): lock, clock and mode, chip
select low, the bus; chip select high and the bus unlocked however the transaction ends."""

import pytest

from knightstour.hw.chips import max7219, stmpe610, xpt2046
from knightstour.hw.chips.spi_device import SPIDevice


class Pin:
    """A chip select: remembers each level it was set to."""

    def __init__(self):
        self.value = None
        self.levels = []

    def switch_to_output(self, value):
        self.value = value

    def __setattr__(self, name, value):
        if name == "value" and value is not None:
            self.levels.append(value)
        object.__setattr__(self, name, value)


class Bus:
    """A busio.SPI that logs its calls; ``fail`` names a call that raises OSError; ``busy`` is how
    many try_lock() calls fail first (another chip holds the bus)."""

    def __init__(self, cs, fail="", busy=0, reply=0):
        self.cs = cs
        self.fail = fail
        self.busy = busy
        self.reply = reply
        self.locked = False
        self.log = []

    def _call(self, name):
        self.log.append(name)
        if name == self.fail:
            raise OSError(5, "bus error in " + name)

    def try_lock(self):
        if self.busy:
            self.busy -= 1
            return False
        self.locked = True
        return True

    def unlock(self):
        assert self.locked
        self.locked = False
        self.log.append("unlock")

    def configure(self, baudrate, polarity, phase):
        assert self.locked
        self._call("configure")
        self.mode = (baudrate, polarity, phase)

    def write(self, data, start=0, end=None):
        assert self.locked and self.cs.value is False
        self._call("write")

    def readinto(self, data, start=0, end=None, write_value=0):
        assert self.locked and self.cs.value is False
        self._call("readinto")
        for i in range(len(data)):
            data[i] = self.reply

    def write_readinto(self, out, into, out_start=0, out_end=None, in_start=0, in_end=None):
        assert self.locked and self.cs.value is False
        self._call("write_readinto")


def test_a_transaction_selects_the_chip_on_a_locked_configured_bus():
    cs = Pin()
    spi = Bus(cs, busy=3)
    device = SPIDevice(spi, cs, baudrate=2000000, polarity=1, phase=1)
    assert cs.value is True  # idle high from the start
    with device as bus:
        assert bus is spi and spi.locked and cs.value is False
        assert spi.mode == (2000000, 1, 1)
        bus.write(b"\x01")
    assert cs.value is True and not spi.locked
    assert cs.levels == [True, False, True]
    assert spi.log == ["configure", "write", "unlock"]


@pytest.mark.parametrize("fail", ["write", "configure"])
def test_the_chip_select_is_released_and_the_bus_unlocked_when_a_transfer_fails(fail):
    cs = Pin()
    spi = Bus(cs, fail=fail)
    with pytest.raises(OSError, match="bus error"):
        with SPIDevice(spi, cs) as bus:
            bus.write(b"\x01")
    assert cs.value is True and not spi.locked


def make(driver, cs, spi):
    if driver == "max7219":
        return max7219.MAX7219(spi, cs)
    if driver == "stmpe610":
        return stmpe610.STMPE610(spi, cs)
    return xpt2046.XPT2046(spi, cs)


@pytest.mark.parametrize("driver, fail", [("max7219", "write"), ("stmpe610", "readinto"),
                                          ("xpt2046", "write_readinto")])
def test_every_driver_releases_its_chip_select_when_the_bus_fails(driver, fail):
    # max7219.py used to raise its chip select after the write, outside the finally: a failed
    # write left the chip selected on the shared bus
    cs = Pin()
    spi = Bus(cs, fail=fail)
    with pytest.raises(OSError, match="bus error"):
        make(driver, cs, spi)
    assert cs.value is True and not spi.locked
    assert cs.levels[-1] is True
