"""knights-tour bundle: the toy as one zip for makers without Python, laid out as Adafruit's
project bundles are.

    knights-tour bundle OUT.zip [--display max7219|ili9341] [--touch NAME] [--mpy-cross PROGRAM ...]

The zip holds knightstour/README.txt (the steps) and a folder per CircuitPython major version
the toy supports, "CircuitPython 8.x" to "CircuitPython 10.x", each with code.py,
knightstour-settings.toml (the template with the build's --display and --touch lines: a file to
merge into the board's settings.toml, which may hold its Wi-Fi keys) and lib/: the toy's
knightstour package and the Adafruit libraries that build imports, taken from their pip packages
as installed here (the emu extra), never from the network. A version's folder holds .mpy files
when CircuitPython's mpy-cross for that version is given (--mpy-cross, once per version) or was
downloaded by an earlier `deploy --mpy` into the cache; .py files otherwise (they run as well and
take more of the board's RAM).

The zip is written to a temporary file beside OUT.zip and renamed over it at the end: an error
or a signal leaves no part of it and the old OUT.zip as it was.
"""

import importlib.metadata
import os
import re
import signal
import stat
import sys
import tempfile
import zipfile

from knightstour.settings import as_given

from ..errors import UserError
from . import deploy, mpy_cross
from .board_files import set_keys
from .lock import Interrupted, Signals
from .output import OutputError, check_output, size_text, write_output

VERSIONS = (8, 9, 10)  # deploy accepts 8 or later (settings.toml came with 8.0)
TOP = "knightstour"
# The Adafruit libraries a build may import (device/requirements.txt), and the PyPI package of each.
DISTRIBUTIONS = {
    "adafruit_touchscreen": "adafruit-circuitpython-touchscreen",
}
STAMP = (2020, 1, 1, 0, 0, 0)  # every entry's date: the same build gives the same zip

README = """Knight's Tour desk toy for CircuitPython: {build}

This zip holds a folder for each CircuitPython the toy runs on: {versions}. The toy reads its
settings from settings.toml, which CircuitPython reads since 8.0; its .mpy files (if any) load only
on the version they were compiled for, hence a folder per version.

1. Unzip this file.
2. Open the folder for the CircuitPython your board runs: boot_out.txt on its CIRCUITPY drive
   names the version ({folders}).
3. Copy code.py onto the CIRCUITPY drive (keep a copy of your own code.py first).
4. Copy what is inside the folder's lib (the knightstour folder, and any other item there) into
   the lib folder on the drive (make lib if the drive has none). Copy those items, never the lib
   folder itself: on macOS, Finder replaces a folder of the same name, which would delete the
   board's other libraries.
5. Settings: if the drive has no settings.toml, copy knightstour-settings.toml onto it and rename
   it settings.toml. If the drive has one, keep it (it may hold the board's Wi-Fi and web
   workflow settings): add the KNIGHTSTOUR_ lines of knightstour-settings.toml to it.
6. Edit settings.toml on the drive to match your build: each setting is explained in
   knightstour-settings.toml. Save it; the board restarts with the new settings.

The toy lights up on its own once the files are there. Messages (a chip that does not answer,
a bad setting) appear on the board's serial console, one line each.
{compiled}
"""
SETTINGS = "knightstour-settings.toml"  # the toy's keys, to merge: never a settings.toml over the board's


def add_arguments(parser):
    parser.add_argument("output", metavar="OUT.zip", help="the zip to write")
    parser.add_argument("--display", default=None, metavar="NAME",
                        help="set KNIGHTSTOUR_DISPLAY in settings.toml: max7219 or ili9341")
    parser.add_argument("--touch", default=None, metavar="NAME",
                        help="set KNIGHTSTOUR_TOUCH in settings.toml (the ili9341's touch controller)")
    parser.add_argument("--mpy-cross", action="append", default=[], metavar="PROGRAM",
                        help="CircuitPython's mpy-cross for 8.x, 9.x or 10.x (once per version): that "
                             "version's folder gets .mpy files; compilers `deploy --mpy` downloaded are "
                             "used too")


def setting(text, key):
    """The value ``key`` has in settings.toml text (the first line that sets it), or None."""
    match = re.search(r"^\s*%s\s*=\s*\"?([^\"\s#]*)" % re.escape(key), text, re.M)
    return match.group(1).lower() if match else None


