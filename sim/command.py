"""`knights-tour sim`: the toy in a terminal, in place of the hardware.

Settings come from --config FILE (flat TOML, the same keys as the Feather's
settings.toml: see knightstour.settings), then KNIGHTSTOUR_* environment
variables, then these options. A bad value exits with code 2 and a message
naming the key or option and the values it accepts.
"""

import sys

from knightstour.rules import RULES
from knightstour.settings import as_given
from knightstour_desktop.commands.output import check_output
from knightstour_desktop.errors import UserError
from knightstour_desktop.settings_toml import load_for_command

from .simulator import DISPLAYS, Simulator, display_name

# Options that are settings: (option's dest, settings key, option's name for messages).
OPTION_KEYS = (
    ("start", "start", "--start"),
    ("order", "order", "--order"),
    ("rule", "rule", "--rule"),
    ("size", "size", "--size"),
    ("speed", "speed", "--speed"),
    ("seed", "seed", "--seed"),
)


def display_option(text):
    """--display's value: the settings' names (max7219, ili9341), or their short aliases (matrix, tft)."""
    import argparse

    name = display_name(text)
    if name not in DISPLAYS:
        raise argparse.ArgumentTypeError("%r is not one of max7219, ili9341, both (or matrix, tft)" % (text,))
    return name


def add_arguments(parser):
    parser.add_argument("--display", type=display_option, default=None, metavar="DISPLAY",
                        help="what to show: max7219 (or matrix: the LED matrix), ili9341 (or tft: the TFT), "
                             "or both (default both)")
    parser.add_argument("--board", metavar="BOARD_ID", help=board_help())
    parser.add_argument("--start", metavar="SQUARE",
                        help="start square (c3 or 3,3) or random (default random)")
    parser.add_argument("--order", metavar="ORDER",
                        help="check order (eight move labels a-h, e.g. ahfdgceb) or super: a super order "
                             "at random for each tour (default super)")
    parser.add_argument("--rule", metavar="RULE",
                        help="tie-break rule: %s (default border)" % ", ".join(RULES))
    parser.add_argument("--size", metavar="WxH",
                        help="board size WxH, 1x1 to 32x32 (default 8x8; the matrix shows at most 8x8, "
                             "the TFT 16x16)")
    parser.add_argument("--speed", metavar="F", help="speed factor: 2 twice as fast, 0 no delay (default 1)")
    parser.add_argument("--play", action="store_true", help="start in play mode: you move the knight")
    parser.add_argument("--touch", action="store_true",
                        help="touch mode: wait for a square, run tours by themselves after a while")
    parser.add_argument("--seed", metavar="N", help="random seed, for a repeatable run (default none)")
    parser.add_argument("--plain", action="store_true",
                        help="print frames as plain text (no terminal control codes); input: lines on stdin")
    parser.add_argument("--once", action="store_true",
                        help="run one tour (or one game with --play) and exit: 0 when complete, 1 when not")
    parser.add_argument("--config", metavar="FILE",
                        help="a settings file (flat TOML, KNIGHTSTOUR_* keys as in settings.toml)")
    parser.add_argument("--screenshot", metavar="FILE.png",
                        help="with --display tft or matrix, or --board with a screen: run a tour on the "
                             "emulated chip (the real Adafruit driver) and save what it shows as a PNG, at "
                             "the screen's size, then exit")
    parser.add_argument("--record", metavar="FILE.gif",
                        help="with --display tft or matrix: record a whole tour on the emulated chip (the real "
                             "drivers) as an animated GIF or WebP (FILE.webp), at the settings' speed, then exit")
    parser.add_argument("--pixels", action="store_true",
                        help="show what the real hardware code draws on the emulated chips (the ILI9341's "
                             "screen in 24-bit colour, the MAX7219's LEDs); a click is a touch on the "
                             "emulated touch controller")
    parser.add_argument("--text", action="store_true",
                        help="show the text views (the default where the terminal is too small for --pixels "
                             "to be legible)")
    parser.add_argument("--moves", metavar="N", type=int,
                        help="with --screenshot: stop after N squares (default: the whole tour and its result)")
    parser.add_argument("--tap", metavar="X,Y", action="append", default=[],
                        help="with --screenshot: press the TFT at screen pixel X,Y (through the touch "
                             "controller and its calibration), then let go; repeat for more, in order")


