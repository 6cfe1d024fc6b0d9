"""One stand-in per CircuitPython class, for CPython and MicroPython alike: the tests', the rigs' and
the simulator's pins, buses, PWM and speaker are the stand-ins' of sim/circuitpython."""

import os
import re

import pytest

from knightstour_sim.chips import rig, shims
from knightstour_sim.circuitpython import audioio, busio, digitalio, microcontroller, pwmio
from knightstour_sim.screenshot import Emulated

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def classes_named(name):
    """The files under sim/, web/ and device/ that define a class ``name``."""
    found = []
    for top in ("sim", "web", "device"):
        for folder, _, names in os.walk(os.path.join(ROOT, top)):
            for each in names:
                if each.endswith(".py"):
                    path = os.path.join(folder, each)
                    with open(path, encoding="utf-8") as f:
                        if re.search(r"^class %s\b" % name, f.read(), re.M):
                            found.append(os.path.relpath(path, ROOT).replace(os.sep, "/"))
    return found


STAND_INS = {"Pin": "microcontroller", "DigitalInOut": "digitalio", "AnalogIn": "analogio", "SPI": "busio",
             "I2C": "busio", "PWMOut": "pwmio", "AudioOut": "audioio", "RawSample": "audiocore"}


@pytest.mark.parametrize("name", sorted(STAND_INS))
def test_one_class_of_each_circuitpython_name(name):
    assert classes_named(name) == ["sim/circuitpython/%s.py" % STAND_INS[name]]


def test_the_rigs_run_on_the_stand_ins():
    tft = rig.tft_rig("ft6206")
    assert isinstance(tft.spi, busio.SPI) and isinstance(tft.i2c, busio.I2C)
    assert isinstance(tft.touch_cs_io(), digitalio.DigitalInOut)
    assert isinstance(tft.tft_cs, microcontroller.Pin)
    tft.close()
    portal = rig.PyPortalRig()
    shims.install()
    import audioio as installed

    assert installed is audioio
    portal.close()


def test_one_pwm_the_simulators_piezo_plays_on():
    assert classes_named("PWMOut") == ["sim/circuitpython/pwmio.py"]
    assert classes_named("FakePWM") == []
    emulated = Emulated("max7219", kind="pi", piezo=True)
    assert isinstance(emulated.sound.pwm, pwmio.PWMOut)
    assert pwmio._owned(emulated.sound.pwm) is emulated.board.D6
