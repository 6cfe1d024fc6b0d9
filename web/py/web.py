"""The toy in a web page: the Feather's code.py, unchanged, on the stand-ins, with the chips
emulated (sim/chips), run by the page's worker (web/worker.js) one step at a time.

The worker calls, through MicroPython's JavaScript proxies:

    start(query)   the settings in the page's query (the simulator's flag names, as a JSON
                   object): "" and the toy starts, or the one-line message of the first bad one
    toml()         the settings.toml lines that give the same toy on a board
    step(now_ms)   one phase of the start or one pass of the main loop; returns the ms to wait
    frame()        1 when the TFT's memory changed since the last call (written to /frame: a
                   4-byte header, on/swap/invert/0, then the ILI9341's RGB565 memory)
    leds()         the MAX7219's LEDs: 64 characters 0/1, row by row, then "/" and the lit LEDs' cell
                   in leds.png (1-16: intensity register 0-15; 17: display test)
    touch(x, y), release()   a finger on the TFT's screen pixel (x, y), through the calibration
    key(name)      a key, as in the simulator (sim/keys.py)
    buttons()      JSON: the TFT's on-screen buttons, [x1, y1, x2, y2, event] each
    state()        JSON: the app's state, tour length, tours, start square, squares played (play
                   mode), speed
"""

import sys

import _cp_os
import _cp_time

sys.modules["time"] = _cp_time
sys.modules["os"] = _cp_os

import board  # noqa: E402
import busio  # noqa: E402
import supervisor  # noqa: E402

from knightstour.ports import Input  # noqa: E402

board._setup("feather_m4_express")
_cp_os._Uname.machine = board._definition.MACHINE
KIND = "feather_m4"

# The page's settings: the simulator's flag names -> settings.toml keys.
FLAGS = ("display", "start", "order", "rule", "size", "speed", "seed")
DISPLAYS = {"tft": "ili9341", "matrix": "max7219", "both": "ili9341"}
EXTRA = ("moves", "board")  # the page's own: stop after that many squares, as sim --moves does; a board

toy = {"app": None, "toy": None, "steps": None, "query": {}, "display": "", "moves": 0, "tft": None, "matrix": None,
       "settings": None, "written": 0, "touch": None, "device_input": None, "keys": None, "events": [], "stopped": "",
       "polls": 0, "board": "", "pins": {}}


def _message(name, raw, accepted):
    return "bad %s = %r: %s" % (name, raw, accepted)


def check(query):
    """The settings from ``query`` (a dict): ("", settings.toml mapping, settings.Settings) or
    (message, None, None)."""
    from knightstour import settings as table

    for name in query:
        if name not in FLAGS and name not in EXTRA:
            return "unknown setting %s: the settings are %s" % (name, ", ".join(FLAGS + EXTRA)), None, None
    display = str(query.get("display", "tft")).strip().lower()
    error = _check_board(query, display)
    if error:
        return error, None, None
    if display not in DISPLAYS:
        return _message("display", query.get("display"), "one of tft, matrix, both"), None, None
    moves = str(query.get("moves", "0")).strip()
    if not moves.isdigit():
        return _message("moves", query.get("moves"), "a whole number of squares, 0 or more"), None, None
    mapping = {"KNIGHTSTOUR_DISPLAY": DISPLAYS[display]}
    settings = table.Settings(fallback=False)
    for name in FLAGS[1:]:
        if name in query:
            raw = str(query[name])
            error = settings.set(name, raw)
            if error:
                return error, None, None
            mapping[table.env_name(name)] = raw.strip()
    errors = settings.check()
    if errors:
        return errors[0], None, None
    return "", mapping, settings


