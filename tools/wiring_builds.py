"""What tools/wiring.py writes about each build: the boards, the parts and the builds (its data, no code).

The pins themselves (board pin, GPIO, header, wire colour) come from the code's pin map; this file only
says, per part, which of the toy's signals it uses, what its own pins are labelled and what each is for,
and per build which board and parts it is. Every sentence here is about one board or one part, and a
page gets only the sentences of its own board and parts.

Adding a build: give its new signals a pin in the pin map (hw/wiring/pins.py, and a row in knightstour_desktop/pinmap.py), add
its part to PARTS if it is new (what the part's pins are called, what each is for, the settings lines it
needs), then one line to BUILDS. The ILI9341 + XPT2046 module and the push buttons below are described
already and wait for their signals in the pin map.
"""


def kit(what, count, product, matrices_each, arrangement, chain_wires, setting):
    """One way to build a MAX7219 chain: ``count`` of ``product``, each ``matrices_each`` 8x8 matrices,
    arranged as ``arrangement`` (hw/views/chain.py's), joined by ``chain_wires`` wires between
    modules, told to the toy by the settings line ``setting``."""
    return {"what": what, "count": count, "product": product, "matrices_each": matrices_each,
            "arrangement": arrangement, "chain_wires": chain_wires, "setting": setting}


def kit_line(the_kit):
    """How a page and README name a kit in the parts list."""
    count = ("one", "two", "three", "four")[the_kit["count"] - 1]
    return "for %s: %s %s" % (the_kit["what"], count, the_kit["product"])


def part(title, box, pins, text="", settings=(), plugged=False, words=(), kits=(), ends="header", price=""):
    """One part: ``pins`` are (signal, the part's label for the pin, what it is for); ``settings`` the
    settings.toml lines it needs; ``plugged`` for a part that plugs onto the board (no wires); ``words``
    are names that only a page with this part may use (the tests check the other pages); ``kits`` the
    ways to build a chain, each with its own settings line; ``ends`` what a wire meets at the part: its
    "header" (male pins: a female jumper), "legs" (a female jumper pushed on; in a breadboard where the
    build has one) or "breadboard" (the part sits in one: a male jumper into its row); ``price`` what
    it costs, roughly, for the parts list ("" for what comes on the board)."""
    return {"title": title, "box": box, "pins": pins, "text": text, "settings": settings,
            "plugged": plugged, "words": words, "kits": kits, "ends": ends, "price": price,
            "optional": title.endswith("(optional)")}


