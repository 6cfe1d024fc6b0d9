"""What deploy reads on a CIRCUITPY drive before it changes it: boot_out.txt's CircuitPython
version, whose code.py is there, and the settings.toml it writes or edits.

A file is read only if it is a regular file (a FIFO would block), and only its first bytes.
"""

import os
import re
import stat
import time

from knightstour.settings import as_given

from ..errors import UserError
from .settings_edit import set_keys

# The first line of the toy's code.py (device/code.py): a code.py starting otherwise is the user's.
TOY_CODE = "\"\"\"Knight's Tour desk toy"
OLDEST = 8  # os.getenv, which reads settings.toml, came with CircuitPython 8
NEWEST = 10  # the newest CircuitPython the toy was tried on (its stand-ins refuse what 10 refuses)
VERSION = re.compile(r"\bCircuitPython (\d+)\.(\d+)\.(\d+)([0-9A-Za-z.+-]*)")
DOWNLOADS = "https://circuitpython.org/downloads"


def first_bytes(path, count=256):
    """The first ``count`` bytes of the regular file ``path``; OSError, or ValueError if it is
    not a regular file."""
    mode = os.stat(path).st_mode
    if stat.S_ISDIR(mode):
        raise UserError("it is a folder")
    if not stat.S_ISREG(mode):
        raise UserError("it is not a regular file")
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        return os.read(fd, count)
    finally:
        os.close(fd)


def circuitpython_version(drive, force=False):
    """(major, "9.2.1") from the drive's boot_out.txt; (None, None) when it has none and ``force``
    is set. ValueError (one line) if it has none, cannot be read, names no version or one
    older than 8."""
    path = os.path.join(drive, "boot_out.txt")
    if not os.path.lexists(path):
        if force:
            return None, None
        raise UserError("bad PATH_TO_CIRCUITPY %s: it has no boot_out.txt, so it does not look like a "
                         "CircuitPython drive (use --force to deploy anyway)" % as_given(drive))
    try:
        first = first_bytes(path).decode("utf-8", "replace").split("\n")[0].strip()
    except (OSError, ValueError) as exc:
        raise UserError("cannot read the CircuitPython version from %s: %s; is %s the board's CIRCUITPY "
                         "drive?" % (path, getattr(exc, "strerror", None) or exc, drive)) from None
    return version_in(first, path)


def version_in(text, where):
    """(major, "9.2.1") from ``text`` ("Adafruit CircuitPython 9.2.1 on ..."), which ``where`` gave;
    ValueError (one line) if it names no version or one older than 8."""
    match = VERSION.search(text)
    if match is None:
        raise UserError("%s names no CircuitPython version (it says %r); the toy needs CircuitPython "
                        "%d or later: install it from %s" % (where, text[:60], OLDEST, DOWNLOADS))
    major = int(match.group(1))
    version = match.group(0).split(" ", 1)[1]
    if major < OLDEST:
        raise UserError("the board runs CircuitPython %s (%s); the toy needs %d or later, which reads "
                        "settings.toml: update it from %s" % (version, where, OLDEST, DOWNLOADS))
    return major, version


def board_kind(drive):
    """The board kind (board_pins.BOARD_IDS) of the board boot_out.txt names by its board id
    ("Board ID:feather_m4_express") or its name ("; Adafruit Feather M4 Express with samd51j19"), or ""."""
    from ..board_pins import BOARD_IDS, BOARD_NAMES, SAME_KIND

    try:
        text = first_bytes(os.path.join(drive, "boot_out.txt"), 1024).decode("utf-8", "replace")
    except (OSError, ValueError):
        return ""
    found = re.search(r"^Board ID:\s*(\S+)", text, re.M)
    for kind, board_id in BOARD_IDS.items():
        if found and found.group(1) == board_id:
            return kind
    if found and found.group(1) in SAME_KIND:
        return SAME_KIND[found.group(1)]
    found = re.search(r"; (.+?)(?: with |$)", text.split("\n")[0])
    return BOARD_NAMES.get(found.group(1).strip(), "") if found else ""


def is_toy_code(path):
    """True when ``path`` is a code.py the toy wrote (its first line); False for the user's own,
    one that cannot be read included (it is kept)."""
    try:
        return first_bytes(path, len(TOY_CODE.encode())).decode("utf-8", "replace") == TOY_CODE
    except (OSError, ValueError):
        return False


