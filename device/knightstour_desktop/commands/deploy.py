"""knights-tour deploy: copy the toy onto a Feather's CIRCUITPY drive.

What goes there: code.py at the top, the knightstour package under lib/ (as .py, or with --mpy
compiled by CircuitPython's own mpy-cross, downloaded for the board's version unless one is
given), settings.toml from the template if the drive has none (--display and --touch set in
it), and the Adafruit libraries from device/requirements.txt installed by circup. The knightstour
package holds board code only (the desktop's is knightstour_desktop): all of it goes, but the
__init__.py of a package that holds no code (the board imports the folder as a package without it).

Nothing on the drive changes until everything is checked: a CircuitPython 8 or later drive,
a compiler that writes .mpy files that CircuitPython loads, every file staged, room for the new
package beside the old one. One deploy at a time per drive (drive.DriveLock). The new files are
written beside the old under unique names and swapped in by renames at the end, code.py last;
any failure or signal before the last rename puts everything back (drive.Changes). A user's own
code.py is kept as code.py.bak-<date>, and a settings.toml deploy edits as settings.toml.bak-<date>.
"""

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading

from knightstour.settings import as_given

from .. import files
from ..errors import UserError
from ..files import shipped_files
from . import board_files, find_drive, mpy_cross
from .drive import clean_up, free_bytes, install, space_needed
from .lock import DeployError, DriveLock, Interrupted
from .output import size_text

PACKAGE_DIR = files.BOARD_PACKAGE  # all of it goes to lib/knightstour: the board's package holds nothing else
DEVICE_DIR = files.BOARD
REQUIREMENTS = os.path.join(DEVICE_DIR, "requirements.txt")
EXAMPLE = os.path.join(DEVICE_DIR, "settings.toml.example")

UNCOMPILED = "(not compiled in a dry run)"  # stands for the compiler in a dry run


def add_arguments(parser):
    parser.add_argument("drive", metavar="PATH_TO_CIRCUITPY", nargs="?", default=None,
                        help="the mounted CIRCUITPY drive (default: found where Linux, macOS or Windows mounts it)")
    parser.add_argument("--mpy", action="store_true",
                        help="compile the package to .mpy with CircuitPython's own mpy-cross (less heap)")
    parser.add_argument("--mpy-cross", default=None, metavar="PROGRAM",
                        help="CircuitPython's mpy-cross for the board's version (default: $%s, else the one "
                             "Adafruit publishes for the version in boot_out.txt, downloaded once into your "
                             "cache folder)" % mpy_cross.PROGRAM_ENV)
    parser.add_argument("--display", default=None, metavar="NAME",
                        help="set KNIGHTSTOUR_DISPLAY in settings.toml: max7219 or ili9341")
    parser.add_argument("--touch", default=None, metavar="NAME",
                        help="set KNIGHTSTOUR_TOUCH in settings.toml (the ili9341's touch controller)")
    parser.add_argument("--dry-run", action="store_true", help="say what would be done; write nothing")
    parser.add_argument("--no-libs", action="store_true", help="do not run circup")
    parser.add_argument("--force", action="store_true", help="deploy even without boot_out.txt on PATH")
    parser.add_argument("--host", default=None, metavar="HOST[:PORT]",
                        help="deploy over the board's Wi-Fi (CircuitPython's web workflow) instead of a drive")
    parser.add_argument("--password", default=None, metavar="PW",
                        help="with --host: the board's CIRCUITPY_WEB_API_PASSWORD (default: "
                             "$CIRCUITPY_WEB_API_PASSWORD)")


def device_files():
    """(source, destination relative to the drive) for code.py and the package's modules (of the
    files that ship: files.shipped_files), but a package's __init__.py that holds no code (see
    holds_no_code)."""
    files = [(os.path.join(DEVICE_DIR, "code.py"), "code.py")]
    for rel in shipped_files(PACKAGE_DIR):
        source = os.path.join(PACKAGE_DIR, rel)
        if rel.endswith(".py") and not (os.path.basename(rel) == "__init__.py" and holds_no_code(source)):
            files.append((source, os.path.join("lib", "knightstour", rel)))
    return files


