"""The XPT2046: the chip model (sim/chips/xpt2046.py) answering the data sheet's control bytes
bit by bit, the toy's driver (knightstour.hw.chips.xpt2046) on it, and the independent driver of the
xpt2046-circuitpython package on the same model."""

import pytest
import xpt2046_circuitpython

from knightstour.hw.chips.xpt2046 import XPT2046, xpt2046_reader
from knightstour_sim.chips import bus, shims
from knightstour_sim.chips.tsc2007 import TSC2007
from knightstour_sim.chips.xpt2046 import XPT2046 as Chip
from knightstour_sim.circuitpython.digitalio import DigitalInOut
from knightstour_sim.circuitpython.microcontroller import Pin

shims.install()

X, Y, Z1, Z2 = 0xD0, 0x90, 0xB0, 0xC0  # 12 bits, differential, power down between conversions
HELD = "held"


def wired(idle_read=0x00, **kwargs):
    spi = bus.spi(miso_high=idle_read == 0xFF, max_transfers=10000)
    cs = Pin("T_CS")
    irq = Pin("T_IRQ")
    chip = bus.attach_spi(Chip(interrupt=irq, **kwargs), cs)
    return spi, cs, irq, chip


def exchange(spi, cs, data, mode=0):
    """``data`` clocked out with CS low; the bytes read back."""
    spi.try_lock()
    spi.configure(baudrate=1000000, polarity=mode >> 1, phase=mode & 1)
    cs.board_drive(False)
    into = bytearray(len(data))
    spi.write_readinto(bytes(data), into)
    cs.board_drive(True)
    spi.unlock()
    return bytes(into)


def bits(reply, first, count):
    """``count`` bits of ``reply`` from clock ``first`` (1 = the first bit clocked)."""
    word = int.from_bytes(reply, "big")
    return word >> (8 * len(reply) - (first + count - 1)) & ((1 << count) - 1)


def twelve(reply, at=1):
    return (reply[at] << 8 | reply[at + 1]) >> 3


# The chip


def test_each_channel_answers_in_the_two_bytes_after_its_control():
    spi, cs, _, chip = wired()
    panel = TSC2007()  # the same plates: the formulas of the model the XPT2046's is built on
    for x, y, resistance in ((1000, 3000, 400), (0, 4095, 200), (4095, 0, 1500), (2048, 2048, 50)):
        chip.touch(x, y, resistance)
        panel.touch(x, y, resistance)
        for command, function in ((X, 12), (Y, 13), (Z1, 14), (Z2, 15)):
            reply = exchange(spi, cs, [command, 0, 0])
            assert reply[0] == 0 and reply[1] & 0x80 == 0 and reply[2] & 0x07 == 0  # busy clock, then zeros
            assert twelve(reply) == panel.convert(function)
    chip.release()
    assert [twelve(exchange(spi, cs, [c, 0, 0])) for c in (X, Y, Z1, Z2)] == [0, 0, 0, 4095]


def test_eight_bit_mode_gives_the_top_bits_after_the_busy_clock():
    spi, cs, _, chip = wired()
    chip.touch(0xABC, 0x123)
    reply = exchange(spi, cs, [X | 0x08, 0, 0])
    assert bits(reply, 9, 1) == 0 and bits(reply, 10, 8) == 0xAB and bits(reply, 18, 7) == 0


def test_zeros_before_the_start_bit_are_ignored():
    spi, cs, _, chip = wired()
    chip.touch(0x5A5, 0x3C3)
    reply = exchange(spi, cs, [X >> 4, (X & 0x0F) << 4, 0, 0])  # start bit on the 5th clock
    assert bits(reply, 13, 1) == 0 and bits(reply, 14, 12) == 0x5A5
    assert chip.commands == [X]


def test_sixteen_and_fifteen_clocks_a_conversion():
    spi, cs, _, chip = wired()
    chip.touch(0x5A5, 0x3C3)
    reply = exchange(spi, cs, [X, 0, Y, 0, 0])  # the next control byte goes with the low byte
    assert twelve(reply, 1) == 0x5A5 and twelve(reply, 3) == 0x3C3
    reply = exchange(spi, cs, [X, 0x01, (Y << 1) & 0xFF, 0, 0])  # next start bit on clock 16
    assert bits(reply, 10, 12) == 0x5A5 and bits(reply, 24, 1) == 0 and bits(reply, 25, 12) == 0x3C3
    assert chip.commands[-2:] == [X, Y]


def test_a_start_bit_sooner_than_fifteen_clocks_is_not_taken():
    spi, cs, _, chip = wired()
    exchange(spi, cs, [X, 0x40, 0, 0])  # a 1 on clock 10
    assert chip.commands == [X]


def test_chip_select_high_forgets_half_a_control_byte():
    spi, cs, _, chip = wired()
    chip.touch(100, 200)
    exchange(spi, cs, [X >> 4])  # start bit and three channel bits, then CS high
    reply = exchange(spi, cs, [Y, 0, 0])
    assert chip.commands == [Y] and twelve(reply) == 200


