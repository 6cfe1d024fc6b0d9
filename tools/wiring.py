"""Generate wiring/: one page per supported combination, with a pin table and an SVG diagram.

Everything comes from the code's one pin map (device/knightstour/hw/wiring/pins.py, with the notes in pinmap.py).
Run:  .venv/bin/python tools/wiring.py          (rewrites wiring/)
      .venv/bin/python tools/wiring.py --check  (exit 1 if wiring/ differs from a fresh run)
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "device"))

from knightstour.hw.wiring.pinmap import BOARD_TITLES, row  # noqa: E402

OUT = os.path.join(ROOT, "wiring")

MATRIX = ("power_5v", "ground", "spi_mosi", "matrix_cs", "spi_sck")
TFT = ("power_3v3", "ground", "spi_sck", "spi_mosi", "spi_miso", "tft_cs", "tft_dc", "tft_reset")
STMPE610 = ("touch_cs",)
FT6206 = ("i2c_sda", "i2c_scl")
WING = ("spi_sck", "spi_mosi", "spi_miso", "tft_cs", "tft_dc", "touch_cs", "sd_cs")
WING_V2 = ("spi_sck", "spi_mosi", "spi_miso", "tft_cs", "tft_dc", "i2c_sda", "i2c_scl", "tsc2007_irq", "sd_cs")
PYPORTAL = ("display", "touch_xl", "touch_xr", "touch_yd", "touch_yu", "speaker", "speaker_enable")
PIEZO = ("piezo",)

MATRIX_POWER = """\
The MAX7219 wants 5 V on VCC, and then reads a logic high only from 3.5 V (0.7 x VCC), so the 3.3 V
signals of a Pi or a Feather are out of its specification. Most modules work anyway; if yours shows
garbage or nothing:
- feed the module's VCC through a 1N4001 diode (about 4.3 V: 3.3 V is then enough for a high), or
- put a 74AHCT125 level shifter (powered from 5 V) on DIN, CS and CLK.
Never connect the module's DOUT back to a 3.3 V pin. At full brightness with every LED on, the module
draws up to about 330 mA; a Pi's 5 V pin or a Feather's USB pin supplies that. Keep the brightness
setting (KNIGHTSTOUR_MATRIX_BRIGHTNESS, 0 to 15) low for a desk: it is easier on the eyes and on the supply."""

CHAIN_POWER = """\
A chain is wired like one module: the board's pins go to the first module's input (VCC, GND, DIN, CS,
CLK); each module's output (DOUT) feeds the next one's DIN, CS and CLK are shared. A 32x8 "FC-16"
module has its four matrices chained on the board already; for 2x2, chain two of them (or four single
modules) top row first, each row from its right end, as seen from the front with the input on the right.
Tell the toy in settings.toml: KNIGHTSTOUR_MATRIX_CHAIN = "4" (a 32x8 row: the board on one matrix, the
move number and result on the others) or "4 2x2" (boards up to 16x16); add 0 after it for single modules
wired as Adafruit's Matrix8x8 expects (an FC-16 is 90, the default), and turn or mirror the whole
picture with KNIGHTSTOUR_MATRIX_ROTATION and _MIRROR.

Power: each module draws up to about 330 mA with every LED on at full brightness, so four draw up to
1.3 A: more than a Pi's 5 V pin or a Feather's USB pin should give. Keep KNIGHTSTOUR_MATRIX_BRIGHTNESS
low (the toy rarely lights every LED), or feed the modules' VCC from a 5 V 2 A supply whose GND joins
the board's. The 3.3 V logic notes of the single module hold here too: a 74AHCT125 on DIN, CS and CLK
if the first module shows garbage."""

TFT_POWER = """\
Adafruit's ILI9341 breakouts have a regulator and level shifting: power them from 3.3 V or 5 V (VIN).
Logic is 3.3 V, which the Pi and the Feathers give. The backlight takes about 100 mA."""

FEATHERWING = """\
The TFT FeatherWing needs no wires: plug the Feather into it. The table lists the pins the wing fixes,
because the code reads them from the same pin map."""

FEATHERWING_V2 = """\
The TFT FeatherWing V2 (the one sold today, product 3315) needs no wires either. Its touch controller is a
TSC2007 on I2C at 0x48, its interrupt on D6, where the V1 had the STMPE610's chip select. With
KNIGHTSTOUR_TOUCH = "auto" (the default) the toy asks I2C 0x48 first and, when the TSC2007 answers,
leaves D6 an input (a V1 gets its STMPE610, after a second try if it was not ready at power-up).
The default calibration is a guess from Adafruit's V2 example: run KNIGHTSTOUR_CALIBRATE = "on" once."""

