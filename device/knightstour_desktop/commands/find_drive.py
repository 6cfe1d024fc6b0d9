"""Where the board's CIRCUITPY drive is mounted, on Linux, macOS and Windows.

Linux desktops mount it at /media/$USER/CIRCUITPY (Debian, Ubuntu, Raspberry Pi OS) or
/run/media/$USER/CIRCUITPY (Fedora, Arch); macOS at /Volumes/CIRCUITPY; Windows gives it a
drive letter whose volume label is CIRCUITPY. A second board gets CIRCUITPY1 (Linux) or
"CIRCUITPY 1" (macOS): then there are two, and the user says which.
"""

import os
import re
import sys

from ..errors import UserError

LABEL = "CIRCUITPY"
# "E:", "e:\", "E:/", and "E:\" typed in quotes in cmd.exe, which hands the program `E:"`.
_WINDOWS_DRIVE = re.compile(r'^([A-Za-z]):[\\/]?"?$')


def windows_path(text):
    """A bare drive letter as its root ("E:" is the current folder on E, not the drive); any other
    path as given."""
    found = _WINDOWS_DRIVE.match(text)
    return "%s:\\" % found.group(1).upper() if found else text


def mount_roots(platform=None, environ=None):
    """The folders a desktop of ``platform`` (sys.platform's names) mounts USB drives in."""
    platform = sys.platform if platform is None else platform
    environ = os.environ if environ is None else environ
    if platform == "darwin":
        return ["/Volumes"]
    if platform.startswith("win"):
        return []
    user = environ.get("SUDO_USER") or environ.get("USER") or environ.get("LOGNAME") or ""  # sudo: the desktop's
    return [os.path.join("/media", user), os.path.join("/run/media", user)] if user else ["/media", "/run/media"]


def windows_labels():
    """{"E:\\": "CIRCUITPY", ...}: the volume label of every drive letter in use (Windows only)."""
    import ctypes

    kernel32 = ctypes.windll.kernel32
    kernel32.SetErrorMode(1)  # an empty card reader answers with an error, not a dialog box
    letters = kernel32.GetLogicalDrives()
    labels = {}
    for index in range(26):
        if letters >> index & 1:
            root = "%s:\\" % chr(ord("A") + index)
            name = ctypes.create_unicode_buffer(261)
            if kernel32.GetVolumeInformationW(ctypes.c_wchar_p(root), name, 261, None, None, None, None, 0):
                labels[root] = name.value
    return labels


def _is_circuitpy(name):
    """CIRCUITPY, and the names a second board's drive gets: CIRCUITPY1, "CIRCUITPY 1"."""
    return name == LABEL or (name.startswith(LABEL) and name[len(LABEL):].strip().isdigit())


def _is_drive(path):
    """A mounted drive, or one holding boot_out.txt: an empty folder left where one was mounted is none."""
    return os.path.isdir(path) and (os.path.ismount(path) or os.path.lexists(os.path.join(path, "boot_out.txt")))


def find(platform=None, roots=None, labels=None):
    """(drives found, places looked). ``roots``: the mount folders (default: the platform's);
    ``labels()``: Windows' {root: volume label} (default: asked of Windows)."""
    platform = sys.platform if platform is None else platform
    if platform.startswith("win"):
        seen = (labels or windows_labels)()
        found = sorted(root for root, label in seen.items() if _is_circuitpy(label))
        looked = ["the drive letters (%s)" % (", ".join(
            "%s %s" % (root.rstrip("\\"), label or "(no label)") for root, label in sorted(seen.items())) or "none")]
        return found, looked
    roots = mount_roots(platform) if roots is None else roots
    found = []
    for root in roots:
        try:
            names = sorted(os.listdir(root))
        except OSError:
            continue
        found += [os.path.join(root, name) for name in names
                  if _is_circuitpy(name) and _is_drive(os.path.join(root, name))]
    return found, list(roots)


def locate(platform=None, roots=None, labels=None):
    """The one CIRCUITPY drive; ValueError naming what was seen when there is none, or more."""
    found, looked = find(platform, roots, labels)
    if len(found) == 1:
        return found[0]
    if not found:
        raise UserError("no CIRCUITPY drive found (looked in %s): plug the board in with a data cable, wait "
                         "for the drive to appear, or give its path: knights-tour deploy PATH_TO_CIRCUITPY"
                         % ", ".join(looked))
    raise UserError("%d CIRCUITPY drives found (%s): give the one to deploy to: knights-tour deploy "
                     "PATH_TO_CIRCUITPY" % (len(found), ", ".join(found)))
