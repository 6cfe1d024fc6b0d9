"""The hardware's settings keys, added to knightstour.settings' table on import.

    KNIGHTSTOUR_DISPLAY            ili9341   max7219 (8x8 LED matrix), ili9341 (320x240 TFT), or
                                             builtin (board.DISPLAY: PyPortal, Pynt, Titano;
                                             chosen by itself for ili9341 on such a board)
    KNIGHTSTOUR_BOARD              auto      the pin map: auto, pi, feather_rp2040, feather_m4
    KNIGHTSTOUR_MATRIX_ROTATION    0         0, 90, 180, 270: turns the picture clockwise
    KNIGHTSTOUR_MATRIX_MIRROR      off       on: mirror left-right (after the rotation)
    KNIGHTSTOUR_MATRIX_BRIGHTNESS  4         0 (dim) to 15 (bright)
    KNIGHTSTOUR_MATRIX_CHAIN       (empty)   a chain of 8x8 modules on the one chip select:
                                             "MODULES [row|2x2] [BLOCK]", e.g. "4" (a 32x8
                                             "FC-16": the board on one matrix, the move number
                                             and result on the others), "4 2x2" (boards up to
                                             16x16); BLOCK 0, 90 (FC-16, the default), 180, 270
                                             is how each module is wired (hw/views/chain.py); read
                                             by wiring/build.py, so one key and no code here
    KNIGHTSTOUR_TFT_ROTATION       0         0, 90, 180, 270 (0 and 180 landscape, board on
                                             the left; 90 and 270 portrait, board on top)
    KNIGHTSTOUR_TOUCH              auto      auto (a TSC2007 on I2C 0x48, the TFT FeatherWing
                                             V2, else an STMPE610, the V1), stmpe610 (resistive:
                                             TFT FeatherWing V1, 2.4"/2.8" shields), tsc2007
                                             (FeatherWing V2), ft6206 (2.8" capacitive), xpt2046
                                             (resistive: the ILI9341 modules with an SD slot), none
    KNIGHTSTOUR_TOUCH_X0           auto      raw reading at the left edge of the screen at
                                             rotation 0 (landscape); auto: the controller's
                                             default (STMPE610 and TSC2007 357, FT6206 319,
                                             XPT2046 3850)
    KNIGHTSTOUR_TOUCH_X1           auto      ... at the right edge (STMPE610 3812, FT6206 0,
                                             XPT2046 200)
    KNIGHTSTOUR_TOUCH_Y0           auto      ... at the top edge (STMPE610 390, TSC2007 3555,
                                             FT6206 0, XPT2046 3950)
    KNIGHTSTOUR_TOUCH_Y1           auto      ... at the bottom edge (STMPE610 3555, TSC2007 390,
                                             FT6206 239, XPT2046 380)
    KNIGHTSTOUR_TOUCH_SWAP         auto      on: the screen's x comes from the controller's raw y
                                             (all defaults: on)
    KNIGHTSTOUR_PIEZO              off       off, on (the pin map's piezo pin), or a board pin
                                             name such as D12 or D6
    KNIGHTSTOUR_PIN_MATRIX_CS, _PIN_TFT_CS, _PIN_TFT_DC, _PIN_TFT_RESET, _PIN_TOUCH_CS,
    _PIN_TOUCH_IRQ, _PIN_BUTTON_A, _PIN_BUTTON_B
                                   (empty)   a board pin name overriding the pin map, e.g. D22;
                                             "none" for no such pin (no reset pin, no XPT2046
                                             IRQ wire, no button)

    The push buttons (hw/inputs/buttons.py) are read on a MAX7219 toy: A new tour (held:
    pause), B faster (held: slower); each from its pin to GND.

    KNIGHTSTOUR_CALIBRATE          off       on (Feather): run the touch calibration instead of
                                             the toy (the Pi: knights-tour run --calibrate)

The calibration shows three targets in turn and prints the TOUCH_ lines to paste.
"""

from ... import settings as _settings

DISPLAYS = ("max7219", "ili9341", "builtin")
BOARDS = ("auto", "pi", "feather_rp2040", "feather_m4")
TOUCHES = ("auto", "stmpe610", "tsc2007", "ft6206", "xpt2046", "none")
ROTATIONS = (0, 90, 180, 270)
PIN_KEYS = ("matrix_cs", "tft_cs", "tft_dc", "tft_reset", "touch_cs", "touch_irq", "button_a", "button_b")

