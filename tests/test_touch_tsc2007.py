"""hw/chips/tsc2007.py: probing for the TFT FeatherWing V2's TSC2007 and reading it, on the emulated
FeatherWing (the toy's own driver over the TSC2007 model, PENIRQ on D6)."""

import pytest

from knightstour.hw.chips import tsc2007
from knightstour_sim.chips import bus


def test_penirq_on_d6_stays_an_input_and_idle_costs_no_i2c(tft):
    rig = tft("tsc2007")
    driver = tsc2007.open_tsc2007(rig.i2c, rig.touch_cs)
    read = tsc2007.tsc2007_reader(driver)
    assert rig.touch_cs.board_level is None  # an input, pulled up
    bus.probe(rig.i2c).reset_counts()
    for _ in range(50):
        assert read() is None
    assert bus.probe(rig.i2c).transfers == 0
    rig.touch_chip.touch(1500, 2500, resistance=20000)  # light: PENIRQ sees it, Z1 would not
    assert read() == (1500, 2500)
    assert rig.touch_chip.irq_fights == 0
    rig.touch_chip.release()
    assert read() is None


def test_without_the_pin_the_pressure_decides(tft):
    rig = tft("tsc2007")
    driver = tsc2007.open_tsc2007(rig.i2c)
    read = tsc2007.tsc2007_reader(driver)
    assert read() is None
    rig.touch_chip.touch(1500, 2500, resistance=20000)
    assert read() is None
    rig.touch_chip.touch(1500, 2500, resistance=400)
    assert read() == (1500, 2500)


def test_open_without_a_chip_raises_os_error():
    with pytest.raises(OSError):  # nothing answers at 0x48 (as ft6206.py's; touch_tsc2007.py says so in its line)
        tsc2007.open_tsc2007(bus.i2c())


def test_the_toys_driver_sends_and_reads_what_adafruit_tsc2007_does():
    """The toy's driver replaced adafruit_tsc2007 (3 KB of a Feather's heap with adafruit_bus_device):
    on the model, the same command bytes and the same readings, touched or not."""
    import adafruit_tsc2007

    from knightstour_sim.chips.tsc2007 import ADDRESS, TSC2007

    i2c = bus.i2c()
    theirs_chip, ours_chip = TSC2007(), TSC2007()

    def plug(chip):  # one board, one address: the two chips take turns on it
        bus.detach_i2c(ADDRESS)
        bus.attach_i2c(chip, ADDRESS)

    plug(theirs_chip)
    theirs = adafruit_tsc2007.TSC2007(i2c)
    plug(ours_chip)
    ours = tsc2007.open_tsc2007(i2c)
    for touch in (None, (1500, 2500, 20000), (300, 3900, 400), (4000, 100, 900)):
        for chip in (theirs_chip, ours_chip):
            chip.touch(*touch[:2], resistance=touch[2]) if touch else chip.release()
        plug(theirs_chip)
        point = theirs.touch
        plug(ours_chip)
        assert ours.point() == (point["x"], point["y"], point["pressure"])
        assert ours_chip.commands == theirs_chip.commands
