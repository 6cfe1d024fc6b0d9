"""The toy's settings: one table of keys, read from one source, validated in one place.

Where they come from: on CircuitPython, ``settings.toml`` on the CIRCUITPY drive, read through
``os.getenv`` (flat ``KEY = value`` lines of quoted text or whole numbers, so times are in
milliseconds); on CPython, a TOML file of the same form (knightstour_desktop/settings_toml.py), then
the environment, then the command line's options, each overriding the one before.

A bad value gives a message naming the key and what it accepts: the device prints it and runs on
with the default, the CLI prints it and exits with code 2. Every key is in TABLE: nothing adds keys
at import time, and ``load()`` is the one place values are read. What each key does is written in
tools/settings_docs.py, which makes README's settings table and device/settings.toml.example.
"""

from .board import Board
from .board_text import SIZE_HELP, is_whole, parse_size
from .orders import ORDER_HELP, parse_order
from .pacing import SHAPES
from .rules import RULES

PREFIX = "KNIGHTSTOUR_"
MODES = ("attract", "touch", "play")
DISPLAYS = ("max7219", "ili9341", "builtin")
BOARDS = ("auto", "pi", "feather_rp2040", "feather_m4")
ROTATIONS = (0, 90, 180, 270)
ARRANGEMENTS = ("row", "2x2")  # of a MAX7219 chain (hw/views/chain.py)
MAX_MODULES = 16

MIN_SPEED = 0.01
MAX_SPEED = 100
MAX_MS = 86400000  # a day: longer waits gain nothing and lose a float clock's precision

_TRUE = ("on", "1", "true", "yes")
_FALSE = ("off", "0", "false", "no")

CHAIN_HELP = "empty, or MODULES [row|2x2] [BLOCK] such as \"4\" or \"4 2x2\""

REFUSED = object()

MS_HELP = "a whole number of milliseconds from 0 to 86400000 (a day)"  # MAX_MS
_ROTATION_HELP = "one of 0, 90, 180, 270"
_RAW_HELP = "auto, or a raw reading from 0 to 4095"
_PIN_HELP = "empty (the pin map's), none, or a board pin name such as D25"
# The touch controllers: each name but auto and none is a module, hw/wiring/touch_<name>.py.
TOUCHES = ("auto", "stmpe610", "tsc2007", "ft6206", "xpt2046", "none")


class Key:
    """A row of TABLE: the key's ``name`` ("rule"; KNIGHTSTOUR_RULE in settings.toml), the
    ``kind`` of value it takes (its parser in PARSERS), its ``default``, and what it
    ``accepts`` (a tuple of choices, or the words a message shows)."""

    def __init__(self, name, kind, default, accepts):
        self.name = name
        self.kind = kind
        self.default = default
        self.accepts = accepts


TABLE = (
    Key("mode", "choice", "attract", MODES),
    Key("start", "start", "random", "random, or a square of the board such as c3 or 3,3"),
    Key("order", "order", "super", "super, or " + ORDER_HELP),
    Key("rule", "choice", "border", RULES),
    Key("size", "size", "8x8", SIZE_HELP),
    Key("pace_first_ms", "ms", 60, MS_HELP),
    Key("pace_last_ms", "ms", 600, MS_HELP + ", not less than PACE_FIRST_MS"),
    Key("pace_shape", "choice", "quadratic", SHAPES),
    Key("speed", "speed", 1.0, "0 (no delay) or a number from 0.01 to 100, e.g. 1, 2 or 0.5"),
    Key("pause_ms", "ms", 3000, MS_HELP),
    Key("idle_ms", "ms", 15000, MS_HELP),
    Key("sound", "onoff", True, "on or off"),
    Key("seed", "seed", None, "a whole number, or empty for a random show"),
    # the hardware's
    Key("display", "choice", "ili9341", DISPLAYS),
    Key("board", "choice", "auto", BOARDS),
    Key("matrix_rotation", "rotation", 0, _ROTATION_HELP),
    Key("matrix_mirror", "onoff", False, "on or off"),
    Key("matrix_brightness", "brightness", 4, "a whole number from 0 to 15"),
    Key("matrix_chain", "chain", None, CHAIN_HELP),
    Key("tft_rotation", "rotation", 0, _ROTATION_HELP),
    Key("touch", "choice", "auto", TOUCHES),
    Key("touch_x0", "raw", None, _RAW_HELP),
    Key("touch_x1", "raw", None, _RAW_HELP),
    Key("touch_y0", "raw", None, _RAW_HELP),
    Key("touch_y1", "raw", None, _RAW_HELP),
    Key("touch_swap", "autobool", None, "auto, on or off"),
    Key("piezo", "piezo", "off", "off, on, or a board pin name such as D12"),
    Key("calibrate", "onoff", False, "on or off"),
    Key("pin_matrix_cs", "pin", "", _PIN_HELP),
    Key("pin_tft_cs", "pin", "", _PIN_HELP),
    Key("pin_tft_dc", "pin", "", _PIN_HELP),
    Key("pin_tft_reset", "pin", "", _PIN_HELP),
    Key("pin_touch_cs", "pin", "", _PIN_HELP),
    Key("pin_touch_irq", "pin", "", _PIN_HELP),
    Key("pin_button_a", "pin", "", _PIN_HELP),
    Key("pin_button_b", "pin", "", _PIN_HELP),
)

