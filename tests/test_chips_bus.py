"""Chip models on the stand-ins' buses (sim/chips/bus.py wires them, its Probe counts), and the
shims that let Blinka's digitalio drive the stand-ins' pins."""

import pytest

from knightstour_sim.chips import bus, shims
from knightstour_sim.circuitpython.digitalio import DigitalInOut, DriveMode, Pull
from knightstour_sim.circuitpython.microcontroller import Pin


class Recorder:
    """An SPI/I2C chip model that records what it sees and answers from a script."""

    def __init__(self, answer=b""):
        self.events = []
        self.answer = bytearray(answer)

    def select(self):
        self.events.append("select")

    def deselect(self):
        self.events.append("deselect")

    def _next(self):
        return self.answer.pop(0) if self.answer else 0

    def transfer_into(self, data, reply, start, end, mode):
        self.events.append((bytes(data[start:end]), mode))
        for i in range(start, end):
            byte = self._next()
            if reply is not None:
                reply[i] = byte

    def i2c_write_from(self, data, start, end):
        self.events.append(("write", bytes(data[start:end])))

    def i2c_read_into(self, buffer, start, end):
        for i in range(start, end):
            buffer[i] = self._next()


def test_pin_level_follows_board_then_chip_then_pull_then_idle():
    pin = Pin("X", idle=True)
    seen = []
    pin.watch(seen.append)
    pin.drive(False)
    assert pin.level is False
    pin.board_drive(True)
    assert pin.level is True
    pin.board_drive(None)
    pin.drive(None)
    pin.board_pull(False)
    assert pin.level is False
    pin.board_pull(None)
    assert pin.level is True
    assert seen == [False, True, False, True, False, True]


def test_the_stand_in_digitalinout_drives_and_reads_the_pin():
    pin = Pin("CS", idle=False)
    io = DigitalInOut(pin)
    assert io.value is False
    io.switch_to_input(pull=Pull.UP)
    assert io.value is True and io.pull is Pull.UP
    io.switch_to_output(value=False)
    assert pin.level is False
    io.value = True
    assert pin.level is True
    with pytest.raises(AttributeError):
        _ = io.pull
    io.switch_to_output(value=True, drive_mode=DriveMode.OPEN_DRAIN)
    assert pin.level is False  # open drain released: the idle level shows
    io.deinit()
    with pytest.raises(ValueError, match="deinitialized"):
        _ = io.value
    DigitalInOut(pin).deinit()  # the pin is free again


def test_blinka_digitalinout_runs_on_sim_pins():
    import digitalio

    pin = Pin("D5")
    io = digitalio.DigitalInOut(pin)
    io.switch_to_output(value=False)
    assert pin.level is False
    io.value = True
    assert pin.level is True
    io.switch_to_input(pull=digitalio.Pull.DOWN)
    assert io.value is False
    pin.drive(True)
    assert io.value is True


def test_blinka_digitalinout_refuses_pins_that_are_not_ours():
    import digitalio

    class Foreign:
        id = 12345

    with pytest.raises(ValueError, match="not a knightstour_sim pin"):
        digitalio.DigitalInOut(Foreign())


def test_install_is_idempotent_and_keeps_the_router():
    import digitalio

    router = digitalio.Pin
    shims.install()
    assert digitalio.Pin is router and router._knightstour_sim


def test_skip_sleeps_counts_and_restores():
    import time

    import fourwire

    with shims.skip_sleeps() as clock:
        fourwire.time.sleep(5)
        assert fourwire.time is not time
    assert clock.slept == 5
    assert fourwire.time is time


def test_the_shims_stand_ins_are_the_circuitpython_ones():
    from knightstour_sim.circuitpython import analogio, audioio, busio, digitalio

    assert shims._digitalio() is digitalio and shims._busio() is busio
    assert shims._analogio() is analogio and shims._audioio() is audioio
    assert shims._micropython().const(7) == 7


def test_spi_routes_to_the_selected_chip_and_the_probe_counts():
    spi = bus.spi()
    cs_a, cs_b = Pin("A"), Pin("B")
    a = bus.attach_spi(Recorder(), cs_a)
    b = bus.attach_spi(Recorder(answer=b"\x12\x34"), cs_b)
    assert spi.try_lock() and not spi.try_lock()
    spi.configure(baudrate=1000000, polarity=0, phase=1)
    cs_b.board_drive(False)
    buf = bytearray(3)
    spi.readinto(buf, start=1, write_value=0xFF)
    spi.write(b"\x01\x02\x03", start=1)
    cs_b.board_drive(True)
    spi.unlock()
    assert buf == b"\x00\x12\x34"
    assert b.events == ["select", (b"\xff\xff", 1), (b"\x02\x03", 1), "deselect"]
    assert a.events == []
    probe = bus.probe(spi)
    assert (probe.bytes_sent, probe.bytes_received) == (2, 2)
    assert probe.counts_for(b) == (2, 2) and probe.counts_for(a) == (0, 0)
    assert spi.frequency == 1000000
    probe.reset_counts()
    assert (probe.bytes_sent, probe.bytes_received, probe.transfers) == (0, 0, 0)


