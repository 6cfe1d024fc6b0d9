"""The real adafruit_stmpe610 and adafruit_focaltouch drivers against the touch models,
including what they do when the chip is missing or answers zeros."""

import adafruit_focaltouch
import adafruit_stmpe610
import digitalio
import pytest

from knightstour_sim.chips import bus, ft6206, stmpe610
from knightstour_sim.circuitpython.digitalio import DigitalInOut
from knightstour_sim.circuitpython.microcontroller import Pin

from support.chips import SilentChip

pytestmark = pytest.mark.usefixtures("no_sleep")


# STMPE610 over SPI, as on the TFT FeatherWing


def test_stmpe610_finger_comes_out_of_the_driver(tft):
    rig = tft("stmpe610")
    touch = rig.make_touch()
    assert touch.get_version == 0x0811
    assert not touch.touched and touch.buffer_empty and touch.touches == []
    rig.touch_chip.touch(1234, 3210, 77)
    assert touch.touched and touch.buffer_size == 1
    assert touch.touches == [{"x": 1234, "y": 3210, "pressure": 77}]
    assert touch.buffer_empty and touch.touched  # FIFO drained, finger still down
    rig.touch_chip.release()
    assert not touch.touched and touch.touches == []


def test_stmpe610_read_data_and_many_samples(tft):
    rig = tft("stmpe610")
    touch = rig.make_touch()
    rig.touch_chip.touch(4095, 0, 255, samples=6)
    assert touch.buffer_size == 6
    assert touch.read_data() == (4095, 0, 255)
    assert len(touch.touches) == 4  # the driver reads at most four per call
    assert touch.get_point == {"x": 4095, "y": 0, "pressure": 255}
    assert touch.buffer_empty


def test_stmpe610_samples_stay_in_the_fifo_after_release(tft):
    rig = tft("stmpe610")
    touch = rig.make_touch()
    rig.touch_chip.touch(100, 200, 30)
    rig.touch_chip.release()
    assert not touch.touched
    assert touch.touches == [{"x": 100, "y": 200, "pressure": 30}]
    assert touch.touches == []