BOARDS = {
    "pi": {
        "title": "Raspberry Pi", "words": ("Raspberry Pi", "raspi-config", "BCM"),
        "buy": "a Raspberry Pi with the 40-pin header on: a Zero 2 WH about $18, a Pi 4 or Pi 5 from about $45",
        "before": "Any Raspberry Pi with the 40-pin header (3, 4, 5, Zero 2 W) running Raspberry Pi OS. "
                  "Wire it switched off, with the jumper wires listed above. `sudo bash tools/pi/install.sh` "
                  "turns SPI and I2C on; by hand: sudo raspi-config > Interface Options > SPI (and I2C), "
                  "then reboot. Pin numbers below are the header's physical pins (pin 1 is the one with "
                  "the square pad, nearest the SD card); GPIO numbers are BCM. Any GND pin will do: 6, 9, "
                  "14, 20, 25, 30, 34 or 39.",
        "settings": "/etc/knightstour/config.toml (the installer writes it; `knights-tour run --config FILE` "
                    "reads any file)",
        "supply": "The Pi's 5 V pins (2 and 4) pass on what its USB supply gives: use the official supply "
                  "(3 A for a Pi 4, 5 A for a Pi 5, 2.5 A for the others).",
    },
    "feather_m4": {
        "title": "Adafruit Feather M4 Express", "words": ("Feather", "CircuitPython", "CIRCUITPY"),
        "buy": "Adafruit Feather M4 Express (3857), about $23, its headers soldered on",
        "before": "Install CircuitPython on the Feather (circuitpython.org, Feather M4 Express), solder its "
                  "headers, and deploy the toy with `knights-tour deploy` ([README](../README.md)). The "
                  "Feather has one GND pin: where several parts need ground, their ground wires meet on a "
                  "breadboard's ground rail, joined to it by one wire.",
        "settings": "settings.toml on the CIRCUITPY drive",
        "supply": "USB is the Feather's pin for the 5 V of its USB port (only while USB is plugged in); 3V is "
                  "its 3.3 V regulator's output.",
    },
    "feather_rp2040": {
        "title": "Adafruit Feather RP2040", "words": ("Feather", "CircuitPython", "CIRCUITPY"),
        "buy": "Adafruit Feather RP2040 (4884), about $12, its headers soldered on",
        "before": "Install CircuitPython on the Feather (circuitpython.org, Feather RP2040), solder its "
                  "headers, and deploy the toy with `knights-tour deploy` ([README](../README.md)). The "
                  "Feather has one GND pin: where several parts need ground, their ground wires meet on a "
                  "breadboard's ground rail, joined to it by one wire.",
        "settings": "settings.toml on the CIRCUITPY drive",
        "supply": "USB is the Feather's pin for the 5 V of its USB port (only while USB is plugged in); 3V is "
                  "its 3.3 V regulator's output.",
    },
    "pyportal": {
        "title": "Adafruit PyPortal, PyPortal Pynt or PyPortal Titano", "words": ("PyPortal", "Titano", "Pynt", "CircuitPython", "CIRCUITPY"),
        "buy": "Adafruit PyPortal (4116) about $55, PyPortal Pynt (4465) about $40 or PyPortal Titano (4444) about $60",
        "before": "Install CircuitPython on the board (circuitpython.org: PyPortal, PyPortal Pynt or PyPortal "
                  "Titano) and deploy the toy with `knights-tour deploy` ([README](../README.md)).",
        "settings": "settings.toml on the CIRCUITPY drive",
        "supply": "The USB cable powers everything.",
    },
    "pico": {
        "title": "Raspberry Pi Pico", "words": ("Raspberry Pi Pico", "Pico", "CircuitPython", "CIRCUITPY", "VBUS"),
        "buy": "a Raspberry Pi Pico, about $4 (or a Pico W about $6, Pico 2 about $5, Pico 2 W about $7: the same "
               "pins), with its two 20-pin headers soldered on, or a Pico H or WH with them on (about $1 more)",
        "before": "Install CircuitPython on the Pico (circuitpython.org: Raspberry Pi Pico, Pico W, Pico 2 or "
                  "Pico 2 W; hold BOOTSEL while plugging it in and copy the .uf2 file onto the RPI-RP2 drive), "
                  "and deploy the toy with `knights-tour deploy` ([README](../README.md)): it reads "
                  "`board.board_id` and takes the Pico's pins below, with no pin in settings.toml. Pin "
                  "numbers are the Pico's own, 1 to 40 round the board as its datasheet numbers them: seen "
                  "from above with the USB socket at the top, pin 1 (GP0, the square pad) is top left, 20 "
                  "bottom left, 21 bottom right and 40 (VBUS) top right. It has eight GND pins: 3, 8, 13, "
                  "18, 23, 28, 38 and 33 (AGND, the analog ground: fine for a part's ground).",
        "settings": "settings.toml on the CIRCUITPY drive",
        "supply": "VBUS (pin 40) is the 5 V of the Pico's USB port (only while USB powers it); 3V3(OUT) (pin "
                  "36) is its regulator's 3.3 V output: keep what it feeds under 300 mA, as the Pico's "
                  "datasheet advises. Never feed 5 V into a GP pin: the RP2040's and RP2350's pins are 3.3 V.",
    },
}

_MATRIX_PINS = (("power_5v", "VCC", "5 V supply"), ("ground", "GND", "ground"),
                ("spi_mosi", "DIN", "data in"), ("matrix_cs", "CS", "chip select (LOAD)"),
                ("spi_sck", "CLK", "clock"))