# The pins each display cannot do without (a reset pin may be "none": the FeatherWing ties it).
NEEDED_PINS = {"max7219": ("matrix_cs",), "ili9341": ("tft_cs", "tft_dc")}

# The kinds of value: one parser each, in PARSERS. A parser gets the key's row, the raw value (a
# string, or an int/float/bool from TOML), and that value stripped, and lowered; it returns the
# value, or REFUSED (parse_value then raises "not ..." with what the key accepts), or raises a
# ValueError of its own. Each is named after its kind: a board holds those names already, and a
# name once loaded is never freed. They live here with the table, as a second module would cost a
# board more heap than it saves.


def accepted(key):
    """What ``key`` accepts, for messages."""
    if isinstance(key.accepts, tuple):
        return "one of " + ", ".join(str(choice) for choice in key.accepts)
    return key.accepts


def parse_value(key, raw):
    """The value of ``raw`` (a string, or an int/float/bool from TOML) for ``key``; ValueError if bad."""
    text = str(raw).strip()
    value = PARSERS[key.kind](key, raw, text, text.lower())
    if value is REFUSED:
        raise ValueError("not " + accepted(key))
    return value


def choice(key, raw, text, lowered):
    if lowered == "center":
        lowered = "centre"
    return lowered if lowered in key.accepts else REFUSED


def onoff(key, raw, text, lowered):
    if raw is True or raw is False:
        return raw
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    return REFUSED


def autobool(key, raw, text, lowered):
    """on, off, or None for "auto"."""
    if lowered in ("", "auto"):
        return None
    return onoff(key, raw, text, lowered)


def ms(key, raw, text, lowered):
    if not isinstance(raw, bool) and isinstance(raw, int) and 0 <= raw <= MAX_MS:
        return raw
    if is_whole(text) and int(text) <= MAX_MS:
        return int(text)
    return REFUSED


def speed(key, raw, text, lowered):
    if isinstance(raw, bool):
        return REFUSED
    try:
        value = float(text)
    except ValueError:
        return REFUSED
    # Past these a tour takes ages (1e-300: forever) or the ladder loses its steps.
    return value if value == 0 or MIN_SPEED <= value <= MAX_SPEED else REFUSED


def size(key, raw, text, lowered):
    width, height = parse_size(text)
    return "%dx%d" % (width, height)


def order(key, raw, text, lowered):
    if lowered != "super":
        parse_order(text)
    return lowered


def start(key, raw, text, lowered):
    """random, or a square name: checked against the board's size by Settings.check()."""
    if lowered != "random":
        _quick_square_check(lowered)
    return lowered


def seed(key, raw, text, lowered):
    if text == "" or lowered == "none":
        return None
    if is_whole(text[1:] if text[:1] == "-" else text):
        return int(text)
    return REFUSED


def rotation(key, raw, text, lowered):
    return int(text) if text.isdigit() and int(text) in ROTATIONS else REFUSED


def brightness(key, raw, text, lowered):
    return int(text) if text.isdigit() and int(text) <= 15 else REFUSED


def raw(key, raw, text, lowered):
    """A raw touch reading 0..4095, or None for "auto"."""
    if lowered in ("", "auto", "none"):
        return None
    return int(text) if text.isdigit() and int(text) <= 4095 else REFUSED


def piezo(key, raw, text, lowered):
    """"off", "on" or a board pin name."""
    if raw is True or lowered in _TRUE:
        return "on"
    if raw is False or lowered in _FALSE or lowered in ("", "none"):
        return "off"
    return text.upper() if _is_pin_name(text) else REFUSED


def pin(key, raw, text, lowered):
    """A board pin name overriding the pin map; "" keeps the map's; "none": no pin."""
    if lowered in ("", "default"):
        return ""
    if lowered == "none":
        return "none"
    return text.upper() if _is_pin_name(text) else REFUSED


def chain(key, raw, text, lowered):
    return parse_chain(lowered)