def holds_no_code(path):
    """True for a module of nothing but its docstring. CircuitPython imports a folder without an
    __init__ as a package, and each file it loads costs the board its path's name for good."""
    import ast

    with open(path, encoding="utf-8") as f:
        body = ast.parse(f.read()).body
    return all(isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) for node in body)


def find_circup():
    """circup from PATH, else from the running interpreter's venv (pip install 'knights-tour-toy[feather]'
    puts it there, and a venv's bin is often not on PATH); None if neither."""
    return shutil.which("circup") or shutil.which("circup", path=os.path.dirname(sys.executable))


def again(args, drive):
    """The deploy to run again for the libraries: the command the user has, wherever it was installed
    (circup may be inside a pipx venv, off PATH)."""
    import shlex

    options = (" --mpy" if args.mpy else "") + (" --mpy-cross " + shlex.quote(args.mpy_cross) if args.mpy_cross else "")
    return "knights-tour deploy %s%s again" % (shlex.quote(drive), options)


def circup_command(drive, circup="circup"):
    return [circup, "--path", drive, "install", "-r", REQUIREMENTS]


def setting_values(args):
    """{KNIGHTSTOUR_KEY: value} that --display and --touch ask for; ValueError if one is bad."""
    from knightstour import settings

    values = {}
    for option, name in (("--display", "display"), ("--touch", "touch")):
        given = getattr(args, name)
        if given is None:
            continue
        choices = settings.find_key(name)[settings.ACCEPTS]
        value = given.strip().lower()
        if value not in choices:
            raise UserError("bad %s %s: give one of %s" % (option, as_given(given), ", ".join(choices)))
        values[settings.env_name(name)] = value
    if values.get("KNIGHTSTOUR_DISPLAY") == "max7219" and values.get("KNIGHTSTOUR_TOUCH", "none") != "none":
        raise UserError("bad --touch %s: the max7219 matrix has no touch; leave --touch out (or give none)" % as_given(args.touch))
    return values


def check_pins(drive, values):
    """The drive's settings.toml with ``values`` set: a board pin it gives two uses, or a touch
    calibration the toy cannot map by, stops the deploy before anything is written (the Feather would
    stop at start with the same line)."""
    from knightstour.hw.wiring import conflicts
    from knightstour.settings import load

    from ..board_pins import pin_of
    from ..settings_toml import calibration_faults, parse_toml

    path = os.path.join(drive, "settings.toml")
    mapping = {}
    if os.path.isfile(path):
        try:
            mapping = parse_toml(board_files.read_settings(path))
        except ValueError:
            return  # not the toy's to judge here: the board reads what it can and says what it cannot
    mapping.update(values)
    settings, _ = load(None, mapping)
    kind = settings.board if settings.board != "auto" else board_files.board_kind(drive)
    # A board boot_out.txt does not name: the Feathers' pin map, its names compared as names.
    found = conflicts.find(settings, kind or "feather_rp2040", pin_of(kind) if kind else None)
    found = found or calibration_faults(settings)
    if found:
        raise UserError("%s: %s" % (path, found[0]))