@pytest.mark.parametrize("mode", [1, 2])
def test_in_modes_1_and_2_the_board_reads_a_clock_late(mode):
    spi, cs, _, chip = wired()
    chip.touch(0x5A5, 0)
    assert twelve(exchange(spi, cs, [X, 0, 0], mode=0)) == 0x5A5
    assert twelve(exchange(spi, cs, [X, 0, 0], mode=3)) == 0x5A5
    assert twelve(exchange(spi, cs, [X, 0, 0], mode=mode)) == 0x5A5 >> 1


def test_single_ended_channels_and_the_reference():
    spi, cs, _, chip = wired(temperature=0x2C0, vbat=3.7, aux=0x123)
    assert twelve(exchange(spi, cs, [0x84, 0, 0])) == 0x2C0  # TEMP0
    assert twelve(exchange(spi, cs, [0xF4, 0, 0])) == 0x2C0  # TEMP1
    assert twelve(exchange(spi, cs, [0xE4, 0, 0])) == 0x123  # AUX
    assert twelve(exchange(spi, cs, [0xA4, 0, 0])) == int(3.7 / 4 / 3.3 * 4096)  # VBAT/4 against VCC
    assert twelve(exchange(spi, cs, [0xA6, 0, 0])) == int(3.7 / 4 / 2.5 * 4096)  # against the 2.5 V reference
    assert twelve(exchange(spi, cs, [0x80, 0, 0])) == 0  # TEMP0 is single-ended only
    chip.touch(3500, 1000)
    assert twelve(exchange(spi, cs, [0xD4, 0, 0])) == 3500  # X single-ended against VREF = VCC
    assert twelve(exchange(spi, cs, [0xD6, 0, 0])) == 4095  # ... against 2.5 V: off the scale


def test_penirq_follows_the_power_down_bits():
    spi, cs, irq, chip = wired()
    assert irq.level  # pulled up, no finger
    chip.touch(100, 100)
    assert not irq.level
    exchange(spi, cs, [X | 0x01, 0, 0])  # reference off, ADC on: PENIRQ off
    assert irq.level
    exchange(spi, cs, [X | 0x02, 0, 0])  # reference on, ADC off: PENIRQ on
    assert not irq.level
    exchange(spi, cs, [X | 0x03, 0, 0])
    assert irq.level
    exchange(spi, cs, [X, 0, 0])
    assert not irq.level
    chip.release()
    assert irq.level


# The toy's driver


def driver_on(spi, cs, irq=None):
    return XPT2046(spi, DigitalInOut(cs), None if irq is None else DigitalInOut(irq))


@pytest.mark.parametrize("with_irq", [True, False])
def test_the_driver_reads_where_the_finger_is(with_irq):
    spi, cs, irq, chip = wired()
    driver = driver_on(spi, cs, irq if with_irq else None)
    assert driver.read() is None and not driver.down and not driver.touched
    for x, y in ((357, 3812), (3812, 390), (2000, 2000), (150, 3950), (4000, 120)):
        chip.touch(x, y)
        assert driver.touched
        assert driver.read() == (x, y) and driver.down
    assert chip.commands[-12:] == [Z1, Z2] + [X] * 5 + [Y] * 5
    chip.release()
    assert driver.read() is None and not driver.touched
    assert cs.level and not spi._locked  # chip select released, bus unlocked


@pytest.mark.parametrize("x, y", [(2000, 2000), (150, 3950), (3950, 150)])
def test_a_light_touch_is_not_a_touch_anywhere(x, y):
    spi, cs, irq, chip = wired(x_plate=300)
    driver = driver_on(spi, cs)
    chip.touch(x, y, resistance=1300)  # 4.3 X plates
    assert driver.read() is None and not driver.down
    chip.touch(x, y, resistance=1100)  # 3.7 X plates
    assert driver.read() == (x, y)


def test_with_the_irq_pin_no_finger_costs_no_spi_traffic():
    spi, cs, irq, chip = wired()
    read = xpt2046_reader(driver_on(spi, cs, irq), HELD)
    bus.probe(spi).reset_counts()
    for _ in range(10):
        assert read() is None
    assert bus.probe(spi).transfers == 0
    chip.touch(1234, 2345)
    assert read() == (1234, 2345)
    assert bus.probe(spi).transfers == 1 and bus.probe(spi).bytes_sent == 25  # 12 conversions, 16 clocks apart, one transaction


class Sliding(Chip):
    """A finger sliding across the panel: every X conversion a little further on."""

    def convert(self, function):
        if function == 12 and self.touching is not None:
            x, y, resistance = self.touching
            self.touching = (x + 40, y, resistance)
        return super().convert(function)


def test_samples_far_apart_are_held_not_a_position():
    spi = bus.spi()
    cs = Pin("T_CS")
    chip = bus.attach_spi(Sliding(), cs)
    read = xpt2046_reader(driver_on(spi, cs), HELD)
    chip.touch(1000, 1000)
    assert read() == HELD


@pytest.mark.parametrize("idle", [0x00, 0xFF])
def test_nothing_on_the_bus_is_a_runtimeerror(idle):
    spi = bus.spi(miso_high=idle == 0xFF)
    with pytest.raises(RuntimeError, match="no XPT2046 on SPI: its temperature reads 0x(000|FFF)"):
        driver_on(spi, Pin("T_CS"))


