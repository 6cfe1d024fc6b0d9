"""The Feather in a test: run the drive's code.py unchanged under MicroPython, on the stand-ins.

run.mjs runs this script; feather_config.py (written by drive.py) says what to do:

    CONFIG = {"board_id": ..., "touch": "stmpe610" | "ft6206" | "tsc2007" | "xpt2046" | "none",
              "tours": 100, "press": None or (raw_x, raw_y, at_step),
              "buttons": [(board pin name, step down, step up), ...],
              "matrix_cs": None or the board pin a MAX7219 model's chip select is on}

    CONFIG["uptime_ms"]: the milliseconds since boot the run starts at (0: a fresh boot, whose
    ticks_ms() is 0x1fff0000); RESULT's longest_gap_ms/shortest_gap_ms are the longest and
    shortest time between two moves of a tour, moves_timed how many.

    CONFIG["float30"]: floats as a board has them (30 bits, a 22-bit mantissa: float30()) where
    the toy's time passes: each reading of its clock, the waits the loop returns, and the App's
    stored times (FLOAT_STATE) before each update. Arithmetic inside one update stays in this
    port's doubles: what it covers is the clock's precision and every time the toy keeps.

    CONFIG["buttons"]: push buttons pressed (the pin to GND) and let go at those main loop
    steps; the clock then moves on at least 10 ms a step, as a board's loop pass takes a while.
    With run_feather(pad=True) they are a direction pad's, watched by feather_pad.py (loaded with
    the stand-ins).

    CONFIG["record"]: print MODULES and the modules code.py imported, in order, at the end;
    CONFIG["modules"]: instead of running code.py, import these one step each and print
    MODULE name bytes (the live heap each adds, after a collection), each after a line of
    micropython.qstr_info() (the heap the interned names take, qstr pools included).

    CONFIG["map"]: after each start phase print PHASE, the live heap, the heap the phase took
    (what stays and its garbage) and the modules loaded, and micropython.qstr_info() (2: with
    every qstr; 3: and micropython.mem_info(1), the heap's map, after start); then STEP for each
    main loop step that took 1 KB or more: the heap it took, the live heap after it and the
    modules it loaded.

    CONFIG["free"]: the free heap code.py starts with (bytes), as gc.mem_free() reads on a board
    after boot. The stand-ins (CONFIG["stand_ins"]) are C on a board (no heap), and this script
    and run.mjs's asyncio are not there at all, but here their bytecode takes heap: they are all imported
    first, then a ballast takes what is free beyond CONFIG["free"], so code.py gets that much.
    None: code.py gets all the heap run.mjs was given.

code.py's run is hw/feather.py's steps(): the start's phases (hw/plan.py's PLAN), then the main
loop's passes, a generator main() iterates on a board. Here feather.host takes it instead, and
each step runs in one step of run.mjs's asyncio stand-in, which returns to JavaScript and
collects the garbage after each (a board collects whenever an allocation finds no room; this
port cannot while a step runs). It prints one line at the end:
RESULT {...} with the live heap after start and after the tours (bytes, after a collection), and
most_made_by_a_play_move: the most heap a loop step took (garbage included) in which the game by
touch had a move or an undo, but for the step that loaded play mode's drawing.
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
_cp_os._Uname.machine = board._definition.MACHINE
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

matrix = None
if CONFIG.get("matrix_cs"):  # a MAX7219 model on that board pin, the chip select
    from max7219 import MAX7219

    matrix = MAX7219()
    getattr(board, CONFIG["matrix_cs"]).chip = matrix
    busio._SPI_CHIPS.append(getattr(board, CONFIG["matrix_cs"]))

# run.mjs copied the drive to the filesystem's root (--root), where a board has CIRCUITPY, and
# puts the run folder first on sys.path; then the drive's folders, as CircuitPython has them.
_cp_os.chdir("/")
sys.path[1:1] = ["/", "/lib"]

# Every stand-in (drive.py's STAND_INS), imported before code.py: on a board they are built in
# and take no heap.
for _name in CONFIG["stand_ins"]:
    __import__(_name)

pad = sys.modules.get("feather_pad")  # run_feather(pad=True): the pad's watch, loaded as a stand-in
result = {}
ballast = None
PHASES = 16  # at most, in hw/plan.py's PLAN
phase_heap = None
# What the main loop counts, in a list made before the ballast (a key added to ``result`` while
# code.py runs would grow its table in code.py's heap): the steps it stood paused, the tour the
# first press started (its start, -1: none yet; its length), the gaps between a tour's moves
# (longest, shortest, how many), the tour's length and the clock at its last move, the game's
# length at its last move or undo.
(_PAUSED, _TOUCHED_START, _TOUCHED_LENGTH, _LONGEST_GAP, _SHORTEST_GAP, _GAPS, _MOVED_LENGTH, _MOVED_MS,
 _PLAYED) = range(9)
tally = None


def _live():
    return gc.mem_alloc() - result["base"]


# This port may add heap areas (it cannot here: run.mjs keeps the memory from growing), and its
# gc.mem_free() counts the biggest area it might add, 128 MB (ports/webassembly/main.c,
# gc_get_max_new_split), on top of what is free.
NEW_SPLIT = 128 * 1024 * 1024


def _free():
    return gc.mem_free() - NEW_SPLIT


def _begin():
    """After a collection, leave code.py CONFIG["free"] bytes of free heap (the ballast takes the
    rest). What the harness keeps while code.py runs is made before the ballast."""
    global ballast, phase_heap, tally
    for key in ("stand_ins", "free_at_start", "base", "live_after_start", "live_after_tours", "tours",
                "most_made_by_a_loop_step", "loop_step_that_made_most", "most_made_by_a_play_move", "steps"):
        result[key] = 0
    phase_heap = [0] * 2 * PHASES  # live after each phase, then the heap each took
    tally = [0] * 9
    tally[_TOUCHED_START] = -1
    # CircuitPython reads settings.toml in C, with no heap of code.py's: the stand-in reads it here,
    # its garbage collected before code.py starts and the values it keeps counted as the stand-ins'.
    _cp_os.getenv("")
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
    if CONFIG.get("map"):
        import micropython

        micropython.qstr_info(1) if CONFIG["map"] == 2 else micropython.qstr_info()


def _made(steps):
    """next(steps), and the heap the step took (what stays and its garbage: this port collects
    none during a step), or (None, 0) at the end."""
    before = gc.mem_alloc()
    try:
        wait = next(steps)
    except StopIteration:
        return None, 0
    return wait, gc.mem_alloc() - before


def _drive(toy, steps):
    """code.py's steps (hw/feather.py's steps(): the start's phases, then the main loop), one per
    step of run.mjs, which collects the garbage after each."""
    global ballast
    phases = phase_heap
    count = 0
    while toy.app is None:
        wait, took = _made(steps)
        if wait is None:
            return
        phases[PHASES + count] = took
        yield
        phases[count] = _live()
        count += 1
        if CONFIG.get("map"):
            import micropython

            print("PHASE %d made %d: %s" % (phases[count - 1], took, " ".join(sorted(
                name for name in sys.modules if name.startswith(("knightstour", "adafruit"))))))
            micropython.qstr_info(1) if CONFIG["map"] == 2 else micropython.qstr_info()
    result["live_after_start"] = _live()
    if CONFIG.get("map"):
        _known.extend(sys.modules)
    if CONFIG.get("map") == 3:
        micropython.mem_info(1)
    app = toy.app
    presses = CONFIG.get("press") or []  # [raw x, raw y, step]: down at step, up 3 steps on
    last = presses[-1][2] + 3 if presses else 0
    buttons = CONFIG.get("buttons") or ()
    if pad:
        last = pad.begin(app, buttons, last)
    step = 0
    wanted = CONFIG["tours"]
    result["most_made_by_a_loop_step"] = 0
    keys = len(result)  # the same after the loop: the run added no key (drive.py checks)
    took = 0
    while True:
        if CONFIG.get("map") and took >= 1024:  # the last step's, once collected
            _print_step(step, took)
        modules = len(sys.modules)
        wait, took = _made(steps)
        if wait is None:
            break
        game = app.game
        if game is not None and app.state == "play" and game.tour.length != tally[_PLAYED]:
            tally[_PLAYED] = game.tour.length
            if len(sys.modules) == modules:  # not the move that loaded play mode's drawing
                result["most_made_by_a_play_move"] = max(took, result["most_made_by_a_play_move"])
        if took > result["most_made_by_a_loop_step"]:
            result["most_made_by_a_loop_step"] = took
            result["loop_step_that_made_most"] = step + 1
        if CONFIG.get("float30"):
            wait = float30(wait)
        if buttons and wait < 0.01:
            wait = 0.01
        if pad:
            wait = pad.wait(buttons, step, wait)
        if wait > 0:
            _cp_time.advance(wait)
        step += 1
        if app.clock.paused:
            tally[_PAUSED] += 1
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
                        tally[_TOUCHED_START] = app.tours.tour.path[0]
                        tally[_TOUCHED_LENGTH] = app.tours.tour.length
        if pad:
            pad.after_step(app)
        length = app.tours.tour.length
        if app.state == "run" and length != tally[_MOVED_LENGTH]:
            if tally[_MOVED_LENGTH] and length == tally[_MOVED_LENGTH] + 1:  # a move: the time since the last
                gap = supervisor.now_ms[0] - tally[_MOVED_MS]
                tally[_LONGEST_GAP] = max(gap, tally[_LONGEST_GAP])
                tally[_SHORTEST_GAP] = min(gap, tally[_SHORTEST_GAP]) if tally[_GAPS] else gap
                tally[_GAPS] += 1
            tally[_MOVED_LENGTH] = length
            tally[_MOVED_MS] = supervisor.now_ms[0]
        if app.tours.count >= wanted and step > last:
            break
        yield
    yield  # run.mjs collects after each step
    result["live_after_tours"] = _live()
    added = len(result) - keys
    ballast = None  # the report below is the harness's: it gets the heap code.py had not
    yield
    result["keys_added_while_running"] = added
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
    if matrix is not None:
        result["matrix_writes"] = matrix.writes
        result["matrix_on"] = int(not matrix.shutdown)
    if tally[_PAUSED]:
        result["paused_steps"] = tally[_PAUSED]
    if tally[_TOUCHED_START] >= 0:
        result["touched_start"] = tally[_TOUCHED_START]
        result["touched_length"] = tally[_TOUCHED_LENGTH]
    audioio = sys.modules.get("audioio")  # a board's speaker (the stand-in keeps what it played)
    if audioio is not None and audioio._heard["sound_plays"]:
        result.update(audioio._heard)
    if pad:
        pad.report(app, result)
    if tally[_GAPS]:
        result["longest_gap_ms"] = tally[_LONGEST_GAP]
        result["shortest_gap_ms"] = tally[_SHORTEST_GAP]
        result["moves_timed"] = tally[_GAPS]
    result["live_after_phases"] = "/".join("%d" % live for live in phases[:count])
    result["made_by_phases"] = "/".join("%d" % took for took in phases[PHASES:PHASES + count])
    loaded = list(sys.modules)
    from knightstour.hw.plan import PLAN

    result["start_modules_kept"] = len([name for name in loaded for _, names in PLAN for prefix in names
                                        if name == prefix or name.startswith(prefix) and name[len(prefix)] == "."])
    if CONFIG.get("record"):
        print("LOADED " + " ".join(sorted(loaded)))
    out = []
    for key in sorted(result):
        out.append('"%s": %d' % (key, result[key]) if isinstance(result[key], int)
                   else '"%s": "%s"' % (key, result[key]))
    print("RESULT {" + ", ".join(out) + "}")
    if imported:
        print("MODULES " + " ".join(imported))


def _print_step(step, took):
    """CONFIG["map"]: a main loop step that took 1 KB or more: STEP, the heap it took, the live heap
    after it (collected) and the modules it loaded, with qstr_info."""
    import micropython

    loaded = sorted(name for name in sys.modules if name.startswith(("knightstour", "adafruit")))
    new = [name for name in loaded if name not in _known]
    _known.extend(new)
    print("STEP %d made %d, live %d: %s" % (step, took, _live(), " ".join(new)))
    micropython.qstr_info()


_known = []  # CONFIG["map"]: the modules loaded, once the start is done


FLOAT_STATE = ("now", "due", "paused_left", "starting")  # the app's clock's times and its start's waiting delay


def host(toy, steps):
    """hw/feather.py's host: main() hands the toy and its steps here instead of running them.
    With CONFIG["float30"], the toy's clock reads in 30-bit floats, and the App's stored times
    are rounded so before each reading."""
    if CONFIG.get("float30"):
        clock = toy.clock

        def monotonic():
            app = toy.app
            if app is not None:
                times = app.clock  # the app's times are its clock's (pacing.Clock)
                for name in FLOAT_STATE:
                    value = getattr(times, name)
                    if isinstance(value, float):
                        setattr(times, name, float30(value))
            return float30(clock())

        toy.clock = monotonic
    started.append((toy, steps))


started = []


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

    knightstour.hw.feather.host = host
    code = "/code.py"
    exec(compile(open(code).read(), code, "exec"), {"__name__": "__main__", "__file__": code})
    if started:
        yield  # compiling code.py leaves garbage, which a board collects once it needs the room
        yield from _drive(*started.pop())


asyncio.run(_main())
