"""hw/chips/tsc2007.py: probing for the TFT FeatherWing V2's TSC2007 and reading it, on the emulated
FeatherWing (the real adafruit_tsc2007 over the TSC2007 model, PENIRQ on D6)."""

import pytest

from knightstour.hw.chips import tsc2007
from knightstour_sim.chips import bus


def test_penirq_on_d6_stays_an_input_and_idle_costs_no_i2c(tft):
    rig = tft("tsc2007")
    driver = tsc2007.open_tsc2007(rig.i2c, rig.touch_cs)
    read = tsc2007.tsc2007_reader(driver, True)
    assert rig.touch_cs.board_level is None  # an input, pulled up
    rig.i2c.reset_counts()
    for _ in range(50):
        assert read() is None
    assert rig.i2c.transfers == 0
    rig.touch_chip.touch(1500, 2500, resistance=20000)  # light: PENIRQ sees it, Z1 would not
    assert read() == (1500, 2500)
    assert rig.touch_chip.irq_fights == 0
    rig.touch_chip.release()
    assert read() is None


def test_without_the_pin_the_pressure_decides(tft):
    rig = tft("tsc2007")
    driver = tsc2007.open_tsc2007(rig.i2c)
    read = tsc2007.tsc2007_reader(driver, False)
    assert read() is None
    rig.touch_chip.touch(1500, 2500, resistance=20000)
    assert read() is None
    rig.touch_chip.touch(1500, 2500, resistance=400)
    assert read() == (1500, 2500)


def test_open_without_a_chip_raises_value_error():
    with pytest.raises(ValueError):
        tsc2007.open_tsc2007(bus.I2C())
