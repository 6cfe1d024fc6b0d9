"""The toy's settings: one table of keys, read from one source, validated in one place.

Where settings come from
    CircuitPython   ``settings.toml`` on the CIRCUITPY drive, read through
                    ``os.getenv`` (flat ``KEY = value`` lines; values are
                    strings or whole numbers, so times are in milliseconds,
                    from 0 to a day: 86400000).
    CPython         a TOML file of the same flat form (the Pi's config file,
                    ``knights-tour sim --config FILE``; read by
                    knightstour_desktop/settings_toml.py, which a Feather does not need), then the environment:
                    an environment variable overrides the file. Command-line
                    options override both.

Keys (a contract shared by the Feather's settings.toml and the Pi's config)

    KNIGHTSTOUR_MODE           attract     attract: tours run by themselves, a touch starts one
                                           from the touched square; touch: wait for a touch,
                                           run the attract loop after IDLE_MS without one;
                                           play: the user moves the knight
    KNIGHTSTOUR_START          random      the start square of automatic tours: random or a
                                           square name ("c3") or 1-based x,y ("3,3")
    KNIGHTSTOUR_ORDER          super       the check order: super (one of the super orders at
                                           random for each tour) or eight move labels, e.g.
                                           ahfdgceb
    KNIGHTSTOUR_RULE           border      the tie-break rule: border, centre, first, random
    KNIGHTSTOUR_SIZE           8x8         the board, WxH (the display may allow less)
    KNIGHTSTOUR_PACE_FIRST_MS  60          delay before the second square, ms
    KNIGHTSTOUR_PACE_LAST_MS   600         delay before the last square, ms (>= PACE_FIRST_MS)
    KNIGHTSTOUR_PACE_SHAPE     quadratic   linear, quadratic, cubic, exponential (pacing.py)
    KNIGHTSTOUR_SPEED          1           speed factor: 2 = twice as fast, 0 = no delay
                                           (a whole number, or a decimal in a string: "0.5")
    KNIGHTSTOUR_PAUSE_MS       3000        how long a result stays on show, ms
    KNIGHTSTOUR_IDLE_MS        15000       touch mode: the attract loop starts after this long
                                           without a touch, ms
    KNIGHTSTOUR_SOUND          on          on or off (also 1/0, true/false, yes/no)
    KNIGHTSTOUR_SEED           (none)      a whole number for a repeatable show; empty: random

A bad value gives a message naming the key and the accepted values; the
default is used instead. The device prints the messages and runs on; the CLI
prints them and exits with code 2. Other modules (the hardware's display,
pins, calibration) add their own keys with ``add_key()``.
"""

from .board import SIZE_HELP, Board, is_whole, parse_size
from .orders import ORDER_HELP, parse_order
from .pacing import SHAPES
from .rules import RULES

PREFIX = "KNIGHTSTOUR_"
MODES = ("attract", "touch", "play")

MIN_SPEED = 0.01
MAX_SPEED = 100
MAX_MS = 86400000  # a day: longer waits gain nothing and lose a float clock's precision

_TRUE = ("on", "1", "true", "yes")
_FALSE = ("off", "0", "false", "no")


class Key:
    """One setting: its attribute name, kind, default and what it accepts.

    ``kind`` is one of "choice" (``choices`` lists the values), "bool", "ms"
    (whole milliseconds, 0 or more), "speed" (0, or MIN_SPEED to MAX_SPEED, decimals allowed),
    "size", "order", "start", "seed", "text"; or pass ``parse``, a function
    from the raw value to the value that raises ValueError.
    """

    def __init__(self, name, kind, default, choices=(), help="", parse=None):
        self.name = name
        self.env = PREFIX + name.upper()
        self.kind = kind
        self.default = default
        self.choices = choices
        self.help = help
        self.parse = parse

    def accepted(self):
        """A description of the accepted values, for messages."""
        if self.choices:
            return "one of " + ", ".join(self.choices)
        return self.help


MS_HELP = "a whole number of milliseconds from 0 to 86400000 (a day)"  # MAX_MS

KEYS = [
    Key("mode", "choice", "attract", MODES),
    Key("start", "start", "random", help="random, or a square of the board such as c3 or 3,3"),
    Key("order", "order", "super", help="super, or " + ORDER_HELP),
    Key("rule", "choice", "border", RULES),
    Key("size", "size", "8x8", help=SIZE_HELP),
    Key("pace_first_ms", "ms", 60, help=MS_HELP),
    Key("pace_last_ms", "ms", 600, help=MS_HELP + ", not less than PACE_FIRST_MS"),
    Key("pace_shape", "choice", "quadratic", SHAPES),
    Key("speed", "speed", 1.0, help="0 (no delay) or a number from 0.01 to 100, e.g. 1, 2 or 0.5"),
    Key("pause_ms", "ms", 3000, help=MS_HELP),
    Key("idle_ms", "ms", 15000, help=MS_HELP),
    Key("sound", "bool", True, help="on or off"),
    Key("seed", "seed", None, help="a whole number, or empty for a random show"),
]


CHECKS = []


def add_key(name, kind, default, choices=(), help="", parse=None):
    """Add a key to the table (hardware modules: display kind, pins, calibration...)."""
    for key in KEYS:
        if key.name == name:
            return key
    key = Key(name, kind, default, choices, help, parse)
    KEYS.append(key)
    return key