PARSERS = {
    "choice": choice,
    "onoff": onoff,
    "autobool": autobool,
    "ms": ms,
    "speed": speed,
    "size": size,
    "order": order,
    "start": start,
    "seed": seed,
    "rotation": rotation,
    "brightness": brightness,
    "raw": raw,
    "piezo": piezo,
    "pin": pin,
    "chain": chain,
}


def parse_chain(lowered):
    """KNIGHTSTOUR_MATRIX_CHAIN, "MODULES [row|2x2] [BLOCK]": (modules, arrangement, block), or
    None for no chain."""
    words = lowered.split()
    if not words:
        return None
    if words[0].isdigit():
        modules = int(words[0])
        arrangement = "row"
        block = 90
        for word in words[1:]:
            if word in ARRANGEMENTS:
                arrangement = word
            elif word.isdigit() and int(word) in ROTATIONS:
                block = int(word)
            else:
                modules = 0
        if arrangement == "2x2" and modules != 4 and modules:
            raise ValueError("a 2x2 arrangement needs 4 modules, not %d" % modules)
        if modules > MAX_MODULES:
            raise ValueError("a row has 1 to %d modules, not %d" % (MAX_MODULES, modules))
        if modules:
            return modules, arrangement, block
    raise ValueError("not " + CHAIN_HELP)


def _is_pin_name(text):
    """A letter, then letters, digits and _ (a name in the board module)."""
    if not text or not text[0].isalpha():
        return False
    for ch in text:
        if not (ch.isalpha() or ch.isdigit() or ch == "_"):
            return False
    return True


def _quick_square_check(raw):
    if "," in raw:
        parts = raw.split(",")
        if len(parts) == 2 and is_whole(parts[0].strip()) and is_whole(parts[1].strip()):
            return
    else:
        split = 0
        while split < len(raw) and "a" <= raw[split] <= "z":
            split += 1
        if 0 < split <= 2 and is_whole(raw[split:]):
            return
    raise ValueError("bad square")


def env_name(name):
    """KNIGHTSTOUR_RULE for "rule"."""
    return PREFIX + name.upper()


def find_key(name):
    """The table's row for an attribute name ("rule") or environment name ("KNIGHTSTOUR_RULE")."""
    lowered = str(name).lower()
    if lowered.startswith(PREFIX.lower()):
        lowered = lowered[len(PREFIX):]
    for key in TABLE:
        if key.name == lowered:
            return key
    raise KeyError(name)


def as_given(value):
    """A value as a message echoes it after an option ("bad --speed -1: ..."): as typed when it is
    a plain word of printable ASCII, else quoted."""
    text = str(value)
    for ch in text:
        if not "!" <= ch <= "~" or ch in "'\"\\":
            return repr(text)
    return text if text else "''"


def named(label, raw):
    """"--speed -1" for an option, "KNIGHTSTOUR_SPEED = '-1'" for a key."""
    if label and label[:2] == "--":
        return "%s %s" % (label, as_given(raw))
    return "%s = %r" % (label, raw)


def message(key, raw, label=None, fallback=True):
    """The one-line message for a bad value: names the key (or option) and what it accepts."""
    text = "bad %s: %s" % (named(label or env_name(key.name), raw), accepted(key))
    if fallback:
        text += "; using the default %s" % (_show(key.default),)
    return text


def _show(value):
    if value is None:
        return "(none)"
    if value is True:
        return "on"
    if value is False:
        return "off"
    return str(value)


