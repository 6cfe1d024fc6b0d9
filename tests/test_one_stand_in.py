"""One stand-in per CircuitPython class, for CPython and MicroPython alike: the tests' and the
simulator's pins are the microcontroller stand-in's Pin, their PWM the pwmio stand-in's PWMOut."""

import os
import re

from knightstour_sim.chips import bus
from knightstour_sim.circuitpython import microcontroller, pwmio
from knightstour_sim.screenshot import Emulated

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def classes_named(name):
    """The files under sim/ and web/ that define a class ``name``."""
    found = []
    for top in ("sim", "web"):
        for folder, _, names in os.walk(os.path.join(ROOT, top)):
            for each in names:
                if each.endswith(".py"):
                    path = os.path.join(folder, each)
                    with open(path, encoding="utf-8") as f:
                        if re.search(r"^class %s\b" % name, f.read(), re.M):
                            found.append(os.path.relpath(path, ROOT).replace(os.sep, "/"))
    return found


def test_one_pin_class():
    assert classes_named("Pin") == ["sim/circuitpython/microcontroller.py"]
    assert bus.Pin is microcontroller.Pin


def test_one_pwm_the_simulators_piezo_plays_on():
    assert classes_named("PWMOut") == ["sim/circuitpython/pwmio.py"]
    assert classes_named("FakePWM") == []
    emulated = Emulated("matrix", kind="pi", piezo=True)
    assert isinstance(emulated.sound.pwm, pwmio.PWMOut)
    assert pwmio._owned(emulated.sound.pwm) is emulated.board.D6
