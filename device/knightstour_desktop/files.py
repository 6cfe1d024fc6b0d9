"""Where the files the commands copy are: the board's files beside the knightstour package
(code.py, settings.toml.example, requirements.txt), the web page's sources and the wiring pages.

An installed copy ships them inside this package, in board/, web/ and wiring/ (setup.py); an editable
install finds them in its clone, in device/, web/ and wiring/. What goes into lib/knightstour on a board
is the knightstour package itself, wherever it was imported from.
"""

import os

import knightstour

HERE = os.path.dirname(os.path.abspath(__file__))
BOARD_PACKAGE = os.path.dirname(os.path.abspath(knightstour.__file__))


def _shipped(name, in_clone):
    inside = os.path.join(HERE, name)
    if os.path.isdir(inside):
        return inside
    return os.path.join(os.path.dirname(os.path.dirname(HERE)), in_clone)


BOARD = _shipped("board", "device")
WEB = _shipped("web", "web")
WIRING = _shipped("wiring", "wiring")


def missing(path):
    """The one line for a file an installed copy should have shipped."""
    return "%s is missing: this copy of knights-tour is incomplete; reinstall it (pipx reinstall knights-tour-toy)" % path


def shipped_files(folder):
    """The files under ``folder`` that ship (relative paths, sorted): regular files, no dot-files, no
    links, no __pycache__; in a git clone, only those git tracks (a note or a lock file lying in the
    package is not the toy's). The same set for deploy, bundle and the web page."""
    import subprocess

    tracked = None
    try:
        done = subprocess.run(["git", "-C", folder, "ls-files", "-z", "--", "."], capture_output=True,
                              stdin=subprocess.DEVNULL, timeout=30)
        if done.returncode == 0:  # none tracked: an installed copy that lies in some clone (a .venv in it)
            tracked = {os.path.normpath(name) for name in done.stdout.decode("utf-8", "replace").split("\0") if name}
            tracked = tracked or None
    except (OSError, subprocess.SubprocessError):
        pass  # no git: an installed copy, where the package is what the wheel shipped
    found = []
    for here, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__"
                         and not os.path.islink(os.path.join(here, d)))
        for name in sorted(names):
            path = os.path.join(here, name)
            rel = os.path.relpath(path, folder)
            if name.startswith(".") or os.path.islink(path) or not os.path.isfile(path):
                continue
            if tracked is not None and rel not in tracked:
                continue
            found.append(rel)
    return found
