"""Flat TOML settings files on CPython (the Pi's config, ``knights-tour sim --config``).

The form is CircuitPython's settings.toml: ``KEY = value`` lines, so one file
serves both; a Feather reads its own through os.getenv and needs none of this.
Uses only the standard library and runs on Python 3.9 (no tomllib needed).
"""


def parse_toml(text):
    """The flat ``KEY = value`` TOML that CircuitPython's settings.toml allows.

    Values: "strings", 'strings', whole numbers, decimals, true/false.
    Comments (#) and blank lines are skipped; a [table] header or anything
    else raises ValueError with the line number.
    """
    result = {}
    number = 0
    for line in text.split("\n"):
        number += 1
        stripped = line.strip()
        if not stripped or stripped[0] == "#":
            continue
        eq = stripped.find("=")
        name = stripped[:eq].strip() if eq > 0 else ""
        if not name or not _is_bare_key(name):
            raise ValueError("line %d: expected KEY = value, got %r" % (number, stripped))
        result[name] = _toml_value(stripped[eq + 1:].strip(), number)
    return result


def _is_bare_key(name):
    for ch in name:
        if not (ch.isalpha() or ch.isdigit() or ch in "_-"):
            return False
    return True


def _toml_value(text, number):
    if text[:1] in "\"'" and text:
        quote = text[0]
        end = text.find(quote, 1)
        rest = text[end + 1:].strip() if end > 0 else "x"
        if end > 0 and (not rest or rest[0] == "#"):
            value = text[1:end]
            if quote == '"':
                value = value.replace("\\\"", "\"").replace("\\\\", "\\")
            return value
    else:
        hash_at = text.find("#")
        if hash_at >= 0:
            text = text[:hash_at].strip()
        if text == "true":
            return True
        if text == "false":
            return False
        digits = text.replace("_", "")
        body = digits[1:] if digits[:1] in "+-" else digits
        if body.isdigit():
            return int(digits)
        try:
            return float(digits)
        except ValueError:
            pass
    raise ValueError("line %d: a value is a \"string\", a number, true or false, got %r" % (number, text))


def read_file(path):
    """The mapping of a flat TOML settings file (CPython: the Pi's config, the simulator's --config)."""
    with open(path) as handle:
        text = handle.read()
    try:
        return parse_toml(text)
    except ValueError as exc:
        raise ValueError("%s: %s" % (path, exc)) from None


def load_for_command(config=None, environ=None, options=()):
    """Settings for a desktop command: the file, then the environment, then the options.

    ``options`` are (key, value, label) triples from the command line; a value
    of None is skipped. Raises ValueError with one line per bad value.
    """
    import os

    from .settings import load

    environ = os.environ if environ is None else environ
    mapping = read_file(config) if config else None
    settings, errors = load(environ.get, mapping, fallback=False)
    for key, value, label in options:
        if value is not None:
            error = settings.set(key, value, label=label)
            if error:
                errors.append(error)
    if not errors:
        errors.extend(settings.check())
    if errors:
        raise ValueError("\n".join(errors))
    return settings