def find_key(name):
    """The Key for an attribute name ("rule") or environment name ("KNIGHTSTOUR_RULE")."""
    lowered = str(name).lower()
    if lowered.startswith(PREFIX.lower()):
        lowered = lowered[len(PREFIX):]
    for key in KEYS:
        if key.name == lowered:
            return key
    raise KeyError(name)


def parse_value(key, raw):
    """The value of ``raw`` (a string, or an int/float/bool from TOML) for ``key``; ValueError if bad."""
    if key.parse is not None:
        return key.parse(raw)
    kind = key.kind
    text = str(raw).strip()
    lowered = text.lower()
    if kind == "choice":
        if lowered == "center":
            lowered = "centre"
        if lowered in key.choices:
            return lowered
    elif kind == "bool":
        if raw is True or raw is False:
            return raw
        if lowered in _TRUE:
            return True
        if lowered in _FALSE:
            return False
    elif kind == "ms":
        if not isinstance(raw, bool) and isinstance(raw, int) and 0 <= raw <= MAX_MS:
            return raw
        if is_whole(text) and int(text) <= MAX_MS:
            return int(text)
    elif kind == "speed":
        if not isinstance(raw, bool):
            try:
                value = float(text)
            except ValueError:
                value = -1.0
            # Past these a tour takes ages (1e-300: forever) or the ladder loses its steps.
            if value == 0 or MIN_SPEED <= value <= MAX_SPEED:
                return value
    elif kind == "size":
        width, height = parse_size(text)
        return "%dx%d" % (width, height)
    elif kind == "order":
        if lowered == "super":
            return "super"
        parse_order(text)
        return lowered
    elif kind == "start":
        if lowered == "random":
            return "random"
        # Checked against the board's size by Settings.check(); any square name will do here.
        _quick_square_check(text)
        return lowered
    elif kind == "seed":
        if text == "" or lowered == "none":
            return None
        if is_whole(text[1:] if text[:1] == "-" else text):
            return int(text)
    elif kind == "text":
        return text
    raise ValueError("not " + key.accepted())


def _quick_square_check(text):
    raw = str(text).strip().lower()
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
    text = "bad %s: %s" % (named(label or key.env, raw), key.accepted())
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
    """The settings' values as attributes named after the keys (``settings.rule``).

    ``fallback``: the messages end with "; using the default ..." (the device
    runs on with the defaults; the CLI turns it off, as it stops instead).
    """

    def __init__(self, fallback=True):
        for key in KEYS:
            setattr(self, key.name, key.default)
        self.fallback = fallback

    def set(self, name, raw, label=None):
        """Set one key from a raw value; return None, or the error message (the value is unchanged)."""
        key = find_key(name)
        try:
            value = parse_value(key, raw)
        except ValueError:
            return message(key, raw, label, self.fallback)
        setattr(self, key.name, value)
        return None

    def check(self, labels=None):
        """Checks across keys; reset the offending keys to their defaults; return the messages.
        Modules that add keys add their checks to CHECKS (a function of the settings that
        returns a list of messages). ``labels``: {key name: the option that set it}, named in
        the messages in place of the key."""
        errors = []
        for check in CHECKS:
            errors.extend(check(self))
        if self.pace_last_ms < self.pace_first_ms:
            text = "bad %sPACE_LAST_MS = %r: must not be less than %sPACE_FIRST_MS = %r (the pace never speeds up)" % (
                PREFIX, self.pace_last_ms, PREFIX, self.pace_first_ms)
            if self.fallback:
                text += "; using the defaults %d and %d" % (
                    find_key("pace_first_ms").default, find_key("pace_last_ms").default)
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
                    named((labels or {}).get("start") or find_key("start").env, self.start),
                    self.size, board.square_name(board.squares - 1))
                errors.append(text + ("; using the default random" if self.fallback else ""))
                self.start = "random"
        return errors


def load(getenv=None, mapping=None, fallback=True):
    """Settings from ``mapping`` (a dict of KEY -> raw value, e.g. a TOML file), then ``getenv``.

    ``getenv(name)`` returns the raw value or None: ``os.getenv`` on
    CircuitPython (it reads settings.toml), ``os.environ.get`` on CPython.
    Keys may be written with or without the KNIGHTSTOUR_ prefix in the
    mapping. Returns (settings, messages); bad values are left at their
    defaults, and an unknown key in the mapping is reported too.
    """
    settings = Settings(fallback)
    errors = []
    if mapping:
        shared = mapping_is_shared(mapping)
        known = {}
        for key in KEYS:
            known[key.env] = key
            known[key.name.upper()] = key
        for name in mapping:
            key = known.get(str(name).upper())
            if key is None:
                if str(name).upper().startswith(PREFIX) or not shared:
                    errors.append("unknown setting %s: the keys are %s" % (name, key_names()))
                continue
            error = settings.set(key.name, mapping[name])
            if error:
                errors.append(error)
    if getenv is not None:
        for key in KEYS:
            try:
                raw = getenv(key.env)
            except ValueError:  # CircuitPython's os.getenv: neither quoted text nor a whole number
                errors.append(unquoted(key, fallback))
                continue
            if raw is None:
                continue
            error = settings.set(key.name, raw)
            if error:
                errors.append(error)
    errors.extend(settings.check())
    return settings, errors


def unquoted(key, fallback=True):
    """The message for a settings.toml value CircuitPython cannot read (os.getenv's ValueError)."""
    text = "bad %s in settings.toml: CircuitPython reads only quoted text or a whole number; " \
           "write it quoted, e.g. %s = \"%s\" (%s)" % (key.env, key.env, _show(key.default), key.accepted())
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
    return ", ".join(key.env for key in KEYS)
