"""The toy's own touch drivers, knightstour.hw.chips.stmpe610 and knightstour.hw.chips.ft6206, against the
chip models (sim/chips/) and against adafruit_stmpe610 and adafruit_focaltouch, whose set-up
and reads they copy."""

import adafruit_focaltouch
import adafruit_stmpe610
import pytest

from knightstour.hw.chips.ft6206 import FT6206
from knightstour.hw.chips.stmpe610 import STMPE610, stmpe610_reader
from knightstour.hw.inputs.touch import HELD
from knightstour_sim.chips import bus, ft6206, stmpe610
from knightstour_sim.circuitpython.digitalio import DigitalInOut
from knightstour_sim.circuitpython.microcontroller import Pin

pytestmark = pytest.mark.usefixtures("no_sleep")


def chip_on_bus(**kwargs):
    spi = bus.spi(max_transfers=1000)
    cs = Pin("CS")
    chip = bus.attach_spi(stmpe610.STMPE610(**kwargs), cs)
    return spi, cs, chip


def test_sets_the_chip_up_as_adafruit_stmpe610_does():
    spi, cs, ours = chip_on_bus()
    STMPE610(spi, DigitalInOut(cs))
    spi, cs, theirs = chip_on_bus()
    adafruit_stmpe610.Adafruit_STMPE610_SPI(spi, DigitalInOut(cs))
    assert ours.registers == theirs.registers
    assert ours.registers[0x40] == 0x01 and ours.registers[0x41] == 0xA4  # enabled; 4 samples, 1 ms, 5 ms


def test_reads_the_same_samples_as_adafruit_stmpe610():
    samples = ((0, 4095, 1), (357, 3812, 0x80), (4095, 0, 255), (1234, 2345, 17))
    read = {}
    for name in ("ours", "adafruit"):
        spi, cs, chip = chip_on_bus()
        if name == "ours":
            driver = STMPE610(spi, DigitalInOut(cs))
        else:
            driver = adafruit_stmpe610.Adafruit_STMPE610_SPI(spi, DigitalInOut(cs))
        got = []
        for x, y, pressure in samples:
            chip.touch(x, y, pressure)
            assert driver.touched and not driver.buffer_empty
            got.append(tuple(driver.read_data()))
            assert driver.buffer_empty
        chip.release()
        assert not driver.touched
        read[name] = got
    assert read["ours"] == read["adafruit"] == list(samples)


def test_the_reader_gives_the_newest_sample_then_held_then_nothing():
    spi, cs, chip = chip_on_bus()
    read = stmpe610_reader(STMPE610(spi, DigitalInOut(cs)), HELD)
    assert read() is None
    chip.touch(100, 200, 9, samples=3)
    chip.touch(300, 400, 9)
    assert read() == (300, 400)
    assert read() == HELD  # finger still down, nothing new queued
    chip.touch(0, 0, 0)  # a sample of zeros: no position
    assert read() is None
    chip.release()
    assert read() is None


def test_falls_back_to_spi_mode_1():
    spi, cs, chip = chip_on_bus(spi_modes=(1,))
    driver = STMPE610(spi, DigitalInOut(cs))
    assert driver.device.phase == 1 and spi._mode == 1
    chip.touch(5, 6, 7)
    assert driver.read_data() == (5, 6, 7)


@pytest.mark.parametrize("idle", [0x00, 0xFF])
def test_no_chip_is_a_runtimeerror_naming_the_id(idle):
    spi = bus.spi(miso_high=idle == 0xFF, max_transfers=100)
    with pytest.raises(RuntimeError, match="no STMPE610 on SPI: chip id 0x(0000|FFFF), not 0x0811"):
        STMPE610(spi, DigitalInOut(Pin("CS")))


def test_not_ready_after_a_cold_start_fails_once_then_answers():
    spi, cs, chip = chip_on_bus(not_ready_reads=4)  # zeros for the id reads in modes 0 and 1
    with DigitalInOut(cs) as first, pytest.raises(RuntimeError):
        STMPE610(spi, first)
    driver = STMPE610(spi, DigitalInOut(cs))
    chip.touch(1, 2, 3)
    assert driver.read_data() == (1, 2, 3)


# FT6206


def ft6206_on_bus(**kwargs):
    i2c = bus.i2c(max_transfers=1000)
    chip = bus.attach_i2c(ft6206.FT6206(**kwargs), ft6206.I2C_ADDRESS)
    return i2c, chip


@pytest.mark.parametrize("chip_id", [0x06, 0x36, 0x55])
def test_ft6206_reads_the_point_adafruit_focaltouch_reads(chip_id):
    i2c, chip = ft6206_on_bus(chip_id=chip_id)
    ours = FT6206(i2c)
    theirs = adafruit_focaltouch.Adafruit_FocalTouch(i2c)
    assert ours.point() is None and theirs.touches == []
    for x, y in ((0, 0), (239, 319), (17, 201), (120, 160)):
        chip.touch(x, y)
        first = theirs.touches[0]
        assert ours.point() == (first["x"], first["y"])
        chip.release()
    assert ours.point() is None


def test_ft6206_the_second_finger_alone_is_the_touch():
    i2c, chip = ft6206_on_bus()
    driver = FT6206(i2c)
    chip.touch(10, 20, touch_id=1)
    assert driver.point() == (10, 20)
    chip.touch(30, 40, touch_id=0)
    assert driver.point() == (30, 40)


def test_ft6206_wrong_vendor_or_missing_chip_raises():
    i2c, _ = ft6206_on_bus(vendor_id=0x77)
    with pytest.raises(RuntimeError, match="no FT6206 at I2C 0x38: vendor id 0x77"):
        FT6206(i2c)
    bus.unplug()
    with pytest.raises(OSError):
        FT6206(bus.i2c(max_transfers=100))
