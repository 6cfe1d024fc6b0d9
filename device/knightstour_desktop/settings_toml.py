"""Settings files on CPython (the Pi's config, ``knights-tour sim --config``), read as a Feather
reads its settings.toml, so that one file means the same everywhere.

A Feather reads settings.toml through CircuitPython's ``os.getenv`` (shared-module/os/getenv.c up
to 10.1, supervisor/shared/settings.c from 10.2). What it does, and what this reader does:

- It reads a line as ``KEY = value`` only for the exact key (no other case, no quotes around the
  key): other spellings are ignored here too, with a warning naming the key probably meant.
- It stops at the first line that starts with ``[`` (a [section]): keys below are ignored, with
  a warning.
- It takes the first of a key set twice: refused here (one line).
- A key alone on its line (right before the newline) makes it read on into the next line: as
  the key's = (a setting split over two lines), or else skipped when it looks for that key, a
  [section] line too. Both are refused here when they change what it reads.
- A value is ``"text"`` in double quotes, with the escapes \\b \\t \\n \\f \\r \\v \\" \\\\
  \\uXXXX \\UXXXXXXXX; other escapes, code points over 10FFFF and surrogates are refused here.
- A bare value: 8 to 10.1 read it as a number (1_000, +5, 0x10 too) or raise ValueError (true,
  0.5, 'text'); 10.2 on return its text. Only a plain whole number (0, 15000, -3) means the same
  to both, so only that is accepted bare; the rest is refused, naming what to write.

Uses only the standard library and knightstour.board_text; parse_toml runs on MicroPython too (the tests
run it there).
"""

from knightstour.board_text import is_whole

from .errors import UserError

# Environment variables of ours that are not settings: no "unknown setting" warning for them.
NOT_SETTINGS = ("KNIGHTSTOUR_MPY_CROSS", "KNIGHTSTOUR_MPY_CROSS_BASE", "KNIGHTSTOUR_MPY_CROSS_SHA256",
                "KNIGHTSTOUR_INSTALL_RECORD")
MAX_BYTES = 65536  # a settings file is a few dozen lines; anything this big is the wrong file
SHOWN = 60  # characters of a value echoed in a message
PIPE_SECONDS = 10  # how long a pipe (--config <(...)) may take to give its text
SPACE = " \t\v\f\r"  # what CircuitPython skips between a key, the = and the value (C's isspace but \n)
ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", "v": "\v", '"': '"', "\\": "\\"}
ESCAPE_HELP = "the escapes are \\b \\t \\n \\f \\r \\v \\\" \\\\ \\uXXXX and \\UXXXXXXXX"
HEX = "0123456789abcdefABCDEF"


def clip(text, limit=SHOWN):
    """``repr`` of ``text``, cut to about ``limit`` characters, for messages."""
    text = str(text)
    if len(text) <= limit:
        return repr(text)
    return repr(text[:limit - 3] + "...") + " (%d characters)" % len(text)


def shown(text):
    """``text`` as it is when it is short printable ASCII, else clip()ped: safe on any terminal."""
    for ch in text:
        if not " " <= ch <= "~":
            return clip(text)
    return text if len(text) <= SHOWN else clip(text)


def parse_toml(text, warn=None):
    """The settings in a settings.toml's ``text``: {KNIGHTSTOUR_ key: str or int}.

    Reads what CircuitPython's os.getenv reads (see the module's docstring); lines it would not
    read as one of the settings' keys are skipped, and ``warn(line)`` hears of those that look
    meant for one. Raises ValueError, one line per problem, each naming its line.
    """
    from knightstour.settings import NAME, TABLE, env_name

    known = {}
    for key in TABLE:
        known[env_name(key[NAME])] = key
    result = {}
    where = {}
    errors = []
    section = 0
    number = 0
    bom = text[:1] == "\ufeff"
    lines = text.split("\n")
    for line in lines:
        number += 1
        hidden = bom and number == 1
        body = line[1:] if hidden else line
        body = body.lstrip(SPACE)
        if not body or body[0] == "#":
            continue
        if body[0] == "[" and not hidden:  # (the mark's bytes hide a [ from CircuitPython too)
            section = section or number
            continue
        name, rest = split_key(body)
        seen = not section and not hidden
        if seen and name in known and not rest and number < len(lines):
            # A key right before the line's end: CircuitPython reads on into the next line, as
            # its = (a key split over two lines) or, failing that, skips it when it looks for the key.
            after = lines[number].lstrip(SPACE)
            if after[:1] == "=":
                errors.append("line %d: %s and its = are on two lines, which CircuitPython reads as one; "
                              "write %s = value on one line" % (number, name, name))
                continue
            if after[:1] == "[" or split_key(after)[0] == name:
                errors.append("line %d: %s alone on its line makes CircuitPython skip line %d when it looks for "
                              "it; write %s = value on one line, or delete line %d"
                              % (number, name, number + 1, name, number))
                continue
        rest = rest.lstrip(SPACE)
        if seen and name in known and rest[:1] == "=":
            if name in where:
                errors.append("line %d: %s is set twice, on lines %d and %d; CircuitPython reads only the "
                              "first: keep one" % (number, name, where[name], number))
                continue
            where[name] = number
            try:
                result[name] = value_of(rest[1:], name)
            except ValueError as exc:
                errors.append("line %d: %s" % (number, exc))
            continue
        why = ignored(name, known, section, hidden)
        if why and warn is not None:
            warn("line %d: %s" % (number, why))
    if errors:
        raise UserError("\n".join(errors))
    return result