def _check(args):
    """Everything that can be checked before the drive is locked; returns (major, version)."""
    args.drive = find_drive.locate() if args.drive is None else find_drive.windows_path(args.drive)
    drive = args.drive
    if os.path.exists(drive) and not os.path.isdir(drive):
        raise UserError("bad PATH_TO_CIRCUITPY %s: it is a file, not a folder; give the mounted CIRCUITPY "
                         "drive, e.g. /media/$USER/CIRCUITPY" % as_given(drive))
    if not os.path.isdir(drive):
        raise UserError("bad PATH_TO_CIRCUITPY %s: no such folder; give the mounted CIRCUITPY drive, "
                         "e.g. /media/$USER/CIRCUITPY" % as_given(drive))
    major, version = board_files.circuitpython_version(drive, args.force)
    if major is not None and major > board_files.NEWEST:
        print("note: the board runs CircuitPython %s, newer than the toy knows (%d to %d): deploying anyway; if it "
              "misbehaves, install CircuitPython %d.x from %s" % (version, board_files.OLDEST, board_files.NEWEST,
                                                                   board_files.NEWEST, board_files.DOWNLOADS))
    for path in (os.path.join(DEVICE_DIR, "code.py"), REQUIREMENTS, EXAMPLE):
        if not os.path.exists(path):
            raise UserError("cannot deploy: " + files.missing(path))
    for name in ("lib", os.path.join("lib", "knightstour")):
        path = os.path.join(drive, name)
        if os.path.islink(path):
            raise UserError("cannot deploy: %s is a symlink (to %s), and deploy would change the folder it points "
                             "to; make it a folder of its own" % (path, os.readlink(path)))
        if os.path.lexists(path) and not os.path.isdir(path):
            raise UserError("cannot deploy: %s is a file, not a folder; move it away (CircuitPython "
                             "looks for libraries in the folder lib/)" % path)
    for name in ("code.py", "settings.toml"):
        path = os.path.join(drive, name)
        if os.path.islink(path) and not os.path.exists(path):
            raise UserError("cannot deploy: %s is a symlink to %s, which does not exist; remove the link or "
                             "point it at your file" % (path, os.readlink(path)))
        if os.path.exists(path) and not os.path.isfile(path):
            what = "a folder" if os.path.isdir(path) else "a pipe or a device"
            raise UserError("cannot deploy: %s is not a file but %s; move it away" % (path, what))
    if os.path.lexists(os.path.join(drive, "code.txt")):
        raise UserError("cannot deploy: %s runs instead of code.py on CircuitPython; rename it (it is yours) "
                         "and deploy again" % os.path.join(drive, "code.txt"))
    return major, version


def _compiler(args, major, version, boot_out=None):
    """CircuitPython's mpy-cross for the board: the one given, else the one published for ``version``
    (read from ``boot_out``, the drive's boot_out.txt unless given); through the gate every compiler
    passes (mpy_cross), and named with its version and SHA-256."""
    program, its_version = mpy_cross.given_version(args.mpy_cross)
    boot_out = boot_out or os.path.join(args.drive, "boot_out.txt")
    if program is None:
        if version is None:
            raise UserError("--mpy: %s has no boot_out.txt to read the CircuitPython version from; give "
                             "CircuitPython's mpy-cross with --mpy-cross PROGRAM" % args.drive)
        program, its_version = mpy_cross.fetch(version, dry=args.dry_run), version
        if program is None:  # a dry run downloads and runs nothing: the .py files stand in for the .mpy
            return UNCOMPILED
    mpy_cross.check(program, os.path.join(PACKAGE_DIR, "__init__.py"), major, version, boot_out)
    mpy_cross.announce(program, its_version)
    return program


def _stage(files, compiler, staging, signals):
    """Copy (or compile) every file into the local folder ``staging``; return the relative paths."""
    written = []
    for source, dest in files:
        signals.check()
        if compiler and dest.startswith("lib" + os.sep):
            dest = dest[:-3] + ".mpy"
        target = os.path.join(staging, dest)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if dest.endswith(".mpy") and compiler != UNCOMPILED:
            mpy_cross.compile_mpy(compiler, source, target, os.path.relpath(source, os.path.dirname(PACKAGE_DIR)))
        else:
            shutil.copyfile(source, target)
        written.append(dest)
    return written


def _ends_with_us(parent):
    """For Popen's preexec_fn on Linux: the helper gets SIGTERM when the deploy dies, even by
    SIGKILL (prctl PR_SET_PDEATHSIG), and never outlives a deploy that died as it started."""
    def preexec():
        try:
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM, 0, 0, 0)  # 1: PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
        if os.getppid() != parent:
            os._exit(1)

    return preexec if sys.platform.startswith("linux") else None


