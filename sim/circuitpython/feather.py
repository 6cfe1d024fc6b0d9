"""The Feather in a test: run the drive's code.py unchanged under MicroPython, on the stand-ins.

run.mjs runs this script; feather_config.py (written by drive.py) says what to do:

    CONFIG = {"board_id": ..., "touch": "stmpe610" | "ft6206" | "tsc2007" | "xpt2046" | "none",
              "tours": 100, "press": None or (raw_x, raw_y, at_step),
              "buttons": [(board pin name, step down, step up), ...]}

    CONFIG["uptime_ms"]: the milliseconds since boot the run starts at (0: a fresh boot, whose
    ticks_ms() is 0x1fff0000); RESULT's longest_gap_ms/shortest_gap_ms are the longest and
    shortest time between two moves of a tour, moves_timed how many.

    CONFIG["float30"]: floats as a board has them (30 bits, a 22-bit mantissa: float30()) where
    the toy's time passes: each reading of its clock, the waits the loop returns, and the App's
    stored times (FLOAT_STATE) before each update. Arithmetic inside one update stays in this
    port's doubles: what it covers is the clock's precision and every time the toy keeps.

    CONFIG["buttons"]: push buttons pressed (the pin to GND) and let go at those main loop
    steps; the clock then moves on at least 10 ms a step, as a board's loop pass takes a while.

    CONFIG["record"]: print MODULES and the modules code.py imported, in order, at the end;
    CONFIG["modules"]: instead of running code.py, import these one step each and print
    MODULE name bytes (the live heap each adds, after a collection), each after a line of
    micropython.qstr_info() (the heap the interned names take, qstr pools included).

    CONFIG["free"]: the free heap code.py starts with (bytes), as gc.mem_free() reads on a board
    after boot. The stand-ins (CONFIG["stand_ins"]) are C on a board (no heap), and this script
    and run.mjs's asyncio are not there at all, but here their bytecode takes heap: they are all imported
    first, then a ballast takes what is free beyond CONFIG["free"], so code.py gets that much.
    None: code.py gets all the heap run.mjs was given.

The start is hw/feather.py's start(), a generator of phases that run() goes through in a row
on the board; the main loop is knightstour.hw.mainloop.steps(), the generator run_forever()
iterates on the board. Here run and run_forever are swapped for ones that hand the same
generators to run.mjs's asyncio stand-in, which runs one step per return to JavaScript and
collects the garbage after each (a board collects whenever an allocation finds no room; this
port cannot while a step runs). It prints one line at the end:
RESULT {...} with the live heap after start and after the tours (bytes, after a collection).
"""

import gc
import sys

import _cp_os
import _cp_time

sys.modules["time"] = _cp_time
sys.modules["os"] = _cp_os

import asyncio  # noqa: E402  (run.mjs's stand-in)

import board  # noqa: E402
import busio  # noqa: E402
import supervisor  # noqa: E402
from _float30 import float30  # noqa: E402
from feather_config import CONFIG  # noqa: E402

board._setup(CONFIG["board_id"])
supervisor.now_ms[0] = CONFIG.get("uptime_ms") or 0  # ms since boot: ticks_ms() is 0x1fff0000 more
chip = None
if CONFIG["touch"] == "stmpe610":
    from stmpe610 import STMPE610

    chip = STMPE610()
    board.D6.chip = chip  # the TFT FeatherWing's touch CS
    busio._SPI_CHIPS.append(board.D6)
elif CONFIG["touch"] == "ft6206":
    from ft6206 import FT6206

    chip = FT6206()
    busio._I2C_CHIPS[0x38] = chip
elif CONFIG["touch"] == "tsc2007":
    from tsc2007 import TSC2007

    chip = TSC2007(interrupt=board.D6)  # the TFT FeatherWing V2: PENIRQ on D6
    busio._I2C_CHIPS[0x48] = chip
elif CONFIG["touch"] == "xpt2046":
    from xpt2046 import XPT2046

    chip = XPT2046(interrupt=board.A3)  # an ILI9341 module's: T_IRQ on the pin map's A3
    board.D6.chip = chip  # T_CS on the touch CS
    busio._SPI_CHIPS.append(board.D6)

# run.mjs copied the drive to the filesystem's root (--root), where a board has CIRCUITPY, and
# puts the run folder first on sys.path; then the drive's folders, as CircuitPython has them.
_cp_os.chdir("/")
sys.path[1:1] = ["/", "/lib"]

# Every stand-in (drive.py's STAND_INS), imported before code.py: on a board they are built in
# and take no heap.
for _name in CONFIG["stand_ins"]:
    __import__(_name)

result = {}
ballast = None
# What hw/feather.py forgets after start (startup.py's FORGET, startup.py, the super orders).
START_MODULES = ("knightstour.settings", "knightstour.hw.wiring.keys", "knightstour.hw.wiring.build",
                 "knightstour.hw.wiring.builtin",
                 "knightstour.hw.wiring.touch_chips", "knightstour.hw.wiring.hardware", "knightstour.hw.wiring.pins",
                 "knightstour.hw.chips.ili9341", "knightstour.hw.views.tft_panel",
                 "knightstour.hw.wiring",
                 "knightstour.hw.startup",
                 "knightstour.super_orders")


def _live():
    return gc.mem_alloc() - result["base"]


# This port may add heap areas (it cannot here: run.mjs keeps the memory from growing), and its
# gc.mem_free() counts the biggest area it might add, 128 MB (ports/webassembly/main.c,
# gc_get_max_new_split), on top of what is free.
NEW_SPLIT = 128 * 1024 * 1024


def _free():
    return gc.mem_free() - NEW_SPLIT


