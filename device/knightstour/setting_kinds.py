"""The kinds of value a setting takes: one parser each, in PARSERS (settings.TABLE names a key's kind)."""

# A parser gets the key's row, the raw value (a string, or an int/float/bool from TOML), and that
# value stripped, and lowered; it returns the value, or REFUSED (parse_value then raises "not ..."
# with what the key accepts), or raises a ValueError of its own. Each is named after its kind: a
# board holds those names already, and a name once loaded is never freed. Apart from settings.py so
# that a board compiling the two from source holds the parse of one at a time.

from .board_text import is_whole, parse_size
from .orders import parse_order

# A row of TABLE is a tuple (on a board a class's rows took 1 KB more), its fields named: the key's
# NAME ("rule"; KNIGHTSTOUR_RULE in settings.toml), the KIND of value it takes (its parser in
# PARSERS), its DEFAULT, and what it ACCEPTS (a tuple of choices, or the words a message shows).
NAME, KIND, DEFAULT, ACCEPTS = 0, 1, 2, 3

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


def accepted(key):
    """What ``key`` accepts, for messages."""
    if isinstance(key[ACCEPTS], tuple):
        return "one of " + ", ".join(str(choice) for choice in key[ACCEPTS])
    return key[ACCEPTS]


def parse_value(key, raw):
    """The value of ``raw`` (a string, or an int/float/bool from TOML) for ``key``; ValueError if bad."""
    text = str(raw).strip()
    value = PARSERS[key[KIND]](key, raw, text, text.lower())
    if value is REFUSED:
        raise ValueError("not " + accepted(key))
    return value


def choice(key, raw, text, lowered):
    if lowered == "center":
        lowered = "centre"
    return lowered if lowered in key[ACCEPTS] else REFUSED


def onoff(key, raw, text, lowered):
    if raw is True or raw is False:
        return raw
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    return REFUSED


def autobool(key, raw, text, lowered):
    # on, off, or None for "auto"
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
    # random, or a square name: checked against the board's size by Settings.check().
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
    # a raw touch reading 0..4095, or None for "auto"
    if lowered in ("", "auto", "none"):
        return None
    return int(text) if text.isdigit() and int(text) <= 4095 else REFUSED


def piezo(key, raw, text, lowered):
    # "off", "on" or a board pin name
    if raw is True or lowered in _TRUE:
        return "on"
    if raw is False or lowered in _FALSE or lowered in ("", "none"):
        return "off"
    return text.upper() if _is_pin_name(text) else REFUSED


def pin(key, raw, text, lowered):
    # a board pin name overriding the pin map; "" keeps the map's; "none": no pin
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
    # a letter, then letters, digits and _ (a name in the board module)
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
