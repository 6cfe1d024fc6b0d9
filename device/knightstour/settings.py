"""The toy's settings: one table of keys, read from one source, validated in one place.

The keys, what they accept and where they come from: the comment below (a comment, not this
docstring, so that a board compiling this file from source never holds its text).
"""

# Where settings come from
#     CircuitPython   ``settings.toml`` on the CIRCUITPY drive, read through
#                     ``os.getenv`` (flat ``KEY = value`` lines; values are
#                     strings or whole numbers, so times are in milliseconds,
#                     from 0 to a day: 86400000).
#     CPython         a TOML file of the same flat form (the Pi's config file,
#                     ``knights-tour sim --config FILE``; read by
#                     knightstour_desktop/settings_toml.py, which a Feather does not need), then the environment:
#                     an environment variable overrides the file. Command-line
#                     options override both.
#
# Keys (a contract shared by the Feather's settings.toml and the Pi's config)
#
#     KNIGHTSTOUR_MODE           attract     attract: tours run by themselves, a touch starts one
#                                            from the touched square; touch: wait for a touch,
#                                            run the attract loop after IDLE_MS without one;
#                                            play: the user moves the knight
#     KNIGHTSTOUR_START          random      the start square of automatic tours: random or a
#                                            square name ("c3") or 1-based x,y ("3,3")
#     KNIGHTSTOUR_ORDER          super       the check order: super (one of the super orders at
#                                            random for each tour) or eight move labels, e.g.
#                                            ahfdgceb
#     KNIGHTSTOUR_RULE           border      the tie-break rule: border, centre, first, random
#     KNIGHTSTOUR_SIZE           8x8         the board, WxH (the display may allow less)
#     KNIGHTSTOUR_PACE_FIRST_MS  60          delay before the second square, ms
#     KNIGHTSTOUR_PACE_LAST_MS   600         delay before the last square, ms (>= PACE_FIRST_MS)
#     KNIGHTSTOUR_PACE_SHAPE     quadratic   linear, quadratic, cubic, exponential (pacing.py)
#     KNIGHTSTOUR_SPEED          1           speed factor: 2 = twice as fast, 0 = no delay
#                                            (a whole number, or a decimal in a string: "0.5")
#     KNIGHTSTOUR_PAUSE_MS       3000        how long a result stays on show, ms
#     KNIGHTSTOUR_IDLE_MS        15000       touch mode: the attract loop starts after this long
#                                            without a touch, ms
#     KNIGHTSTOUR_SOUND          on          on or off (also 1/0, true/false, yes/no)
#     KNIGHTSTOUR_SEED           (none)      a whole number for a repeatable show; empty: random
#
# The hardware's keys:
#
#     KNIGHTSTOUR_DISPLAY            ili9341   max7219 (8x8 LED matrix), ili9341 (320x240 TFT), or
#                                              builtin (board.DISPLAY: PyPortal, Pynt, Titano;
#                                              chosen by itself for ili9341 on such a board)
#     KNIGHTSTOUR_BOARD              auto      the pin map: auto, pi, feather_rp2040, feather_m4, pico
#     KNIGHTSTOUR_MATRIX_ROTATION    0         0, 90, 180, 270: turns the picture clockwise
#     KNIGHTSTOUR_MATRIX_MIRROR      off       on: mirror left-right (after the rotation)
#     KNIGHTSTOUR_MATRIX_BRIGHTNESS  4         0 (dim) to 15 (bright)
#     KNIGHTSTOUR_MATRIX_CHAIN       (empty)   a chain of 8x8 modules on the one chip select:
#                                              "MODULES [row|2x2] [BLOCK]", e.g. "4" (a 32x8
#                                              "FC-16": the board on one matrix, the move number
#                                              and result on the others), "4 2x2" (boards up to
#                                              16x16); BLOCK 0, 90 (FC-16, the default), 180, 270
#                                              is how each module is wired (hw/views/chain.py)
#     KNIGHTSTOUR_TFT_ROTATION       0         0, 90, 180, 270 (0 and 180 landscape, board on
#                                              the left; 90 and 270 portrait, board on top)
#     KNIGHTSTOUR_TOUCH              auto      auto (a TSC2007 on I2C 0x48, the TFT FeatherWing
#                                              V2, else an STMPE610, the V1), stmpe610 (resistive:
#                                              TFT FeatherWing V1, 2.4"/2.8" shields), tsc2007
#                                              (FeatherWing V2), ft6206 (2.8" capacitive), xpt2046
#                                              (resistive: the ILI9341 modules with an SD slot), none
#     KNIGHTSTOUR_TOUCH_X0           auto      raw reading at the left edge of the screen at
#                                              rotation 0 (landscape); auto: the controller's
#                                              default (STMPE610 and TSC2007 357, FT6206 319,
#                                              XPT2046 3850)
#     KNIGHTSTOUR_TOUCH_X1           auto      ... at the right edge (STMPE610 3812, FT6206 0,
#                                              XPT2046 200)
#     KNIGHTSTOUR_TOUCH_Y0           auto      ... at the top edge (STMPE610 390, TSC2007 3555,
#                                              FT6206 0, XPT2046 3950)
#     KNIGHTSTOUR_TOUCH_Y1           auto      ... at the bottom edge (STMPE610 3555, TSC2007 390,
#                                              FT6206 239, XPT2046 380)
#     KNIGHTSTOUR_TOUCH_SWAP         auto      on: the screen's x comes from the controller's raw y
#                                              (all defaults: on)
#     KNIGHTSTOUR_PIEZO              off       off, on (the pin map's piezo pin), or a board pin
#                                              name such as D12 or D6
#     KNIGHTSTOUR_PIN_MATRIX_CS, _PIN_TFT_CS, _PIN_TFT_DC, _PIN_TFT_RESET, _PIN_TOUCH_CS,
#     _PIN_TOUCH_IRQ, _PIN_BUTTON_A, _PIN_BUTTON_B
#                                    (empty)   a board pin name overriding the pin map, e.g. D22;
#                                              "none" for no such pin (no reset pin, no XPT2046
#                                              IRQ wire, no button)
#
#     The push buttons (hw/inputs/buttons.py) are read on a MAX7219 toy: A new tour (held:
#     pause), B faster (held: slower); each from its pin to GND.
#
#     KNIGHTSTOUR_CALIBRATE          off       on (Feather): run the touch calibration instead of
#                                              the toy (the Pi: knights-tour run --calibrate)
#
# The calibration shows three targets in turn and prints the TOUCH_ lines to paste.
#
# A bad value gives a message naming the key and the accepted values; the
# default is used instead. The device prints the messages and runs on; the CLI
# prints them and exits with code 2. Every key is in TABLE below: nothing adds
# keys at import time, and ``load()`` is the one place values are read.



