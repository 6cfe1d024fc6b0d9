"""CircuitPython's mpy-cross for ``deploy --mpy``: the one given, or the one Adafruit publishes
for the board's version, downloaded once into the user's cache folder.

Adafruit's bucket holds one per version and computer: BASE/<os>/mpy-cross-<os>-<version><ext>
(KNIGHTSTOUR_MPY_CROSS_BASE replaces BASE; https only, and redirects are followed only to https).
A downloaded program is never run unchecked: its SHA-256 must match the one pinned for its
version (KNIGHTSTOUR_MPY_CROSS_SHA256, or the pin file sha256.txt in the cache folder) when one
is; then it runs, and ``mpy-cross --version`` must name the board's CircuitPython version
("CircuitPython 9.2.1 on 2024-11-20; mpy-cross emitting mpy v6.1"). It is kept with a record of
where it came from and its SHA-256 (<name>.json beside it); a cached copy that no longer matches
its record (or the pin, or the version) is removed, with a line saying so, and downloaded again.
The cache folder must be the user's alone. The cache is written atomically (a private part file
renamed into place), so deploys running at once cannot see half a compiler. Nothing here touches
the drive.
"""

import hashlib
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

from knightstour.settings import as_given

from ..errors import UserError
from .output import OutputError, size_text

BASE = "https://adafruit-circuit-python.s3.amazonaws.com/bin/mpy-cross"
BASE_ENV = "KNIGHTSTOUR_MPY_CROSS_BASE"
PROGRAM_ENV = "KNIGHTSTOUR_MPY_CROSS"
PIN_ENV = "KNIGHTSTOUR_MPY_CROSS_SHA256"
PIN_FILE = "sha256.txt"  # in the cache folder: lines of "<version> <sha256>"
INDEX = "https://adafruit-circuit-python.s3.amazonaws.com/index.html?prefix=bin/mpy-cross/"
# The .mpy version each CircuitPython major version loads (its py/persistentcode.h MPY_VERSION).
MPY_VERSIONS = {8: 5, 9: 6, 10: 6}
BANNER = re.compile(r"^CircuitPython (\S+) on ")
LARGEST = 64 << 20  # a compiler is about 1-3 MB: a server sending more is not sending one
TIMEOUT = 30  # seconds without an answer from the server
STALE_PART = 3600  # a part file this old was left by a download that was cut off


class DownloadError(OutputError):
    """The compiler could not be fetched: one line, exit code 1; nothing on the drive changed."""


def _how():
    return "give CircuitPython's mpy-cross with --mpy-cross PROGRAM or $%s" % PROGRAM_ENV


def given(program=None, environ=None):
    """The compiler the user named (--mpy-cross, else $KNIGHTSTOUR_MPY_CROSS) as a path, or None."""
    environ = os.environ if environ is None else environ
    if program is not None and not program.strip():
        raise UserError("bad --mpy-cross %s: it is empty; give the path of CircuitPython's mpy-cross, or leave "
                         "--mpy-cross out" % as_given(program))
    program = program or environ.get(PROGRAM_ENV)
    if not program:
        return None
    if os.path.isdir(program):
        raise UserError("bad --mpy-cross %s: it is a folder; give the mpy-cross program in it, or download "
                         "CircuitPython's mpy-cross for your version from %s" % (as_given(program), INDEX))
    found = shutil.which(program)
    if found is None:
        raise UserError("bad --mpy-cross %s: no such program; download CircuitPython's mpy-cross for "
                         "your version from %s" % (as_given(program), INDEX))
    return found


def given_version(program):
    """(path, CircuitPython version) of the compiler the user named, (None, None) if none; ValueError
    naming it if it is not CircuitPython's."""
    path = given(program)
    if path is None:
        return None, None
    try:
        return path, reported_version(path)
    except ValueError as exc:
        raise UserError("bad --mpy-cross %s: %s" % (as_given(program or path), exc)) from None