class Settings:
    """The settings' values as attributes named after the keys (``settings.rule``): made by
    ``load()`` (or, in tests, ``Settings()`` and ``set()``), then never changed. For other
    values, ``replace(settings, ...)`` makes a new one.

    ``fallback``: the messages end with "; using the default ..." (the device
    runs on with the defaults; the CLI turns it off, as it stops instead).
    """

    def __init__(self, fallback=True):
        for key in TABLE:
            setattr(self, key.name, key.default)
        self.fallback = fallback

    def set(self, name, raw, label=None):
        """Set one key from a raw value while the settings are made; return None, or the error
        message (the value is unchanged)."""
        key = find_key(name)
        try:
            value = parse_value(key, raw)
        except ValueError as exc:
            text = message(key, raw, label, False)
            if key.kind == "chain" and not str(exc).startswith("not "):
                text += " (%s)" % exc  # which part of the chain is wrong
            if self.fallback:
                text += "; using the default %s" % (_show(key.default),)
            return text
        setattr(self, key.name, value)
        return None

    def check(self, labels=None):
        """Checks across keys; reset the offending keys to their defaults; return the messages.
        ``labels``: {key name: the option that set it}, named in the messages in place of the key."""
        errors = []
        labels = labels or {}
        for name in NEEDED_PINS.get(self.display, ()):
            if getattr(self, "pin_" + name) == "none":
                text = 'bad %s = "none": the %s display needs this pin; leave it empty (the pin map\'s) ' \
                       'or give a board pin name such as D25' % (env_name("pin_" + name), self.display)
                if self.fallback:
                    text += "; using the pin map's"
                errors.append(text)
                setattr(self, "pin_" + name, "")
        if self.pace_last_ms < self.pace_first_ms:
            text = "bad %sPACE_LAST_MS = %r: must not be less than %sPACE_FIRST_MS = %r (the pace never speeds up)" % (
                PREFIX, self.pace_last_ms, PREFIX, self.pace_first_ms)
            if self.fallback:
                text += "; using the defaults %d and %d" % (find_key("pace_first_ms").default, find_key("pace_last_ms").default)
            errors.append(text)
            self.pace_first_ms = find_key("pace_first_ms").default
            self.pace_last_ms = find_key("pace_last_ms").default
        if self.start != "random":
            width, height = parse_size(self.size)
            board = Board(width, height)
            try:
                board.parse_square(self.start)
            except ValueError:
                text = "bad %s: not a square of the %s board (a1 to %s), nor random" % (
                    named(labels.get("start") or env_name("start"), self.start),
                    self.size, board.square_name(board.squares - 1))
                errors.append(text + ("; using the default random" if self.fallback else ""))
                self.start = "random"
        return errors


def replace(settings, **changes):
    """A new Settings: ``settings``' values with ``changes`` (values, not raw text)."""
    copy = Settings(settings.fallback)
    for key in TABLE:
        name = key.name
        setattr(copy, name, changes.pop(name) if name in changes else getattr(settings, name))
    if changes:
        raise KeyError(", ".join(changes))
    return copy


def load(getenv=None, mapping=None, fallback=True, options=(), where=""):
    """Settings from ``mapping`` (a dict of KEY -> raw value, e.g. a TOML file), then ``getenv``,
    then ``options``: the one place settings are read, in this order.

    ``getenv(name)`` returns the raw value or None: ``os.getenv`` on
    CircuitPython (it reads settings.toml), ``os.environ.get`` on CPython.
    Keys may be written with or without the KNIGHTSTOUR_ prefix in the
    mapping; ``where`` (the file's name and ": ") starts its messages. ``options``:
    (key, raw value, label) triples from a command line, a value of None skipped.
    Returns (settings, messages); bad values are left at their
    defaults, and an unknown key in the mapping is reported too.
    """
    settings = Settings(fallback)
    errors = []
    if mapping:
        shared = mapping_is_shared(mapping)
        known = {}
        for key in TABLE:
            known[env_name(key.name)] = key
            known[key.name.upper()] = key
        for name in mapping:
            key = known.get(str(name).upper())
            if key is None:
                if str(name).upper().startswith(PREFIX) or not shared:
                    errors.append(where + "unknown setting %s: the keys are %s" % (name, key_names()))
                continue
            error = settings.set(key.name, mapping[name])
            if error:
                errors.append(where + error)
    if getenv is not None:
        for key in TABLE:
            try:
                raw = getenv(env_name(key.name))
            except ValueError:  # CircuitPython's os.getenv: neither quoted text nor a whole number
                errors.append(unquoted(key, fallback))
                continue
            if raw is None:
                continue
            error = settings.set(key.name, raw)
            if error:
                errors.append(error)
    labels = {}
    for name, raw, label in options:
        if raw is not None:
            error = settings.set(name, raw, label=label)
            if error:
                errors.append(error)
            labels[find_key(name).name] = label
    if not errors or fallback:
        errors.extend(settings.check(labels))
    return settings, errors


def unquoted(key, fallback=True):
    """The message for a settings.toml value CircuitPython cannot read (os.getenv's ValueError)."""
    env = env_name(key.name)
    text = "bad %s in settings.toml: CircuitPython reads only quoted text or a whole number; " \
           "write it quoted, e.g. %s = \"%s\" (%s)" % (env, env, _show(key.default), accepted(key))
    if fallback:
        text += "; using the default %s" % _show(key.default)
    return text


def mapping_is_shared(mapping):
    """True when the file holds other programs' keys too (a CircuitPython settings.toml):
    then only KNIGHTSTOUR_ keys are ours and others are left alone."""
    for name in mapping:
        if str(name).upper().startswith(PREFIX):
            return True
    return False


def key_names():
    return ", ".join(env_name(key.name) for key in TABLE)
