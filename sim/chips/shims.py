"""Make the real Adafruit drivers import and run on a desktop with no board.

What is real and what is stood in, after :func:`install`:

* Real: the drivers (``adafruit_max7219``, ``adafruit_ili9341``, ``adafruit_stmpe610``,
  ``adafruit_focaltouch``, ``adafruit_bus_device``) and Blinka's ``digitalio``, ``busio``,
  ``microcontroller``, plus blinka-displayio's ``displayio``, ``fourwire`` and ``busdisplay``.
  On a generic x86 Linux these all import: Blinka detects ``GENERIC_X86`` /
  ``GENERIC_LINUX_PC``, prints "WARNING: GENERIC_X86 is not fully supported" (silenced when
  ``install`` is the first to import it) and leaves ``digitalio.Pin`` as None, so
  ``digitalio.DigitalInOut(anything)`` fails and ``busio.SPI()`` has no hardware behind it.
  Importing ``displayio`` starts its background refresh thread (daemon, polls every 1 ms;
  idle for displays with ``auto_refresh=False``, and for the PyPortal rig's, which only the
  code's ``refresh()`` draws: rig.PyPortalRig).
* Stood in: the GPIO backend behind Blinka's ``digitalio.DigitalInOut``. ``digitalio.Pin`` is
  set to a router that serves the stand-ins' ``microcontroller.Pin`` objects itself and hands any other pin id to
  the backend Blinka found (none on a desktop), so ``fourwire.FourWire(spi, command=pin, ...)``
  and ``digitalio.DigitalInOut(pin)`` drive emulated wires.
  The buses are never Blinka's: pass the stand-ins' ``busio.SPI`` / ``busio.I2C`` (sim/circuitpython,
  wired to the chip models by ``bus``) to the drivers.
* Only if a module cannot be imported at all (no Blinka installed, or a platform where its
  detection raises) a minimal module goes into ``sys.modules`` in its place:
  ``micropython`` (``const``), and the CircuitPython stand-ins' own ``digitalio``,
  ``microcontroller`` and ``busio``. ``board`` is never stood in: no driver imports it.
* Blinka has no ``analogio`` on a desktop (it raises) and no ``audioio``/``audiocore`` at all:
  ``analogio``, ``audioio`` and ``audiocore`` are the stand-ins' (AnalogIn reads ``pin.analog``, e.g. a
  resistive panel; AudioOut plays into the model on its pin, ``speaker.Speaker``).

:func:`skip_sleeps` makes the drivers' ``time.sleep`` calls (up to ~0.6 s per ILI9341 init)
return at once, without touching displayio's background thread.
"""

import contextlib
import importlib
import io
import sys
import time
import types

from ..circuitpython import analogio, audiocore, audioio, busio, digitalio, microcontroller

# Modules whose time.sleep only waits for hardware; their `time` attribute is swapped.
SLEEPY_MODULES = ("busdisplay", "fourwire", "adafruit_stmpe610", "knightstour.hw.chips.stmpe610",
                 "knightstour.hw.wiring.touch_stmpe610")

_installed = False


def install():
    """Import what the drivers need, standing in only for what is missing. Idempotent."""
    global _installed
    if _installed:
        return
    for name, make in (
        ("micropython", _micropython),
        ("microcontroller", _microcontroller),
        ("digitalio", _digitalio),
        ("busio", _busio),
        ("analogio", _analogio),
        ("audiocore", _audiocore),
        ("audioio", _audioio),
    ):
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                importlib.import_module(name)
        except Exception:  # ImportError, or NotImplementedError from Blinka's board detection
            sys.modules[name] = make()
    blinka = sys.modules["digitalio"]
    if not getattr(blinka, "_knightstour_sim", False) and not getattr(blinka.Pin, "_knightstour_sim", False):
        blinka.Pin = _pin_router(blinka.Pin)
    if blinka is not digitalio:
        _blinka_enums(blinka)
    _installed = True