def board_help():
    """--board's help: the boards known (sim/boards), those with a screen and those without."""
    from .boards import files
    from .chips.rig import PYPORTALS

    screens = sorted(PYPORTALS)
    others = sorted(set(files()) - set(screens))
    return ("a board, by CircuitPython's board_id. One with a screen of its own (%s) shows that "
            "screen at its size with the board's own inputs: its touch screen (click), its buttons A "
            "and B ([ ]), the PicoSystem's pad (the arrow keys); --display does not go with it. One "
            "without (%s) keeps the views --display picks, wired on that board's pin map (default: "
            "the Feather RP2040's)" % (", ".join(screens), ", ".join(others)))


def apply_board(args):
    """--board: ``args.screen`` (the board id of a screen of its own, or None), ``args.kind`` (the
    pin map's board kind) and ``args.display`` (the board's screen is the TFT's place); a board not
    known, or --display with a screen of its own, is one line."""
    from knightstour.hw.wiring.pins import detect_kind

    from . import boards
    from .chips.rig import PYPORTALS

    args.screen = None
    args.kind = "feather_rp2040"
    board = getattr(args, "board", None)
    if board is None:
        args.display = args.display or "both"
        return
    known = boards.files()
    if board not in known:
        raise UserError("unknown --board %s: give one of %s" % (as_given(board), ", ".join(sorted(known))))
    if board in PYPORTALS:
        if args.display is not None:
            raise UserError("--board %s shows its own screen: leave out --display" % board)
        args.screen = board
        args.display = "ili9341"
        return
    args.display = args.display or "both"
    args.kind = detect_kind(board, boards.load(board).MACHINE)


def build_settings(args, environ=None):
    """Settings from the file, the environment and the options; raise ValueError with every message.

    Every KNIGHTSTOUR_* key is accepted, the hardware's too: one settings file serves the toy
    and the simulator (see View for those it shows), its pins checked on the Feather's pin map.
    """
    options = [(key, getattr(args, dest, None), label) for dest, key, label in OPTION_KEYS]
    if getattr(args, "play", False):
        options.append(("mode", "play", "--play"))
    elif getattr(args, "touch", False):
        options.append(("mode", "touch", "--touch"))
    return load_for_command(getattr(args, "config", None), environ, options, board=getattr(args, "kind", "feather_rp2040"))


def parse_tap(text):
    """(x, y) of a --tap X,Y; ValueError naming what is accepted."""
    parts = text.replace(" ", "").split(",")
    if len(parts) != 2 or not all(part.isdigit() for part in parts):
        raise UserError("bad --tap %s: give X,Y, two whole numbers of TFT pixels from the top left, "
                         "e.g. --tap 250,200" % as_given(text))
    return int(parts[0]), int(parts[1])


def check_screenshot(args):
    """Refuse a bad --screenshot call before anything runs."""
    args.taps = [parse_tap(text) for text in getattr(args, "tap", None) or []]
    if args.taps and (args.screenshot is None or args.display != "ili9341"):
        raise UserError("--tap presses the TFT in a --screenshot run: give --display tft --screenshot FILE.png")
    if args.moves is not None and args.screenshot is None:
        raise UserError("--moves goes with --screenshot")
    if args.screenshot is None:
        return
    if args.play:
        raise UserError("--screenshot shows an automatic tour: leave out --play")
    if args.display not in ("ili9341", "max7219"):
        raise UserError("bad --display %s for --screenshot: give --display tft or --display matrix" % as_given(args.display))
    check_output(args.screenshot, "--screenshot", suffix=".png")
    if args.moves is not None and args.moves < 1:
        raise UserError("bad --moves %d: give a whole number of squares, 1 or more" % args.moves)


def check_record(args):
    """Refuse a bad --record call before anything runs."""
    if args.record is None:
        return
    from .record import SUFFIXES

    if args.screenshot is not None:
        raise UserError("--record and --screenshot each make a picture: give one of them")
    if args.play:
        raise UserError("--record shows an automatic tour: leave out --play")
    if args.display not in ("ili9341", "max7219"):
        raise UserError("bad --display %s for --record: give --display tft or --display matrix" % as_given(args.display))
    if not str(args.record).lower().endswith(SUFFIXES):
        raise UserError("bad --record %s: give a file name ending in .gif or .webp" % as_given(args.record))
    check_output(args.record, "--record")