def libraries_for(display, touch):
    """The Adafruit libraries the build imports: a PyPortal's panel's (auto: the board may be one);
    the ILI9341 and its touch controllers need none."""
    if display == "builtin":  # a PyPortal's own display and resistive panel
        return ["adafruit_touchscreen"]
    if display != "ili9341":
        return []
    return list(DISTRIBUTIONS) if touch == "auto" else []


def library_files(module):
    """[(installed file, path under lib/)] of ``module``'s .py files in its installed pip package."""
    name = DISTRIBUTIONS[module]
    try:
        files = importlib.metadata.distribution(name).files or []
    except importlib.metadata.PackageNotFoundError:
        files = []
    found = [(str(f.locate()), str(f).replace("\\", "/")) for f in files
             if str(f).endswith(".py") and (str(f) == module + ".py" or str(f).replace("\\", "/").startswith(module + "/"))]
    if not found:
        raise OutputError("the bundle takes %s from the pip package %s, which is not installed here: %s -m pip "
                          "install %s (the emu extra brings every library the builds need)"
                          % (module, name, sys.executable, name))
    return sorted(found, key=lambda pair: pair[1])


def _cached(major, environ=None):
    """The newest compiler for CircuitPython ``major`` that `deploy --mpy` left in the cache and that
    passes deploy's gate (mpy_cross.cached), or None; each one refused gets a line saying why."""
    name = mpy_cross.published_name()
    folder = mpy_cross.cache_dir(environ)
    if name is None or not os.path.isdir(folder):
        return None
    place, suffix = name
    pattern = re.compile(r"^mpy-cross-%s-(%d\.\d+\.\d+)%s$" % (re.escape(place), major, re.escape(suffix)))
    versions = []
    for entry in os.listdir(folder):
        match = pattern.match(entry)
        if match:
            versions.append((tuple(int(n) for n in match.group(1).split(".")), match.group(1)))
    for _, version in sorted(versions, reverse=True):
        path, fault = mpy_cross.cached(version, environ)
        if fault is None:
            try:
                mpy_cross.check(path, _probe(), major, version, "the cache")
                return path, version
            except ValueError as exc:
                fault = str(exc)
        print("not using the cached %s: %s" % (path, fault))
    return None


def _probe():
    return os.path.join(deploy.PACKAGE_DIR, "__init__.py")


def compilers(programs, environ=None):
    """{major: mpy-cross} for the versions that get .mpy: the ones given, else cached ones; each one
    used is named with its version and SHA-256."""
    found = {}
    for program in programs:
        path, version = mpy_cross.given_version(program)
        major = int(version.split(".")[0])
        if major not in VERSIONS:
            raise UserError("bad --mpy-cross %s: it is CircuitPython %s's; the bundle holds CircuitPython %s"
                             % (program, version, " and ".join("%d.x" % v for v in VERSIONS)))
        if major in found:
            raise UserError("bad --mpy-cross %s: two compilers for CircuitPython %d.x; give one" % (program, major))
        mpy_cross.check(path, _probe(), major, version, "--mpy-cross %s" % program)
        found[major] = path, version
    for major in VERSIONS:
        if major not in found:
            cached = _cached(major, environ)
            if cached:
                found[major] = cached
    for major in sorted(found):
        mpy_cross.announce(*found[major])
    return {major: path for major, (path, _) in found.items()}


def entries(values, compiled, staging, signals):
    """[(name in the zip, file to put there)] for every version's folder, and the build's words."""
    with open(deploy.EXAMPLE, encoding="utf-8") as f:
        settings = set_keys(f.read(), values) if values else f.read()
    display = setting(settings, "KNIGHTSTOUR_DISPLAY") or "ili9341"
    touch = setting(settings, "KNIGHTSTOUR_TOUCH") or "auto"
    files = [(source, dest.replace(os.sep, "/")) for source, dest in deploy.device_files()]
    for module in libraries_for(display, touch):
        files += [(source, "lib/" + rel) for source, rel in library_files(module)]
    settings_path = os.path.join(staging, "settings.toml")
    with open(settings_path, "w", encoding="utf-8", newline="") as f:
        f.write(settings)
    build = "%s display%s" % (display, ", touch %s" % touch if display == "ili9341" else "")
    found = []
    for major in VERSIONS:
        folder = "%s/CircuitPython %d.x/" % (TOP, major)
        found.append((folder + SETTINGS, settings_path))
        for source, dest in files:
            signals.check()
            if major in compiled and dest.startswith("lib/"):
                dest = dest[:-3] + ".mpy"
                target = os.path.join(staging, str(major), dest)
                os.makedirs(os.path.dirname(target), exist_ok=True)
                mpy_cross.compile_mpy(compiled[major], source, target, dest[len("lib/"):-4] + ".py")
                source = target
            found.append((folder + dest, source))
    return found, build


