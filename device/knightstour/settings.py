"""The toy's settings: one table of keys, read from one source, validated in one place."""
# Where they come from: on CircuitPython, ``settings.toml`` on the CIRCUITPY drive, read through
# ``os.getenv`` (flat ``KEY = value`` lines of quoted text or whole numbers, so times are in
# milliseconds); on CPython, a TOML file of the same form (knightstour_desktop/settings_toml.py), then
# the environment, then the command line's options, each overriding the one before.
#
# A bad value gives a message naming the key and what it accepts: the device prints it and runs on
# with the default, the CLI prints it and exits with code 2. Every key is in TABLE: nothing adds keys
# at import time, and ``load()`` is the one place values are read. What each key does is written in
# tools/settings_docs.py, which makes README's settings table and device/settings.toml.example.

from .board import Board
from .board_text import SIZE_HELP, parse_size
from .orders import ORDER_HELP
from .pacing import SHAPES
from .rules import RULES
from .setting_kinds import (  # noqa: F401  (the row's fields, and what the desktop reads here)
    ACCEPTS,
    CHAIN_HELP,
    DEFAULT,
    KIND,
    MAX_MS,
    NAME,
    ROTATIONS,
    accepted,
    parse_chain,
    parse_value,
)

PREFIX = "KNIGHTSTOUR_"
MODES = ("attract", "touch", "play")
DISPLAYS = ("max7219", "ili9341", "builtin")
BOARDS = ("auto", "pi", "feather_rp2040", "feather_m4", "pico")

MS_HELP = "a whole number of milliseconds from 0 to 86400000 (a day)"  # MAX_MS
_ROTATION_HELP = "one of 0, 90, 180, 270"
_RAW_HELP = "auto, or a raw reading from 0 to 4095"
_PIN_HELP = "empty (the pin map's), none, or a board pin name such as D25"
# The touch controllers: each name but auto and none is a module, hw/wiring/touch_<name>.py.
TOUCHES = ("auto", "stmpe610", "tsc2007", "ft6206", "xpt2046", "none")

# The rows: (NAME, KIND, DEFAULT, ACCEPTS), the fields setting_kinds.py names.
TABLE = (
    ("mode", "choice", "attract", MODES),
    ("start", "start", "random", "random, or a square of the board such as c3 or 3,3"),
    ("order", "order", "super", "super, or " + ORDER_HELP),
    ("rule", "choice", "border", RULES),
    ("size", "size", "8x8", SIZE_HELP),
    ("pace_first_ms", "ms", 60, MS_HELP),
    ("pace_last_ms", "ms", 600, MS_HELP + ", not less than PACE_FIRST_MS"),
    ("pace_shape", "choice", "quadratic", SHAPES),
    ("speed", "speed", 1.0, "0 (no delay) or a number from 0.01 to 100, e.g. 1, 2 or 0.5"),
    ("pause_ms", "ms", 3000, MS_HELP),
    ("idle_ms", "ms", 15000, MS_HELP),
    ("sound", "onoff", True, "on or off"),
    ("seed", "seed", None, "a whole number, or empty for a random show"),
    # the hardware's
    ("display", "choice", "ili9341", DISPLAYS),
    ("board", "choice", "auto", BOARDS),
    ("matrix_rotation", "rotation", 0, _ROTATION_HELP),
    ("matrix_mirror", "onoff", False, "on or off"),
    ("matrix_brightness", "brightness", 4, "a whole number from 0 to 15"),
    ("matrix_chain", "chain", None, CHAIN_HELP),
    ("tft_rotation", "rotation", 0, _ROTATION_HELP),
    ("touch", "choice", "auto", TOUCHES),
    ("touch_x0", "raw", None, _RAW_HELP),
    ("touch_x1", "raw", None, _RAW_HELP),
    ("touch_y0", "raw", None, _RAW_HELP),
    ("touch_y1", "raw", None, _RAW_HELP),
    ("touch_swap", "autobool", None, "auto, on or off"),
    ("piezo", "piezo", "off", "off, on, or a board pin name such as D12"),
    ("calibrate", "onoff", False, "on or off"),
    ("pin_matrix_cs", "pin", "", _PIN_HELP),
    ("pin_tft_cs", "pin", "", _PIN_HELP),
    ("pin_tft_dc", "pin", "", _PIN_HELP),
    ("pin_tft_reset", "pin", "", _PIN_HELP),
    ("pin_touch_cs", "pin", "", _PIN_HELP),
    ("pin_touch_irq", "pin", "", _PIN_HELP),
    ("pin_button_a", "pin", "", _PIN_HELP),
    ("pin_button_b", "pin", "", _PIN_HELP),
)

# The pins each display cannot do without (a reset pin may be "none": the FeatherWing ties it).
NEEDED_PINS = {"max7219": ("matrix_cs",), "ili9341": ("tft_cs", "tft_dc")}