def look_is_pixels(args, size=None):
    """--pixels or --text as given; else the pixel-true views where the terminal shows them legibly
    (the same whatever other options are given)."""
    if args.pixels or args.text:
        return args.pixels
    import shutil

    from .chips.rig import PYPORTALS
    from .tui import pixels_size

    columns, rows = size or shutil.get_terminal_size()
    need = pixels_size(args.display or "both", PYPORTALS.get(getattr(args, "screen", None)))
    return columns >= need[0] and rows >= need[1]


def seed_of(settings):
    """The emulated toy's seed: the settings' (--seed), else 1, so that pictures repeat."""
    return 1 if settings.seed is None else settings.seed


def save_screenshot(args, settings):
    from .screenshot import save_screenshot as save

    try:
        save("builtin" if args.screen else args.display, args.screenshot, settings=settings, moves=args.moves,
             seed=seed_of(settings), taps=getattr(args, "taps", ()), kind=args.screen or args.kind)
    except RuntimeError as exc:  # the app never got to the end of a tour: say so, in one line
        print("knights-tour sim: error: no screenshot: %s" % exc, file=sys.stderr)
        return 1
    print("wrote %s" % args.screenshot)
    return 0


def save_record(args, settings):
    from .record import record_frames, save_recording

    frames = record_frames("builtin" if args.screen else args.display, settings, seed=seed_of(settings),
                           kind=args.screen or args.kind)
    size = save_recording(args.record, frames)
    print("wrote %s: %d frames, %.1f s, %d KB" % (args.record, len(frames), sum(ms for _, ms in frames) / 1000.0,
                                                    (size + 1023) // 1024))
    return 0


INSTALL = ("pip install 'knights-tour-toy[sim]' (pipx: pipx install --force 'knights-tour-toy[sim]', or the "
           "wheel's file name in its place; in a clone ./simulate installs it)")


def run(args):
    """The command; a library it needs that is not installed is one line naming the extra."""
    from knightstour.hw.wiring.hardware import HardwareError

    try:
        return _run(args)
    except HardwareError as exc:  # the emulated board's wiring, e.g. a pin setting it has no such pin
        raise UserError(str(exc)) from None
    except ImportError as exc:
        name = (exc.name or "").split(".")[0]
        if not name or name.startswith("knightstour"):
            raise  # the toy's own module: a bug, not an install
        raise UserError("the simulator needs the library %s, which is not installed: %s" % (name, INSTALL)) from None


def _run(args):
    apply_board(args)
    check_screenshot(args)
    check_record(args)
    try:
        settings = build_settings(args)
        picture = "--screenshot" if args.screenshot is not None else "--record" if args.record is not None else ""
        if picture and settings.mode == "play":
            raise UserError("%s shows an automatic tour, not KNIGHTSTOUR_MODE = play: give --touch or set the "
                             "mode to attract" % picture)
        if args.screenshot is not None:
            return save_screenshot(args, settings)
        if args.record is not None:
            return save_record(args, settings)
        plain = args.plain or not sys.stdout.isatty()
        if args.pixels and args.text:
            raise UserError("--pixels and --text each choose the look: give one of them")
        if args.pixels and plain:
            raise UserError("--pixels draws in the terminal UI: leave out --plain, and run it in a terminal "
                             "(not a pipe)")
        if not plain:
            try:
                from .tui import run_tui
            except ImportError as exc:
                raise UserError("the terminal UI needs the library %s, which is not installed: %s; or use "
                                "--plain" % ((exc.name or "textual").split(".")[0], INSTALL)) from None
        pixels = not plain and look_is_pixels(args)
        sim = Simulator(settings, display=args.display, pixels=pixels, board=args.screen or args.kind)
    except OSError as exc:
        raise UserError(str(exc)) from None
    if not plain:
        try:
            return run_tui(sim, args.display, args.once, pixels)
        finally:
            sim.close()
    from .plain import run as run_plain
    from .plain import stdin_reader

    read = stdin_reader(sys.stdin) if sys.stdin is not None else None
    try:
        return run_plain(sim, args.display, args.once, read=read)
    except KeyboardInterrupt:
        return 130
