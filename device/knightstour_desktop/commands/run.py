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
  3  the computer is not set up for it: not a Raspberry Pi, SPI or I2C off,
     Blinka or its GPIO backend missing, no permission, a chip-select pin busy
     (the service does not restart on 2 and 3: a restart cannot fix them);
  1  a chip that does not answer, or the toy stopped (the service restarts it,
     a few times). --calibrate shows three targets on the TFT,
prints the raw touch readings and the settings lines to paste, and exits.

Once the toy has drawn its first frame it prints one line saying so and, with
--status-file FILE, writes its process id to FILE (the installer waits for that).
--calibrate while the knightstour service runs stops the service (which holds
the display and the touch controller) and starts it again afterwards, or says in
one line how to stop it when it may not.
"""

import os
import subprocess
import sys
import time

from .. import files
from ..errors import UserError

EXIT_SETUP = 3

MODEL = "/proc/device-tree/model"  # "Raspberry Pi 5 Model B Rev 1.0" on a Pi
CPUINFO = "/proc/cpuinfo"  # its Model line, where a container has no device tree
SPI_DEVICE = "/dev/spidev0.0"
I2C_DEVICE = "/dev/i2c-1"
WIRING = os.path.join(files.WIRING, "README.md")  # where the user is: the clone's, or the installed copy's
SERVICE = "knightstour.service"
DISPLAYS = ("max7219", "ili9341")  # what a Pi drives


def add_arguments(parser):
    parser.add_argument("--display", choices=DISPLAYS, default=None,
                        help="the display: max7219 (8x8 LED matrix) or ili9341 (320x240 TFT with touch); default: "
                             "KNIGHTSTOUR_DISPLAY in the settings (the service's: its --config file)")
    parser.add_argument("--config", metavar="FILE",
                        help="a settings file (flat TOML, KNIGHTSTOUR_* keys as in settings.toml)")
    parser.add_argument("--calibrate", action="store_true",
                        help="ili9341: touch three targets, print the calibration lines to paste, exit "
                             "(stops the knightstour service meanwhile)")
    parser.add_argument("--status-file", metavar="FILE",
                        help="write the process id to FILE once the first frame is drawn (the service's "
                             "/run/knightstour/status, which the installer waits for)")


def load_settings(args, environ=None):
    """Settings from --config, the environment and --display; ValueError with every message."""
    from ..settings_toml import load_for_command

    settings = load_for_command(getattr(args, "config", None), environ, [("display", args.display, "--display")],
                                board="pi")
    if settings.display not in DISPLAYS:
        raise UserError("bad KNIGHTSTOUR_DISPLAY = \"%s\": a Pi drives %s; give --display or set it in the settings"
                         % (settings.display, " or ".join(DISPLAYS)))
    if getattr(args, "calibrate", False) and (settings.display != "ili9341" or settings.touch == "none"):
        raise UserError("--calibrate needs --display ili9341 and a touch controller (KNIGHTSTOUR_TOUCH)")
    return settings


class Stop(Exception):
    """One line for the user: what is wrong and how to fix it."""


class StatusFileError(Exception):
    """--status-file cannot be written."""


def check_pi(model=None):
    """Stop when this computer is not a Raspberry Pi (the device tree names the model; in a
    container without one, /proc/cpuinfo's Model line): there is no SPI to enable on a laptop."""
    name = ""
    for path in (model or MODEL, CPUINFO):
        try:
            with open(path, "rb") as handle:
                text = handle.read(65536).decode("ascii", "replace")
        except OSError:
            continue
        if "Raspberry Pi" in text:
            return
        if path != CPUINFO:
            name = text.strip("\0 \n")
    raise Stop("this computer is not a Raspberry Pi (%s): run drives the display on a Pi's pins; here, try the "
               "toy with knights-tour sim, or put it on a Feather with knights-tour deploy; wiring: %s"
               % ("it is a %s" % name[:60] if name and name.isprintable() else "no " + (model or MODEL), WIRING))


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


def systemctl(*args):
    """Run ``systemctl ARGS``; its exit code, or None when there is no systemctl to run."""
    try:
        return subprocess.run(("systemctl",) + args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              timeout=60).returncode
    except (OSError, subprocess.SubprocessError):
        return None


def stop_service(systemctl):
    """Stop the service if it runs, so calibration has the display to itself; True if it was stopped
    (start it again afterwards). Stop with one line when it runs and cannot be stopped."""
    if systemctl("is-active", "--quiet", SERVICE) != 0:
        return False
    if systemctl("stop", SERVICE) != 0:
        raise Stop("the knightstour service is running and holds the display: run this with sudo (it stops "
                   "the service and starts it again afterwards), or sudo systemctl stop knightstour first")
    return True


def check_status_file(path):
    """ValueError (one line) for a --status-file the toy could not write at its first frame: said before
    any hardware starts."""
    if not path:
        return
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise UserError("bad --status-file %s: it is a folder; give a file in it, e.g. %s"
                         % (path, os.path.join(path, "status")))
    if os.path.lexists(path) and not os.path.isfile(path):
        raise UserError("bad --status-file %s: it is not a regular file; give a file name" % path)
    if not os.path.isdir(folder):
        raise UserError("bad --status-file %s: there is no folder %s; give a file in a folder that exists"
                         % (path, folder))
    if not os.access(folder, os.W_OK):
        raise UserError("bad --status-file %s: the folder %s cannot be written by this user" % (path, folder))


def first_frame(until, display, status_file, out):
    """``until`` for run_forever that, the first time it is asked (the first frame drawn), says so
    and writes the process id to ``status_file``, then asks ``until``."""
    done = []

    def check(app):
        if not done:
            done.append(True)
            if status_file:
                try:
                    with open(status_file + ".tmp", "w") as f:
                        f.write("%d\n" % os.getpid())
                    os.replace(status_file + ".tmp", status_file)
                except OSError as exc:
                    try:
                        os.remove(status_file + ".tmp")
                    except OSError:
                        pass
                    raise StatusFileError("cannot write --status-file %s: %s"
                                          % (status_file, exc.strerror)) from None
            out("knights-tour run: the toy runs (%s): first frame drawn" % display)
        return until is not None and until(app)

    return check


def pi_hardware(settings):
    """BoardHardware on Blinka's board module (a Raspberry Pi)."""
    from knightstour.hw.wiring.hardware import BoardHardware

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


def _print_now(line):
    print(line, flush=True)  # to the journal at once, under systemd too


def start(args, environ=None, hardware=None, spi_device=SPI_DEVICE, i2c_device=I2C_DEVICE,
          monotonic=time.monotonic, sleep=time.sleep, until=None, out=_print_now, err=None, service=systemctl,
          model=None):
    """Run the toy (or the calibration); returns the exit code. ``hardware(settings)`` makes the
    BoardHardware (default: Blinka's board); the tests point it at the emulated chips, and
    ``service(*args)`` stands in for systemctl."""
    err = sys.stderr if err is None else err
    check_status_file(getattr(args, "status_file", None))
    settings = load_settings(args, environ)
    calibrating = getattr(args, "calibrate", False)
    try:
        stopped = calibrating and stop_service(service)
    except Stop as exc:
        print("knights-tour run: error: %s" % exc, file=err)
        return EXIT_SETUP
    try:
        return _start(args, settings, hardware, spi_device, i2c_device, monotonic, sleep, until, out, err, model)
    finally:
        if stopped:
            if service("start", SERVICE) == 0:
                out("knights-tour run: started the knightstour service again")
            else:
                print("knights-tour run: error: the knightstour service did not start again: "
                      "sudo systemctl start knightstour", file=err)


def run_forever(app, monotonic, sleep, until=None):
    """The Feather's main loop (knightstour.hw.feather.loop), sleeping what each pass allows; stops
    when ``app.quit`` is set or ``until(app)`` is true. Here, not beside it: a board never runs it,
    and keeps every function of feather.py."""
    from knightstour.hw.feather import loop

    for wait in loop(app, monotonic):
        if until is not None and until(app):
            return
        if wait > 0:
            sleep(wait)


def _start(args, settings, hardware, spi_device, i2c_device, monotonic, sleep, until, out, err, model):
    from knightstour.hw.wiring.build import build
    from knightstour.hw.wiring.hardware import HardwareError

    try:
        if hardware is None:
            check_pi(model)
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
            raise Stop("a library is missing (%s): install the pi extra (pip install 'knights-tour-toy[pi]') "
                       "or run sudo bash tools/pi/install.sh" % exc) from None
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
        from knightstour.hw.inputs.calibrate import calibrate

        try:
            calibrate(display.display, touch.reader, settings.tft_rotation, sleep, out=out)
        except ValueError as exc:
            print("knights-tour run: error: %s" % exc, file=err)
            return 1
        return 0
    from knightstour.app import App

    try:
        app = App(settings, display, touch, sound, strict=True)
    except ValueError as exc:  # a board too big for the display: say so, as sim does
        print("knights-tour run: error: bad KNIGHTSTOUR_SIZE = %r: %s" % (settings.size, exc), file=err)
        return 2
    status_file = getattr(args, "status_file", None)
    try:
        run_forever(app, monotonic, sleep, until=first_frame(until, settings.display, status_file, out))
    except KeyboardInterrupt:
        pass
    except StatusFileError as exc:
        print("knights-tour run: error: %s" % exc, file=err)
        return 2
    return 0


def run(args):
    return start(args, spi_device=SPI_DEVICE, i2c_device=I2C_DEVICE)