def split_key(body):
    """(key, the rest) of a line: the key runs to the first space or =."""
    i = 0
    while i < len(body) and body[i] not in SPACE and body[i] != "=":
        i += 1
    return body[:i], body[i:]


def ignored(name, known, section, hidden):
    """Why a line that looks meant for one of the settings is not read as one; None for the
    lines of other programs."""
    meant = name if name in known else meant_key(name, known)
    if meant is None:
        if name.upper().startswith("KNIGHTSTOUR_"):
            from knightstour.settings import key_names

            return "unknown setting %s (ignored); the keys are %s" % (shown(name), key_names())
        return None
    if section:
        return ("CircuitPython stops reading settings.toml at the [section] on line %d, so it never "
                "sees %s here (ignored); move it above that line" % (section, shown(name)))
    if hidden:
        return ("the file starts with a byte-order mark, which hides %s from CircuitPython (ignored); "
                "save the file as UTF-8 without one" % shown(name))
    if name == meant:
        return "no = after %s: CircuitPython does not read this line (ignored); write %s = value" % (name, name)
    return "CircuitPython does not read %s as a setting (ignored); did you mean %s?" % (shown(name), meant)


def meant_key(name, known):
    """The key a misspelt ``name`` probably means (another case, no prefix, quoted, a typo); None
    when it looks like another program's key."""
    word = name.strip("\"'").rstrip(":").upper().replace("-", "_").replace(".", "_")
    if word in known:
        return word
    if "KNIGHTSTOUR_" + word in known:
        return "KNIGHTSTOUR_" + word
    try:
        import difflib
    except ImportError:  # MicroPython: exact spellings only
        return None
    head, _, tail = word.partition("_")
    if tail and difflib.SequenceMatcher(None, head, "KNIGHTSTOUR").ratio() >= 0.8:
        names = sorted(known)
        close = difflib.get_close_matches(tail, [n[len("KNIGHTSTOUR_"):] for n in names], 1, 0.6)
        return "KNIGHTSTOUR_" + close[0] if close else None
    close = difflib.get_close_matches(word, sorted(known), 1, 0.8)
    return close[0] if close else None


def value_of(text, name):
    """The value after a key's =: a str, or an int for a plain whole number; ValueError naming
    what to write instead."""
    text = text.lstrip(SPACE)
    if text[:1] == '"':
        return quoted(text, name)
    bare = text.split("#", 1)[0].rstrip(" \t\r")
    if plain_whole(bare):
        if len(bare) > 20:
            return fail(name, bare, "a number of more than 20 digits; no setting takes one")
        return int(bare)
    if not bare:
        raise UserError('%s = has no value; write %s = "" for an empty one' % (name, name))
    if bare[0] == "'":
        return fail(name, bare, "CircuitPython reads only double quotes")
    number = old_number(bare)
    if number is not None:
        return fail(name, bare, "CircuitPython 8 to 10.1 read it as the number %d, 10.2 and later as "
                    "the text %s; write %s = %d" % (number, clip(bare), name, number))
    write = 'write %s = "%s"' % (name, bare) if shown(bare) == bare and '"' not in bare else "quote it"
    return fail(name, bare, 'CircuitPython reads "text" in double quotes or a plain whole number; ' + write)


def fail(name, value, why):
    """Raise the ValueError for a bad value (None: a message about a part of it)."""
    if value is None:
        raise UserError("bad %s: %s" % (name, why))
    raise UserError("bad %s = %s: %s" % (name, shown(value), why))


def plain_whole(text):
    """0, or digits with no leading zero, perhaps after a minus: the bare values every
    CircuitPython reads alike (int(text) and text mean the same to the settings)."""
    digits = text[1:] if text[:1] == "-" else text
    if digits[:1] == "0" and (len(digits) > 1 or text != digits):
        return False
    return is_whole(digits)