def test_stmpe610_touch_point_maps_through_calibration(tft):
    rig = tft("stmpe610")
    touch = rig.make_touch(calibration=((357, 3812), (390, 3555)), size=(320, 240))
    assert touch.touch_point is None
    # at rotation 0 the driver takes display x from raw y and display y from raw x
    rig.touch_chip.touch(390, 3812, 40)
    assert touch.touch_point == (320, 0, 40)
    rig.touch_chip.touch((390 + 3555) // 2, (357 + 3812) // 2, 40)
    x, y, _ = touch.touch_point
    assert (x, y) == (159, 119)


def test_stmpe610_untouched_until_the_driver_enables_it():
    chip = stmpe610.STMPE610()
    chip.touch(1, 2, 3)
    assert not chip.touched and not chip.fifo  # clocks off, controller disabled at reset


def test_stmpe610_driver_falls_back_to_spi_mode_1():
    spi = bus.spi()
    cs = Pin("CS")
    chip = bus.attach_spi(stmpe610.STMPE610(spi_modes=(1,)), cs)
    touch = adafruit_stmpe610.Adafruit_STMPE610_SPI(spi, DigitalInOut(cs))
    assert spi._mode == 1  # the stand-in keeps polarity << 1 | phase
    chip.touch(5, 6, 7)
    assert touch.touches == [{"x": 5, "y": 6, "pressure": 7}]


def test_stmpe610_shares_the_bus_with_the_display(tft):
    rig = tft("stmpe610")
    display = rig.make_display()
    touch = rig.make_touch()
    display.refresh()
    bus.probe(rig.spi).reset_counts()
    rig.touch_chip.touch(10, 20, 30)
    assert touch.touches
    sent, received = bus.probe(rig.spi).counts_for(rig.touch_chip)
    assert bus.probe(rig.spi).counts_for(rig.display_chip) == (0, 0)
    # one register read = 1 byte out, 1 byte back: FIFO status, 4 data bytes, status,
    # then a 2-byte write clearing the interrupts, and the status once more
    assert (sent, received) == (1 + 4 + 1 + 2 + 1, 1 + 4 + 1 + 1)


@pytest.mark.parametrize("idle, version", [(0x00, "0X0"), (0xFF, "0XFFFF")])
def test_stmpe610_missing_on_spi_raises_runtimeerror(idle, version):
    spi = bus.spi(miso_high=idle == 0xFF, max_transfers=100)
    cs = Pin("CS")
    with pytest.raises(RuntimeError) as caught:
        adafruit_stmpe610.Adafruit_STMPE610_SPI(spi, DigitalInOut(cs))
    assert str(caught.value) == (
        f"Failed to find STMPE610 controller! Chip Version {version}. "
        "If you are using the breakout, verify you are in SPI mode."
    )


def test_stmpe610_that_dies_after_init(tft):
    """A chip that answers only zeros (cable off, MISO low) after a good start."""
    rig = tft("stmpe610")
    touch = rig.make_touch()
    bus.attach_spi(SilentChip(), rig.touch_cs)  # in the STMPE610's place
    assert not touch.touched
    # touches stops after four bogus points ...
    assert touch.touches == [{"x": 0, "y": 0, "pressure": 0}] * 4
    # ... but touch_point loops for as long as FIFO_STA reads "not empty": forever
    bus.probe(rig.spi).reset_counts()
    bus.probe(rig.spi).max_transfers = 10_000
    with pytest.raises(bus.TransferLimitExceeded):
        _ = touch.touch_point


# STMPE610 over I2C


def test_stmpe610_over_i2c(tft):
    rig = tft("stmpe610-i2c")
    touch = rig.make_touch()
    rig.touch_chip.touch(700, 800, 9)
    assert touch.touched
    assert touch.touches == [{"x": 700, "y": 800, "pressure": 9}]
    rig.touch_chip.release()
    assert not touch.touched


def test_stmpe610_missing_on_i2c_raises_valueerror():
    with pytest.raises(ValueError, match="^No I2C device at address: 0x41$"):
        adafruit_stmpe610.Adafruit_STMPE610_I2C(bus.i2c(max_transfers=100))


def test_stmpe610_all_zero_on_i2c_raises_runtimeerror():
    i2c = bus.i2c(max_transfers=100)
    bus.attach_i2c(SilentChip(), 0x41)
    with pytest.raises(RuntimeError, match=r"^Failed to find STMPE610! Chip Version 0X0\.$"):
        adafruit_stmpe610.Adafruit_STMPE610_I2C(i2c)


# FT6206 over I2C, as on the 2.8" capacitive shield


def test_ft6206_finger_comes_out_of_the_driver(tft):
    rig = tft("ft6206")
    touch = rig.make_touch()
    assert touch.chip == "FT6206"
    assert touch.touched == 0 and touch.touches == []
    rig.touch_chip.touch(17, 301)
    assert touch.touched == 1
    assert touch.touches == [{"x": 17, "y": 301, "id": 0}]
    rig.touch_chip.touch(239, 0, touch_id=1)
    assert touch.touches == [{"x": 17, "y": 301, "id": 0}, {"x": 239, "y": 0, "id": 1}]
    rig.touch_chip.release(0)
    assert touch.touches == [{"x": 239, "y": 0, "id": 1}]
    rig.touch_chip.release()
    assert touch.touched == 0 and touch.touches == []


def test_ft6206_reads_32_bytes_per_touches_call(tft):
    rig = tft("ft6206")
    touch = rig.make_touch()
    bus.probe(rig.i2c).reset_counts()
    assert touch.touches == []
    assert (bus.probe(rig.i2c).bytes_sent, bus.probe(rig.i2c).bytes_received) == (1, 32)


def test_ft6206_missing_raises_valueerror():
    with pytest.raises(ValueError, match="^No I2C device at address: 0x38$"):
        adafruit_focaltouch.Adafruit_FocalTouch(bus.i2c(max_transfers=100))


def test_ft6206_all_zero_raises_runtimeerror():
    i2c = bus.i2c(max_transfers=100)
    bus.attach_i2c(SilentChip(), 0x38)
    with pytest.raises(RuntimeError, match="^Did not find FT chip$"):
        adafruit_focaltouch.Adafruit_FocalTouch(i2c)


def test_ft6206_unknown_chip_id_fails_only_later():
    i2c = bus.i2c()
    bus.attach_i2c(ft6206.FT6206(chip_id=0x99), 0x38)
    touch = adafruit_focaltouch.Adafruit_FocalTouch(i2c)
    assert not hasattr(touch, "chip")
    with pytest.raises(AttributeError, match="_touch_buffer_size"):
        _ = touch.touches


class CountingInput:
    """Reads a pin like a DigitalInOut input, and stops a driver that polls it forever."""

    def __init__(self, pin, limit=1000):
        self.io = digitalio.DigitalInOut(pin)
        self.io.switch_to_input(pull=digitalio.Pull.UP)
        self.reads = 0
        self.limit = limit

    @property
    def value(self):
        self.reads += 1
        if self.reads > self.limit:
            raise bus.TransferLimitExceeded("polled the interrupt pin too often")
        return self.io.value


def test_ft6206_with_irq_pin_waits_for_a_touch(tft):
    rig = tft("ft6206")
    irq = CountingInput(rig.touch_irq)
    touch = rig.make_touch(irq_pin=irq)
    rig.touch_chip.touch(3, 4)
    assert touch.touched == 1 and irq.reads == 1
    rig.touch_chip.release()
    # no finger: the driver spins on the interrupt line and never returns
    with pytest.raises(bus.TransferLimitExceeded):
        _ = touch.touched


def test_stmpe610_after_a_cold_start_fails_once_then_answers():
    spi = bus.spi()
    cs = Pin("CS")
    bus.attach_spi(stmpe610.STMPE610(not_ready_reads=4), cs)
    with DigitalInOut(cs) as first, pytest.raises(RuntimeError, match="Failed to find STMPE610"):
        adafruit_stmpe610.Adafruit_STMPE610_SPI(spi, first)  # version read in modes 0 and 1
    touch = adafruit_stmpe610.Adafruit_STMPE610_SPI(spi, DigitalInOut(cs))
    assert touch.get_version == 0x0811