def _begin():
    """After a collection, leave code.py CONFIG["free"] bytes of free heap (the ballast takes the rest)."""
    global ballast
    yield  # run.mjs collects after each step
    result["stand_ins"] = gc.mem_alloc()
    free = CONFIG.get("free")
    if free is not None:
        spare = _free() - free - 16  # the bytearray object's own block
        if spare < 16:
            raise SystemExit("feather.py: run.mjs's heap leaves %d B, not %d B, after the stand-ins"
                             % (_free(), free))
        ballast = bytearray(spare)
    result["free_at_start"] = _free()
    result["base"] = gc.mem_alloc()


def _drive(app, steps):
    yield  # run.mjs collects after each step
    result["live_after_start"] = _live()
    result["start_modules_kept"] = len([name for name in START_MODULES if name in sys.modules])
    presses = CONFIG.get("press") or []  # [raw x, raw y, step]: down at step, up 3 steps on
    last = presses[-1][2] + 3 if presses else 0
    buttons = CONFIG.get("buttons") or ()
    step = 0
    wanted = CONFIG["tours"]
    moved = [0, 0]  # the tour's length and the clock (ms since boot) at its last move
    for wait in steps:
        if CONFIG.get("float30"):
            wait = float30(wait)
        if buttons and wait < 0.01:
            wait = 0.01
        if wait > 0:
            _cp_time.advance(wait)
        step += 1
        if app.clock.paused:
            result["paused_steps"] = result.get("paused_steps", 0) + 1
        for name, down, up in buttons:
            if step == down:
                getattr(board, name).drive(False)
            elif step == up:
                getattr(board, name).drive(None)
        if chip is not None:
            for press in presses:
                if step == press[2]:
                    chip.touch(press[0], press[1])
                elif step == press[2] + 3:
                    chip.release()
                    if press is presses[0]:
                        result["touched_start"] = app.tours.tour.path[0]
                        result["touched_length"] = app.tours.tour.length
        length = app.tours.tour.length
        if app.state == "run" and length != moved[0]:
            if moved[0] and length == moved[0] + 1:  # a move: the time since the last one
                gap = supervisor.now_ms[0] - moved[1]
                result["longest_gap_ms"] = max(gap, result.get("longest_gap_ms", 0))
                result["shortest_gap_ms"] = min(gap, result.get("shortest_gap_ms", gap))
                result["moves_timed"] = result.get("moves_timed", 0) + 1
            moved[0] = length
            moved[1] = supervisor.now_ms[0]
        if app.tours.count >= wanted and step > last:
            break
        yield
    result["tours"] = app.tours.count
    result["last_kind"] = app.tours.last_kind
    result["speed"] = "%g" % app.clock.pacing.speed
    result["paused"] = int(app.clock.paused)
    game = app.game  # None until play mode is first used
    result["play_length"] = game.tour.length if game else 0
    result["play_over"] = game.over if game and game.over else "-"
    result["steps"] = step
    result["uptime_ms"] = supervisor.now_ms[0]
    import busdisplay

    for display in busdisplay._DISPLAYS:
        result["display"] = "%dx%d" % (display.width, display.height)
    yield  # run.mjs collects after each step
    result["live_after_tours"] = _live()
    out = []
    for key in sorted(result):
        out.append('"%s": %d' % (key, result[key]) if isinstance(result[key], int)
                   else '"%s": "%s"' % (key, result[key]))
    print("RESULT {" + ", ".join(out) + "}")
    if imported:
        print("MODULES " + " ".join(imported))


FLOAT_STATE = ("now", "due", "paused_left", "last_delay")  # the App's floats kept between updates


def run_forever(app, monotonic, sleep, max_sleep=None, until=None, out_of_memory=None):
    from knightstour.hw import mainloop

    if CONFIG.get("float30"):  # the clock's readings and the App's stored times in 30-bit floats
        clock = monotonic

        def monotonic():
            for name in FLOAT_STATE:
                value = getattr(app, name)
                if isinstance(value, float):
                    setattr(app, name, float30(value))
            return float30(clock())

    main_loop.append((app, mainloop.steps(app, monotonic, mainloop.MAX_SLEEP, out_of_memory)))


main_loop = []


def run(phases):
    """hw/feather.py's start, one phase per step (a collection between them), then the loop:
    _main drives them once code.py has called this."""
    started.append(phases)


started = []


def _start(phases):
    for _ in phases:
        yield
    if main_loop:
        yield from _drive(*main_loop[0])


imported = []


def _record():
    import builtins

    original = builtins.__import__
    seen = set(sys.modules)

    def record(name, *args):
        module = original(name, *args)
        for key in sys.modules:  # a module's imports finish first: dependencies come first
            if key not in seen:
                seen.add(key)
                imported.append(key)
        return module

    builtins.__import__ = record


def _measure(names):
    import micropython

    before = result["base"]
    micropython.qstr_info()  # "qstr pool: ..., n_total_bytes=N": the names' heap, before and after each
    for name in names:
        __import__(name)
        yield  # run.mjs collects after each step
        now = gc.mem_alloc()
        micropython.qstr_info()
        print("MODULE %s %d" % (name, now - before))
        before = now


def _main():
    yield from _begin()
    if CONFIG.get("modules"):
        yield from _measure(CONFIG["modules"])
        return
    if CONFIG.get("record"):
        _record()
    import knightstour.hw.feather
    import knightstour.hw.mainloop

    knightstour.hw.mainloop.run_forever = run_forever
    knightstour.hw.feather.run = run
    code = "/code.py"
    exec(compile(open(code).read(), code, "exec"), {"__name__": "__main__", "__file__": code})
    if started:
        yield from _start(started.pop())


asyncio.run(_main())
