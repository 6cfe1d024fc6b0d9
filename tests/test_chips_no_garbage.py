"""The chip models and the bus stand-in make no garbage per call under MicroPython.

On a board the chips are hardware and busio is C: a touch poll or a matrix frame allocates
nothing beyond what the toy's own driver does. In the Feather harness (sim/harness/feather.py)
the models and busio share the toy's heap, which this port collects only between steps, so their
garbage would count memory a board never spends. Here the toy's drivers poll each model through
busio under the WebAssembly port, and gc.mem_alloc() is read around every bus call and chip select
(the driver's own code in between is not counted)."""

import subprocess

import pytest

from support.micropython import DEVICE, ROOT, RUNNER, TIMEOUT

POLLS = 20

SCRIPT = r'''
import gc

import board
import busio
import digitalio

board._setup("feather_m4_express")
made = [0, 0]  # bytes allocated inside bus calls and chip selects, bus calls


def counted(call):
    before = gc.mem_alloc()
    call()
    made[0] += gc.mem_alloc() - before


def count_spi():
    write, readinto, write_readinto = busio.SPI.write, busio.SPI.readinto, busio.SPI.write_readinto

    def counted_write(self, buffer, *, start=0, end=None):
        made[1] += 1
        counted(lambda: write(self, buffer, start=start, end=end))

    def counted_readinto(self, buffer, *, start=0, end=None, write_value=0):
        made[1] += 1
        counted(lambda: readinto(self, buffer, start=start, end=end, write_value=write_value))

    def counted_write_readinto(self, out_buffer, in_buffer, *, out_start=0, out_end=None, in_start=0, in_end=None):
        made[1] += 1
        counted(lambda: write_readinto(self, out_buffer, in_buffer, out_start=out_start, out_end=out_end,
                                       in_start=in_start, in_end=in_end))

    busio.SPI.write, busio.SPI.readinto, busio.SPI.write_readinto = (counted_write, counted_readinto,
                                                                     counted_write_readinto)


def count_i2c():
    writeto, readfrom_into = busio.I2C.writeto, busio.I2C.readfrom_into

    def counted_writeto(self, address, buffer, *, start=0, end=None):
        made[1] += 1
        counted(lambda: writeto(self, address, buffer, start=start, end=end))

    def counted_readfrom_into(self, address, buffer, *, start=0, end=None):
        made[1] += 1
        counted(lambda: readfrom_into(self, address, buffer, start=start, end=end))

    busio.I2C.writeto, busio.I2C.readfrom_into = counted_writeto, counted_readfrom_into


def count_selects(chip):
    select, deselect = chip.select, chip.deselect
    chip.select = lambda: counted(select)
    chip.deselect = lambda: counted(deselect)


def on_spi(chip):
    board.D6.chip = chip
    busio._SPI_CHIPS.append(board.D6)
    return busio.SPI(board.SCK, board.MOSI, board.MISO), digitalio.DigitalInOut(board.D6)


WHICH = "%(which)s"
chip = None
if WHICH == "stmpe610":
    from stmpe610 import STMPE610 as Model
    from knightstour.hw.chips.stmpe610 import STMPE610, stmpe610_reader
    from knightstour.hw.inputs.touch import HELD

    chip = Model()
    poll = stmpe610_reader(STMPE610(*on_spi(chip)), HELD)
elif WHICH == "xpt2046":
    from xpt2046 import XPT2046 as Model
    from knightstour.hw.chips.xpt2046 import XPT2046, xpt2046_reader

    chip = Model(interrupt=board.A3)
    poll = xpt2046_reader(XPT2046(*on_spi(chip), irq=digitalio.DigitalInOut(board.A3)), "held")
elif WHICH == "ft6206":
    from ft6206 import FT6206 as Model
    from knightstour.hw.chips.ft6206 import FT6206

    chip = busio._I2C_CHIPS[0x38] = Model()
    poll = FT6206(busio.I2C(board.SCL, board.SDA)).point
elif WHICH == "tsc2007":
    from tsc2007 import TSC2007 as Model
    from knightstour.hw.chips.tsc2007 import open_tsc2007, tsc2007_reader

    chip = busio._I2C_CHIPS[0x48] = Model(interrupt=board.D6)
    poll = tsc2007_reader(open_tsc2007(busio.I2C(board.SCL, board.SDA), board.D6))
else:  # the MAX7219's frames: no model on the Feather harness's bus, the bytes go nowhere
    from knightstour.hw.chips.max7219 import MAX7219

    spi = busio.SPI(board.SCK, board.MOSI, board.MISO)
    poll = MAX7219(spi, digitalio.DigitalInOut(board.D9)).show

if chip is not None:
    if hasattr(chip, "select"):
        count_selects(chip)
    count_spi() if hasattr(chip, "select") else count_i2c()
    chip.touch(2000, 1500)
else:
    count_spi()
answers = []
for _ in range(%(polls)d):
    if WHICH == "stmpe610":
        chip.touch(2000, 1500)  # a new sample in the FIFO, as the ADC queues one while the finger is down
    answers.append(poll())
print("MADE", made[0], made[1], answers[-1])
'''


@pytest.mark.parametrize("which, answer", [("stmpe610", "(2000, 1500)"), ("xpt2046", "(2000, 1500)"),
                                           ("ft6206", "(2000, 1500)"), ("tsc2007", "(2000, 1500)"),
                                           ("max7219", "None")])
def test_polls_and_frames_make_no_garbage_in_the_models_and_the_bus(node, tmp_path, which, answer):
    script = tmp_path / "no_garbage.py"
    script.write_text(SCRIPT % {"which": which, "polls": POLLS})
    proc = subprocess.run([node, str(RUNNER), "--heap", "1m", "--path", str(ROOT / "sim" / "circuitpython"),
                           "--path", str(ROOT / "sim" / "chips"), "--path", str(DEVICE),
                           "--path", str(ROOT / "sim"),  # boards/: the stand-in board's definitions
                           str(script)], capture_output=True, text=True, timeout=TIMEOUT, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr[-2000:]
    made, calls, last = proc.stdout.split("MADE ")[1].strip().split(" ", 2)
    assert last == answer  # the polls saw the finger (the frames went out)
    assert int(calls) >= POLLS
    assert int(made) == 0, "%s B of garbage in %s bus calls" % (made, calls)
