"""Where the files the commands copy are: the board's files beside the knightstour package
(code.py, settings.toml.example, requirements.txt) and the web page's sources.

An installed copy ships them inside this package, in board/ and web/ (setup.py); an editable
install finds them in its clone, in device/ and web/. What goes into lib/knightstour on a board
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


def missing(path):
    """The one line for a file an installed copy should have shipped."""
    return "%s is missing: this copy of knights-tour is incomplete; reinstall it (pipx reinstall knights-tour-toy)" % path
