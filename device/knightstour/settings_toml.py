"""Flat TOML settings files on CPython (the Pi's config, ``knights-tour sim --config``).

The form is CircuitPython's settings.toml: ``KEY = value`` lines, so one file
serves both; a Feather reads its own through os.getenv and needs none of this.
Uses only the standard library and runs on Python 3.9 (no tomllib needed).
"""


# Environment variables of ours that are not settings: no "unknown setting" warning for them.
NOT_SETTINGS = ("KNIGHTSTOUR_MPY_CROSS", "KNIGHTSTOUR_INSTALL_RECORD")
MAX_BYTES = 65536  # a settings file is a few dozen lines; anything this big is the wrong file
SHOWN = 60  # characters of a value echoed in a message


def clip(text, limit=SHOWN):
    """``repr`` of ``text``, cut to about ``limit`` characters, for messages."""
    text = str(text)
    if len(text) <= limit:
        return repr(text)
    return repr(text[:limit - 3] + "...") + " (%d characters)" % len(text)


def parse_toml(text):
    """The flat ``KEY = value`` TOML that CircuitPython's settings.toml allows.

    Values: "strings" (with TOML's escapes), 'strings', whole numbers,
    decimals, true/false. Comments (#) and blank lines are skipped; a leading
    byte-order mark is ignored; a [table] header, anything else, or a key set
    twice raises ValueError with the line number(s).
    """
    if text[:1] == "\ufeff":
        text = text[1:]
    result = {}
    lines = {}
    number = 0
    for line in text.split("\n"):
        number += 1
        stripped = line.strip()
        if not stripped or stripped[0] == "#":
            continue
        eq = stripped.find("=")
        name = stripped[:eq].strip() if eq > 0 else ""
        if not name or not _is_bare_key(name):
            raise ValueError("line %d: expected KEY = value, got %s" % (number, clip(stripped)))
        if name in lines:
            raise ValueError("line %d: %s is set twice, on lines %d and %d; keep one"
                             % (number, name, lines[name], number))
        lines[name] = number
        result[name] = _toml_value(stripped[eq + 1:].strip(), number)
    return result


def _is_bare_key(name):
    for ch in name:
        if not ("a" <= ch <= "z" or "A" <= ch <= "Z" or "0" <= ch <= "9" or ch in "_-"):
            return False
    return True


_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}


def _string(text):
    """(value, rest) for a TOML string at the start of ``text``; None if it is not closed."""
    quote = text[0]
    i = 1
    out = []
    while i < len(text):
        ch = text[i]
        if ch == quote:
            return "".join(out), text[i + 1:].strip()
        if ch == "\\" and quote == '"':
            code = text[i + 1:i + 2]
            if code in _ESCAPES:
                out.append(_ESCAPES[code])
                i += 2
                continue
            digits = 4 if code == "u" else 8 if code == "U" else 0
            hexa = text[i + 2:i + 2 + digits]
            if not digits or len(hexa) != digits:
                return None
            try:
                out.append(chr(int(hexa, 16)))
            except ValueError:
                return None
            i += 2 + digits
            continue
        out.append(ch)
        i += 1
    return None


def _toml_value(text, number):
    if text[:1] in "\"'" and text:
        parsed = _string(text)
        if parsed is not None and (not parsed[1] or parsed[1][0] == "#"):
            return parsed[0]
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
        if body and all_digits(body):
            return int(digits)
        try:
            return float(digits)
        except ValueError:
            pass
    raise ValueError("line %d: a value is a \"string\", a number, true or false, got %s" % (number, clip(text)))


def all_digits(text):
    for ch in text:
        if not "0" <= ch <= "9":
            return False
    return True


def read_file(path):
    """The mapping of a flat TOML settings file (CPython: the Pi's config, the simulator's --config).

    Every problem is a ValueError of one line that names the file."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise ValueError("cannot read the settings file %s: %s" % (path, exc.strerror or exc)) from None
    if len(data) > MAX_BYTES:
        raise ValueError("the settings file %s is over %d KB: a settings file is a few lines of "
                         "KEY = value; give the right file" % (path, MAX_BYTES // 1024))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError("%s: not UTF-8 text (byte %d); save it as UTF-8" % (path, exc.start)) from None
    try:
        return parse_toml(text.replace("\r\n", "\n"))
    except ValueError as exc:
        raise ValueError("%s: %s" % (path, exc)) from None


def load_for_command(config=None, environ=None, options=(), warn=None):
    """Settings for a desktop command: the file, then the environment, then the options.

    ``options`` are (key, value, label) triples from the command line; a value
    of None is skipped. Raises ValueError with one line per bad value; a bad
    value from the file names the file. An environment variable KNIGHTSTOUR_*
    that is no setting gets a warning through ``warn`` (default: stderr).
    """
    import difflib
    import os
    import sys

    from .settings import KEYS, PREFIX, find_key, key_names, load, message

    environ = os.environ if environ is None else environ
    if warn is None:
        def warn(line):
            print("knights-tour: warning: %s" % line, file=sys.stderr)
    known = set(key.env for key in KEYS)
    for name in sorted(environ):
        if name.startswith(PREFIX) and name not in known and name not in NOT_SETTINGS:
            close = difflib.get_close_matches(name, sorted(known), 1)
            hint = ("did you mean %s?" % close[0]) if close else "the keys are %s" % key_names()
            warn("unknown setting %s in the environment (ignored); %s" % (name, hint))
    errors = []
    mapping = read_file(config) if config else None
    if mapping:
        mapping = _clipped(mapping, errors, message, find_key, "%s: " % config)
    env = _clipped(dict((key.env, environ[key.env]) for key in KEYS if key.env in environ), errors, message,
                   find_key, "")
    file_errors = set(load(None, mapping, fallback=False)[1]) if mapping else set()
    settings, more = load(env.get, mapping, fallback=False)
    for error in more:
        errors.append(("%s: %s" % (config, error)) if error in file_errors else error)
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


def _clipped(mapping, errors, message, find_key, where):
    """``mapping`` without the values too long for any setting; each of those is an error
    that echoes only its first characters."""
    kept = {}
    for name in mapping:
        value = mapping[name]
        if isinstance(value, str) and len(value) > SHOWN:
            try:
                key = find_key(name)
            except KeyError:
                kept[name] = value  # reported as an unknown setting
                continue
            errors.append(where + message(key, value[:SHOWN - 3] + "...", fallback=False)
                          + " (%d characters)" % len(value))
            continue
        kept[name] = value
    return kept