from .board import Board
from .board_text import SIZE_HELP, is_whole, parse_size
from .orders import ORDER_HELP, parse_order
from .pacing import SHAPES
from .rules import RULES

PREFIX = "KNIGHTSTOUR_"
MODES = ("attract", "touch", "play")
DISPLAYS = ("max7219", "ili9341", "builtin")
BOARDS = ("auto", "pi", "feather_rp2040", "feather_m4", "pico")
ROTATIONS = (0, 90, 180, 270)
ARRANGEMENTS = ("row", "2x2")  # of a MAX7219 chain (hw/views/chain.py)
MAX_MODULES = 16

MIN_SPEED = 0.01
MAX_SPEED = 100
MAX_MS = 86400000  # a day: longer waits gain nothing and lose a float clock's precision

_TRUE = ("on", "1", "true", "yes")
_FALSE = ("off", "0", "false", "no")

MS_HELP = "a whole number of milliseconds from 0 to 86400000 (a day)"  # MAX_MS
_ROTATION_HELP = "one of 0, 90, 180, 270"
_RAW_HELP = "auto, or a raw reading from 0 to 4095"
_PIN_HELP = "empty (the pin map's), none, or a board pin name such as D25"
CHAIN_HELP = "empty, or MODULES [row|2x2] [BLOCK] such as \"4\" or \"4 2x2\""
# The touch controllers: each name but auto and none is a module, hw/wiring/touch_<name>.py.
TOUCHES = ("auto", "stmpe610", "tsc2007", "ft6206", "xpt2046", "none")

# THE table: (name, kind, default, choices or what is accepted). The kind names its parser
# (parse_value); the environment's name is KNIGHTSTOUR_ and the name in capitals.
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
    ("sound", "bool", True, "on or off"),
    ("seed", "seed", None, "a whole number, or empty for a random show"),
    # the hardware's
    ("display", "choice", "ili9341", DISPLAYS),
    ("board", "choice", "auto", BOARDS),
    ("matrix_rotation", "rotation", 0, _ROTATION_HELP),
    ("matrix_mirror", "bool", False, "on or off"),
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
    ("calibrate", "bool", False, "on or off"),
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
        if key[0] == lowered:
            return key
    raise KeyError(name)


def accepted(key):
    """What ``key`` accepts, for messages."""
    if isinstance(key[3], tuple):
        return "one of " + ", ".join(str(choice) for choice in key[3])
    return key[3]