def parse_rotation(raw):
    text = str(raw).strip()
    if text.isdigit() and int(text) in ROTATIONS:
        return int(text)
    raise ValueError("not one of 0, 90, 180, 270")


def parse_brightness(raw):
    text = str(raw).strip()
    if text.isdigit() and 0 <= int(text) <= 15:
        return int(text)
    raise ValueError("not a whole number from 0 to 15")


def parse_raw(raw):
    """A raw touch reading 0..4095, or None for "auto"."""
    text = str(raw).strip().lower()
    if text in ("", "auto", "none"):
        return None
    if text.isdigit() and int(text) <= 4095:
        return int(text)
    raise ValueError("not auto or a whole number from 0 to 4095")


def parse_auto_bool(raw):
    if raw is True or raw is False:
        return raw
    text = str(raw).strip().lower()
    if text in ("", "auto"):
        return None
    if text in ("on", "1", "true", "yes"):
        return True
    if text in ("off", "0", "false", "no"):
        return False
    raise ValueError("not auto, on or off")


def parse_piezo(raw):
    """"off", "on" or a board pin name (letters, digits, underscores)."""
    if raw is True:
        return "on"
    if raw is False:
        return "off"
    text = str(raw).strip()
    lowered = text.lower()
    if lowered in ("", "off", "0", "false", "no", "none"):
        return "off"
    if lowered in ("on", "1", "true", "yes"):
        return "on"
    if _is_pin_name(text):
        return text.upper()
    raise ValueError("not off, on or a board pin name such as D12")


def parse_pin(raw):
    """A board pin name overriding the pin map; "" keeps the map's pin; "none" for no pin."""
    text = str(raw).strip()
    if text == "" or text.lower() == "default":
        return ""
    if text.lower() == "none":
        return "none"
    if _is_pin_name(text):
        return text.upper()
    raise ValueError("not empty, none or a board pin name such as D25 or CE1")


def _is_pin_name(text):
    if not text or not (text[0].isalpha()):
        return False
    for ch in text:
        if not (ch.isalpha() or ch.isdigit() or ch == "_"):
            return False
    return True


ADDED = []  # the keys this module adds, in order


def _add_all():
    def add(*args, **kwargs):
        ADDED.append(_settings.add_key(*args, **kwargs))
    add("display", "choice", "ili9341", DISPLAYS)
    add("board", "choice", "auto", BOARDS)
    add("matrix_rotation", "rotation", 0, help="one of 0, 90, 180, 270", parse=parse_rotation)
    add("matrix_mirror", "bool", False, help="on or off")
    add("matrix_brightness", "brightness", 4, help="a whole number from 0 to 15", parse=parse_brightness)
    add("matrix_chain", "text", "", help="empty, or MODULES [row|2x2] [BLOCK] such as \"4\" or \"4 2x2\"")
    add("tft_rotation", "rotation", 0, help="one of 0, 90, 180, 270", parse=parse_rotation)
    add("touch", "choice", "auto", TOUCHES)
    for name in ("touch_x0", "touch_x1", "touch_y0", "touch_y1"):
        add(name, "raw", None, help="auto, or a raw reading from 0 to 4095", parse=parse_raw)
    add("touch_swap", "autobool", None, help="auto, on or off", parse=parse_auto_bool)
    add("piezo", "piezo", "off", help="off, on, or a board pin name such as D12", parse=parse_piezo)
    add("calibrate", "bool", False, help="on or off")
    for name in PIN_KEYS:
        add("pin_" + name, "pin", "", help="empty (the pin map's), none, or a board pin name such as D25",
            parse=parse_pin)


_add_all()

# The pins each display cannot do without (a reset pin may be "none": the FeatherWing ties it).
NEEDED_PINS = {"max7219": ("matrix_cs",), "ili9341": ("tft_cs", "tft_dc")}


def check_pins(settings):
    """A pin the chosen display needs set to "none": one message each, and the pin map's pin."""
    errors = []
    for name in NEEDED_PINS.get(settings.display, ()):
        if getattr(settings, "pin_" + name) == "none":
            key = _settings.find_key("pin_" + name)
            text = 'bad %s = "none": the %s display needs this pin; leave it empty (the pin map\'s) ' \
                   'or give a board pin name such as D25' % (key.env, settings.display)
            if settings.fallback:
                text += "; using the pin map's"
            errors.append(text)
            setattr(settings, "pin_" + name, "")
    return errors


_settings.CHECKS.append(check_pins)
