"""The real adafruit_max7219 driver against the MAX7219 model."""

import random

import digitalio
import pytest
from adafruit_max7219 import matrices, max7219

from knightstour_sim.chips import bus, rig
from knightstour_sim.chips.max7219 import MAX7219, MAX7219Chain
from knightstour_sim.circuitpython.digitalio import DigitalInOut
from knightstour_sim.circuitpython.microcontroller import Pin


def drawn(points):
    return [[(x, y) in points for x in range(8)] for y in range(8)]


def test_init_leaves_the_chip_on_blank_and_scanning_all_digits():
    spi, cs, chip = rig.matrix_rig()
    assert chip.shutdown  # power-up state
    matrices.Matrix8x8(spi, cs)
    assert not chip.shutdown and not chip.display_test
    assert chip.scan_limit == 7 and chip.decode_mode == 0
    assert chip.leds == drawn(set())


def test_pixels_shown_are_the_leds_lit():
    spi, cs, chip = rig.matrix_rig()
    matrix = matrices.Matrix8x8(spi, cs)
    rng = random.Random(7)
    points = {(rng.randrange(8), rng.randrange(8)) for _ in range(20)}
    for x, y in points:
        matrix.pixel(x, y, 1)
    assert chip.leds == drawn(set())  # nothing until show()
    matrix.show()
    assert chip.leds == drawn(points)
    x, y = sorted(points)[0]
    matrix.pixel(x, y, 0)
    matrix.show()
    assert chip.leds == drawn(points - {(x, y)})


def test_fill_lights_everything_and_clears_everything():
    spi, cs, chip = rig.matrix_rig()
    matrix = matrices.Matrix8x8(spi, cs)
    matrix.fill(1)
    matrix.show()
    assert all(all(row) for row in chip.leds)
    matrix.fill(0)
    matrix.show()
    assert not any(any(row) for row in chip.leds)


def test_brightness_sets_intensity():
    spi, cs, chip = rig.matrix_rig()
    matrix = matrices.Matrix8x8(spi, cs)
    matrix.brightness(9)
    assert chip.intensity == 9 and chip.brightness == pytest.approx(19 / 32)
    with pytest.raises(ValueError):
        matrix.brightness(16)


def test_bytes_counted_per_command_and_per_show():
    spi, cs, chip = rig.matrix_rig()
    matrix = matrices.Matrix8x8(spi, cs)
    assert bus.probe(spi).bytes_sent == 5 * 2 + 8 * 2  # five setup registers, then show() of 8 digits
    bus.probe(spi).reset_counts()
    matrix.pixel(0, 0, 1)
    matrix.show()
    assert bus.probe(spi).bytes_sent == 16 and bus.probe(spi).transfers == 8 and bus.probe(spi).bytes_received == 0
    bus.probe(spi).reset_counts()
    matrix.brightness(3)
    assert bus.probe(spi).bytes_sent == 2


def test_works_with_blinkas_own_digitalinout_on_the_pin():
    wired = rig.matrix_rig()
    spi, chip = wired.spi, wired.chip
    matrix = matrices.Matrix8x8(spi, digitalio.DigitalInOut(wired.pin))
    matrix.pixel(6, 1, 1)
    matrix.show()
    assert chip.leds == drawn({(6, 1)})


def test_chained_modules_each_latch_their_own_word():
    spi, cs, chain = rig.matrix_rig(chain=2)
    assert isinstance(chain, MAX7219Chain)
    matrix = matrices.CustomMatrix(spi, cs, 16, 8)
    matrix.pixel(0, 0, 1)
    matrix.pixel(9, 3, 1)
    matrix.pixel(15, 7, 1)
    matrix.show()
    lengths = matrix.chain_length
    for index, chip in enumerate(chain.chips):
        # the driver sends its module 0 first, so it travels furthest down the chain
        module = lengths - 1 - index
        expected = bytes(matrix._buffer[row * lengths + module] for row in range(8))
        assert bytes(chip.digits) == expected
        assert not chip.shutdown and chip.scan_limit == 7
    assert sum(sum(map(sum, chip.leds)) for chip in chain.chips) == 3
    matrix.brightness(4)
    assert [chip.intensity for chip in chain.chips] == [4, 4]


def test_chain_command_goes_to_every_module():
    spi, cs, chain = rig.matrix_rig(chain=3)
    driver = max7219.ChainableMAX7219(24, 8, spi, cs)
    driver.write_cmd(12, 1)  # shutdown register: normal operation
    assert [chip.shutdown for chip in chain.chips] == [False, False, False]
    assert bus.probe(spi).bytes_sent == 6


def test_a_short_write_shifts_the_old_word_down_the_chain():
    chain = MAX7219Chain(2)
    chain.select()
    chain.transfer(bytes([1, 0xAA]), 0)
    chain.deselect()
    chain.select()
    chain.transfer(bytes([2, 0x55]), 0)
    chain.deselect()
    assert chain.chips[0].digits[1] == 0x55
    assert chain.chips[1].digits[0] == 0xAA  # pushed out of chip 0's register


def test_register_semantics():
    chip = MAX7219()

    def send(address, data):
        chip.select()
        chip.transfer(bytes([address, data]), 0)
        chip.deselect()

    send(12, 1)
    send(11, 2)
    send(1, 0xFF)
    send(4, 0xFF)
    assert chip.segments(0) == 0xFF and chip.segments(3) == 0  # digit 3 beyond scan limit 2
    send(9, 0x01)
    send(1, 0x83)
    assert chip.segments(0) == 0x79 | 0x80  # code B "3" with the decimal point
    send(15, 1)
    assert all(all(row) for row in chip.leds)
    send(15, 0)
    send(12, 0)
    assert not any(any(row) for row in chip.leds)
    send(0, 0x42)  # no-op
    assert chip.digits[0] == 0x83
    assert "#" not in str(chip)


def test_a_missing_matrix_goes_unnoticed():
    """The driver only writes, so nothing tells it the chip is absent: an adapter cannot
    detect a missing or unpowered MAX7219."""
    spi = bus.spi(max_transfers=1000)
    cs = DigitalInOut(Pin("CS"))
    matrix = matrices.Matrix8x8(spi, cs)
    matrix.fill(1)
    matrix.show()
    assert bus.probe(spi).bytes_received == 0 and bus.probe(spi).bytes_sent == 42
