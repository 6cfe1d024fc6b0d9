"""Each touch controller is one module, hw/wiring/touch_<name>.py, and one name in the settings'
table: a new controller needs nothing else. Shown with a dummy controller (the FT6206's chip
under another name and calibration) added to a copy of the package: the settings accept it,
the pins are checked with its signals, the build opens it, its calibration maps a tap, and
the simulator pairs it with its emulator."""

import os
import shutil
import subprocess
import sys

from knightstour import settings as settings_module
from knightstour.hw.wiring import touch_chips

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = os.path.join(ROOT, "device", "knightstour")

DUMMY = '''"""A dummy controller: the FT6206 under another name, its axes the other way round."""

from .touch_ft6206 import open_driver  # noqa: F401  (the same chip on I2C)

SIGNALS = ("i2c_sda", "i2c_scl")
SELECT_FIRST = False
CALIBRATION = (0, 319, 239, 0, True)
EMULATOR = "ft6206"


def reader(driver, hw):
    return driver.point
'''

SCRIPT = r'''
from knightstour import settings
from knightstour.hw.wiring import conflicts
from knightstour_sim.screenshot import Emulated

loaded, errors = settings.load({"KNIGHTSTOUR_TOUCH": "dummy", "KNIGHTSTOUR_DISPLAY": "ili9341"}.get)
assert errors == [] and loaded.touch == "dummy", errors
assert conflicts.find(loaded, "feather_rp2040") == []
emu = Emulated("ili9341", {"mode": "touch", "idle_ms": "600000", "touch": "dummy"})
emu.step()
emu.tap(13 + 26 * 5, 16 + 13 + 26 * 5)  # the centre of f3
mapper = emu.input.mapper
print("tour from", emu.app.board.square_name(emu.app.tours.tour.path[0]), mapper.x0, mapper.x1, mapper.y0, mapper.y1)
'''


def test_every_controller_module_gives_what_the_toy_reads():
    for kind in settings_module.TOUCHES[1:-1] + ("builtin",):
        chip = touch_chips.controller(kind)
        assert len(chip.CALIBRATION) == 5 and isinstance(chip.SIGNALS, tuple), kind
        assert callable(chip.open_driver) and callable(chip.reader) and chip.EMULATOR, kind


def test_a_new_controller_is_one_module_and_one_table_line(tmp_path):
    package = tmp_path / "knightstour"
    shutil.copytree(PACKAGE, package, ignore=shutil.ignore_patterns("__pycache__"))
    (package / "hw" / "wiring" / "touch_dummy.py").write_text(DUMMY)
    path = package / "settings.py"
    before = path.read_text().split("\n")
    after = [line.replace('"xpt2046", "none")', '"xpt2046", "dummy", "none")') if line.startswith("TOUCHES = ")
             else line for line in before]
    assert sum(1 for a, b in zip(before, after) if a != b) == 1  # the one line
    path.write_text("\n".join(after))
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    proc = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.split() == ["tour", "from", "f3", "0", "319", "239", "0"]  # the dummy's calibration
