"""The real adafruit_tsc2007 driver against the TSC2007 model (the TFT FeatherWing V2's touch)."""

import adafruit_tsc2007
import digitalio
import pytest

from knightstour_sim.chips import bus, tsc2007
from knightstour_sim.circuitpython.digitalio import DigitalInOut
from knightstour_sim.circuitpython.microcontroller import Pin

X, Y, Z1, Z2 = 12, 13, 14, 15
ADC_ON_IRQ_OFF, POWER_DOWN_IRQ_ON = 1, 0


def chip_on_bus(**kwargs):
    i2c = bus.i2c()
    chip = bus.attach_i2c(tsc2007.TSC2007(**kwargs), tsc2007.ADDRESS)
    return i2c, chip


def test_driver_reads_x_y_z1_then_powers_down_with_penirq_on():
    i2c, chip = chip_on_bus()
    adafruit_tsc2007.TSC2007(i2c)
    # function << 4 | power << 2 | resolution << 1: X, Y, Z1 with the ADC on, then TEMP0 powering down
    assert chip.commands == [0xC4, 0xD4, 0xE4, 0x00]
    assert chip.irq_enabled


def test_untouched_reads_zero_and_is_not_touched():
    i2c, chip = chip_on_bus()
    touch = adafruit_tsc2007.TSC2007(i2c)
    assert touch.touch == {"x": 0, "y": 0, "pressure": 0}
    assert not touch.touched
    assert touch.command(Z2, ADC_ON_IRQ_OFF, 0) == 4095


def test_a_firm_touch_comes_out_of_the_driver():
    i2c, chip = chip_on_bus()
    touch = adafruit_tsc2007.TSC2007(i2c)
    chip.touch(1234, 3210, resistance=300)
    point = touch.touch
    assert (point["x"], point["y"]) == (1234, 3210)
    assert point["pressure"] == chip.convert(Z1) > 100
    assert touch.touched
    chip.release()
    assert not touch.touched


def test_z1_and_z2_give_back_the_touch_resistance():
    i2c, chip = chip_on_bus(x_plate=420, y_plate=280)
    touch = adafruit_tsc2007.TSC2007(i2c)
    for x, y, resistance in ((2048, 2048, 300), (3000, 500, 1200), (800, 3900, 5000)):
        chip.touch(x, y, resistance)
        z1 = touch.command(Z1, ADC_ON_IRQ_OFF, 0)
        z2 = touch.command(Z2, ADC_ON_IRQ_OFF, 0)
        measured = 420 * x / 4096 * (z2 / z1 - 1)  # TI's formula
        assert measured == pytest.approx(resistance, rel=0.03)


def test_a_light_touch_or_one_at_the_x_minus_edge_is_no_touch():
    i2c, chip = chip_on_bus()
    touch = adafruit_tsc2007.TSC2007(i2c)
    chip.touch(2048, 2048, resistance=20000)  # barely brushing the panel
    assert 0 < touch.touch["pressure"] <= 100 and not touch.touched
    chip.touch(2048, 2048, resistance=400)
    assert touch.touched
    chip.touch(20, 2048, resistance=400)  # near X-: little of the X plate in the divider
    assert touch.touch["pressure"] <= 100 and not touch.touched


def test_eight_bit_conversions_read_one_byte():
    i2c, chip = chip_on_bus()
    touch = adafruit_tsc2007.TSC2007(i2c)
    chip.touch(0xABC, 0x123)
    # the driver reads two bytes and takes 12 bits: an 8-bit result lands in the top 8
    assert touch.command(X, ADC_ON_IRQ_OFF, 1) == 0xAB0
    assert touch.command(Y, ADC_ON_IRQ_OFF, 1) == 0x120
    assert touch.command(X, ADC_ON_IRQ_OFF, 0) == 0xABC


def test_driver_options_invert_and_swap():
    i2c, chip = chip_on_bus()
    touch = adafruit_tsc2007.TSC2007(i2c, invert_x=True, swap_xy=True)
    chip.touch(1000, 3000)
    point = touch.touch
    assert (point["x"], point["y"]) == (3000, 4095 - 1000)


def test_setup_command_is_stored():
    i2c, chip = chip_on_bus()
    touch = adafruit_tsc2007.TSC2007(i2c)
    assert not chip.filter_bypass and chip.irq_pullup_kohm == 50
    touch.command(11, 0, 1)  # setup: bit 1 (the driver's resolution bit) bypasses the filter
    assert chip.filter_bypass and chip.irq_pullup_kohm == 50


def test_penirq_follows_the_finger_and_the_power_down_bits():
    pin = Pin("D6")
    i2c, chip = chip_on_bus(interrupt=pin)
    touch = adafruit_tsc2007.TSC2007(i2c, irq=digitalio.DigitalInOut(pin))
    assert pin.level and not touch.touched
    chip.touch(2000, 2000, resistance=20000)  # too light for the pressure test, not for PENIRQ
    assert not pin.level and touch.touched
    touch.command(X, ADC_ON_IRQ_OFF, 0)
    assert pin.level and not touch.touched  # PENIRQ off while converting
    assert touch.touch["x"] == 2000  # the driver ends on a power-down command with PENIRQ on
    assert not pin.level and touch.touched
    chip.release()
    assert pin.level and not touch.touched
    assert chip.irq_fights == 0


def test_driving_d6_as_an_output_fights_penirq():
    """The V1's touch chip select, driven high, is the V2's interrupt line."""
    pin = Pin("D6")
    i2c, chip = chip_on_bus(interrupt=pin)
    cs = DigitalInOut(pin)
    cs.switch_to_output(True)
    chip.touch(2000, 2000)
    assert chip.irq_fights == 1
    cs.switch_to_input()
    chip.touch(2100, 2000)
    assert chip.irq_fights == 1 and not pin.level


def test_no_chip_at_0x48_is_a_value_error_from_the_driver():
    i2c = bus.i2c()
    with pytest.raises(ValueError, match="0x48"):
        adafruit_tsc2007.TSC2007(i2c)
    assert bus.probe(i2c).transfers >= 1


def test_rig_wires_penirq_to_d6_and_the_driver_reads_it(tft):
    rig = tft("tsc2007")
    touch = rig.make_touch(irq=digitalio.DigitalInOut(rig.touch_cs))
    rig.touch_chip.touch(3000, 1000, resistance=500)
    assert touch.touched and not rig.touch_cs.level
    assert (touch.touch["x"], touch.touch["y"]) == (3000, 1000)


def test_a_touch_needs_a_resistance():
    with pytest.raises(ValueError):
        tsc2007.TSC2007().touch(1, 2, resistance=0)