_MATRIX_LOGIC = """\
The MAX7219 wants 5 V on VCC, and then reads a logic high only from 3.5 V (0.7 x VCC), so 3.3 V
signals are out of its specification. Most modules work anyway; if yours shows garbage or nothing:
- feed the module's VCC through a 1N4001 diode (about 4.3 V: 3.3 V is then enough for a high), or
- put a 74AHCT125 level shifter (powered from 5 V) on DIN, CS and CLK.
Never connect the module's DOUT back to the board.
"""

_TFT_BREAKOUT = (("power_3v3", "VIN", "power: 3.3 V (or 5 V: the breakout has a regulator)"),
                 ("ground", "GND", "ground"), ("spi_sck", "CLK", "SPI clock"),
                 ("spi_mosi", "MOSI", "SPI data to the display"), ("spi_miso", "MISO", "SPI data from the chips"),
                 ("tft_cs", "CS", "display chip select"), ("tft_dc", "D/C", "display data/command"),
                 ("tft_reset", "RST", "display reset"))

_TFT_TEXT = """\
Adafruit's 2.8" breakouts start in 8-bit mode: close the IM1, IM2 and IM3 solder jumpers on the back for
SPI, and wire the pins on the SPI side of the board. The breakout has a regulator and level shifting: power
it from 3.3 V or 5 V on VIN; its logic is 3.3 V. Its backlight takes about 100 mA."""

_WING_TEXT = """\
The TFT FeatherWing needs no wires: plug the Feather into it. The table lists the pins the wing fixes,
because the toy's code reads them from the same pin map. Its microSD slot is not used; the toy keeps its
chip select high so the card stays off the bus."""

