"""The smallest heap in which the Feather's code.py runs its tours.

    .venv/bin/python -m benchmarks.feather_heap [--tours 100] [--json FILE] [--only NAME]... [--py]
    .venv/bin/python -m benchmarks.feather_heap --game [--only NAME]... [--py]
    .venv/bin/python -m benchmarks.feather_heap --sweep [LOW-HIGH] [--tours 2] [--only NAME]... [--py]

For each configuration: device/code.py, unchanged, from a drive laid out as deploy --mpy lays it
out (.mpy under lib/, compiled with MicroPython's mpy-cross for this stand-in board), on the
CircuitPython stand-ins (sim/circuitpython) under the 32-bit MicroPython WebAssembly port.
--py: as deploy without --mpy lays it out (lib/knightstour as .py, compiled by the board at
each start; the libraries .mpy, as circup installs them).

min_heap is the free heap code.py starts with, as gc.mem_free() reads it on a board after boot:
the stand-ins (C on a board) and the harness are loaded first and a ballast leaves code.py
exactly that much (sim/harness/feather.py; "stand-ins" below is the heap they took
besides). It is bisected in 1 KB steps for the smallest in which --tours tours run without
MemoryError (a quick bisection on 3 tours, then all of them, 1 KB more at a time until they
run). Then the live heap after start and after the tours (after a collection), and the five
biggest items: modules, or the qstrs (the names of them all). The drive is at the filesystem's root, as CIRCUITPY is on a
board. Caveat: this port collects garbage only between steps (run.mjs collects after each start
phase and each main loop step), so all the garbage one step makes must fit beside the live heap;
a board collects whenever an allocation finds no room. The stand-ins' qstrs also fill this
port's qstr pools before code.py's, so code.py's land in bigger pools than on a board. The
figures err on the safe side.
JSON: a list of {configuration, display, touch, size, min_heap, live_after_start, live_after_tours, game}
(bytes; game: true with --game, live_after_tours then after the game).
The "builtin" configurations run on a PyPortal and a PyPortal Titano (board.DISPLAY, the resistive
panel through adafruit_touchscreen, the speaker) and a Pimoroni PicoSystem (its screen and buttons,
no touch): their touch column names the board.

--game: instead of tours, a whole game played by touch (knightstour_sim.harness.game: play,
a hint, an undo and every square of a tour, as tests/test_feather_play.py,
tests/test_feather_pyportal.py and tests/test_feather_screens.py play it) on each touch screen's 8x8
configuration (ili9341/*/8x8, the PyPortals', the Cheap Yellow Display's) and by the PicoSystem's pad:
the smallest heap in which it is played to the end; live_after_tours is then the live heap after
the game.

--sweep: for each configuration (but 16x16), deployed .mpy and .py, the smallest heap, then the
tours at every heap from there to 32 KB more in 1 KB steps: any that fails is a hole (a board
with more free memory that crashes where a smaller one runs: fragmentation decides, not size).
--sweep LOW-HIGH sweeps that range instead. The MAX7219 toy with buttons has them pressed
(PRESSES); "max7219/none" has none wired. tests/test_feather_heap.py sweeps in the tests.
"""

import argparse
import json
import os
import shutil
import tempfile

from knightstour_sim.harness import game
from knightstour_sim.harness.drive import feather_settings, lay_out, run_feather

