"""The bus and pin stand-ins, and the shims that let Blinka's digitalio drive them."""

import errno

import pytest

from knightstour_sim.chips import bus, shims


class Recorder:
    """An SPI/I2C chip that records what it sees and answers from a script."""

    def __init__(self, answer=b""):
        self.events = []
        self.answer = bytearray(answer)

    def select(self):
        self.events.append("select")

    def deselect(self):
        self.events.append("deselect")

    def transfer(self, data, mode):
        self.events.append((bytes(data), mode))
        reply, self.answer = self.answer[: len(data)], self.answer[len(data) :]
        return bytes(reply) + bytes(len(data) - len(reply))

    def i2c_write(self, data):
        self.events.append(("write", bytes(data)))

    def i2c_read(self, count):
        reply, self.answer = self.answer[:count], self.answer[count:]
        return bytes(reply) + bytes(count - len(reply))


def test_pin_level_follows_board_then_chip_then_pull_then_idle():
    pin = bus.Pin("X", idle=True)
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


def test_digitalinout_stand_in_drives_and_reads_the_pin():
    pin = bus.Pin("CS", idle=False)
    io = bus.DigitalInOut(pin)
    assert io.value is False
    io.switch_to_input(pull=bus.Pull.UP)
    assert io.value is True and io.pull is bus.Pull.UP
    io.switch_to_output(value=False)
    assert pin.level is False
    io.value = True
    assert pin.level is True
    with pytest.raises(AttributeError):
        _ = io.pull
    io.switch_to_output(value=True, drive_mode=bus.DriveMode.OPEN_DRAIN)
    assert pin.level is False  # open drain released: the idle level shows
    io.deinit()
    assert io.pin is None and pin.level is False


def test_blinka_digitalinout_runs_on_sim_pins():
    import digitalio

    pin = bus.Pin("D5")
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


def test_stand_in_modules_are_usable():
    digitalio = shims._digitalio()
    pin = bus.Pin("P")
    io = digitalio.DigitalInOut(pin)
    io.direction = digitalio.Direction.OUTPUT
    io.value = False
    assert pin.level is False
    assert shims._micropython().const(7) == 7
    assert shims._busio().SPI is bus.SPI


def test_spi_routes_to_the_selected_chip_and_counts():
    spi = bus.SPI()
    cs_a, cs_b = bus.Pin("A"), bus.Pin("B")
    a, b = Recorder(), Recorder(answer=b"\x12\x34")
    spi.attach(a, cs_a)
    spi.attach(b, cs_b)
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
    assert (spi.bytes_sent, spi.bytes_received) == (2, 2)
    assert spi.counts_for(b) == (2, 2) and spi.counts_for(a) == (0, 0)
    assert spi.frequency == 1000000
    spi.reset_counts()
    assert (spi.bytes_sent, spi.bytes_received, spi.transfers) == (0, 0, 0)


def test_spi_write_readinto_is_full_duplex():
    spi = bus.SPI()
    cs = bus.Pin("A")
    chip = spi.attach(Recorder(answer=b"\xaa\xbb"), cs)
    spi.try_lock()
    cs.board_drive(False)
    into = bytearray(2)
    spi.write_readinto(b"\x01\x02", into)
    assert into == b"\xaa\xbb" and chip.events[-1] == (b"\x01\x02", 0)
    with pytest.raises(ValueError):
        spi.write_readinto(b"\x01", bytearray(2))


def test_spi_needs_the_lock_like_circuitpython():
    spi = bus.SPI()
    with pytest.raises(RuntimeError, match="requires lock"):
        spi.write(b"\x00")
    with pytest.raises(RuntimeError, match="requires lock"):
        spi.configure(baudrate=1)


def test_spi_with_nobody_selected_reads_the_idle_level():
    spi = bus.SPI(idle_read=0xFF)
    spi.attach(Recorder(answer=b"\x00"), bus.Pin("A"))
    spi.try_lock()
    buf = bytearray(2)
    spi.readinto(buf)
    assert buf == b"\xff\xff"


def test_spi_contention_is_an_error():
    spi = bus.SPI()
    cs_a, cs_b = bus.Pin("A"), bus.Pin("B")
    spi.attach(Recorder(), cs_a)
    spi.attach(Recorder(), cs_b)
    spi.try_lock()
    cs_a.board_drive(False)
    cs_b.board_drive(False)
    with pytest.raises(RuntimeError, match="contention"):
        spi.write(b"\x00")


def test_transfer_limit_stops_a_runaway_driver():
    spi = bus.SPI(max_transfers=3)
    spi.try_lock()
    for _ in range(3):
        spi.write(b"\x00")
    with pytest.raises(bus.TransferLimitExceeded):
        spi.write(b"\x00")


def test_i2c_scan_read_write_and_counts():
    i2c = bus.I2C()
    chip = i2c.attach(Recorder(answer=b"\x01\x02\x03"), 0x38)
    assert i2c.try_lock()
    assert i2c.scan() == [0x38]
    i2c.writeto(0x38, b"\x00\xa1\xa2", start=1)
    buf = bytearray(2)
    i2c.readfrom_into(0x38, buf)
    into = bytearray(3)
    i2c.writeto_then_readfrom(0x38, b"\x05", into, in_start=2)
    assert chip.events == [("write", b"\xa1\xa2"), ("write", b"\x05")]
    assert buf == b"\x01\x02" and into == b"\x00\x00\x03"
    assert (i2c.bytes_sent, i2c.bytes_received) == (3, 3)
    assert i2c.counts_for(chip) == (3, 3)


def test_i2c_nobody_at_the_address_is_oserror():
    i2c = bus.I2C()
    i2c.try_lock()
    with pytest.raises(OSError) as caught:
        i2c.writeto(0x38, b"")
    assert caught.value.errno == errno.EREMOTEIO
    with pytest.raises(RuntimeError, match="requires lock"):
        bus.I2C().scan()


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
        assert sys.modules["digitalio"].__doc__.startswith("Stand-in")
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