PARTS = {
    "max7219": part(
        "MAX7219 8x8 LED matrix module", "MAX7219 module", _MATRIX_PINS,
        _MATRIX_LOGIC + """
At full brightness with every LED on, the module draws up to about 330 mA. Keep the brightness setting
(KNIGHTSTOUR_MATRIX_BRIGHTNESS, 0 to 15) low for a desk: it is easier on the eyes and on the supply.""",
        settings=('KNIGHTSTOUR_DISPLAY = "max7219"',), words=("MAX7219",),
        price="a generic part, about $2-5"),
    "max7219_chain": part(
        "a chain of MAX7219 8x8 matrices: a 32x8 row, or a 2x2 square", "first module of the chain",
        _MATRIX_PINS,
        """\
A chain is wired like one module: the board's pins go to the first module's input (VCC, GND, DIN, CS,
CLK); each module's output (DOUT, and its VCC, GND, CS, CLK) feeds the next one's input. A 4-in-1
"FC-16" module has its four matrices chained on its own board already: nothing more to wire. For 2x2,
chain the four single modules with 5 female-to-female wires between each two (15 in all), top row first,
each row from its right end, as seen from the front with the input on the right. The settings below say
which you built; after "4 2x2", add 0 when single modules are wired as Adafruit's Matrix8x8 expects (an
FC-16's matrices are 90, the default), and turn or mirror the whole picture with
KNIGHTSTOUR_MATRIX_ROTATION and _MIRROR.

""" + _MATRIX_LOGIC + """
Each matrix draws up to about 330 mA with every LED on at full brightness, so four draw up to 1.3 A:
more than a board's 5 V pin should give. Keep KNIGHTSTOUR_MATRIX_BRIGHTNESS low (the toy rarely lights
every LED), or feed the modules' VCC from a 5 V 2 A supply whose GND joins the board's.""",
        settings=('KNIGHTSTOUR_DISPLAY = "max7219"',), words=("MAX7219",),
        price="an FC-16 about $5-8, four single modules about $8-15",
        kits=(kit("a 32x8 row (the board on one matrix, the move number and result on the others)", 1,
                  "MAX7219 4-in-1 dot matrix module (often called FC-16, 32x8)", 4, "row", 0,
                  'KNIGHTSTOUR_MATRIX_CHAIN = "4"'),
              kit("a 2x2 square (boards up to 16x16)", 4, "single MAX7219 8x8 dot matrix modules", 1, "2x2", 15,
                  'KNIGHTSTOUR_MATRIX_CHAIN = "4 2x2"'))),
    "ili9341_stmpe610": part(
        "Adafruit 2.8\" TFT breakout with a resistive touch panel (ILI9341)", "ILI9341 breakout",
        _TFT_BREAKOUT + (("link:X+", "X+", "touch panel: to the STMPE610 breakout's X+"),
                         ("link:X-", "X-", "touch panel: to the STMPE610 breakout's X-"),
                         ("link:Y+", "Y+", "touch panel: to the STMPE610 breakout's Y+"),
                         ("link:Y-", "Y-", "touch panel: to the STMPE610 breakout's Y-")),
        _TFT_TEXT + """ Its four touch pins (X+, X-, Y+, Y-) are the bare panel's: the STMPE610 breakout reads
them.""", settings=('KNIGHTSTOUR_DISPLAY = "ili9341"',), words=("ILI9341", "TFT", "STMPE610"),
        price="Adafruit 1770, about $30"),
    "stmpe610": part(
        "Adafruit STMPE610 resistive touch screen controller breakout, set to SPI", "STMPE610 breakout",
        (("power_3v3", "Vin", "power: 3.3 V"), ("ground", "GND", "ground"),
         ("spi_sck", "SCK", "SPI clock: the screen's bus"),
         ("spi_mosi", "SDI", "SPI data in: the screen's bus"),
         ("spi_miso", "SDO", "SPI data out: the screen's bus"), ("touch_cs", "CS", "STMPE610 chip select"),
         ("link:X+", "X+", "the screen's X+"), ("link:X-", "X-", "the screen's X-"),
         ("link:Y+", "Y+", "the screen's Y+"), ("link:Y-", "Y-", "the screen's Y-")),
        """\
The STMPE610 shares the screen's SPI bus: its clock and data pins need the same board pins as the
screen's, and a header pin takes one jumper. So the breakout sits in the breadboard: the board's clock,
data in and data out wires go into its SCK, SDI and SDO rows, and the screen's CLK, MOSI and MISO wires go
into the same rows. Its power and ground have board pins of their own. The breakout starts in I2C mode:
set it to SPI as Adafruit's guide for it shows.""",
        settings=('KNIGHTSTOUR_TOUCH = "stmpe610"',), words=("STMPE610",), ends="breadboard",
        price="Adafruit 1571, about $8"),
    "ili9341_ft6206": part(
        "2.8\" ILI9341 TFT with FT6206 capacitive touch", "ILI9341 + FT6206",
        _TFT_BREAKOUT + (("i2c_sda", "SDA", "FT6206 touch data (I2C)"), ("i2c_scl", "SCL", "FT6206 touch clock (I2C)")),
        _TFT_TEXT + " The FT6206 answers on I2C at address 0x38.",
        settings=('KNIGHTSTOUR_DISPLAY = "ili9341"', 'KNIGHTSTOUR_TOUCH = "ft6206"'),
        words=("ILI9341", "TFT", "FT6206"),
        price="Adafruit 2090, about $30"),
    "featherwing_v1": part(
        "2.4\" TFT FeatherWing V1 (ILI9341, STMPE610 resistive touch)", "TFT FeatherWing V1",
        (("spi_sck", "SCK", "SPI clock"), ("spi_mosi", "MOSI", "SPI data to the display"),
         ("spi_miso", "MISO", "SPI data from the touch controller"), ("tft_cs", "TFT_CS", "display chip select"),
         ("tft_dc", "TFT_DC", "display data/command"), ("touch_cs", "RT", "STMPE610 touch chip select"),
         ("sd_cs", "SD", "microSD chip select: not used, kept high")),
        _WING_TEXT, settings=('KNIGHTSTOUR_DISPLAY = "ili9341"', 'KNIGHTSTOUR_TOUCH = "auto"'), plugged=True,
        words=("ILI9341", "TFT", "FeatherWing", "STMPE610"),
        price="Adafruit 3315, about $30"),
    "featherwing_v2": part(
        "2.4\" TFT FeatherWing V2 (ILI9341, TSC2007 resistive touch)", "TFT FeatherWing V2",
        (("spi_sck", "SCK", "SPI clock"), ("spi_mosi", "MOSI", "SPI data to the display"),
         ("spi_miso", "MISO", "SPI data from the display"), ("tft_cs", "TFT_CS", "display chip select"),
         ("tft_dc", "TFT_DC", "display data/command"), ("i2c_sda", "SDA", "TSC2007 touch data (I2C, 0x48)"),
         ("i2c_scl", "SCL", "TSC2007 touch clock (I2C)"),
         ("tsc2007_irq", "IRQ", "TSC2007 interrupt: left an input (the pin of the touch chip-select setting)"),
         ("sd_cs", "SD", "microSD chip select: not used, kept high")),
        _WING_TEXT + """

The V2 (the one sold today) has a TSC2007 touch controller on I2C at 0x48, its interrupt on the pin
the V1 used for its touch chip select. With KNIGHTSTOUR_TOUCH = "auto" (the default) the toy asks
I2C 0x48 first and, when the TSC2007 answers, leaves that pin an input. The default calibration is a
guess from Adafruit's example: run the calibration once (README).""",
        settings=('KNIGHTSTOUR_DISPLAY = "ili9341"', 'KNIGHTSTOUR_TOUCH = "auto"'), plugged=True,
        words=("ILI9341", "TFT", "FeatherWing", "TSC2007"),
        price="Adafruit 3315, about $30"),
    "pyportal": part(
        "its built-in screen, touch and speaker", "built-in parts",
        (("display", "built-in TFT", "the screen, made by CircuitPython: 320x240 ILI9341 (PyPortal, Pynt), "
                                     "480x320 HX8357 (Titano)"),
         ("touch_xl", "X-", "resistive panel, read by adafruit_touchscreen"), ("touch_xr", "X+", "resistive panel"),
         ("touch_yd", "Y-", "resistive panel"), ("touch_yu", "Y+", "resistive panel"),
         ("speaker", "amplifier in", "a DAC pin (A0) into the speaker's amplifier"),
         ("speaker_enable", "amplifier on", "switched high to turn the amplifier on")),
        """\
Nothing to wire: CircuitPython's board module names the PyPortal's own parts, and the toy uses them when
the board has a board.DISPLAY (KNIGHTSTOUR_DISPLAY = "builtin", chosen by itself for the default ili9341).
The TFT toy is laid out for the screen's size: a 240 px board on the 320x240 PyPortal and Pynt, a 320 px
board on the Titano's 480x320. Touch goes through adafruit_touchscreen with Adafruit's PyPortal
calibration (KNIGHTSTOUR_CALIBRATE = "on" measures yours); the notes play on the speaker (A0 is a DAC,
not PWM: audioio plays one period of a square wave, looped).""",
        settings=('KNIGHTSTOUR_DISPLAY = "builtin"',), plugged=True,
        words=("ILI9341", "TFT", "HX8357", "PyPortal")),
    "piezo": part(
        "a passive piezo buzzer (optional)", "piezo",
        (("piezo", "+", "piezo buzzer (PWM)"), ("ground", "other leg", "ground")), ends="legs", text=
        """\
Optional: a passive piezo buzzer between the piezo pin and GND (a 100 ohm resistor in series keeps it
polite). Turn it on with KNIGHTSTOUR_PIEZO = "on" (the pin above), or give another PWM-capable pin's
name from the table's board pin column.""",
        settings=('KNIGHTSTOUR_PIEZO = "on"',),
        price="Adafruit 160 or any, about $1.50"),
}