def backup_name(path, today=None):
    """``path``.bak-YYYY-MM-DD, or -2, -3... after it when that is taken."""
    base = "%s.bak-%s" % (path, today or time.strftime("%Y-%m-%d"))
    name, n = base, 1
    while os.path.lexists(name):
        n += 1
        name = "%s-%d" % (base, n)
    return name


def read_settings(path):
    """A user's settings.toml as text; ValueError (one line) if it cannot be edited."""
    if os.path.islink(path):
        raise UserError("cannot change %s: it is a symlink; set the keys in the file it points to yourself"
                         % path)
    try:
        size = os.stat(path).st_size
        data = first_bytes(path, 64 * 1024 + 1)
    except (OSError, ValueError) as exc:
        raise UserError("cannot change %s: %s" % (path, getattr(exc, "strerror", None) or exc)) from None
    if size > 64 * 1024 or len(data) > 64 * 1024:
        raise UserError("cannot change %s: it is over 64 KB; set the keys yourself" % path)
    if b"\0" in data:
        raise UserError("cannot change %s: it holds a NUL byte, which CircuitPython reads as its end; set the "
                         "keys yourself" % path)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise UserError("cannot change %s: it is not UTF-8 text; set the keys yourself" % path) from None


def plan(drive, staging, written, values, verb, example):
    """What happens to code.py and settings.toml: (top files [(dest, backup or None)], lines to
    print). A new settings.toml (from ``example``) or an edited one is written into ``staging``
    and added to ``written``; ``verb("keep")`` is the word printed ("would keep" in a dry run)."""
    lines = []
    top = []
    settings = os.path.join(drive, "settings.toml")
    if not os.path.lexists(settings):
        with open(example, encoding="utf-8") as f:
            text = set_keys(f.read(), values)
        with open(os.path.join(staging, "settings.toml"), "w", encoding="utf-8", newline="") as f:
            f.write(text)
        written.append("settings.toml")
        top.append(("settings.toml", None))
        lines.append("%s %s%s" % (verb("copy"), settings, " (%s)" % _listed(values) if values else ""))
    elif values:
        text = read_settings(settings)
        try:
            edited = set_keys(text, values)
        except ValueError as exc:
            raise UserError("cannot change %s: %s" % (settings, exc)) from None
        if edited == text:
            lines.append("%s %s (yours; it already sets %s)" % (verb("keep"), settings, _listed(values)))
        else:
            with open(os.path.join(staging, "settings.toml"), "w", encoding="utf-8", newline="") as f:
                f.write(edited)
            written.append("settings.toml")
            backup = backup_name(settings)
            top.append(("settings.toml", backup))
            lines.append("%s %s to set %s (yours kept as %s)" % (verb("change"), settings, _listed(values),
                                                                os.path.basename(backup)))
    else:
        lines.append("%s %s (yours)" % (verb("keep"), settings))
    code = os.path.join(drive, "code.py")
    backup = None
    if os.path.lexists(code) and not is_toy_code(code):
        backup = backup_name(code)
        lines.append("%s your %s as %s (the toy did not write it)" % (verb("keep"), code, os.path.basename(backup)))
    top.append(("code.py", backup))  # last: writing it restarts the board
    return top, lines


def users_files(drive, written, verb):
    """The files in the drive's lib/knightstour that are none of the toy's modules (as .py or .mpy) this
    deploy writes: ([(path, where it is kept)], lines to print). Kept in a folder of their own at the top
    of the drive, as code.py is kept, never in lib/ (where the board would look for modules)."""
    package = os.path.join(drive, "lib", "knightstour")
    prefix = os.path.join("lib", "knightstour") + os.sep
    toys = {os.path.splitext(dest[len(prefix):])[0] for dest in written if dest.startswith(prefix)}
    found = []
    for folder, dirs, names in os.walk(package):
        dirs.sort()
        for name in sorted(names):
            rel = os.path.relpath(os.path.join(folder, name), package)
            stem, ext = os.path.splitext(rel)
            if not (ext in (".py", ".mpy") and stem in toys):
                found.append(rel)
    if not found:
        return [], []
    keep = backup_name(os.path.join(drive, "knightstour"))
    kept = [(os.path.join(package, rel), os.path.join(keep, rel)) for rel in found]
    lines = ["%s your %s as %s (not one of the toy's files)" % (verb("keep"), path, os.path.relpath(to, drive))
             for path, to in kept]
    return kept, lines


def _listed(values):
    return ", ".join('%s = "%s"' % item for item in values.items())
