"""deploy's edit of a settings.toml (--display, --touch), made as CircuitPython reads the file.

The board's os.getenv(KEY) (getenv.c up to 10.1, settings.c from 10.2: the same search) reads
the file from the top, one line at a time:

- a line starting with ``[`` (after spaces) ends the search: no key below a [section] is read;
- the first line's byte-order mark hides that whole line (a [ on it too);
- KEY then = (spaces around it allowed) is the match: the first one wins;
- KEY right before the newline is read on into the next line: an = there makes the two lines one
  setting; otherwise that next line is skipped, a [section] on it too.

So a key is set on the line the board reads, or added on a new line the board reaches (before
the [section] that ends its search, else at the end, else at the top), and the edit is checked
against this model: the board must read the new line for the key and every other key from the
same line as before. A file where that cannot be done is refused, in one line.
"""

from ..errors import UserError

SPACE = " \t\v\f\r"  # C's isspace but the newline


def _body(line):
    return line[:-1] if line.endswith("\n") else line


def board_reads(lines, key):
    """Where the board's search for ``key`` ends in ``lines`` (split after each \\n):
    ("found", i), ("split", i) (the key on line i, its = on the next), ("stop", i) (a [section])
    or ("end", len(lines))."""
    i = 1 if lines and lines[0].startswith("\ufeff") else 0
    while i < len(lines):
        body = _body(lines[i]).lstrip(SPACE)
        if body[:1] == "[":
            return "stop", i
        if body.startswith(key):
            after = body[len(key):]
            if after[:1] == "=" or (after[:1] and after[0] in SPACE and after.lstrip(SPACE)[:1] == "="):
                return "found", i
            if not after and lines[i].endswith("\n"):
                if i + 1 < len(lines) and _body(lines[i + 1]).lstrip(SPACE)[:1] == "=":
                    return "split", i
                i += 2  # the next line was read as this one's rest, and skipped
                continue
        i += 1
    return "end", len(lines)


def set_value(line, key, value):
    """``line`` (which sets ``key``) with its value replaced by "value"; a comment after the old
    value stays, anything else after it goes (the board could not read it)."""
    ending = "\r\n" if line.endswith("\r\n") else "\n" if line.endswith("\n") else ""
    body = line[:len(line) - len(ending)]
    eq = body.index("=", body.index(key) + len(key))
    rest = body[eq + 1:]
    old = rest.lstrip(SPACE)
    lead = rest[:len(rest) - len(old)] or " "
    if old[:1] == '"':
        j = 1
        while j < len(old) and old[j] != '"':
            j += 2 if old[j] == "\\" else 1
        tail = old[j + 1:]
    else:
        hash_at = old.find("#")
        tail = old[hash_at:] if hash_at >= 0 else ""
        if hash_at >= 0:
            kept = old[:hash_at]
            tail = kept[len(kept.rstrip(SPACE)):] + tail
    if tail.lstrip(SPACE)[:1] != "#":
        tail = ""
    elif tail[:1] == "#":
        tail = " " + tail
    return body[:eq + 1] + lead + '"%s"' % value + tail + ending


def _keys(lines):
    """Every key a line starts with: the ones whose reading an added line could change."""
    found = set()
    for line in lines:
        body = _body(line).lstrip("\ufeff").lstrip(SPACE)
        i = 0
        while i < len(body) and body[i] not in SPACE and body[i] != "=":
            i += 1
        if i:
            found.add(body[:i])
    return found


def _added(lines, at, key, value, newline):
    """``lines`` with "key = value" added as line ``at``, if the board then reads it and reads every
    other key from the same line as before; else None."""
    new = list(lines)
    if at == len(new) and new and not new[-1].endswith("\n"):
        new[-1] += newline
    new.insert(at, '%s = "%s"%s' % (key, value, newline))
    if board_reads(new, key) != ("found", at):
        return None
    for other in _keys(lines) - {key}:
        kind, i = board_reads(lines, other)
        kind_now, now = board_reads(new, other)
        if now == at or (kind_now, now - (now > at)) != (kind, i):
            return None
    return new


def set_key(text, key, value):
    """``text`` with ``key`` set to "value" where the board reads it; ValueError (one line) if
    that cannot be done without changing what the board reads of another key."""
    lines = text.split("\n")
    lines = [line + "\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    kind, i = board_reads(lines, key)
    if kind == "found":
        lines[i] = set_value(lines[i], key, value)
        return "".join(lines)
    if kind == "split":
        raise UserError("line %d holds %s and line %d its = (CircuitPython reads the two as one); put them on "
                         "one line and deploy again" % (i + 1, key, i + 2))
    newline = "\r\n" if "\r\n" in text else "\n"
    top = 1 if lines and lines[0].startswith("\ufeff") else 0
    if top and not lines[0].endswith("\n"):
        lines[0] += newline
    for at in (i, top):
        new = _added(lines, at, key, value, newline)
        if new is not None:
            return "".join(new)
    raise UserError("no line for %s that CircuitPython reads would leave the file's other keys as they are; "
                     "set %s = \"%s\" yourself" % (key, key, value))


def set_keys(text, values):
    """``text`` (a settings.toml) with each key of ``values`` set to its quoted value (set_key)."""
    for key, value in values.items():
        text = set_key(text, key, value)
    return text