def run_circup(command, signals, lock_fd=None):
    """Run circup; its output passes through, its failure ends in one line with its last message.

    circup runs in a process group of its own, stopped with the deploy: by the deploy on a
    signal (the whole group), by the kernel if the deploy is killed (Linux). It holds the drive's
    lock (``lock_fd``) while it runs, so no other deploy starts while it writes to the drive."""
    with tempfile.TemporaryFile(mode="w+", encoding="utf-8", errors="replace") as errors:
        try:
            proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=errors,
                                    text=True, errors="replace", start_new_session=True,
                                    preexec_fn=_ends_with_us(os.getpid()),
                                    pass_fds=(lock_fd,) if lock_fd is not None and os.name == "posix" else ())
        except OSError as exc:
            return "it does not run (%s)" % (exc.strerror or exc)
        said = []

        def echo():
            for line in proc.stdout:
                said.append(line)
                print(line, end="", flush=True)

        reader = threading.Thread(target=echo, daemon=True)
        reader.start()
        try:
            while True:
                try:
                    proc.wait(timeout=0.1)
                    break
                except subprocess.TimeoutExpired:
                    signals.check()
        except Interrupted:
            try:
                os.killpg(proc.pid, signal.SIGTERM)
            except OSError:
                proc.terminate()
            proc.wait()
            raise
        finally:
            reader.join(5)
        if proc.returncode == 0:
            return None
        errors.seek(0)
        last = [line.strip() for line in errors.read().splitlines() if line.strip()] or \
            [line.strip() for line in said if line.strip()]
        return "exit %d: %s" % (proc.returncode, last[-1]) if last else "exit %d" % proc.returncode


def deploy_to_drive(args, signals):
    major, version = _check(args)
    drive = args.drive
    values = setting_values(args)
    check_pins(drive, values)
    compiler = _compiler(args, major, version) if args.mpy else None
    circup = None
    if not args.no_libs:
        circup = find_circup()
        if circup is None and not args.dry_run:
            raise UserError("circup not found (neither on PATH nor beside %s): pip install circup (or use "
                             "--no-libs and install the libraries in device/requirements.txt yourself)"
                             % sys.executable)
    command = circup_command(drive, circup or "circup")
    with tempfile.TemporaryDirectory() as staging:
        written = _stage(device_files(), compiler, staging, signals)
        if args.dry_run:
            _, lines = board_files.plan(drive, staging, written, values, lambda word: "would " + word, EXAMPLE)
            lines = clean_up(drive, dry=True) + lines + board_files.users_files(drive, written, lambda w: "would " + w)[1]
            return _show(args, staging, written, lines, command, dry=True)
        signals.defer = True  # from here a signal stops the deploy at its next safe point
        with DriveLock(drive) as lock:
            signals.check()
            lines = clean_up(drive)
            top, more = board_files.plan(drive, staging, written, values, lambda word: word, EXAMPLE)
            keep, kept = board_files.users_files(drive, written, lambda word: word)
            _show(args, staging, written, lines + more + kept, command, dry=False)
            install(drive, staging, written, top, signals, keep)
            done = "the new toy is in place"
            try:
                signals.check()
                if circup is not None:
                    done = "the toy's files are in place, the libraries may not be: run %s" % again(args, drive)
                    failure = run_circup(command, signals, lock.fd)
                    signals.check()  # Ctrl-C in the terminal stops circup too: say so, not that it failed
                    if failure and not os.path.isdir(drive):
                        raise DeployError("circup failed (%s): %s went away while it ran (unplugged or ejected?); "
                                          "the toy's files are in place: plug it in and deploy again" % (failure, drive))
                    if failure:
                        raise DeployError("circup failed (%s); the toy's files are in place: run %s once the "
                                          "network is there" % (failure, again(args, drive)))
            except Interrupted as exc:
                exc.outcome = done
                raise
    print("deployed to %s" % drive)
    return 0


def _show(args, staging, written, lines, command, dry):
    """Print the plan; DeployError if the drive has not the room. Returns 0 for a dry run."""
    free, block = free_bytes(args.drive)
    needed = space_needed(staging, written, block)
    for dest in written:
        if dest != "settings.toml":  # the plan's lines say what happens to it
            print("%s %s" % ("would copy" if dry else "copy", os.path.join(args.drive, dest)))
    for line in lines:
        print(line)
    if not args.no_libs:
        print("%s %s" % ("would run" if dry else "run", " ".join(["circup"] + command[1:])))
    if needed > free:
        raise DeployError("not enough space on %s: the new toy needs %s beside the old one and %s "
                          "are free; delete what you do not need there (old libraries in lib/), or "
                          "deploy with --mpy; nothing was changed" % (args.drive, size_text(needed),
                                                                      size_text(free)))
    if dry:
        print("(dry run: nothing was changed; %s needed, %s free)" % (size_text(needed), size_text(free)))
    return 0
