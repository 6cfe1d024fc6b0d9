"""os as CircuitPython has it: getenv reads settings.toml at the drive's root, as CircuitPython
9.x/10.0 do: a quoted string (with the usual escapes) is a str, a whole number an int, a
missing key the default, anything else raises ValueError; keys below a [section] are not
seen. The rest is MicroPython's os."""

from os import *  # noqa: F401,F403  (MicroPython's os, with getenv and uname below)

SETTINGS = "settings.toml"


def _unquote(text, key):
    # In slices between escapes, not a character at a time: a long value (another program's key) makes
    # no garbage beyond its own length, as CircuitPython's C reader makes none.
    pieces = []
    start = i = 1
    while i < len(text):
        ch = text[i]
        if ch == '"':
            rest = text[i + 1:].strip()
            if rest and not rest.startswith("#"):
                raise ValueError("Invalid value for " + key)
            pieces.append(text[start:i])
            return "".join(pieces)
        if ch == "\\" and i + 1 < len(text):
            pieces.append(text[start:i])
            i += 1
            pieces.append({"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f"}.get(text[i], text[i]))
            start = i + 1
        i += 1
    raise ValueError("Invalid value for " + key)


_values = {}  # key -> its value, or None when CircuitPython cannot read it (C reads the file
# into a stack buffer and makes no garbage; parsing it once here keeps the stand-in close)
_read = []


def _load():
    try:
        with open(SETTINGS) as f:
            lines = f.read().split("\n")
    except OSError:
        return
    for line in lines:
        line = line.strip()
        if line.startswith("["):
            break
        if "=" not in line or line.startswith("#"):
            continue
        name, value = line.split("=", 1)
        name = name.strip()
        value = value.strip()
        try:
            if value.startswith('"'):
                _values[name] = _unquote(value, name)
                continue
            if "#" in value:
                value = value[: value.index("#")].strip()
            digits = value[1:] if value[:1] in "+-" else value
            _values[name] = int(value) if digits and digits.isdigit() else None
        except ValueError:
            _values[name] = None


def getenv(key, default=None):
    if not _read:
        _read.append(1)
        _load()
    if key not in _values:
        return default
    value = _values[key]
    if value is None:
        raise ValueError("Invalid value for " + key)
    return value


class _Uname:
    machine = ""  # the board's definition's MACHINE: feather.py sets it with the board


def uname():
    return _Uname()