def old_number(text):
    """The int CircuitPython 8 to 10.1 make of a bare value (MicroPython's int parser, base 0:
    a sign, 0x/0o/0b, underscores); None when they refuse it."""
    body = text.strip(SPACE)
    sign = 1
    if body[:1] in "+-":
        sign = -1 if body[0] == "-" else 1
        body = body[1:]
    base = 10
    if len(body) > 1 and body[0] == "0":  # 0x1f, 0o17, 0b101; else base "1": only zeros (no 007)
        base = {"x": 16, "o": 8, "b": 2}.get(body[1].lower(), 1)
        body = body[2:] if base > 1 else body
    if not body:
        return None
    value = 0
    for ch in body:
        if ch == "_":
            continue
        digit = "0123456789abcdefghijklmnopqrstuvwxyz".find(ch.lower())
        if digit < 0 or digit >= base:
            return None
        value = value * base + digit
    return sign * value


def quoted(text, name):
    """A double-quoted value as CircuitPython decodes it; ValueError for what it refuses or this
    reader will not guess at (other escapes, surrogates)."""
    out = []
    i = 1
    while i < len(text):
        ch = text[i]
        if ch == '"':
            rest = text[i + 1:].lstrip(SPACE)
            if rest and rest[0] != "#":
                fail(name, text, "text after the closing quote; put a comment after a #")
            return "".join(out)
        if ch == "\\":
            code = text[i + 1:i + 2]
            if code in ESCAPES and code:
                out.append(ESCAPES[code])
                i += 2
                continue
            if code and code in "uU":
                out.append(code_point(text[i:i + (6 if code == "u" else 10)], name))
                i += 6 if code == "u" else 10
                continue
            if not code:
                break
            fail(name, None, "unknown escape %s (CircuitPython would read it as %s); %s"
                 % (shown("\\" + code), shown(code), ESCAPE_HELP))
        out.append(ch)
        i += 1
    return fail(name, text, 'no closing " on the line')


def code_point(escape, name):
    """The character of a \\uXXXX or \\UXXXXXXXX escape."""
    digits = escape[2:]
    good = len(digits) == (4 if escape[1] == "u" else 8)
    for ch in digits:
        good = good and ch in HEX
    if not good:
        fail(name, None, "bad escape %s: give \\u and 4 hex digits, or \\U and 8" % shown(escape))
    value = int(digits, 16)
    if value > 0x10FFFF:
        fail(name, None, "the escape %s is past the last Unicode code point, 10FFFF (CircuitPython "
                         "refuses it)" % escape)
    if 0xD800 <= value <= 0xDFFF:
        fail(name, None, "the escape %s is a surrogate, half of a UTF-16 pair, not a character; give the "
                         "code point itself" % escape)
    return chr(value)