def test_spi_write_readinto_is_full_duplex():
    spi = bus.spi()
    cs = Pin("A")
    chip = bus.attach_spi(Recorder(answer=b"\xaa\xbb"), cs)
    spi.try_lock()
    cs.board_drive(False)
    into = bytearray(2)
    spi.write_readinto(b"\x01\x02", into)
    assert into == b"\xaa\xbb" and chip.events[-1] == (b"\x01\x02", 0)
    with pytest.raises(ValueError):
        spi.write_readinto(b"\x01", bytearray(2))


def test_spi_needs_the_lock_like_circuitpython():
    spi = bus.spi()
    with pytest.raises(RuntimeError, match="requires lock"):
        spi.write(b"\x00")
    with pytest.raises(RuntimeError, match="requires lock"):
        spi.configure(baudrate=1)


@pytest.mark.parametrize("miso_high, idle", [(False, 0x00), (True, 0xFF)])
def test_spi_with_nobody_selected_reads_what_drives_miso(miso_high, idle):
    spi = bus.spi(miso_high=miso_high)
    bus.attach_spi(Recorder(answer=b"\x00"), Pin("A"))
    spi.try_lock()
    buf = bytearray(2)
    spi.readinto(buf)
    assert buf == bytes([idle, idle])


def test_spi_contention_is_an_error():
    spi = bus.spi()
    cs_a, cs_b = Pin("A"), Pin("B")
    bus.attach_spi(Recorder(), cs_a)
    bus.attach_spi(Recorder(), cs_b)
    spi.try_lock()
    cs_a.board_drive(False)
    cs_b.board_drive(False)
    with pytest.raises(RuntimeError, match="contention"):
        spi.write(b"\x00")


def test_transfer_limit_stops_a_runaway_driver():
    spi = bus.spi(max_transfers=3)
    spi.try_lock()
    for _ in range(3):
        spi.write(b"\x00")
    with pytest.raises(bus.TransferLimitExceeded):
        spi.write(b"\x00")


def test_a_probe_counts_its_own_bus_only():
    one, other = bus.spi(name="ONE"), bus.spi(name="OTHER")
    other.try_lock()
    other.write(b"\x00\x00")
    assert bus.probe(one).transfers == 0 and bus.probe(other).bytes_sent == 2


def test_unplug_takes_every_chip_off_and_every_probe_away():
    from knightstour_sim.circuitpython import busio

    bus.attach_i2c(Recorder(), 0x38)
    bus.probe(bus.i2c())
    bus.unplug()
    assert busio._I2C_CHIPS == {} and busio._SPI_CHIPS == [] and busio._watchers is None and bus._PROBES == []


def test_i2c_scan_read_write_and_counts():
    i2c = bus.i2c()
    chip = bus.attach_i2c(Recorder(answer=b"\x01\x02\x03"), 0x38)
    with pytest.raises(ValueError, match="0x38 already taken"):
        bus.attach_i2c(Recorder(), 0x38)
    assert i2c.try_lock()
    assert i2c.scan() == [0x38]
    i2c.writeto(0x38, b"\x00\xa1\xa2", start=1)
    buf = bytearray(2)
    i2c.readfrom_into(0x38, buf)
    into = bytearray(3)
    i2c.writeto_then_readfrom(0x38, b"\x05", into, in_start=2)
    assert chip.events == [("write", b"\xa1\xa2"), ("write", b"\x05")]
    assert buf == b"\x01\x02" and into == b"\x00\x00\x03"
    probe = bus.probe(i2c)
    assert (probe.bytes_sent, probe.bytes_received) == (3, 3)
    assert probe.counts_for(chip) == (3, 3)


def test_i2c_nobody_at_the_address_is_oserror_19():
    i2c = bus.i2c()
    i2c.try_lock()
    with pytest.raises(OSError) as caught:
        i2c.writeto(0x38, b"")
    assert caught.value.args == (19,)  # ENODEV: MicroPython reads it as errno
    with pytest.raises(RuntimeError, match="requires lock"):
        bus.i2c(name="I2C1").scan()


def test_drivers_run_on_the_stand_in_modules_alone():
    """Without Blinka (simulated by blocking its modules) the stand-ins carry the drivers."""
    import subprocess
    import sys
    import textwrap

    script = textwrap.dedent(
        """
        import sys
        for name in ("digitalio", "microcontroller", "busio", "micropython"):
            sys.modules[name] = None
        from knightstour_sim.chips import rig, shims
        shims.install()
        assert sys.modules["digitalio"].__name__ == "knightstour_sim.circuitpython.digitalio"
        from adafruit_max7219 import matrices
        spi, cs, chip = rig.matrix_rig()
        matrix = matrices.Matrix8x8(spi, cs)
        matrix.pixel(2, 5, 1)
        matrix.show()
        assert chip.lit(2, 5)
        tft = rig.tft_rig("ft6206")
        display = tft.make_display(rotation=270)
        import displayio
        bitmap, palette = displayio.Bitmap(240, 320, 2), displayio.Palette(2)
        palette[1] = 0xFF0000
        bitmap[3, 4] = 1
        group = displayio.Group()
        group.append(displayio.TileGrid(bitmap, pixel_shader=palette))
        display.root_group = group
        display.refresh()
        assert tft.display_chip.screen_pixel(3, 4, 270) == 0xF800
        touch = tft.make_touch()
        tft.touch_chip.touch(5, 6)
        assert touch.touches == [{"x": 5, "y": 6, "id": 0}]
        print("ok")
        """
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().endswith("ok")