def toml():
    """settings.toml's lines for the page's settings: whole numbers bare, the rest quoted (as
    CircuitPython's os.getenv reads them), with backslash escapes."""
    lines = []
    mapping = toy["mapping"]
    for name in FLAGS:
        key = "KNIGHTSTOUR_" + name.upper()
        if key not in mapping:
            continue
        value = mapping[key]
        if (value[1:] if value[:1] == "-" else value).isdigit():
            text = value
        else:
            text = '"%s"' % value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t").replace("\r", "\\r")
        lines.append("%s = %s" % (key, text))
    return "\n".join(lines) + "\n"


def _wire(display):
    from ili9341 import ILI9341
    from max7219 import MAX7219
    from stmpe610 import STMPE610

    from knightstour.hw.wiring.pins import board_name

    if display in ("tft", "both"):
        cs = getattr(board, board_name(KIND, "tft_cs"))
        dc = getattr(board, board_name(KIND, "tft_dc"))
        toy["tft"] = cs.chip = ILI9341(dc)
        busio._SPI_CHIPS.append(cs)
        touch_cs = getattr(board, board_name(KIND, "touch_cs"))
        toy["touch"] = touch_cs.chip = STMPE610()
        busio._SPI_CHIPS.append(touch_cs)
    if display in ("matrix", "both"):
        cs = getattr(board, board_name(KIND, "matrix_cs"))
        toy["matrix"] = cs.chip = MAX7219()
        busio._SPI_CHIPS.append(cs)


def start(query_json):
    import json

    query = json.loads(query_json)
    error, mapping, settings = check(query)
    if error:
        return error
    toy["query"] = query
    toy["mapping"] = mapping
    toy["settings"] = settings  # the device's are gone once its app is made
    toy["moves"] = int(str(query.get("moves", "0")).strip())
    display = str(query.get("display", "tft")).strip().lower()
    with open("/settings.toml", "w") as f:
        f.write(toml())
    toy["display"] = display
    if query.get("board"):
        _own_screen(str(query["board"]).strip())
    else:
        _wire(display)

    import knightstour.hw.feather

    knightstour.hw.feather.host = _host
    code = "/code.py"
    exec(compile(open(code).read(), code, "exec"), {"__name__": "__main__", "__file__": code})
    return ""


def _host(device, steps):
    """hw/feather.py's host: code.py's main() hands the toy and its steps here; step() runs them."""
    toy["toy"] = device
    toy["steps"] = steps


def _started(app):
    """The app is made (the start's last phase ran): the page's own parts join it."""
    toy["app"] = app
    toy["screen"] = app.display  # the TFT's display port, or the matrix's
    if toy["display"] == "both":
        _add_matrix(app)
    _add_keys(app)


def _add_matrix(app):
    """display=both: the MAX7219 toy's display beside the TFT, fed by the same app (as the
    simulator shows both)."""
    from tee import TeeDisplay

    from knightstour.hw.wiring.build import build
    from knightstour.hw.wiring.hardware import BoardHardware

    settings = toy["settings"]
    matrix, _, _ = build(settings, BoardHardware(KIND, settings, board=board), display="max7219")
    app.show_on(TeeDisplay([app.display, matrix]))


class _KeyedInput(Input):
    """The page's keys first, then the device's own input (the touch screen)."""

    def __init__(self, device):
        self.device = device

    def poll(self):
        if toy["events"]:
            return toy["events"].pop(0)
        toy["polls"] += 1
        return self.device.poll()


def polls():
    """How often the device has read its touch input: a press or a lift lasts until it has been read."""
    return toy["polls"]


def _add_keys(app):
    from keys import KeyReader

    toy["keys"] = KeyReader(app.board)
    toy["device_input"] = app.input
    app.input = _KeyedInput(app.input)


def _done(app):
    moves = toy["moves"]
    return moves and (app.state == "run" and app.tours.tour.length >= moves or app.tours.count >= 1)