# name (DISPLAY/INPUT/SIZE): display, touch, size, settings.toml lines added. "buttons": the
# MAX7219 toy's push buttons wired (the pin map's) and pressed (PRESSES); "none": no buttons.
CONFIGS = {
    "max7219/buttons/8x8": ("max7219", "none", "8x8", {}),
    "max7219/none/8x8": ("max7219", "none", "8x8", {"KNIGHTSTOUR_PIN_BUTTON_A": "none",
                                                     "KNIGHTSTOUR_PIN_BUTTON_B": "none"}),
    "ili9341/stmpe610/8x8": ("ili9341", "stmpe610", "8x8", {}),
    "ili9341/ft6206/8x8": ("ili9341", "ft6206", "8x8", {}),
    "ili9341/xpt2046/8x8": ("ili9341", "xpt2046", "8x8", {}),
    "ili9341/tsc2007/8x8": ("ili9341", "tsc2007", "8x8", {}),  # the TFT FeatherWing V2
    "ili9341/stmpe610/16x16": ("ili9341", "stmpe610", "16x16", {}),
    "builtin/pyportal/8x8": ("builtin", "pyportal", "8x8", {}),
    "builtin/pyportal_titano/8x8": ("builtin", "pyportal_titano", "8x8", {}),
    # boards with a screen of their own beside the PyPortals (--game: the CYD by touch, the PicoSystem by its pad)
    "builtin/sunton_esp32_2432S028/8x8": ("builtin", "sunton_esp32_2432S028", "8x8", {}),
    "builtin/clue_nrf52840_express/8x8": ("builtin", "clue_nrf52840_express", "8x8", {}),
    "builtin/adafruit_feather_esp32s3_tft/8x8": ("builtin", "adafruit_feather_esp32s3_tft", "8x8", {}),
    "builtin/pimoroni_picosystem/8x8": ("builtin", "pimoroni_picosystem", "8x8", {}),  # its pad, no touch
    # a Raspberry Pi Pico: no board.SPI(), the toy's busio.SPI on SPI0 (the touch column names the board)
    "max7219/raspberry_pi_pico/8x8": ("max7219", "raspberry_pi_pico", "8x8", {}),
}
SWEPT = tuple(name for name in CONFIGS if not name.endswith("16x16") and not name.startswith("builtin"))
GAMES = tuple(name for name in CONFIGS if name.endswith("/8x8")
              and (name.startswith("ili9341/") or name.startswith("builtin/pyportal")
                   or name.startswith("builtin/" + game.CYD) or name.startswith("builtin/" + game.PICOSYSTEM)))


def board_for(display, touch):
    """The board a configuration runs on: a PyPortal's own screen and panel ("builtin", whose touch
    column names the board), a Pico (named in the touch column too), else the Feather M4."""
    return touch if display == "builtin" or touch.startswith("raspberry_pi_pico") else "feather_m4"  # --sweep without --only
SPAN = 32  # --sweep: every heap from the smallest to SPAN KB more


class Drive:
    """A configuration's drive, laid out once (.mpy, or the package as .py with mpy="libraries"),
    run at any heap: ``runs(kb, tours)`` is the RESULT dict if the tours ran, else None. With
    ``game`` a whole game by touch is played instead of the tours (``tours`` then unused)."""

    def __init__(self, node, name, mpy=True, game=False):
        self.node, self.name, self.mpy, self.game = node, name, mpy, game
        self.display, self.touch, self.size, extra = CONFIGS[name]
        self.buttons = PRESSES if name.startswith("max7219/buttons") else None
        self.work = tempfile.mkdtemp(prefix="feather-heap-")
        self.settings = feather_settings(self.display, self.touch, self.size, extra=extra)
        lay_out(os.path.join(self.work, "CIRCUITPY"), self.settings, mpy=mpy)

    def runs(self, kb, tours):
        if self.game:
            _, result = run_feather(self.node, self.display, self.touch, self.size, 0, kb * 1024, workdir=self.work,
                                    board=board_for(self.display, self.touch), **self.game_input())
            return result if game.played(result) else None
        _, result = run_feather(self.node, self.display, self.touch, self.size, tours, kb * 1024,
                                workdir=self.work, buttons=self.buttons, board=board_for(self.display, self.touch))
        return result if result is not None and result["tours"] >= tours else None

    def game_input(self):
        """run_feather's presses of the game on this configuration's screen or pad."""
        if self.touch == game.PICOSYSTEM:
            return {"pad": True, "buttons": game.pad_presses()}
        if self.touch == game.CYD:
            return {"press": game.cyd_presses()}
        return {"press": game.portal_presses(self.touch) if self.display == "builtin" else game.presses(self.touch)}

    def close(self):
        shutil.rmtree(self.work, ignore_errors=True)


