"""`knights-tour run`: the toy on a Raspberry Pi's real hardware, through Blinka.

    knights-tour run --display max7219 [--config FILE]
    knights-tour run --display ili9341 [--config FILE] [--calibrate]

Settings come from --config FILE (flat TOML, the same KNIGHTSTOUR_* keys as a
Feather's settings.toml), then the environment; --display overrides
KNIGHTSTOUR_DISPLAY. Pins come from the pin map (knightstour/hw/wiring/pins.py,
board kind "pi") unless the settings override them.

It prints ONE line naming the fix and the wiring document, never a traceback,
and exits with
  2  bad settings, or a board too big for the display;
  3  the computer is not set up for it: SPI or I2C off, Blinka or its GPIO
     backend missing, not a Raspberry Pi, no permission, a chip-select pin busy
     (the service does not restart on 2 and 3: a restart cannot fix them);
  1  a chip that does not answer, or the toy stopped (the service restarts it,
     a few times). --calibrate shows three targets on the TFT,
prints the raw touch readings and the settings lines to paste, and exits.
"""

import os
import sys
import time

EXIT_SETUP = 3

SPI_DEVICE = "/dev/spidev0.0"
I2C_DEVICE = "/dev/i2c-1"
WIRING = "wiring/README.md"


def add_arguments(parser):
    parser.add_argument("--display", choices=("max7219", "ili9341"), required=True,
                        help="the display: max7219 (8x8 LED matrix) or ili9341 (320x240 TFT with touch)")
    parser.add_argument("--config", metavar="FILE",
                        help="a settings file (flat TOML, KNIGHTSTOUR_* keys as in settings.toml)")
    parser.add_argument("--calibrate", action="store_true",
                        help="ili9341: touch three targets, print the calibration lines to paste, exit")


def load_settings(args, environ=None):
    """Settings from --config, the environment and --display; ValueError with every message."""
    from ..hw.wiring import keys  # noqa: F401  (adds the hardware keys)
    from ..settings_toml import load_for_command

    settings = load_for_command(getattr(args, "config", None), environ, [("display", args.display, "--display")])
    if getattr(args, "calibrate", False) and (settings.display != "ili9341" or settings.touch == "none"):
        raise ValueError("--calibrate needs --display ili9341 and a touch controller (KNIGHTSTOUR_TOUCH)")
    return settings


class Stop(Exception):
    """One line for the user: what is wrong and how to fix it."""


def check_buses(settings, spi_device=SPI_DEVICE, i2c_device=I2C_DEVICE):
    """Stop with the fix when the Linux SPI (or, for the FT6206, I2C) device is missing."""
    if not os.path.exists(spi_device):
        raise Stop("SPI is off (no %s): enable SPI with sudo raspi-config > Interface Options > SPI, "
                   "then reboot; wiring: %s" % (spi_device, WIRING))
    if settings.display == "ili9341" and settings.touch == "ft6206" and not os.path.exists(i2c_device):
        raise Stop("I2C is off (no %s) and the FT6206 touch controller needs it: enable I2C with sudo "
                   "raspi-config > Interface Options > I2C, then reboot; wiring: %s" % (i2c_device, WIRING))


def check_backend(exc):
    """Stop with the exact fix when ``exc`` says a GPIO or PWM library Blinka needs is missing."""
    from .blinka import backend_fix, missing_backend

    name = missing_backend(exc)
    if name:
        raise Stop(backend_fix(name)) from None