def step(now_ms):
    supervisor.now_ms[0] = int(now_ms)
    if toy["stopped"]:
        return 1000
    try:
        app = toy["app"]
        if toy["steps"] is None or app is not None and _done(app):
            return 1000
        wait = next(toy["steps"])
        if app is None and toy["toy"].app is not None:
            _started(toy["toy"].app)
    except StopIteration:
        toy["stopped"] = "the toy stopped"
        return 1000
    except SystemExit:
        toy["stopped"] = "the toy stopped (see the message above)"
        return 1000
    _let_go(now_ms)
    keys = toy["keys"]
    if keys is not None:
        event = keys.expire(now_ms / 1000)
        if event is not None:
            toy["events"].append(event)
    return int(wait * 1000)


def frame():
    chip = toy["tft"]
    if chip is None or chip.pixels_written == toy["written"]:
        return 0
    toy["written"] = chip.pixels_written
    on = chip.display_on and not chip.sleeping
    swap = bool(chip.madctl & 0x08) != chip.panel_bgr
    with open("/frame", "wb") as f:
        f.write(bytes((int(on), int(swap), int(chip.inverted), 0)))
        f.write(chip.memory)
    return 1


def leds():
    chip = toy["matrix"]
    if chip is None:
        return ""
    rows = chip.leds
    level = 17 if chip.display_test else chip.intensity + 1  # the page's leds.png: 0 off, 1-16, test
    return "".join("".join("1" if on else "0" for on in row) for row in rows) + "/%d" % level


def touch(x, y):
    """A finger on screen pixel (x, y): the raw reading the device's own calibration (its touch
    input's mapper) maps there."""
    chip = toy["touch"]
    mapper = getattr(toy["device_input"], "mapper", None)
    if chip is None or mapper is None:
        return
    from touch_raw import raw_touch

    calibration = (mapper.x0, mapper.x1, mapper.y0, mapper.y1, mapper.swap)
    chip.touch(*raw_touch(calibration, x, y, mapper.rotation, mapper.width0, mapper.height0))


def release():
    if toy["touch"] is not None:
        toy["touch"].release()


def key(name):
    keys = toy["keys"]
    if keys is None or _board_key(name):
        return
    event = keys.feed(name, supervisor.now_ms[0] / 1000)
    if event is not None:
        toy["events"].append(event)


def buttons():
    """JSON: the TFT's on-screen buttons, [x1, y1, x2, y2, event] each (none without touch)."""
    import json

    found = getattr(toy.get("screen"), "buttons", None) or []
    return json.dumps([list(button[:5]) for button in found])


def state():
    import json

    app = toy["app"]
    if app is None:
        return json.dumps({"state": "", "stopped": toy["stopped"]})
    return json.dumps({"state": app.state, "length": app.tours.tour.length, "tours": app.tours.count,
                       "start": app.tours.tour.path[0] if app.tours.tour.length else -1, "stopped": toy["stopped"],
                       "done": bool(_done(app)), "played": app.game.tour.length if app.game else 0, "speed": app.clock.pacing.speed})


# ------------------------------------------------------------ a board with a screen of its own

# The page's keys for a board's own buttons and pad: [ and ] as the MAX7219 toy's A and B (the
# first of each that the board has, as the toy takes them: wiring/own.py), the arrows on a pad, x and y
# on its X and Y.
BOARD_KEYS = {"[": ("BUTTON_A", "SW_A", "BUTTON"), "]": ("BUTTON_B", "SW_B"), "up": ("SW_UP",),
              "down": ("SW_DOWN",), "left": ("SW_LEFT",), "right": ("SW_RIGHT",), "x": ("SW_X",), "y": ("SW_Y",)}
PRESS_MS = 100  # a key holds its pin down this long, and for PRESS_POLLS reads of the toy's inputs
PRESS_POLLS = 3


def _screens():
    """The boards with a screen of their own (sim/boards: a DISPLAY)."""
    import os

    found = []
    for name in sorted(os.listdir("/stand_ins/boards")):  # each board's .py, or .mpy as py.pack has it
        name = name.rsplit(".", 1)[0]
        if not name.startswith("_") and board._load(name).DISPLAY is not None:
            found.append(name)
    return found


