"""The smallest heap in which the Feather's code.py runs its tours (issue 8).

    .venv/bin/python -m benchmarks.feather_heap [--tours 100] [--json FILE] [--only DISPLAY/TOUCH/SIZE] [--py]
    .venv/bin/python -m benchmarks.feather_heap --sweep 44-64 [--tours 100] [--only DISPLAY/TOUCH/SIZE]

For each configuration: device/code.py, unchanged, from a drive laid out as deploy --mpy lays it
out (.mpy under lib/, compiled with MicroPython's mpy-cross for this stand-in board), on the
CircuitPython stand-ins (sim/circuitpython) under the 32-bit MicroPython WebAssembly port.
--py: as deploy without --mpy lays it out (lib/knightstour as .py, compiled by the board at
each start; the libraries .mpy, as circup installs them).

min_heap is the free heap code.py starts with, as gc.mem_free() reads it on a board after boot:
the stand-ins (C on a board) and the harness are loaded first and a ballast leaves code.py
exactly that much (sim/circuitpython/feather.py; "stand-ins" below is the heap they took
besides). It is bisected in 1 KB steps for the smallest in which --tours tours run without
MemoryError (a quick bisection on 3 tours, then all of them, 1 KB more at a time until they
run). Then the live heap after start and after the tours (after a collection), and the five
biggest items: modules, or the qstrs (the names of them all). The drive is at the filesystem's root, as CIRCUITPY is on a
board. Caveat: this port collects garbage only between steps (run.mjs collects after each start
phase and each main loop step), so all the garbage one step makes must fit beside the live heap;
a board collects whenever an allocation finds no room. The stand-ins' qstrs also fill this
port's qstr pools before code.py's, so code.py's land in bigger pools than on a board. The
figures err on the safe side.
JSON: a list of {display, touch, size, min_heap, live_after_start, live_after_tours} (bytes).
The "builtin" configurations run on a PyPortal and a PyPortal Titano (board.DISPLAY, the resistive
panel through adafruit_touchscreen, the speaker): their touch column names the board.

--sweep LOW-HIGH runs the tours at every heap from LOW to HIGH KB in 1 KB steps instead, and
prints which run and which fail (a heap that fails between two that run is fragmentation),
with the buttons pressed (PRESSES) on a MAX7219 toy.
"""

import argparse
import json
import os
import shutil
import tempfile

from knightstour_sim.circuitpython.drive import feather_settings, lay_out, run_feather

CONFIGS = (
    ("max7219", "none", "8x8"),
    ("ili9341", "stmpe610", "8x8"),
    ("ili9341", "ft6206", "8x8"),
    ("ili9341", "xpt2046", "8x8"),
    ("ili9341", "stmpe610", "16x16"),
    ("builtin", "pyportal", "8x8"),
    ("builtin", "pyportal_titano", "8x8"),
)


def board_for(display, touch):
    """The board a configuration runs on: a PyPortal's own screen and panel ("builtin", whose touch
    column names the board), else the Feather M4."""
    return touch if display == "builtin" else "feather_m4"


def smallest(node, display, touch, size, tours, low=16, high=1024, probe=3, mpy=True):
    """(min_heap bytes, its RESULT), or (None, None) if ``high`` KB is not enough.

    Bisects in 1 KB steps with ``probe`` tours (the live heap does not grow from tour to
    tour once the board is built), then runs all ``tours`` there, 1 KB more at a time until
    they run."""
    work = tempfile.mkdtemp(prefix="feather-heap-")
    try:
        lay_out(os.path.join(work, "CIRCUITPY"), feather_settings(display, touch, size), mpy=mpy)

        def runs(kb, count):
            _, result = run_feather(node, display, touch, size, count, kb * 1024, workdir=work,
                                    board=board_for(display, touch))
            return result if result is not None and result["tours"] >= count else None

        if runs(high, probe) is None:
            return None, None
        while low < high:
            mid = (low + high) // 2
            if runs(mid, probe) is not None:
                high = mid
            else:
                low = mid + 1
        while True:
            result = runs(low, tours)
            if result is not None:
                return low * 1024, result
            low += 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


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
        proc, _ = run_feather(node, display, touch, size, 1, 1024 * 1024, workdir=work, modules=names, board=board)
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


def sweep(node, display, touch, size, tours, low, high):
    """[(kb, True if the tours ran)] for each heap from ``low`` to ``high`` KB."""
    work = tempfile.mkdtemp(prefix="feather-sweep-")
    presses = PRESSES if display == "max7219" else None
    rows = []
    try:
        lay_out(os.path.join(work, "CIRCUITPY"), feather_settings(display, touch, size), mpy=True)
        for kb in range(low, high + 1):
            _, result = run_feather(node, display, touch, size, tours, kb * 1024, workdir=work, buttons=presses,
                                    board=board_for(display, touch))
            rows.append((kb, result is not None and result["tours"] >= tours))
            print("%-8s %-9s %-6s %3d KB  %s" % (display, touch, size, kb, "runs" if rows[-1][1] else "FAILS"),
                  flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return rows


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tours", type=int, default=100)
    parser.add_argument("--json", metavar="FILE")
    parser.add_argument("--only", metavar="DISPLAY/TOUCH/SIZE", help="one configuration, e.g. max7219/none/8x8")
    parser.add_argument("--py", action="store_true", help="the package as .py, as deploy without --mpy leaves it")
    parser.add_argument("--sweep", metavar="LOW-HIGH", help="run at every heap from LOW to HIGH KB, e.g. 44-64")
    args = parser.parse_args(argv)
    configs = CONFIGS
    if args.only:
        configs = [config for config in CONFIGS if "/".join(config) == args.only]
        if not configs:
            parser.error("no configuration %s: the configurations are %s"
                         % (args.only, ", ".join("/".join(config) for config in CONFIGS)))
    node = shutil.which("node")
    if args.sweep:
        try:
            low, high = (int(part) for part in args.sweep.split("-"))
        except ValueError:
            parser.error("bad --sweep %r: give LOW-HIGH in KB, e.g. 44-64" % args.sweep)
        for config in configs:
            ran = sweep(node, *config, args.tours, low, high)
            failed = [kb for kb, ok in ran if not ok]
            print("%s: %d of %d heaps run; fail: %s" % ("/".join(config), len(ran) - len(failed), len(ran),
                                                        " ".join("%d" % kb for kb in failed) or "none"), flush=True)
        return
    rows = []
    print("%-8s %-9s %-6s %10s %17s %17s %10s" % ("display", "touch", "size", "min_heap", "live_after_start",
                                                  "live_after_tours", "stand-ins"))
    for display, touch, size in configs:
        mpy = "libraries" if args.py else True
        heap, result = smallest(node, display, touch, size, args.tours, mpy=mpy)
        row = {"display": display, "touch": touch, "size": size, "min_heap": heap,
               "live_after_start": result and result["live_after_start"],
               "live_after_tours": result and result["live_after_tours"]}
        rows.append(row)
        print("%-8s %-9s %-6s %10s %17s %17s %10s" % (display, touch, size, heap, row["live_after_start"],
                                                      row["live_after_tours"], result and result["stand_ins"]),
              flush=True)
        print("    biggest (each module with what it imports first, less its qstrs): " + ", ".join("%s %d" % item for item in biggest(node, display, touch, size, mpy=mpy)),
              flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(rows, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