def published_name(system=None, machine=None):
    """(folder, file name prefix, suffix) of this computer's compilers in the bucket, or None."""
    system = sys.platform if system is None else system
    machine = (platform.machine() if machine is None else machine).lower()
    if system.startswith("linux"):
        if machine in ("x86_64", "amd64"):
            return "linux-amd64", ".static"
        if machine in ("aarch64", "arm64"):
            return "linux-aarch64", ".static-aarch64"
        if machine.startswith(("armv6", "armv7")):
            return "linux-raspbian", ".static-raspbian"
    elif system == "darwin":
        return "macos", "-universal"
    elif system in ("win32", "cygwin"):
        return "windows", ".static.exe"
    return None


def url_for(version, environ=None, system=None, machine=None):
    """The bucket's address of the compiler for CircuitPython ``version`` on this computer."""
    environ = os.environ if environ is None else environ
    name = published_name(system, machine)
    if name is None:
        raise UserError("--mpy: Adafruit publishes no mpy-cross for this computer (%s, %s); build "
                         "CircuitPython's mpy-cross for %s and %s"
                         % (sys.platform if system is None else system,
                            platform.machine() if machine is None else machine, version, _how()))
    folder, suffix = name
    base = (environ.get(BASE_ENV) or BASE).rstrip("/")
    if not base.lower().startswith("https://"):
        raise UserError("bad %s %s: only an https:// address is used (a program fetched over anything else "
                         "could come from anyone)" % (BASE_ENV, base))
    return "%s/%s/mpy-cross-%s-%s%s" % (base, folder, folder, version, suffix)


def cache_dir(environ=None, system=None):
    """Where downloaded compilers are kept: $XDG_CACHE_HOME/knightstour/mpy-cross when set, else
    the system's cache folder (~/.cache, ~/Library/Caches, %LOCALAPPDATA%)."""
    environ = os.environ if environ is None else environ
    system = sys.platform if system is None else system
    root = environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(root):  # the XDG spec: a relative path is to be ignored
        home = os.path.expanduser("~")
        if system == "darwin":
            root = os.path.join(home, "Library", "Caches")
        elif system == "win32":
            root = environ.get("LOCALAPPDATA") or os.path.join(home, "AppData", "Local")
        else:
            root = os.path.join(home, ".cache")
    return os.path.join(root, "knightstour", "mpy-cross")


def reported_version(program):
    """The CircuitPython version ``program --version`` names; ValueError (a reason) if it does
    not run or names none."""
    try:
        done = subprocess.run([program, "--version"], capture_output=True, timeout=20, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        raise UserError("it did not answer --version within 20 s") from None
    except OSError as exc:
        raise UserError("it does not run (%s)" % (exc.strerror or exc)) from None
    first = done.stdout.decode("utf-8", "replace").strip().split("\n")[0].strip()
    match = BANNER.match(first)
    if done.returncode != 0 or match is None:
        raise UserError("its --version says %r, not CircuitPython's mpy-cross banner" % first[:80])
    return match.group(1)


def pinned(version, folder, environ=None):
    """The SHA-256 pinned for ``version`` ($KNIGHTSTOUR_MPY_CROSS_SHA256: a digest, or VERSION=DIGEST
    pairs split by commas; else the cache folder's sha256.txt: "VERSION DIGEST" lines), or None."""
    environ = os.environ if environ is None else environ
    text = environ.get(PIN_ENV, "").strip()
    where = PIN_ENV
    if not text:
        try:
            with open(os.path.join(folder, PIN_FILE), encoding="utf-8") as handle:
                text = handle.read(65536)
        except OSError:
            return None
        where = os.path.join(folder, PIN_FILE)
        items = [(line.strip(), line.split()) for line in text.splitlines()
                 if line.strip() and not line.lstrip().startswith("#")]
    elif "=" not in text and "," not in text:
        items = [(text, [version, text])]
    else:
        items = [(item.strip(), item.split("=", 1)) for item in text.split(",") if item.strip()]
    for given, pair in items:
        digest = pair[-1].strip().lower()
        if len(pair) != 2 or len(digest) != 64 or digest.strip("0123456789abcdef"):
            raise UserError("bad %s %s: give the 64 hex digits of the compiler's SHA-256 (sha256sum prints "
                             "them)%s" % (where, as_given(given[:80]), ", after its version, one a line"
                                          if where != PIN_ENV else ", or VERSION=DIGEST pairs split by commas"))
        if pair[0].strip() == version:
            return digest
    return None


def sha256_of(path):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 16), b""):
            digest.update(chunk)
    return digest.hexdigest()