# The independent driver


def test_xpt2046_circuitpython_reads_the_same_a_bit_lower():
    """xpt2046-circuitpython sends the same X and Y control bytes and takes its 12 bits from the
    byte after the control byte on: the busy clock's 0, then D11 to D1. So it reads half the
    conversion, rounded down (its default range, 100 to 1900, is such half readings)."""
    spi, cs, irq, chip = wired()
    theirs = xpt2046_circuitpython.Touch(spi, DigitalInOut(cs), DigitalInOut(irq),
                                        x_min=0, x_max=4095, y_min=0, y_max=4095)
    cs.board_drive(True)  # it leaves its chip select low after set-up
    spi2, cs2, irq2, chip2 = wired()
    ours = driver_on(spi2, cs2, irq2)
    for x, y in ((357, 3812), (3812, 390), (2001, 1999), (151, 3950)):
        chip.touch(x, y)
        chip2.touch(x, y)
        assert theirs.is_pressed() and ours.touched
        spi.try_lock()  # it does not lock the bus itself
        got = theirs._raw_touch()
        spi.unlock()
        assert got == (x >> 1, y >> 1)
        assert ours.read() == (x, y)
    assert chip.commands[-2:] == [theirs.GET_X, theirs.GET_Y] == [X, Y]
    assert set(chip2.commands) >= {X, Y}


# Through the toy's build (hw/wiring): KNIGHTSTOUR_TOUCH = "xpt2046"


def test_the_build_wires_the_chip_select_and_the_irq_pin(emulated_tft):
    emu = emulated_tft({"mode": "touch", "idle_ms": "600000"}, touch="xpt2046", kind="pi")
    emu.step()
    assert emu.rig.touch_cs.level  # T_CS high: the display has the bus
    irq = emu.board.D22  # the Pi's T_IRQ
    assert irq is emu.rig.touch_irq and irq.board_level is None and irq.level  # an input, pulled up
    emu.probe.reset_counts()
    for _ in range(20):
        emu.step()
    assert emu.probe.counts_for(emu.rig.touch_chip) == (0, 0)  # no finger: not a byte to the XPT2046
    emu.press(2000, 2000)
    emu.step()
    # the app polls until nothing is left: the press, then the finger still down; 25 bytes each
    assert emu.probe.counts_for(emu.rig.touch_chip)[0] == 50
    assert emu.app.state == "run"


def test_without_the_irq_wire_the_pressure_decides(emulated_tft):
    emu = emulated_tft({"mode": "touch", "idle_ms": "600000", "pin_touch_irq": "none"}, touch="xpt2046")
    emu.step()
    assert emu.rig.touch_irq.board_level is None
    emu.press(2000, 2000)
    emu.step()
    emu.release()
    emu.step()
    emu.step()
    assert emu.app.state == "run"


@pytest.mark.parametrize("idle", [0x00, 0xFF])
def test_no_xpt2046_is_one_line_naming_the_fix(idle):
    from knightstour.hw.wiring.hardware import BoardHardware, HardwareError
    from knightstour.hw.wiring.touch_chips import open_driver

    spi = bus.spi(miso_high=idle == 0xFF, max_transfers=100)
    board = type("B", (), {"D6": Pin("D6"), "A3": Pin("A3")})
    hw = BoardHardware("feather_rp2040", None, board=board, spi=spi)
    with pytest.raises(HardwareError) as caught:
        open_driver("xpt2046", hw)
    text = str(caught.value)
    assert "\n" not in text and "XPT2046" in text and "T_CS D6" in text and "wiring/README.md" in text


def test_the_simulators_pixel_view_clicks_through_the_xpt2046(monkeypatch):
    """KNIGHTSTOUR_TOUCH=xpt2046 knights-tour sim --display tft --pixels: a click is a finger on the
    emulated XPT2046, read by the toy's driver through the calibration."""
    import argparse

    from knightstour_sim import command
    from knightstour_sim.simulator import FakeClock, Simulator

    monkeypatch.setenv("KNIGHTSTOUR_TOUCH", "xpt2046")
    parser = argparse.ArgumentParser()
    command.add_arguments(parser)
    settings = command.build_settings(parser.parse_args(["--display", "tft", "--touch"]))
    sim = Simulator(settings, display="ili9341", clock=FakeClock(), pixels=True)
    try:
        assert isinstance(sim.hardware.tft.rig.touch_chip, Chip)
        sim.update()
        sim.hardware.press(39, 185, sim.input)  # b2's cell: 26 px cells from 16 px below the top
        for _ in range(3):
            sim.clock.advance(0.02)
            sim.update()
        sim.hardware.release()
        sim.update()
        assert sim.app.state == "run" and sim.board.square_name(sim.app.tours.tour.path[0]) == "b2"
        assert sim.hardware.tft.rig.touch_chip.commands[-12:] == [Z1, Z2] + [X] * 5 + [Y] * 5
    finally:
        sim.close()
