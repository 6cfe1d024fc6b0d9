"""What Blinka needs on a Raspberry Pi, and the exact fix when a GPIO or PWM backend is missing.

Blinka 10 (the `pi` extra asks for it) drives the pins of every Raspberry Pi
(3, 4, 5, Zero 2 W) through the gpiod bindings (libgpiod 2, PyPI ``gpiod>=2.2.2,<3``)
and PWM through Adafruit-Blinka-Raspberry-Pi-PWM (built from source: it needs
a C compiler and python3-dev). Blinka 9 used lgpio on a Pi 5 (from apt, python3-lgpio,
seen by a venv made with --system-site-packages) and RPi.GPIO on the others.
Blinka reports a missing one as ModuleNotFoundError, or as RuntimeError("The
platform library 'gpiod' was not found ...") raised from it.
"""

import sys

GPIOD = "'gpiod>=2.2.2,<3'"
PWM = "'Adafruit-Blinka-Raspberry-Pi-PWM>=1.0.2'"
BACKENDS = ("gpiod", "adafruit_blinka_raspberry_pi_pwm", "lgpio", "RPi")


def missing_backend(exc):
    """The backend module Blinka could not import (one of BACKENDS), or None."""
    seen = exc
    while seen is not None:
        name = (getattr(seen, "name", None) or "").split(".")[0]
        if name in BACKENDS:
            return name
        seen = seen.__cause__ or seen.__context__
    text = str(exc)
    for name in BACKENDS:
        if "'%s'" % name in text:
            return name
    return None


def backend_fix(name, python=None, prefix=None):
    """One line: what is missing and the commands that fix it."""
    python = python or sys.executable
    prefix = prefix or sys.prefix
    upgrade = "%s -m pip install --upgrade 'adafruit-blinka>=10' %s %s" % (python, GPIOD, PWM)
    if name == "gpiod":
        return ("Blinka drives the Raspberry Pi's pins through gpiod (libgpiod 2), which is missing or too old: "
                "%s -m pip install %s (sudo bash tools/pi/install.sh sets up all of it)" % (python, GPIOD))
    if name == "adafruit_blinka_raspberry_pi_pwm":
        return ("Blinka's PWM on a Raspberry Pi (the piezo) needs Adafruit-Blinka-Raspberry-Pi-PWM, which is "
                "missing or too old: sudo apt-get install -y python3-dev build-essential, then %s -m pip install "
                "%s; or set KNIGHTSTOUR_PIEZO = \"off\"" % (python, PWM))
    if name == "lgpio":
        return ("this Blinka drives a Raspberry Pi 5's pins through lgpio, which is missing: sudo apt-get install "
                "-y python3-lgpio and set include-system-site-packages = true in %s/pyvenv.cfg; or move to "
                "Blinka 10: %s" % (prefix, upgrade))
    return ("this Blinka drives the pins and PWM of a Raspberry Pi 3, 4 or Zero 2 W through RPi.GPIO, which is "
            "missing: sudo apt-get install -y python3-dev build-essential, then %s -m pip install RPi.GPIO; or "
            "move to Blinka 10: %s" % (python, upgrade))