PARTS["ili9341_xpt2046"] = part(
    "ILI9341 SPI TFT module with XPT2046 resistive touch (the 2.4\", 2.8\" and 3.2\" boards with an SD slot)",
    "ILI9341 + XPT2046 module",
    (("power_3v3", "VCC", "power: 3.3 V"), ("ground", "GND", "ground"), ("tft_cs", "CS", "display chip select"),
     ("tft_reset", "RESET", "display reset"), ("tft_dc", "DC", "display data/command"),
     ("spi_mosi", "SDI (MOSI)", "SPI data to the display"), ("spi_sck", "SCK", "SPI clock"),
     ("power_3v3", "LED", "backlight: 3.3 V"), ("spi_miso", "SDO (MISO)", "SPI data from the display"),
     ("spi_sck", "T_CLK", "touch clock: the same SPI bus"), ("touch_cs", "T_CS", "XPT2046 touch chip select"),
     ("spi_mosi", "T_DIN", "touch data in: the same SPI bus"), ("spi_miso", "T_DO", "touch data out: the same SPI bus"),
     ("touch_irq", "T_IRQ", "pen down (optional)")),
    """\
These modules carry the display and an XPT2046 touch controller on one SPI bus: each has its own chip
select, and the touch pins T_CLK, T_DIN and T_DO join the display's SCK, SDI and SDO. A header pin takes
one jumper, so plug the module into a breadboard: a short wire joins T_CLK's row to SCK's, T_DIN's to
SDI's, T_DO's to SDO's (and LED's to VCC's where the board has one 3.3 V pin). Their logic is 3.3 V only. The SD card pins
stay unconnected. If the touch readings are garbage, disconnect the display's SDO: on many of these modules
the ILI9341 does not let go of MISO, and the toy never reads from the display.""",
    settings=('KNIGHTSTOUR_DISPLAY = "ili9341"', 'KNIGHTSTOUR_TOUCH = "xpt2046"'),
    words=("ILI9341", "TFT", "XPT2046"), ends="breadboard",
    price="a generic part, about $8-15")