def env_name(name):
    """KNIGHTSTOUR_RULE for "rule"."""
    return PREFIX + name.upper()


def find_key(name):
    """The table's row for an attribute name ("rule") or environment name ("KNIGHTSTOUR_RULE")."""
    lowered = str(name).lower()
    if lowered.startswith(PREFIX.lower()):
        lowered = lowered[len(PREFIX):]
    for key in TABLE:
        if key[NAME] == lowered:
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
    text = "bad %s: %s" % (named(label or env_name(key[NAME]), raw), accepted(key))
    if fallback:
        text += "; using the default %s" % (_show(key[DEFAULT]),)
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
    values, ``replace(settings, ...)`` makes a new one."""
    # ``fallback``: the messages end with "; using the default ..." (the device
    # runs on with the defaults; the CLI turns it off, as it stops instead).

    def __init__(self, fallback=True):
        for key in TABLE:
            setattr(self, key[NAME], key[DEFAULT])
        self.fallback = fallback

    def set(self, name, raw, label=None):
        """Set one key from a raw value while the settings are made; return None, or the error
        message (the value is unchanged)."""
        key = find_key(name)
        try:
            value = parse_value(key, raw)
        except ValueError as exc:
            text = message(key, raw, label, False)
            if key[KIND] == "chain" and not str(exc).startswith("not "):
                text += " (%s)" % exc  # which part of the chain is wrong
            if self.fallback:
                text += "; using the default %s" % (_show(key[DEFAULT]),)
            return text
        setattr(self, key[NAME], value)
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
                text += "; using the defaults %d and %d" % (find_key("pace_first_ms")[DEFAULT], find_key("pace_last_ms")[DEFAULT])
            errors.append(text)
            self.pace_first_ms = find_key("pace_first_ms")[DEFAULT]
            self.pace_last_ms = find_key("pace_last_ms")[DEFAULT]
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
        name = key[NAME]
        setattr(copy, name, changes.pop(name) if name in changes else getattr(settings, name))
    if changes:
        raise KeyError(", ".join(changes))
    return copy


def load(getenv=None, mapping=None, fallback=True, options=(), where=""):
    """Settings from ``mapping`` (a dict of KEY -> raw value, e.g. a TOML file), then ``getenv``,
    then ``options``: the one place settings are read, in this order."""
    # ``getenv(name)`` returns the raw value or None: ``os.getenv`` on
    # CircuitPython (it reads settings.toml), ``os.environ.get`` on CPython.
    # Keys may be written with or without the KNIGHTSTOUR_ prefix in the
    # mapping; ``where`` (the file's name and ": ") starts its messages. ``options``:
    # (key, raw value, label) triples from a command line, a value of None skipped.
    # Returns (settings, messages); bad values are left at their
    # defaults, and an unknown key in the mapping is reported too.
    settings = Settings(fallback)
    errors = []
    if mapping:
        shared = mapping_is_shared(mapping)
        known = {}
        for key in TABLE:
            known[env_name(key[NAME])] = key
            known[key[NAME].upper()] = key
        for name in mapping:
            key = known.get(str(name).upper())
            if key is None:
                if str(name).upper().startswith(PREFIX) or not shared:
                    errors.append(where + "unknown setting %s: the keys are %s" % (name, key_names()))
                continue
            error = settings.set(key[NAME], mapping[name])
            if error:
                errors.append(where + error)
    if getenv is not None:
        for key in TABLE:
            try:
                raw = getenv(env_name(key[NAME]))
            except ValueError:  # CircuitPython's os.getenv: neither quoted text nor a whole number
                errors.append(unquoted(key, fallback))
                continue
            if raw is None:
                continue
            error = settings.set(key[NAME], raw)
            if error:
                errors.append(error)
    labels = {}
    for name, raw, label in options:
        if raw is not None:
            error = settings.set(name, raw, label=label)
            if error:
                errors.append(error)
            labels[find_key(name)[NAME]] = label
    if not errors or fallback:
        errors.extend(settings.check(labels))
    return settings, errors


def unquoted(key, fallback=True):
    """The message for a settings.toml value CircuitPython cannot read (os.getenv's ValueError)."""
    env = env_name(key[NAME])
    text = "bad %s in settings.toml: CircuitPython reads only quoted text or a whole number; " \
           "write it quoted, e.g. %s = \"%s\" (%s)" % (env, env, _show(key[DEFAULT]), accepted(key))
    if fallback:
        text += "; using the default %s" % _show(key[DEFAULT])
    return text


def mapping_is_shared(mapping):
    """True when the file holds other programs' keys too (a CircuitPython settings.toml):
    then only KNIGHTSTOUR_ keys are ours and others are left alone."""
    for name in mapping:
        if str(name).upper().startswith(PREFIX):
            return True
    return False


def key_names():
    return ", ".join(env_name(key[NAME]) for key in TABLE)