def read_file(path, warn=None):
    """The settings of a flat TOML settings file (the Pi's config, the simulator's --config).

    A regular file, or a pipe (``--config <(...)``, a FIFO) that gives its text within
    PIPE_SECONDS; a folder, a device or a silent pipe is refused. Every problem is a ValueError
    of one line that names the file; ``warn`` gets the warnings, the file named."""
    data = read_bytes(path)
    if len(data) > MAX_BYTES:
        raise UserError("the settings file %s is over %d KB: a settings file is a few lines of "
                         "KEY = value; give the right file" % (path, MAX_BYTES // 1024))
    if b"\0" in data:
        raise UserError("%s: line %d: a NUL byte: this is not a text file"
                         % (path, data[:data.index(b"\0")].count(b"\n") + 1))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UserError("%s: not UTF-8 text (byte %d); save it as UTF-8" % (path, exc.start)) from None
    told = None if warn is None else lambda line: warn("%s: %s" % (path, line))
    try:
        return parse_toml(text, told)
    except ValueError as exc:
        raise UserError("\n".join("%s: %s" % (path, line) for line in str(exc).split("\n"))) from None


def read_bytes(path):
    """The bytes of a settings file (at most MAX_BYTES + 1). Opened without blocking, so that a
    file swapped for a FIFO after the check cannot hang the command either."""
    import os
    import stat

    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        raise UserError("no such file: %s" % path) from None
    except OSError as exc:
        raise UserError("cannot read the settings file %s: %s" % (path, exc.strerror or exc)) from None
    if stat.S_ISDIR(mode):
        raise UserError("the settings file %s is a folder; give a file" % path)
    if not stat.S_ISREG(mode) and not stat.S_ISFIFO(mode):
        raise UserError("the settings file %s is a device, not a file; give a settings file" % path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        raise UserError("cannot read the settings file %s: %s" % (path, exc.strerror or exc)) from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISFIFO(mode):
            return read_pipe(fd, path)
        if not stat.S_ISREG(mode):
            raise UserError("the settings file %s is not a file; give a settings file" % path)
        chunks = []
        size = 0
        while size <= MAX_BYTES:
            chunk = os.read(fd, MAX_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    except OSError as exc:
        raise UserError("cannot read the settings file %s: %s" % (path, exc.strerror or exc)) from None
    finally:
        os.close(fd)


def read_pipe(fd, path, seconds=None):
    """The text of the pipe open on ``fd`` (not blocking): a FIFO nobody writes to is refused at
    once, one that has not ended after ``seconds`` (PIPE_SECONDS) then."""
    import os
    import select
    import time

    seconds = PIPE_SECONDS if seconds is None else seconds
    chunks = []
    size = 0
    deadline = time.monotonic() + seconds
    while size <= MAX_BYTES:
        try:
            chunk = os.read(fd, 65536)  # b"" at once from a FIFO with no writer
        except BlockingIOError:  # a writer that has not written yet
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                raise UserError("the settings file %s is a pipe that gave no end of file within %d s; "
                                 "give a settings file" % (path, seconds)) from None
            continue
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    if not chunks:
        raise UserError("the settings file %s is a pipe that gave nothing (is anything writing to it?); "
                         "give a settings file" % path)
    return b"".join(chunks)


def calibration_faults(settings):
    """A line for each touch controller the settings may use (both FeatherWings' for "auto") whose
    calibration, its defaults filled in, the toy cannot map by (hw/wiring/calibration.py)."""
    if settings.display != "ili9341" or settings.touch == "none":
        return []
    from knightstour.hw.wiring.calibration import fault as calibration_fault
    from knightstour.hw.wiring.touch_chips import touch_calibration

    faults = []
    for kind in ("stmpe610", "tsc2007") if settings.touch == "auto" else (settings.touch,):
        fault = calibration_fault(settings, kind, touch_calibration(settings, kind))
        if fault and fault not in faults:
            faults.append(fault)
    return faults


def load_for_command(config=None, environ=None, options=(), warn=None, board=None):
    """Settings for a desktop command: the file, then the environment, then the options, read
    by knightstour.settings.load in one pass; then the pins they give two uses on board kind
    ``board`` (the pin map's; KNIGHTSTOUR_BOARD when set), before any pin is claimed.

    ``options`` are (key, value, label) triples from the command line; a value
    of None is skipped. Raises ValueError with one line per bad value; a bad
    value from the file names the file. An environment variable KNIGHTSTOUR_*
    that is no setting, and a line of the file that looks meant for a setting but
    is not read as one, get a warning through ``warn`` (default: stderr).
    """
    import os
    import sys

    from knightstour.hw.wiring import conflicts
    from knightstour.settings import NAME, PREFIX, TABLE, env_name, find_key, key_names, load, message

    environ = os.environ if environ is None else environ
    if warn is None:
        def warn(line):
            print("knights-tour: warning: %s" % line, file=sys.stderr)
    if config is not None and not str(config):
        raise UserError("bad --config '': give the name of a settings file")
    known = dict((env_name(key[NAME]), key) for key in TABLE)
    for name in sorted(environ):
        if name.startswith(PREFIX) and name not in known and name not in NOT_SETTINGS:
            close = meant_key(name, known)
            hint = ("did you mean %s?" % close) if close else "the keys are %s" % key_names()
            warn("unknown setting %s in the environment (ignored); %s" % (shown(name), hint))
    errors = []
    mapping = read_file(config, warn) if config else None
    if mapping:
        mapping = _clipped(mapping, errors, message, find_key, "%s: " % config)
    env = _clipped(dict((name, environ[name]) for name in known if name in environ), errors, message, find_key, "")
    settings, more = load(env.get, mapping, fallback=False, options=options, where="%s: " % config)
    errors.extend(more)
    kind = settings.board if settings.board != "auto" else board
    if not errors and kind:
        from .board_pins import pin_of

        errors.extend(conflicts.find(settings, kind, pin_of(kind)))
    if not errors:
        errors.extend(calibration_faults(settings))
    if errors:
        raise UserError("\n".join(errors))
    return settings


def _clipped(mapping, errors, message, find_key, where):
    """``mapping`` without the values too long for any setting, or with characters outside
    ASCII (CPython and CircuitPython strip, lower-case and read digits differently past
    ASCII); each of those is an error that echoes only its first characters."""
    kept = {}
    for name in mapping:
        value = mapping[name]
        if isinstance(value, str) and (len(value) > SHOWN or not is_ascii(value)):
            try:
                key = find_key(name)
            except KeyError:
                kept[name] = value  # reported as an unknown setting
                continue
            text = message(key, value[:SHOWN - 3] + "..." if len(value) > SHOWN else value, fallback=False)
            if len(value) > SHOWN:
                text += " (%d characters)" % len(value)
            if not is_ascii(value):
                text += " (only ASCII characters are read alike everywhere)"
            errors.append(where + text)
            continue
        kept[name] = value
    return kept


def is_ascii(text):
    for ch in text:
        if ord(ch) > 127:
            return False
    return True