PARTS["buttons"] = part(
    "up to two push buttons (optional)", "push buttons",
    (("button_a", "A: one leg", "button A: to GND when pressed (the pin's pull-up holds it high)"),
     ("ground", "A: other leg", "button A's ground"),
     ("button_b", "B: one leg", "button B: to GND when pressed"), ("ground", "B: other leg", "button B's ground")),
    ends="legs", text=
    """\
Any momentary push buttons: one leg to the pin, the other to GND, each button with its own ground wire;
no resistor (the toy turns the pin's pull-up on). Where the build has a breadboard, a 6 mm button sits
across its middle gap and the wires go into its legs' rows; else a female jumper's socket pushes onto a
leg (straighten it first). Button A: a press starts a new tour, a long press (0.7 s) pauses or carries on. Button B: a
press makes the knight faster, a long press slower. The settings KNIGHTSTOUR_PIN_BUTTON_A and _B move
them to other pins ("none" turns one off).""",
    settings=(), words=(),
    price="Adafruit 367 or any 6 mm tactile switch, under $0.50 each")

# (page name, board kind, parts): the first part is the display; the piezo is added to every build
# whose board has a piezo pin in the pin map.
BUILDS = (
    ("pi-max7219", "pi", ("max7219", "buttons")),
    ("pi-max7219-chain", "pi", ("max7219_chain", "buttons")),
    ("pi-ili9341-stmpe610", "pi", ("ili9341_stmpe610", "stmpe610")),
    ("pi-ili9341-ft6206", "pi", ("ili9341_ft6206",)),
    ("pi-ili9341-xpt2046", "pi", ("ili9341_xpt2046",)),
    ("feather-m4-max7219", "feather_m4", ("max7219", "buttons")),
    ("feather-m4-max7219-chain", "feather_m4", ("max7219_chain", "buttons")),
    ("feather-m4-tft-featherwing", "feather_m4", ("featherwing_v1",)),
    ("feather-m4-tft-featherwing-v2", "feather_m4", ("featherwing_v2",)),
    ("feather-m4-ili9341-xpt2046", "feather_m4", ("ili9341_xpt2046",)),
    ("feather-rp2040-max7219", "feather_rp2040", ("max7219", "buttons")),
    ("feather-rp2040-max7219-chain", "feather_rp2040", ("max7219_chain", "buttons")),
    ("feather-rp2040-tft-featherwing", "feather_rp2040", ("featherwing_v1",)),
    ("feather-rp2040-tft-featherwing-v2", "feather_rp2040", ("featherwing_v2",)),
    ("feather-rp2040-ili9341-xpt2046", "feather_rp2040", ("ili9341_xpt2046",)),
    ("pico-max7219", "pico", ("max7219", "buttons")),
    ("pico-max7219-chain", "pico", ("max7219_chain", "buttons")),
    ("pico-ili9341-xpt2046", "pico", ("ili9341_xpt2046",)),
    ("pyportal", "pyportal", ("pyportal",)),
)