PYPORTAL_NOTE = """\
Nothing to wire: CircuitPython's board module names the PyPortal's own parts, and the toy uses them when
the board has a board.DISPLAY (KNIGHTSTOUR_DISPLAY = "builtin", chosen by itself for the default ili9341).
The TFT toy is laid out for the screen's size: a 240 px board on the 320x240 PyPortal and Pynt, a 320 px
board on the Titano's 480x320. Touch goes through adafruit_touchscreen with Adafruit's PyPortal
calibration (KNIGHTSTOUR_CALIBRATE = "on" measures yours); the notes play on the speaker (A0 is a DAC,
not PWM: audioio plays one period of a square wave, looped) unless KNIGHTSTOUR_PIEZO names a pin."""

PIEZO_NOTE = """\
Optional: a passive piezo buzzer between the piezo pin and GND (a 100 ohm resistor in series keeps it
polite). Turn it on with KNIGHTSTOUR_PIEZO = "on" (the pin above) or a board pin name such as "D12"."""

PAGES = (
    ("pi-max7219", "Raspberry Pi + MAX7219 8x8 LED matrix", "pi", "MAX7219 module", MATRIX, MATRIX_POWER),
    ("pi-ili9341-stmpe610", "Raspberry Pi + ILI9341 TFT with STMPE610 resistive touch", "pi",
     "ILI9341 + STMPE610 breakout", TFT + STMPE610, TFT_POWER),
    ("pi-ili9341-ft6206", "Raspberry Pi + ILI9341 TFT with FT6206 capacitive touch", "pi",
     "ILI9341 + FT6206 (2.8\" capacitive)", TFT + FT6206, TFT_POWER),
    ("feather-rp2040-tft-featherwing", "Feather RP2040 + TFT FeatherWing V1 (ILI9341, STMPE610)", "feather_rp2040",
     "TFT FeatherWing", WING, FEATHERWING),
    ("feather-m4-tft-featherwing", "Feather M4 Express + TFT FeatherWing V1 (ILI9341, STMPE610)", "feather_m4",
     "TFT FeatherWing", WING, FEATHERWING),
    ("feather-rp2040-tft-featherwing-v2", "Feather RP2040 + TFT FeatherWing V2 (ILI9341, TSC2007)",
     "feather_rp2040", "TFT FeatherWing V2", WING_V2, FEATHERWING_V2),
    ("feather-m4-tft-featherwing-v2", "Feather M4 Express + TFT FeatherWing V2 (ILI9341, TSC2007)", "feather_m4",
     "TFT FeatherWing V2", WING_V2, FEATHERWING_V2),
    ("feather-rp2040-max7219", "Feather RP2040 + MAX7219 8x8 LED matrix", "feather_rp2040", "MAX7219 module",
     MATRIX, MATRIX_POWER),
    ("feather-m4-max7219", "Feather M4 Express + MAX7219 8x8 LED matrix", "feather_m4", "MAX7219 module",
     MATRIX, MATRIX_POWER),
    ("pi-max7219-chain", "Raspberry Pi + a chain of MAX7219 modules (32x8 FC-16, or 2x2)", "pi",
     "first module of the chain", MATRIX, CHAIN_POWER),
    ("feather-rp2040-max7219-chain", "Feather RP2040 + a chain of MAX7219 modules (32x8 FC-16, or 2x2)",
     "feather_rp2040", "first module of the chain", MATRIX, CHAIN_POWER),
    ("feather-m4-max7219-chain", "Feather M4 Express + a chain of MAX7219 modules (32x8 FC-16, or 2x2)",
     "feather_m4", "first module of the chain", MATRIX, CHAIN_POWER),
    ("pyportal", "PyPortal, PyPortal Pynt, PyPortal Titano (built-in screen, touch and speaker)", "pyportal",
     "built-in parts", PYPORTAL, PYPORTAL_NOTE),
)

POWER_NAMES = {"power_5v": "5V", "power_3v3": "3V3", "ground": "GND"}
COLOURS = {"red": "#d62728", "black": "#222222", "yellow": "#e6b800", "blue": "#1f77b4", "green": "#2ca02c",
           "orange": "#ff7f0e", "white": "#bbbbbb", "grey": "#7f7f7f", "purple": "#9467bd", "": "#cccccc"}


def _cell(value):
    return "-" if value in (None, "") else str(value)


def table(kind, signals):
    lines = ["| module pin | board pin | GPIO | header / label | wire | what it is for |",
             "|---|---|---|---|---|---|"]
    for signal in signals:
        r = row(kind, signal)
        lines.append("| %s | %s | %s | %s | %s | %s |" % (
            r["module"], _cell(r["board"]), _cell(r["gpio"]), _cell(r["header"]), _cell(r["colour"]), r["note"]))
    return "\n".join(lines)