def _blinka_enums(blinka):
    """The stand-in DigitalInOut takes Blinka's Direction, DriveMode and Pull: the toy's code passes
    ``digitalio.Pull.UP`` from Blinka's module (the stand-in holds no CPython code of its own for it:
    each name it holds is heap in the MicroPython harness)."""
    digitalio.Direction, digitalio.DriveMode, digitalio.Pull = blinka.Direction, blinka.DriveMode, blinka.Pull
    digitalio._DIRECTIONS = (blinka.Direction.INPUT, blinka.Direction.OUTPUT)
    digitalio._MODES = (blinka.DriveMode.PUSH_PULL, blinka.DriveMode.OPEN_DRAIN)
    digitalio._PULLS = (blinka.Pull.UP, blinka.Pull.DOWN)
    digitalio.DigitalInOut.switch_to_output.__defaults__ = (False, blinka.DriveMode.PUSH_PULL)


def _pin_router(real_pin):
    """A ``Pin`` backend class for Blinka's digitalio: sim pins here, others to ``real_pin``."""
    names = ("IN", "OUT", "LOW", "HIGH", "PULL_NONE", "PULL_UP", "PULL_DOWN", "OPEN_DRAIN")
    defaults = dict(IN=0, OUT=1, LOW=0, HIGH=1, PULL_NONE=0, PULL_UP=1, PULL_DOWN=2, OPEN_DRAIN="open-drain")
    consts = {}
    for name in names:
        if real_pin is None:
            consts[name] = defaults[name]
        elif hasattr(real_pin, name):
            consts[name] = getattr(real_pin, name)
    if "OPEN_DRAIN" not in consts:
        consts["OPEN_DRAIN"] = defaults["OPEN_DRAIN"]

    class SimPinBackend:
        """Blinka's GPIO backend interface (``init``, ``value``) over a stand-in ``Pin``."""

        def __init__(self, pin):
            self._pin = pin
            self._mode = consts["IN"]

        def init(self, mode=consts["IN"], pull=None):
            self._mode = mode
            if mode == consts["OUT"]:
                self._pin.board_pull(None)
                self._pin.board_drive(self._pin.level)
            elif mode == consts["OPEN_DRAIN"]:
                self._pin.board_drive(None)
            else:
                self._pin.board_drive(None)
                if pull == consts.get("PULL_UP"):
                    self._pin.board_pull(True)
                elif pull == consts.get("PULL_DOWN"):
                    self._pin.board_pull(False)
                else:
                    self._pin.board_pull(None)

        def value(self, val=None):
            if val is None:
                return 1 if self._pin.level else 0
            if self._mode == consts["OPEN_DRAIN"]:
                self._pin.board_drive(None if val else False)
            else:
                self._pin.board_drive(bool(val))
            return None

        def deinit(self):
            self._pin.board_drive(None)
            self._pin.board_pull(None)

    class PinRouter:
        _knightstour_sim = True

        def __new__(cls, pin_id):
            if isinstance(pin_id, microcontroller.Pin):  # a sim pin's id is the pin itself
                return SimPinBackend(pin_id)
            if real_pin is None:
                raise ValueError(f"{pin_id!r} is not a knightstour_sim pin and no board was detected")
            return real_pin(pin_id)

    for name, value in consts.items():
        setattr(PinRouter, name, value)
    return PinRouter


def _micropython():
    module = types.ModuleType("micropython", "Stand-in: const() only.")
    module.const = lambda value: value
    return module


def _microcontroller():
    return microcontroller


def _digitalio():
    digitalio._knightstour_sim = True
    return digitalio


def _busio():
    return busio


def _analogio():
    return analogio


def _audiocore():
    return audiocore


def _audioio():
    return audioio


class _NoSleepTime(types.SimpleNamespace):
    pass


@contextlib.contextmanager
def skip_sleeps(modules=SLEEPY_MODULES):
    """Within the block, ``time.sleep`` in the driver ``modules`` returns at once.

    Yields an object whose ``slept`` is the total the drivers asked to sleep, in seconds.
    Only those modules' ``time`` name is replaced, so displayio's background thread keeps
    its real sleep (a no-op sleep there would spin a CPU).
    """
    install()
    fake = _NoSleepTime(**{name: getattr(time, name) for name in dir(time) if not name.startswith("_")})
    fake.slept = 0.0

    def sleep(seconds):
        fake.slept += seconds

    fake.sleep = sleep
    swapped = []
    for name in modules:
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        current = getattr(module, "time", None)
        if current is time or isinstance(current, _NoSleepTime):
            swapped.append((module, current))
            module.time = fake
    try:
        yield fake
    finally:
        for module, previous in swapped:
            module.time = previous
