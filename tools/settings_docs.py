"""The settings' documents, made from the code's table (knightstour/settings.py TABLE): README.md's
settings table and device/settings.toml.example.

    python tools/settings_docs.py            write both
    python tools/settings_docs.py --check    exit 1, naming the file, if either differs from a fresh run

The keys, their defaults and what each accepts come from TABLE; what each key is for is written
here, once (the board does not hold these words). tests/test_settings_docs.py checks that the
committed copies equal a fresh run.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "device"))

from knightstour import settings  # noqa: E402

README = os.path.join(ROOT, "README.md")
EXAMPLE = os.path.join(ROOT, "device", "settings.toml.example")
BEGIN = "<!-- the settings table: made by tools/settings_docs.py from the code; edit there -->"
END = "<!-- end of the settings table -->"

# (section, its note or "", ((key, what it is for), ...)), in the example file's order.
SECTIONS = (
    ("the toy", "", (
        ("mode", "attract: tours run by themselves, a touch starts one from the touched square; touch: wait "
                 "for a touch (the attract loop starts after IDLE_MS); play: you move the knight"),
        ("start", "the start square of automatic tours: a square name or 1-based x,y"),
        ("order", "the check order: super (one of the super orders at random for each tour) or eight move labels"),
        ("rule", "the tie-break rule"),
        ("size", "the board (the matrix shows at most 8x8, the TFT 16x16)"),
    )),
    ("pacing", "", (
        ("pace_first_ms", "the delay before the second square"),
        ("pace_last_ms", "the delay before the last square"),
        ("pace_shape", "how the delay grows from the first to the last"),
        ("speed", "speed factor: 2 is twice as fast, 0 no delay; a decimal in a string"),
        ("pause_ms", "how long a result stays on show"),
        ("idle_ms", "touch mode: the attract loop starts after this long without a touch"),
        ("seed", "a whole number for a repeatable show"),
    )),
    ("sound", "", (
        ("sound", "off silences the piezo"),
        ("piezo", "the piezo: off (none fitted), on (the pin map's pin: Pi GPIO 6, Feather D12), or its pin"),
    )),
    ("the hardware", "", (
        ("display", "max7219 (8x8 LED matrix), ili9341 (320x240 TFT), or builtin (board.DISPLAY: PyPortal, "
                    "Pynt, Titano; chosen by itself for ili9341 on such a board)"),
        ("board", "the pin map (knightstour/hw/wiring/pins.py)"),
    )),
    ("MAX7219 matrix", "Try the 8 rotations and mirrors until a1 is the corner you expect for the way the "
                       "module is mounted (at 0, a1 is the LED the driver calls x 0, y 7: bottom left).", (
        ("matrix_rotation", "turns the picture clockwise"),
        ("matrix_mirror", "on: mirror left-right, after the rotation"),
        ("matrix_brightness", "0 is dim, 15 bright"),
        ("matrix_chain", "a chain of 8x8 modules on the one chip select: \"4\" is a 32x8 FC-16 (the board on "
                         "one matrix, the move number and result on the others), \"4 2x2\" four in a square "
                         "(boards up to 16x16); BLOCK is how each module is wired: 90 (FC-16, the default), "
                         "0 (single modules), 180, 270; empty: one 8x8 module"),
    )),
    ("ILI9341 TFT and touch", "Calibration: set CALIBRATE on (the Pi: knights-tour run --display ili9341 "
                              "--calibrate), touch the three targets, paste the printed lines here.", (
        ("tft_rotation", "0 and 180 landscape (board on the left), 90 and 270 portrait (board on top)"),
        ("touch", "the touch controller: auto (a TSC2007 answering on I2C 0x48, the TFT FeatherWing V2; else "
                  "an STMPE610, the V1), stmpe610 (resistive: FeatherWing V1, 2.4\"/2.8\" shields), tsc2007 "
                  "(FeatherWing V2), ft6206 (2.8\" capacitive), xpt2046 (resistive: the modules with an SD "
                  "slot), none"),
        ("touch_x0", "the raw reading at the screen's left edge at rotation 0; auto: the controller's "
                     "(STMPE610 and TSC2007 357, FT6206 319, XPT2046 3850)"),
        ("touch_x1", "... at the right edge (STMPE610 and TSC2007 3812, FT6206 0, XPT2046 200)"),
        ("touch_y0", "... at the top edge (STMPE610 390, TSC2007 3555, FT6206 0, XPT2046 3950)"),
        ("touch_y1", "... at the bottom edge (STMPE610 3555, TSC2007 390, FT6206 239, XPT2046 380)"),
        ("touch_swap", "on: the screen's x comes from the controller's raw y (auto: on for them all)"),
        ("calibrate", "on: run the touch calibration instead of the toy"),
    )),
    ("pins", "Each overrides the pin map's pin for this board; none: not connected. The push buttons "
             "(a MAX7219 toy), each from its pin to GND: A a new tour (held: pause), B faster (held: slower).", (
        ("pin_matrix_cs", "the MAX7219's chip select"),
        ("pin_tft_cs", "the ILI9341's chip select"),
        ("pin_tft_dc", "the ILI9341's data/command"),
        ("pin_tft_reset", "the ILI9341's reset (none: tied to the board's, as on the FeatherWing)"),
        ("pin_touch_cs", "the touch controller's chip select (the TSC2007's interrupt)"),
        ("pin_touch_irq", "the XPT2046's pen interrupt (none: no T_IRQ wire)"),
        ("pin_button_a", "push button A"),
        ("pin_button_b", "push button B"),
    )),
)


def described():
    """{key name: what it is for}; ValueError if a key of TABLE has none, or one here is no key."""
    found = {}
    for _, _, keys in SECTIONS:
        for name, text in keys:
            found[name] = text
    names = [key[settings.NAME] for key in settings.TABLE]
    missing = [name for name in names if name not in found]
    extra = [name for name in found if name not in names]
    if missing or extra:
        raise ValueError("tools/settings_docs.py: no words for %s; no such key %s" % (missing, extra))
    return found


def written(key):
    """The default as settings.toml writes it: whole numbers bare, the rest quoted."""
    value = key[settings.DEFAULT]
    if value is True or value is False:
        return '"on"' if value else '"off"'
    if value is None:
        return '"auto"' if key[settings.KIND] in ("raw", "autobool") else '""'
    if isinstance(value, float) and value == int(value):
        return str(int(value))
    if isinstance(value, int):
        return str(value)
    return '"%s"' % value


def _wrapped(text, indent="# ", width=100):
    lines, line = [], indent
    for word in text.split():
        if len(line) + len(word) + 1 > width and line != indent:
            lines.append(line.rstrip())
            line = indent
        line += word + " "
    lines.append(line.rstrip())
    return lines


def example():
    """device/settings.toml.example: every key at its default, what it is for and what it accepts."""
    words = described()
    lines = [
        "# Knight's Tour desk toy: settings. Copy to settings.toml on the CIRCUITPY drive",
        "# (a Feather), or pass it to `knights-tour run --config FILE` on a Raspberry Pi.",
        "# Flat KEY = value lines: \"strings\" or whole numbers (times in milliseconds).",
        "# Every key is shown with its default; delete a line to keep the default.",
        "# A bad value prints a message naming the key and what it accepts.",
        "# (Made by tools/settings_docs.py from the code's table.)",
    ]
    for title, note, keys in SECTIONS:
        lines += ["", ("# --- %s " % title).ljust(78, "-")]
        if note:
            lines += _wrapped(note)
        for name, _ in keys:
            key = settings.find_key(name)
            lines += _wrapped(words[name]) + _wrapped("accepted: " + settings.accepted(key))
            lines.append("%s = %s" % (settings.env_name(name), written(key)))
    return "\n".join(lines) + "\n"


def table():
    """README.md's settings table, between its markers."""
    words = described()
    lines = [BEGIN, "", "| Key | Default | Accepts | What it is for |", "|---|---|---|---|"]
    for _, _, keys in SECTIONS:
        for name, _ in keys:
            key = settings.find_key(name)
            default = written(key)
            cells = ("`%s`" % settings.env_name(name), "(empty)" if default == '""' else "`%s`" % default,
                     settings.accepted(key), words[name])
            lines.append("| %s |" % " | ".join(cell.replace("|", "\\|") for cell in cells))
    return "\n".join(lines + ["", END])


def readme(text):
    """README.md's ``text`` with its settings table made afresh; ValueError without the markers."""
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise ValueError("README.md has no settings table markers (%s ... %s)" % (BEGIN, END))
    return text[:start] + table() + text[end + len(END):]


def main(argv):
    check = argv[1:] == ["--check"]
    with open(README, encoding="utf-8") as f:
        old_readme = f.read()
    with open(EXAMPLE, encoding="utf-8") as f:
        old_example = f.read()
    fresh = {README: readme(old_readme), EXAMPLE: example()}
    stale = [path for path, old in ((README, old_readme), (EXAMPLE, old_example)) if fresh[path] != old]
    if check:
        for path in stale:
            print("%s differs from a fresh run of tools/settings_docs.py" % os.path.relpath(path, ROOT))
        return 1 if stale else 0
    for path in stale:
        with open(path + ".new", "w", encoding="utf-8", newline="\n") as f:
            f.write(fresh[path])
        os.replace(path + ".new", path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