def _escape(text):
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def diagram(title, kind, module_title, signals):
    """A plain SVG: the board's pins on the left, the module's on the right, one coloured wire each."""
    rows = [row(kind, s) for s in signals]
    pitch, top, height = 34, 70, 70 + 34 * len(rows) + 30
    lines = ['<svg xmlns="http://www.w3.org/2000/svg" width="800" height="%d" viewBox="0 0 800 %d" '
             'font-family="sans-serif" font-size="13">' % (height, height),
             '<rect width="800" height="%d" fill="#ffffff"/>' % height,
             '<text x="20" y="28" font-size="16" font-weight="bold">%s</text>' % _escape(title),
             '<rect x="20" y="45" width="230" height="%d" rx="8" fill="#1d4f91"/>' % (len(rows) * pitch + 20),
             '<text x="30" y="62" fill="#ffffff" font-weight="bold">%s</text>'
             % _escape(BOARD_TITLES[kind].split(" (")[0]),
             '<rect x="510" y="45" width="270" height="%d" rx="8" fill="#2f6e3b"/>' % (len(rows) * pitch + 20),
             '<text x="520" y="62" fill="#ffffff" font-weight="bold">%s</text>' % _escape(module_title)]
    for i, r in enumerate(rows):
        y = top + i * pitch + 12
        if not r["board"]:
            power = POWER_NAMES.get(r["signal"], r["module"])
            board_label = "%s (pin %s)" % (power, r["header"]) if kind == "pi" else str(r["header"])
        elif kind == "pi":
            board_label = "%s (GPIO %s, pin %s)" % (r["board"], r["gpio"], r["header"])
        elif kind == "pyportal":
            board_label = "board." + r["board"]
        else:
            board_label = "%s (%s)" % (r["board"], r["header"])
        colour = COLOURS.get(r["colour"], "#cccccc")
        lines.append('<text x="30" y="%d" fill="#ffffff">%s</text>' % (y + 4, _escape(board_label)))
        lines.append('<circle cx="250" cy="%d" r="5" fill="%s"/>' % (y, colour))
        lines.append('<line x1="250" y1="%d" x2="510" y2="%d" stroke="%s" stroke-width="4"/>' % (y, y, colour))
        lines.append('<circle cx="510" cy="%d" r="5" fill="%s"/>' % (y, colour))
        module_label = "piezo %s" % r["module"] if r["part"] == "piezo" else r["module"]
        lines.append('<text x="520" y="%d" fill="#ffffff">%s</text>' % (y + 4, _escape(module_label)))
    lines.append("</svg>")
    return "\n".join(lines) + "\n"


def page(name, title, kind, module_title, signals, power):
    parts = ["# %s" % title, "",
             "Generated by `python tools/wiring.py` from `device/knightstour/hw/wiring/pins.py`: edit the pin map, "
             "not this page.", "",
             "![wiring diagram](%s.svg)" % name, "", table(kind, signals), ""]
    if kind == "pyportal":
        return "\n".join(parts + ["## Notes", "", power, ""])
    parts += ["## Power", "", power, "", "## Piezo (optional)", "", table(kind, PIEZO + ("ground",)), "",
              PIEZO_NOTE, ""]
    return "\n".join(parts)


def index():
    lines = ["# Wiring", "",
             "One page per supported combination. Generated by `python tools/wiring.py` from the code's pin map "
             "(`device/knightstour/hw/wiring/pins.py`), which the Pi's `knights-tour run` and the Feather's `code.py` "
             "read too.", ""]
    for name, title, _, _, _, _ in PAGES:
        lines.append("- [%s](%s.md)" % (title, name))
    lines += ["", "Nothing here has been checked on real hardware yet: the tests run the real Adafruit drivers "
              "against emulated chips. If the toy does not start, `knights-tour run` names the fix "
              "(SPI off, a chip that does not answer) in one line.", ""]
    return "\n".join(lines)


def generate():
    """{file name: text} for every file of wiring/."""
    files = {"README.md": index()}
    for name, title, kind, module_title, signals, power in PAGES:
        files[name + ".md"] = page(name, title, kind, module_title, signals, power)
        files[name + ".svg"] = diagram(title, kind, module_title, signals + (PIEZO if kind != "pyportal" else ()))
    return files


def main(argv):
    files = generate()
    if "--check" in argv:
        stale = [n for n, text in files.items()
                 if not os.path.exists(os.path.join(OUT, n)) or open(os.path.join(OUT, n)).read() != text]
        extra = sorted(set(os.listdir(OUT)) - set(files)) if os.path.isdir(OUT) else []
        for name in stale + extra:
            print("wiring/%s differs from a fresh run of tools/wiring.py" % name)
        return 1 if stale or extra else 0
    os.makedirs(OUT, exist_ok=True)
    for name, text in files.items():
        with open(os.path.join(OUT, name), "w") as f:
            f.write(text)
    print("wrote %d files to wiring/" % len(files))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