def parse_value(key, raw):
    """The value of ``raw`` (a string, or an int/float/bool from TOML) for ``key``; ValueError if bad."""
    kind = key[1]
    text = str(raw).strip()
    lowered = text.lower()
    if kind == "choice":
        if lowered == "center":
            lowered = "centre"
        if lowered in key[3]:
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
        # Checked against the board's size by check(); any square name will do here.
        _quick_square_check(text)
        return lowered
    elif kind == "seed":
        if text == "" or lowered == "none":
            return None
        if is_whole(text[1:] if text[:1] == "-" else text):
            return int(text)
    elif kind == "rotation":
        if text.isdigit() and int(text) in ROTATIONS:
            return int(text)
    elif kind == "brightness":
        if text.isdigit() and int(text) <= 15:
            return int(text)
    elif kind == "raw":  # a raw touch reading 0..4095, or None for "auto"
        if lowered in ("", "auto", "none"):
            return None
        if text.isdigit() and int(text) <= 4095:
            return int(text)
    elif kind == "autobool":
        if raw is True or raw is False:
            return raw
        if lowered in ("", "auto"):
            return None
        if lowered in _TRUE:
            return True
        if lowered in _FALSE:
            return False
    elif kind == "piezo":  # "off", "on" or a board pin name
        if raw is True or lowered in _TRUE:
            return "on"
        if raw is False or lowered in _FALSE or lowered in ("", "none"):
            return "off"
        if _is_pin_name(text):
            return text.upper()
    elif kind == "pin":  # a board pin name overriding the pin map; "" keeps the map's; "none": no pin
        if lowered in ("", "default"):
            return ""
        if lowered == "none":
            return "none"
        if _is_pin_name(text):
            return text.upper()
    elif kind == "chain":
        return parse_chain(lowered)
    raise ValueError("not " + accepted(key))


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
    if not text or not (text[0].isalpha()):
        return False
    for ch in text:
        if not (ch.isalpha() or ch.isdigit() or ch == "_"):
            return False
    return True


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
    text = "bad %s: %s" % (named(label or env_name(key[0]), raw), accepted(key))
    if fallback:
        text += "; using the default %s" % (_show(key[2]),)
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
            setattr(self, key[0], key[2])
        self.fallback = fallback

    def set(self, name, raw, label=None):
        """Set one key from a raw value while the settings are made; return None, or the error
        message (the value is unchanged)."""
        key = find_key(name)
        try:
            value = parse_value(key, raw)
        except ValueError as exc:
            text = message(key, raw, label, False)
            if key[1] == "chain" and not str(exc).startswith("not "):
                text += " (%s)" % exc  # which part of the chain is wrong
            if self.fallback:
                text += "; using the default %s" % (_show(key[2]),)
            return text
        setattr(self, key[0], value)
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
                text += "; using the defaults %d and %d" % (find_key("pace_first_ms")[2], find_key("pace_last_ms")[2])
            errors.append(text)
            self.pace_first_ms = find_key("pace_first_ms")[2]
            self.pace_last_ms = find_key("pace_last_ms")[2]
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
        name = key[0]
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
            known[env_name(key[0])] = key
            known[key[0].upper()] = key
        for name in mapping:
            key = known.get(str(name).upper())
            if key is None:
                if str(name).upper().startswith(PREFIX) or not shared:
                    errors.append(where + "unknown setting %s: the keys are %s" % (name, key_names()))
                continue
            error = settings.set(key[0], mapping[name])
            if error:
                errors.append(where + error)
    if getenv is not None:
        for key in TABLE:
            try:
                raw = getenv(env_name(key[0]))
            except ValueError:  # CircuitPython's os.getenv: neither quoted text nor a whole number
                errors.append(unquoted(key, fallback))
                continue
            if raw is None:
                continue
            error = settings.set(key[0], raw)
            if error:
                errors.append(error)
    labels = {}
    for name, raw, label in options:
        if raw is not None:
            error = settings.set(name, raw, label=label)
            if error:
                errors.append(error)
            labels[find_key(name)[0]] = label
    if not errors or fallback:
        errors.extend(settings.check(labels))
    return settings, errors


def unquoted(key, fallback=True):
    """The message for a settings.toml value CircuitPython cannot read (os.getenv's ValueError)."""
    env = env_name(key[0])
    text = "bad %s in settings.toml: CircuitPython reads only quoted text or a whole number; " \
           "write it quoted, e.g. %s = \"%s\" (%s)" % (env, env, _show(key[2]), accepted(key))
    if fallback:
        text += "; using the default %s" % _show(key[2])
    return text


def mapping_is_shared(mapping):
    """True when the file holds other programs' keys too (a CircuitPython settings.toml):
    then only KNIGHTSTOUR_ keys are ours and others are left alone."""
    for name in mapping:
        if str(name).upper().startswith(PREFIX):
            return True
    return False


def key_names():
    return ", ".join(env_name(key[0]) for key in TABLE)