def smallest(drive, tours, low=16, high=1024, probe=3):
    """(min_heap KB, its RESULT), or (None, None) if ``high`` KB is not enough.

    Bisects in 1 KB steps with ``probe`` tours (the live heap does not grow from tour to
    tour once the board is built), then runs all ``tours`` there, 1 KB more at a time until
    they run."""
    if drive.runs(high, probe) is None:
        return None, None
    while low < high:
        mid = (low + high) // 2
        if drive.runs(mid, probe) is not None:
            high = mid
        else:
            low = mid + 1
    while True:
        result = drive.runs(low, tours)
        if result is not None:
            return low, result
        low += 1


def dependencies_first(names):
    """``names`` (modules) reordered so that each comes after those of ``names`` it imports, read
    from knightstour's sources here: the order recorded on the port is its sys.modules', which
    does not keep the order of import, and a module imported before its dependency was charged
    for it."""
    import ast
    import importlib.util

    def imports(name):
        if not name.startswith("knightstour"):
            return []
        spec = importlib.util.find_spec(name)
        package = name if spec.submodule_search_locations else name.rpartition(".")[0]
        with open(spec.origin) as source:
            tree = ast.parse(source.read())
        found = []
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found += [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                    base += "." + node.module if node.module else ""
                found += [base] + [base + "." + alias.name for alias in node.names]
        return [each for each in found if each in names and each != name]

    ordered = []

    def visit(name, stack):
        if name not in ordered and name not in stack:
            for each in imports(name):
                visit(each, stack + (name,))
            ordered.append(name)

    for name in names:
        visit(name, ())
    return ordered


def biggest(node, display, touch, size, count=5, mpy=True):
    """The ``count`` modules of the drive that take the most heap, or the names: [(name, bytes)].

    One run records the modules code.py imports; another imports them one step each and
    measures the live heap each adds (with the modules it imports that were not in yet),
    less the qstrs (interned names) it adds: those are one entry, "qstrs", since a qstr pool
    grows by doubling and is never freed, whichever module fills the last."""
    work = tempfile.mkdtemp(prefix="feather-modules-")
    try:
        lay_out(os.path.join(work, "CIRCUITPY"), feather_settings(display, touch, size), mpy=mpy)
        board = board_for(display, touch)
        proc, _ = run_feather(node, display, touch, size, 1, 1024 * 1024, workdir=work, record=True, board=board)
        names = []
        for line in proc.stdout.splitlines():
            if line.startswith("MODULES "):
                names = line.split()[1:]
        proc, _ = run_feather(node, display, touch, size, 1, 1024 * 1024, workdir=work,
                              modules=dependencies_first(names), board=board)
        sizes = []
        qstrs = []  # qstr_info's n_total_bytes: before the first import, then after each
        for line in proc.stdout.splitlines():
            if line.startswith("qstr pool:"):
                qstrs.append(int(line.rsplit("n_total_bytes=", 1)[1]))
            elif line.startswith("MODULE "):
                _, name, used = line.split()
                if name.startswith(("knightstour", "adafruit_", "code")):
                    sizes.append((name, int(used) - (qstrs[-1] - qstrs[-2])))
        if qstrs:
            sizes.append(("qstrs", qstrs[-1] - qstrs[0]))
        sizes.sort(key=lambda item: -item[1])
        return sizes[:count]
    finally:
        shutil.rmtree(work, ignore_errors=True)


# A short press of A (a new tour), of B (faster), a long one of B (slower), and a long press of
# A twice (pause, carry on): (pin, loop step down, loop step up) on a Feather, 10 ms a step.
PRESSES = (("A1", 40, 50), ("A2", 300, 310), ("A2", 600, 700), ("A1", 900, 1000), ("A1", 1100, 1200))


def sweep(drive, tours, low, high):
    """[(kb, True if the tours ran)] for each heap from ``low`` to ``high`` KB."""
    return [(kb, drive.runs(kb, tours) is not None) for kb in range(low, high + 1)]


def holes(rows):
    """The heaps that fail above the smallest that runs (fragmentation, not size)."""
    ran = [kb for kb, ok in rows if ok]
    return [kb for kb, ok in rows if not ok and ran and kb > ran[0]]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tours", type=int, default=100)
    parser.add_argument("--json", metavar="FILE")
    parser.add_argument("--only", metavar="NAME", action="append",
                        help="one configuration (again for more): %s" % ", ".join(CONFIGS))
    parser.add_argument("--py", action="store_true", help="the package as .py, as deploy without --mpy leaves it")
    parser.add_argument("--game", action="store_true",
                        help="a whole game by touch instead of tours, on %s" % ", ".join(GAMES))
    parser.add_argument("--sweep", metavar="LOW-HIGH", nargs="?", const="",
                        help="run at every heap from LOW to HIGH KB, e.g. 44-64; without a range, from the smallest "
                             "to %d KB more, .mpy and .py, every configuration but 16x16" % SPAN)
    args = parser.parse_args(argv)
    for name in args.only or ():
        if name not in CONFIGS:
            parser.error("no configuration %s: the configurations are %s" % (name, ", ".join(CONFIGS)))
    if args.game:
        if args.sweep is not None:
            parser.error("--game finds the smallest heap; it does not sweep")
        for name in args.only or ():
            if name not in GAMES:
                parser.error("--game plays on %s, not %s" % (", ".join(GAMES), name))
    node = shutil.which("node")
    if args.sweep is not None:
        return sweep_table(node, args, parser)
    rows = []
    print("%-24s %8s %17s %17s %10s" % ("configuration", "min_heap", "live_after_start",
                                        "live_after_game" if args.game else "live_after_tours", "stand-ins"))
    for name in args.only or (GAMES if args.game else CONFIGS):
        mpy = "libraries" if args.py else True
        drive = Drive(node, name, mpy, game=args.game)
        try:
            kb, result = smallest(drive, args.tours)
        finally:
            drive.close()
        display, touch, size, _ = CONFIGS[name]
        row = {"configuration": name, "display": display, "touch": touch, "size": size,
               "min_heap": kb and kb * 1024, "live_after_start": result and result["live_after_start"],
               "live_after_tours": result and result["live_after_tours"], "game": args.game}
        rows.append(row)
        print("%-24s %5s KB %17s %17s %10s" % (name, kb, row["live_after_start"], row["live_after_tours"],
                                               result and result["stand_ins"]), flush=True)
        print("    live after each start phase: %s" % (result and result["live_after_phases"]), flush=True)
        if args.game:
            print("    the loop step that made the most heap: step %s, %s B" % (
                result and result["loop_step_that_made_most"], result and result["most_made_by_a_loop_step"]),
                flush=True)
            continue
        print("    biggest (each module with what it imports first, less its qstrs): " + ", ".join(
            "%s %d" % item for item in biggest(node, display, touch, size, mpy=mpy)), flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(rows, f, indent=1)
            f.write("\n")


def sweep_table(node, args, parser):
    """--sweep: a line per configuration and deploy (or per heap, given LOW-HIGH)."""
    span = None
    if args.sweep:
        try:
            span = [int(part) for part in args.sweep.split("-")]
            low, high = span
        except ValueError:
            parser.error("bad --sweep %r: give LOW-HIGH in KB, e.g. 44-64" % args.sweep)
    modes = (("py", "libraries"),) if args.py else (("mpy", True),) if span or args.only else (("mpy", True), ("py", "libraries"))
    print("%-24s %-4s %8s %9s  %s" % ("configuration", "as", "smallest", "swept", "fail above the smallest"), flush=True)
    for name in args.only or SWEPT:
        for mode, mpy in modes:
            drive = Drive(node, name, mpy)
            try:
                if span is None:
                    low, _ = smallest(drive, args.tours, probe=args.tours)
                    high = low + SPAN
                rows = sweep(drive, args.tours, low, high)
            finally:
                drive.close()
            ran = [kb for kb, ok in rows if ok]
            print("%-24s %-4s %5s KB %3d-%3d KB  %s" % (name, "." + mode, ran[0] if ran else "-", low, high,
                                                      " ".join("%d" % kb for kb in holes(rows)) or "none"),
                  flush=True)


if __name__ == "__main__":
    main()