def _check_board(query, display):
    """The one-line message for a bad ``board`` of the query, or ""."""
    name = str(query.get("board", "")).strip()
    if not name:
        return ""
    screens = _screens()
    if name not in screens:
        return _message("board", query.get("board"), "one of %s, or none (the Feather)" % ", ".join(screens))
    if display != "tft":
        return "board %s shows its own screen: display goes with the Feather (tft)" % name
    return ""


def _own_screen(board_id):
    """board=...: the stand-in board ``board_id`` as its board.c makes it (_portal.setup: its pins,
    its display's pins in use), its board.DISPLAY one the page shows: a BusDisplay of the screen's
    size at rotation 0 on an ILI9341 model, sent the start the toy's own ILI9341 gets (MADCTL as
    the simulator's display has it); its touch on the board's own controller."""
    import _portal
    import busdisplay
    import displayio
    import fourwire
    from ili9341 import ILI9341
    from microcontroller import Pin

    from knightstour.hw.chips.ili9341 import _START

    _portal.setup(board_id)
    if not board._definition.DAC:
        _no_audioio()
    width, height = board.DISPLAY.width, board.DISPLAY.height
    displayio.release_displays()  # board.c's display, drawing nowhere, gives way to the page's
    dc, cs = Pin("DISPLAY_DC"), Pin("DISPLAY_CS")  # the display's own wires, inside the board
    spi = busio.SPI(Pin("DISPLAY_SCK"), Pin("DISPLAY_MOSI"))
    toy["tft"] = cs.chip = ILI9341(dc, width=height, height=width)
    busio._SPI_CHIPS.append(cs)
    board.DISPLAY = busdisplay.BusDisplay(fourwire.FourWire(spi, command=dc, chip_select=cs), _START,
                                          width=width, height=height, rotation=0, auto_refresh=True)
    toy["board"] = board_id
    toy["size"] = (width, height)
    if hasattr(board, "TOUCH_XL"):  # the PyPortals' resistive panel on its four wires
        from resistive import pyportal_panel

        toy["touch"] = _portal.Panel(pyportal_panel(board))
    elif hasattr(board, "TOUCH_CS"):  # the Cheap Yellow Display's XPT2046 on TOUCH_SPI
        from xpt2046 import XPT2046

        toy["touch"] = board.TOUCH_CS.chip = XPT2046(interrupt=board.TOUCH_INT)
        busio._SPI_CHIPS.append(board.TOUCH_CS)


def _no_audioio():
    """A board without a DAC has no audioio (the harness leaves its stand-in out too): this worker's
    filesystem, made for this one start, drops it."""
    import os

    for name in os.listdir("/stand_ins"):
        if name.split(".")[0] in ("audioio", "audiocore"):
            os.remove("/stand_ins/" + name)


def screen():
    """JSON: the TFT's (width, height) at rotation 0: a board's own screen's, else the ILI9341's."""
    import json

    return json.dumps(list(toy.get("size") or (320, 240)))


def _board_key(name):
    """A key on a board's own button or pad pin (True), or not one of them (False). A board with
    touch takes no buttons (the toy reads its touch only, as on the board)."""
    if not toy["board"] or toy["touch"] is not None or name not in BOARD_KEYS:
        return False
    for pin in BOARD_KEYS[name]:
        if hasattr(board, pin):
            getattr(board, pin).drive(False)
            toy["pins"][pin] = (toy["polls"], supervisor.now_ms[0])
            return True
    return name.startswith(("[", "]"))  # a button the board has not: nothing


def _let_go(now_ms):
    """Let go of the pins pressed long enough, and read by the toy."""
    pins = toy["pins"]
    for pin in list(pins):
        polls, at = pins[pin]
        if toy["polls"] - polls >= PRESS_POLLS and now_ms - at >= PRESS_MS:
            getattr(board, pin).drive(None)
            del pins[pin]
