"""CircuitPython's own settings.toml reader, rewritten in Python one step of its C source at a
time, as the oracle the desktop reader (knightstour_desktop.settings_toml) is tested against.

Two generations, both supported by the toy (CircuitPython 8 and later):

- ``OLD``: shared-module/os/getenv.c, CircuitPython 8.0 to 10.1. ``os.getenv`` returns a str for
  "text", ``mp_parse_num_integer(value, base 0)`` (py/parsenum.c) for a bare value, and raises
  ValueError for a value it cannot read.
- ``NEW``: supervisor/shared/settings.c, CircuitPython 10.2 on. ``os.getenv`` returns the text
  of any value (a bare one as written, its trailing spaces, tabs and CRs dropped) and the
  default for one it cannot read.

``getenv(data, key, era)`` is ("missing", None), ("value", str or int) or ("error", why). The
names of the functions below are those of the C.
"""

OLD = "8.0-10.1"
NEW = "10.2+"
EOF = 0


class File:
    """f_read one byte at a time: 0 at the end (get_next_byte), as the C has it."""

    def __init__(self, data):
        self.data = data
        self.pos = 0

    def get_next_byte(self):
        if self.pos >= len(self.data):
            return EOF
        byte = self.data[self.pos]
        self.pos += 1
        return byte

    def is_eof(self):
        return self.pos >= len(self.data)

    def seek_eof(self):
        self.pos = len(self.data)


def unichar_isspace(c):  # py/unicode.c: space, \t \n \v \f \r
    return c == 32 or 9 <= c <= 13


def next_line(f):
    while True:
        c = f.get_next_byte()
        if c == EOF or c == 10:
            return


def consume_whitespace(f):
    while True:
        c = f.get_next_byte()
        if c == 10 or c == EOF or not unichar_isspace(c):
            return c


def key_matches(f, key):
    c = consume_whitespace(f)
    if c == ord("[") or c == EOF:
        f.seek_eof()
        return False
    for k in key.encode():
        if c != k:
            if c != 10:
                next_line(f)
            return False
        c = f.get_next_byte()
    if unichar_isspace(c):  # a \n too: the = may then come from the next line
        c = consume_whitespace(f)
    if c != ord("="):
        if c != 10:
            next_line(f)
        return False
    return True


def strtoul16(text):
    """C's strtoul(text, &end, 16) on a 32-bit board: (value, characters used)."""
    i = 0
    while i < len(text) and text[i] in " \t\n\v\f\r":
        i += 1
    negative = False
    if i < len(text) and text[i] in "+-":
        negative = text[i] == "-"
        i += 1
    if text[i:i + 2].lower() == "0x" and i + 2 < len(text) and text[i + 2] in "0123456789abcdefABCDEF":
        i += 2
    start = i
    value = 0
    while i < len(text) and text[i] in "0123456789abcdefABCDEF":
        value = min(value * 16 + int(text[i], 16), 0xFFFFFFFF)
        i += 1
    if i == start:
        return 0, 0
    return (-value) % (1 << 32) if negative else value, i


def read_unicode_escape(f, size, out):
    raw = bytes(f.get_next_byte() for _ in range(size))
    text = raw.split(b"\0")[0].decode("latin-1")  # the C string ends at a NUL (EOF reads as 0)
    value, used = strtoul16(text)
    if used != size:
        return "error", "Invalid byte"
    if value >= 0x110000:
        return "error", "Invalid unicode escape"
    out.extend(chr(value).encode("utf-8", "surrogatepass"))  # vstr_add_char: a surrogate too
    return None


def read_string_value(f, out):
    simple = {ord("b"): 8, ord("r"): 13, ord("n"): 10, ord("t"): 9, ord("v"): 11, ord("f"): 12}
    while True:
        c = f.get_next_byte()
        if c == EOF or c == 10:
            return "error", "Invalid byte"
        if c == ord('"'):
            c = consume_whitespace(f)
            if c == ord("#"):
                next_line(f)
                return None
            if c == EOF or c == 10:
                return None
            return "error", "Invalid byte"
        if c == ord("\\"):
            c = f.get_next_byte()
            if c == EOF or c == 10:
                return "error", "Invalid byte"
            if c in (ord("u"), ord("U")):
                failed = read_unicode_escape(f, 4 if c == ord("u") else 8, out)
                if failed:
                    return failed
                continue
            c = simple.get(c, c)  # any other escaped byte stands for itself
        out.append(c)


def read_bare_value(f, out, c, era):
    trailing = 0
    while True:
        if c == EOF or c == 10 or c == ord("#"):
            if c == ord("#"):
                next_line(f)
            if era == NEW:
                del out[len(out) - trailing:]
            return None
        trailing = trailing + 1 if era == NEW and c in (32, 9, 13) else 0
        out.append(c)
        c = f.get_next_byte()


def mp_parse_num_integer(text):
    """py/parsenum.c with base 0 (and parsenumbase.c's prefixes): an int, or None (ValueError)."""
    data = text
    i = 0
    while i < len(data) and unichar_isspace(data[i]):
        i += 1
    negative = False
    if i < len(data) and data[i] in b"+-":
        negative = data[i] == ord("-")
        i += 1
    base = 10
    if len(data) - i > 1 and data[i] == ord("0"):
        base = {ord("x"): 16, ord("o"): 8, ord("b"): 2}.get(data[i + 1] | 32, 1)
        if base != 1:
            i += 2
    start = i
    value = 0
    while i < len(data):
        d = data[i]
        if ord("0") <= d <= ord("9"):
            d -= ord("0")
        elif d == ord("_"):
            i += 1
            continue
        else:
            d |= 0x20
            if not ord("a") <= d <= ord("z"):
                break
            d -= ord("a") - 10
        if d >= base:
            break
        value = value * base + d
        i += 1
    if i == start:
        return None
    while i < len(data) and unichar_isspace(data[i]):
        i += 1
    if i != len(data):
        return None
    return -value if negative else value


def getenv(data, key, era):
    """os.getenv(key) on a board whose settings.toml holds the bytes ``data``."""
    f = File(data)
    while not f.is_eof():
        if key_matches(f, key):
            out = bytearray()
            c = consume_whitespace(f)
            if c == ord('"'):
                failed = read_string_value(f, out)
                if failed:
                    return ("missing", None) if era == NEW else failed
                return "value", out.decode("utf-8", "surrogateescape")
            if era == NEW and (c == 10 or c == EOF):
                return "missing", None  # an empty value: the default
            read_bare_value(f, out, c, era)
            if era == NEW:
                return "value", out.decode("utf-8", "surrogateescape")
            number = mp_parse_num_integer(bytes(out))
            if number is None:
                return "error", "invalid syntax for integer with base 0"
            return "value", number
    return "missing", None