def private_folder(folder):
    """Make ``folder`` (mode 700) and check that it is the user's alone: DownloadError if others
    could write to it, as a program kept there is run."""
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        info = os.stat(folder)
    except OSError as exc:
        raise DownloadError("cannot keep mpy-cross in %s: %s; %s" % (folder, exc.strerror or exc, _how())) from None
    if not hasattr(os, "getuid"):
        return
    if info.st_uid != os.getuid():
        raise DownloadError("cannot keep mpy-cross in %s: it belongs to user %d, not you, and a program kept there "
                            "is run; remove it and deploy again" % (folder, info.st_uid))
    if info.st_mode & 0o022:
        raise DownloadError("cannot keep mpy-cross in %s: others can write to it (mode %03o), and a program kept "
                            "there is run; chmod go-w %s and deploy again" % (folder, info.st_mode & 0o777, folder))


def _record_of(path):
    try:
        with open(path + ".json", encoding="utf-8") as handle:
            record = json.load(handle)
        return record if isinstance(record, dict) else {}
    except (OSError, ValueError):
        return {}


def _cached_fault(path, version, pin):
    """Why the cached compiler at ``path`` may not be used, or None: no record of its download,
    another SHA-256 than recorded or pinned, or another version."""
    record = _record_of(path)
    digest = sha256_of(path)
    if record.get("sha256") != digest:
        return "its SHA-256 is not the one recorded when it was downloaded" if record.get("sha256") else \
            "there is no record of where it was downloaded from"
    if pin and digest != pin:
        return "its SHA-256 %s is not the pinned %s" % (digest, pin)
    try:
        got = reported_version(path)
    except ValueError as exc:
        return str(exc)
    return None if got == version else "it is for CircuitPython %s, not %s" % (got, version)


def fetch(version, environ=None, out=None, dry=False):
    """The path of CircuitPython ``version``'s mpy-cross: from the cache, else downloaded into it.
    DownloadError (one line naming the address and --mpy-cross) if it cannot be had. Prints where
    it came from and its SHA-256. ``dry``: nothing is downloaded or run; None is returned after a
    line saying what would be fetched."""
    out = out or sys.stdout
    url = url_for(version, environ)
    folder = cache_dir(environ)
    path = os.path.join(folder, url.rsplit("/", 1)[1])
    pin = pinned(version, folder, environ)
    if dry:
        record = _record_of(path)
        if os.path.isfile(path) and record.get("sha256") and (pin or record["sha256"]) == record["sha256"]:
            print("would use the mpy-cross in %s (from %s, sha256 %s; not run in a dry run)"
                  % (path, record.get("url"), record["sha256"]), file=out)
        else:
            print("would download mpy-cross for CircuitPython %s from %s%s (nothing fetched or run in a dry run)"
                  % (version, url, ", sha256 pinned to %s" % pin if pin else ""), file=out)
        return None
    private_folder(folder)
    if os.path.isfile(path):
        fault = _cached_fault(path, version, pin)
        if fault is None:
            return path
        for name in (path, path + ".json"):
            try:
                os.remove(name)
            except OSError:
                pass
        print("removed the cached mpy-cross %s: %s; downloading it again" % (path, fault), file=out, flush=True)
    _remove_stale_parts(folder)
    fd, part = tempfile.mkstemp(dir=folder, prefix="." + os.path.basename(path) + ".", suffix=".part")
    try:
        with os.fdopen(fd, "wb") as handle:
            digest = _download(url, handle, version, out)
            handle.flush()
            os.fsync(handle.fileno())
        if pin and digest != pin:
            raise DownloadError("the mpy-cross from %s has SHA-256 %s, not the pinned %s; it was not run or kept; "
                                "%s" % (url, digest, pin, _how()))
        os.chmod(part, 0o700)
        try:
            got = reported_version(part)
        except ValueError as exc:
            raise DownloadError("the mpy-cross from %s cannot be used: %s; %s" % (url, exc, _how())) from None
        if got != version:
            raise DownloadError("the mpy-cross from %s is for CircuitPython %s, not %s as the board's "
                                "boot_out.txt says; %s" % (url, got, version, _how()))
        with open(part + ".json", "w", encoding="utf-8") as handle:
            json.dump({"url": url, "sha256": digest, "version": version}, handle)
        os.replace(part + ".json", path + ".json")
        os.replace(part, path)
        part = None
    except OSError as exc:
        raise DownloadError("cannot keep mpy-cross in %s: %s; %s" % (folder, exc.strerror or exc, _how())) from None
    finally:
        if part is not None:
            for name in (part, part + ".json"):
                try:
                    os.remove(name)
                except OSError:
                    pass
    return path