class _Sent:
    """A pipe or a device written through, counting the bytes sent (no tell: zipfile streams to it)."""

    def __init__(self, handle):
        self.handle = handle
        self.sent = 0

    def write(self, data):
        self.sent += len(data)
        return self.handle.write(data)

    def flush(self):
        self.handle.flush()


def write_zip(handle, files, readme, signals):
    """Write the zip to ``handle``; returns the bytes written (to a pipe: the bytes sent)."""
    regular = stat.S_ISREG(os.fstat(handle.fileno()).st_mode)
    out = handle if regular else _Sent(handle)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in [(TOP + "/README.txt", readme.encode("utf-8"))] + files:
            signals.check()
            info = zipfile.ZipInfo(name, date_time=STAMP)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            if isinstance(data, bytes):
                archive.writestr(info, data)
            else:
                with open(data, "rb") as source:
                    archive.writestr(info, source.read())
    return handle.tell() if regular else out.sent


def run(args):
    try:
        with Signals() as signals:
            return _bundle(args, signals)
    except Interrupted as exc:
        print("knights-tour bundle: stopped by %s: nothing was written" % signal.Signals(exc.signum).name,
              file=sys.stderr)
        return 128 + exc.signum


ZIP_STARTS = (b"PK\x03\x04", b"PK\x05\x06")  # a zip's first entry, or an empty zip's end record


def check_not_other_file(path):
    """ValueError if ``path`` is a file bundle may not replace: one with something in it that is not
    a zip this command wrote (its entries all under knightstour/, README.txt first), or a read-only one."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return  # a pipe or a device: opening it to look would wait for a writer
        with open(path, "rb") as f:
            start = f.read(4)
    except OSError:
        return  # no such file, or not one we read: check_output and write_output say what is wrong
    if not start:
        return
    if not start.startswith(ZIP_STARTS):
        raise UserError("%s exists and is not a zip: remove it or give another name" % as_given(path))
    try:
        with zipfile.ZipFile(path) as z:
            names = z.namelist()
    except (OSError, zipfile.BadZipFile, ValueError):
        names = []
    if not names or names[0] != TOP + "/README.txt" or not all(n.startswith(TOP + "/") for n in names):
        raise UserError("%s exists and is a zip this command did not write: remove it or give another name"
                         % as_given(path))
    if not os.stat(path).st_mode & stat.S_IWUSR or not os.access(path, os.W_OK):
        raise UserError("%s exists and is read-only: make it writable (chmod u+w) or give another name"
                         % as_given(path))


def _bundle(args, signals):
    target = check_output(args.output, "OUT.zip", suffix=".zip")
    check_not_other_file(target)
    values = deploy.setting_values(args)
    compiled = compilers(args.mpy_cross)
    with tempfile.TemporaryDirectory() as staging:
        files, build = entries(values, compiled, staging, signals)
        kinds = ", ".join("%d.x %s" % (major, ".mpy" if major in compiled else ".py") for major in VERSIONS)
        note = "" if len(compiled) == len(VERSIONS) else (
            "\nThe .py files take more RAM than .mpy ones would; a computer with Python makes .mpy files:\n"
            "knights-tour bundle OUT.zip --mpy-cross PROGRAM (CircuitPython's mpy-cross for the version).\n")
        folders = ", ".join("CircuitPython %d.x" % major for major in VERSIONS)
        readme = README.format(build=build, compiled=note, folders=folders,
                               versions=", ".join("%d.x" % major for major in VERSIONS))
        readme = readme.replace("\n", "\r\n")  # Notepad shows it too
        sizes = []
        write_output(args.output, lambda handle: sizes.append(write_zip(handle, files, readme, signals)), "OUT.zip")
    print("wrote %s: %s; CircuitPython %s; %d files, %s" % (args.output, build, kinds, len(files) + 1,
                                                            size_text(sizes[0])))
    return 0