def pi_hardware(settings):
    """BoardHardware on Blinka's board module (a Raspberry Pi)."""
    from ..hw.wiring.hardware import BoardHardware

    try:
        import board
        import busio  # noqa: F401
        import digitalio  # noqa: F401
    except ImportError as exc:
        check_backend(exc)
        raise Stop("the Blinka libraries are missing (%s): %s -m pip install 'adafruit-blinka>=10' (or sudo "
                   "bash tools/pi/install.sh); wiring: %s" % (exc, sys.executable, WIRING)) from None
    except (NotImplementedError, RuntimeError, AttributeError) as exc:
        check_backend(exc)
        raise Stop("Blinka does not know this computer as a Raspberry Pi (%s): run it on the Pi; "
                   "wiring: %s" % (str(exc).split("\n")[0], WIRING)) from None
    if not hasattr(board, "D25"):
        raise Stop("Blinka does not see a Raspberry Pi here (board %s): run this on the Pi; wiring: %s"
                   % (getattr(board, "board_id", "unknown"), WIRING))
    return BoardHardware("pi", settings, board=board)


def start(args, environ=None, hardware=None, spi_device=SPI_DEVICE, i2c_device=I2C_DEVICE,
          monotonic=time.monotonic, sleep=time.sleep, until=None, out=print, err=None):
    """Run the toy (or the calibration); returns the exit code. ``hardware(settings)`` makes the
    BoardHardware (default: Blinka's board); the tests point it at the emulated chips."""
    err = sys.stderr if err is None else err
    settings = load_settings(args, environ)
    from ..hw.mainloop import run_forever
    from ..hw.wiring.build import build
    from ..hw.wiring.hardware import HardwareError

    try:
        check_buses(settings, spi_device, i2c_device)
        hw = (hardware or pi_hardware)(settings)
        hw.clock = monotonic  # the push buttons time their presses on the main loop's clock
        try:
            display, touch, sound = build(settings, hw)
        except PermissionError as exc:
            raise Stop("no permission to use %s: add the user to the spi, i2c and gpio groups "
                       "(sudo adduser $USER spi) and log in again; wiring: %s"
                       % (getattr(exc, "filename", None) or "the SPI device", WIRING)) from None
        except OSError as exc:
            if exc.errno == 16 or "busy" in str(exc).lower():
                # With SPI on, newer kernels claim CE0/CE1 for the SPI driver itself.
                raise Stop("a chip-select pin is busy (%s): add the line dtoverlay=spi0-0cs to "
                           "/boot/firmware/config.txt and reboot (tools/pi/install.sh does this); wiring: %s"
                           % (str(exc).split("\n")[0], WIRING)) from None
            raise Stop("the %s did not start (%s): check the wiring in %s"
                       % (settings.display.upper(), str(exc).split("\n")[0], WIRING)) from None
        except ImportError as exc:
            check_backend(exc)  # pwmio, imported for the piezo
            raise Stop("a library is missing (%s): install the pi extra (pip install '.[pi]' in the "
                       "repository) or run sudo bash tools/pi/install.sh" % exc) from None
        except RuntimeError as exc:
            check_backend(exc)
            raise Stop("the %s did not start (%s): check the wiring in %s"
                       % (settings.display.upper(), str(exc).split("\n")[0], WIRING)) from None
    except Stop as exc:
        print("knights-tour run: error: %s" % exc, file=err)
        return EXIT_SETUP
    except HardwareError as exc:
        print("knights-tour run: error: %s" % exc, file=err)
        return 1
    if getattr(args, "calibrate", False):
        from ..hw.inputs.calibrate import calibrate

        try:
            calibrate(display.display, touch.reader, settings.tft_rotation, sleep, out=out)
        except ValueError as exc:
            print("knights-tour run: error: %s" % exc, file=err)
            return 1
        return 0
    from ..app import App

    try:
        app = App(settings, display, touch, sound, strict=True)
    except ValueError as exc:  # a board too big for the display: say so, as sim does
        print("knights-tour run: error: bad KNIGHTSTOUR_SIZE = %r: %s" % (settings.size, exc), file=err)
        return 2
    try:
        run_forever(app, monotonic, sleep, until=until)
    except KeyboardInterrupt:
        pass
    return 0


def run(args):
    return start(args, spi_device=SPI_DEVICE, i2c_device=I2C_DEVICE)
