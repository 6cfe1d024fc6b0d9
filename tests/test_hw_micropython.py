"""knightstour.hw under real MicroPython (the WebAssembly port, as tests/test_micropython.py runs
the core): the matrix, touch, piezo, keys and pins modules, and the TFT display over the
CircuitPython stand-ins' displayio (sim/circuitpython), print the same under CPython and MicroPython. The drivers themselves are
not there (they need busio); the emulator tests cover them under CPython."""

import difflib
import os
import shutil
import subprocess
import sys

import pytest

from support.micropython import DEVICE, ROOT, run_micropython

STAND_INS = ROOT / "sim" / "circuitpython"

SCRIPT = r'''
from knightstour import settings as S
from knightstour.hw.inputs import touch
from knightstour.hw.wiring import pins, touch_chips  # noqa: F401
from knightstour.hw.views.matrix import MatrixDisplay, square_xy
from knightstour.hw.inputs.touch import HELD, TouchInput, TouchMapper, from_landscape
from knightstour.hw.inputs.calibrate import solve, TARGETS
from knightstour.hw.chips.piezo import PiezoSound
from knightstour.hw.views.tft import TftDisplay
from knightstour.hw.views.tft_draw import skip_spaces, wrap_end
from knightstour.app import App


class Lcg:
    def __init__(self, seed):
        self.state = seed

    def randrange(self, n):
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.state >> 8) % n


env = {"KNIGHTSTOUR_MATRIX_ROTATION": 90, "KNIGHTSTOUR_PIEZO": "d6", "KNIGHTSTOUR_TOUCH": "ft6206",
       "KNIGHTSTOUR_TOUCH_X0": 300, "KNIGHTSTOUR_SPEED": "0", "KNIGHTSTOUR_START": "c3",
       "KNIGHTSTOUR_ORDER": "ahfdgceb", "KNIGHTSTOUR_TFT_ROTATION": "45"}
settings, errors = S.load(env.get)
for line in errors:
    print(line)
print(settings.matrix_rotation, settings.piezo, touch_chips.touch_calibration(settings))
print(pins.board_name("pi", "tft_dc"), pins.detect_kind("adafruit_feather_rp2040"), len(pins.SIGNALS))
print([square_xy(0, 8, 8, r, m) for r in (0, 90, 180, 270) for m in (False, True)])


class FakeMatrix:
    def __init__(self):
        self.leds = bytearray(64)
        self.shows = 0
        self.level = -1

    def pixel(self, x, y, v):
        self.leds[y * 8 + x] = 1 if v else 0

    def fill(self, v):
        for i in range(64):
            self.leds[i] = v

    def show(self):
        self.shows += 1

    def brightness(self, n):
        self.level = n


matrix = FakeMatrix()
app = App(settings, MatrixDisplay(matrix, 90, False, 7), rng=Lcg(3))
now = 0.0
while app.tours.count < 1:
    now += app.update(now)
print("matrix", app.tours.last_kind, sum(matrix.leds), matrix.level, matrix.shows > 60)

readings = [None, (100, 50), (100, 50), HELD, None, None, (3000, 2000), None, None]


def reader():
    return readings.pop(0) if readings else None


mapper = TouchMapper(0, 4095, 0, 4095, False, 90)
touch = TouchInput(reader, mapper, lambda x, y: x // 30 + 10 * (y // 30))
print("touch", [touch.poll() for _ in range(9)], from_landscape(10, 20, 270))
print("solve", solve(((357 + 20 * 11, 390 + 20 * 13), (357 + 299 * 11, 390 + 20 * 13),
                      (357 + 20 * 11, 390 + 219 * 13))))


class FakePwm:
    def __init__(self):
        self.frequency = 0
        self.heard = []
        self._duty = 1

    @property
    def duty_cycle(self):
        return self._duty

    @duty_cycle.setter
    def duty_cycle(self, value):
        self._duty = value
        if value:
            self.heard.append(self.frequency)


pwm = FakePwm()
sound = PiezoSound(pwm)
sound.update(0.0)
sound.closed_phrase()
t = 0.0
while t < 1.0:
    t += 0.01
    sound.update(t)
print("piezo", pwm.heard, pwm.duty_cycle)


class FakeDisplay:
    width = 320
    height = 240
    root_group = None
    refreshes = 0

    def refresh(self):
        self.refreshes += 1


screen = FakeDisplay()
display = TftDisplay(screen)
app = App(settings, display, rng=Lcg(5))
now = 0.0
while app.tours.count < 1:
    now += app.update(now)
print("tft", app.tours.last_kind, display.labels["counter"].text, sum(display.inked), screen.refreshes > 60)
print(display.square_at(15, 225), display.square_at(250, 10), display.cell_centre(63))
text = "closed tour! 64 squares, d5 is a knight move from c3"
at = 0
for _ in range(5):
    at = skip_spaces(text, at)
    end = wrap_end(text, at, 12)
    print(repr(text[at:end]))
    at = end
'''

LABEL = '''
class Label:
    def __init__(self, font, text="", color=0xFFFFFF):
        self.text = text
        self.color = color
        self.anchor_point = (0, 0)
        self.anchored_position = (0, 0)
'''


def write_script(directory):
    """The script, and displayio, terminalio and bitmaptools from the CircuitPython stand-ins."""
    (directory / "adafruit_display_text").mkdir()
    (directory / "adafruit_display_text" / "__init__.py").write_text("")
    (directory / "adafruit_display_text" / "label.py").write_text(LABEL)
    for name in ("_c", "displayio", "busdisplay", "terminalio", "bitmaptools"):
        shutil.copy(STAND_INS / (name + ".py"), directory)
    script = directory / "hw_script.py"
    script.write_text(SCRIPT)
    return script


def test_hw_modules_print_the_same_under_micropython(node, tmp_path):
    script = write_script(tmp_path)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(DEVICE)]), PYTHONDONTWRITEBYTECODE="1")
    cpython = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120,
                             cwd=ROOT, env=env)
    assert cpython.returncode == 0, cpython.stderr
    micropython = run_micropython(node, script, heap=8 * 1024 * 1024)  # no garbage collection: see run.mjs
    assert micropython.returncode == 0, micropython.stderr
    if micropython.stdout != cpython.stdout:
        diff = difflib.unified_diff(cpython.stdout.splitlines(), micropython.stdout.splitlines(),
                                    "CPython", "MicroPython", lineterm="")
        pytest.fail("knightstour.hw prints differently under MicroPython:\n" + "\n".join(diff))
    assert "matrix closed" in cpython.stdout or "matrix complete" in cpython.stdout
    assert "tft " in cpython.stdout and "KNIGHTSTOUR_TFT_ROTATION" in cpython.stdout
