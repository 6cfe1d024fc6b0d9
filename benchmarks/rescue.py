"""The toy's rescue where Warnsdorff's rule gets stuck: search nodes, time and memory per board.

For every board from 3x3 to 8x8 (both ways round) and every start that can have a tour, the toy
runs the board's own orders (its super orders, or abcdefgh) under the border rule; where every one
gets stuck, the rescue searches (rescue.SEARCH_BUDGET nodes at most). Printed: each such board's
starts, and the worst searches (nodes, milliseconds, bytes allocated). Runs under CPython and
under MicroPython's WebAssembly port (which collects garbage only after the script, so the bytes
allocated during a search are an upper bound on what it holds at its peak):

    .venv/bin/python benchmarks/rescue.py
    node tools/micropython/run.mjs --path device benchmarks/rescue.py
"""

import gc
import sys
import time

try:
    sys.path.insert(0, __file__.rsplit("/", 2)[0] + "/device")
except NameError:
    pass

from knightstour.board import Board  # noqa: E402
from knightstour.orders import DEFAULT_ORDER, super_orders  # noqa: E402
from knightstour.rescue import SEARCH_BUDGET, SEARCH_RULE  # noqa: E402
from knightstour.search import FOUND, find_tour  # noqa: E402
from knightstour.solver import Warnsdorff  # noqa: E402
from knightstour.starts import impossibility  # noqa: E402

try:
    ticks = time.ticks_ms  # MicroPython

    def elapsed(began):
        return time.ticks_diff(time.ticks_ms(), began)
except AttributeError:
    def ticks():
        return time.perf_counter()

    def elapsed(began):
        return (time.perf_counter() - began) * 1000


def allocated():
    try:
        return gc.mem_alloc()
    except AttributeError:
        return 0


def main():
    searches = []
    for width in range(3, 9):
        for height in range(3, 9):
            board = Board(width, height)
            names = super_orders(board.size_name) or (DEFAULT_ORDER,)
            solvers = [Warnsdorff(board, name, "border") for name in names]
            for start in range(board.squares):
                if impossibility(board, start):
                    continue
                if any(solver.run(start).complete for solver in solvers):
                    continue
                for name in names:  # the toy searches from the order it drew: try each
                    before = allocated()
                    began = ticks()
                    result = find_tour(board, start, name, SEARCH_RULE, budget=SEARCH_BUDGET)
                    spent = elapsed(began)
                    searches.append((result.nodes, spent, allocated() - before, board.size_name,
                                     board.square_name(start), name, result.status))
    searches.sort()
    searches.reverse()
    print("%s: %d searches (a start where every order gets stuck, with each order), budget %d nodes"
          % (sys.implementation.name, len(searches), SEARCH_BUDGET))
    print("not found within the budget: %d" % sum(1 for s in searches if s[6] != FOUND))
    print("worst:   nodes      ms   bytes  board start order")
    for nodes, spent, memory, size, start, name, status in searches[:10]:
        print("       %7d %7.0f %7d  %-5s %-5s %s %s" % (nodes, spent, memory, size, start, name,
                                                       "" if status == FOUND else status))
    total = 0
    for s in searches:
        total += s[1]
    print("all searches: %.0f ms" % total)


main()
