"""The smallest MicroPython heap in which the Feather's code.py runs its tours (issue 8).

    .venv/bin/python benchmarks/feather_heap.py [--tours 100] [--json FILE]

For each configuration: device/code.py, unchanged, from a drive laid out as deploy lays it
out (.mpy under lib/, compiled with MicroPython's mpy-cross for this stand-in board), on the
CircuitPython stand-ins (sim/circuitpython) under the 32-bit MicroPython WebAssembly port.
Bisects the heap in 1 KB steps for the smallest one in which --tours tours run without
MemoryError, then prints it with the live heap after start and after the tours (after a
collection). Caveat: this port collects garbage only between the main loop's steps, so the
garbage made while code.py starts (before its loop) must fit too; a board collects it.
JSON: a list of {display, touch, size, min_heap, live_after_start, live_after_tours} (bytes).
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
    ("ili9341", "stmpe610", "16x16"),
)


def smallest(node, display, touch, size, tours, low=32, high=4096):
    """(min_heap bytes, its RESULT) by bisection in KB; None if ``high`` KB is not enough."""
    work = tempfile.mkdtemp(prefix="feather-heap-")
    try:
        lay_out(os.path.join(work, "CIRCUITPY"), feather_settings(display, touch, size), mpy=True)
        best = None
        while low < high:
            mid = (low + high) // 2
            _, result = run_feather(node, display, touch, size, tours, mid * 1024, workdir=work)
            if result is not None and result["tours"] >= tours:
                high = mid
                best = result
            else:
                low = mid + 1
        if best is None:
            return None, None
        _, best = run_feather(node, display, touch, size, tours, low * 1024, workdir=work)
        return low * 1024, best
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tours", type=int, default=100)
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args(argv)
    node = shutil.which("node")
    rows = []
    print("%-8s %-9s %-6s %10s %17s %17s" % ("display", "touch", "size", "min_heap", "live_after_start",
                                             "live_after_tours"))
    for display, touch, size in CONFIGS:
        heap, result = smallest(node, display, touch, size, args.tours)
        row = {"display": display, "touch": touch, "size": size, "min_heap": heap,
               "live_after_start": result and result["live_after_start"],
               "live_after_tours": result and result["live_after_tours"]}
        rows.append(row)
        print("%-8s %-9s %-6s %10s %17s %17s" % (display, touch, size, heap, row["live_after_start"],
                                                 row["live_after_tours"]), flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(rows, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