def cached(version, environ=None):
    """(path, None) for CircuitPython ``version``'s compiler in the cache when it passes the gate a
    download passes (a folder only the user can write, its download record, the pin, its version);
    (path, why not) when it does not; (None, None) when none is cached. Runs nothing that fails."""
    folder = cache_dir(environ)
    path = os.path.join(folder, url_for(version, environ).rsplit("/", 1)[1])
    if not os.path.isfile(path):
        return None, None
    try:
        private_folder(folder)
    except DownloadError as exc:
        return path, str(exc)
    return path, _cached_fault(path, version, pinned(version, folder, environ))


def announce(path, version, out=None):
    """The line every compiler run gets: its path, version and SHA-256 (and where it came from)."""
    record = _record_of(path)
    came = ", from %s" % record["url"] if record.get("url") and record.get("sha256") == sha256_of(path) else ""
    print("mpy-cross %s (CircuitPython %s, sha256 %s%s)" % (path, version, sha256_of(path), came),
          file=out or sys.stdout, flush=True)


class HttpsOnly(urllib.request.HTTPRedirectHandler):
    """Redirects are followed to https:// addresses only."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        if not newurl.lower().startswith("https://"):
            raise urllib.error.URLError("it redirects to %s, and only https:// is followed" % newurl[:100])
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def opener():
    """The URL opener downloads go through (tests put one in that serves https:// from loopback)."""
    return urllib.request.build_opener(HttpsOnly)


def _download(url, handle, version, out):
    """Copy ``url`` into ``handle``, with a progress line; its SHA-256. DownloadError (one line)
    on failure."""
    import socket

    def failed(reason):
        return DownloadError("cannot download mpy-cross for CircuitPython %s from %s: %s; download it "
                             "yourself (all versions: %s) and %s" % (version, url, reason, INDEX, _how()))

    print("downloading mpy-cross for CircuitPython %s from %s" % (version, url), file=out, flush=True)
    tty = hasattr(out, "isatty") and out.isatty()
    done = 0
    digest = hashlib.sha256()
    try:
        with opener().open(url, timeout=TIMEOUT) as answer:
            total = int(answer.headers.get("Content-Length") or 0)
            while True:
                chunk = answer.read(64 * 1024)
                if not chunk:
                    break
                done += len(chunk)
                if done > LARGEST:
                    raise failed("it is over %d MB, which no mpy-cross is" % (LARGEST >> 20))
                handle.write(chunk)
                digest.update(chunk)
                if tty and total:
                    print("\r  %s of %s  " % (size_text(done), size_text(total)), end="", file=out, flush=True)
    except urllib.error.HTTPError as exc:
        raise failed("HTTP %d %s (no such file: is %s a released version?)"
                     % (exc.code, exc.reason, version)) from None
    except urllib.error.URLError as exc:
        reason = exc.reason
        raise failed(getattr(reason, "strerror", None) or str(reason)) from None
    except (socket.timeout, TimeoutError):
        raise failed("no answer within %d s" % TIMEOUT) from None
    except (OSError, ValueError) as exc:  # a dropped connection, a malformed address or answer
        raise failed(getattr(exc, "strerror", None) or str(exc) or type(exc).__name__) from None
    finally:
        if tty and total:
            print(file=out)
    if total and done != total:
        raise failed("the connection ended after %d of %d bytes" % (done, total))
    return digest.hexdigest()


def _remove_stale_parts(folder):
    now = time.time()
    for name in os.listdir(folder):
        path = os.path.join(folder, name)
        try:
            if name.endswith((".part", ".part.json")) and now - os.path.getmtime(path) > STALE_PART:
                os.remove(path)
        except OSError:
            pass


def module_name(path):
    """The dotted name of the module at ``path``, relative to lib/ ("knightstour/hw/views/tft.py":
    "knightstour.hw.views.tft"; a package's __init__.py: the package's name)."""
    parts = path.replace(os.sep, "/").split("/")
    parts[-1] = parts[-1].rsplit(".", 1)[0]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def compile_mpy(mpy_cross, source, target, path):
    """Compile ``source``, the module at ``path`` under lib/, to ``target``. The name tracebacks show
    (-s) is the module's dotted name: no path of this computer ends up on the board, and the board
    interns that name when it imports the module, so the .mpy's shares it (any other name would be
    one more qstr per module, for good). ValueError with the compiler's message."""
    name = module_name(path)
    try:
        done = subprocess.run([mpy_cross, "-s", name, "-o", target, source], capture_output=True, text=True,
                              timeout=120, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        raise UserError("%s did not compile %s within 120 s" % (mpy_cross, path)) from None
    except OSError as exc:
        raise UserError("bad --mpy-cross %s: it does not run (%s)" % (mpy_cross, exc.strerror or exc)) from None
    if done.returncode != 0 or not os.path.exists(target):
        message = (done.stderr or done.stdout).strip().split("\n")[-1:]
        raise UserError("%s could not compile %s: %s" % (mpy_cross, path, message[0] if message and message[0]
                                                            else "exit %d" % done.returncode))


def check(mpy_cross, probe, major, version, boot_out):
    """Compile ``probe`` and read the header: 'C' and the .mpy version CircuitPython ``major`` loads."""
    wanted = MPY_VERSIONS.get(major)
    if wanted is None:
        raise UserError("--mpy: %s names %s; deploy --mpy knows CircuitPython %s; deploy without --mpy"
                         % (boot_out, "CircuitPython %s" % version if version else "no CircuitPython version",
                            ", ".join(str(v) for v in sorted(MPY_VERSIONS))))
    with tempfile.TemporaryDirectory() as scratch:
        target = os.path.join(scratch, "probe.mpy")
        compile_mpy(mpy_cross, probe, target, "knightstour/__init__.py")
        with open(target, "rb") as handle:
            header = handle.read(2)
    if header[:1] != b"C":
        whose = "MicroPython's" if header[:1] == b"M" else "not CircuitPython's"
        raise UserError("the mpy-cross %s is %s (its .mpy files start with %r, CircuitPython %s refuses "
                         "them): download CircuitPython's mpy-cross for %s from %s and give it with "
                         "--mpy-cross PROGRAM or %s" % (mpy_cross, whose, header[:1].decode("latin-1"), version,
                                                         version, INDEX, PROGRAM_ENV))
    if header[1:2] != bytes([wanted]):
        got = header[1] if len(header) > 1 else -1
        raise UserError("the mpy-cross %s writes .mpy version %d, but CircuitPython %s loads version %d: "
                         "download the mpy-cross for CircuitPython %d.x from %s"
                         % (mpy_cross, got, version, wanted, major, INDEX))
