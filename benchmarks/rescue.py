"""The toy's rescue where Warnsdorff's rule gets stuck: nodes, time and memory per board.

For every board from 3x3 to 8x8 (both ways round) and every start that can have a tour, the toy
(App, default settings) starts a tour with each of its orders (its super orders, or abcdefgh);
where every one gets stuck, the rescue runs (rescue.SEARCH_BUDGET nodes at most: squares visited
by the rule's reruns and by the search). Printed: the worst rescues (nodes, milliseconds, bytes
allocated). Runs under CPython and
under MicroPython's WebAssembly port (which collects garbage only after the script, so the bytes
allocated during a search are an upper bound on what it holds at its peak):

    .venv/bin/python -m benchmarks.rescue
    node tools/micropython/run.mjs --path device benchmarks/rescue.py
    .venv/bin/python -m benchmarks.rescue 3-32 3-12     (other widths and heights: minutes)
"""

import gc
import sys
import time

from knightstour.app import App
from knightstour.rescue import SEARCH_BUDGET
from knightstour.settings import Settings
from knightstour.starts import impossibility

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


def sides(text):
    low, high = text.split("-")
    return range(int(low), int(high) + 1)


def main(widths, heights):
    searches = []
    for width in widths:
        for height in heights:
            settings = Settings()
            settings.set("size", "%dx%d" % (width, height))
            settings.set("speed", "0")
            app = App(settings)
            board = app.board
            for start in range(board.squares):
                if impossibility(board, start):
                    continue
                for index in range(len(app.tours.orders)):  # the toy draws an order per tour: try each
                    app.tours.order_index = index
                    app.tours.rng = Fixed(index)
                    before = allocated()
                    began = ticks()
                    app.start_tour(start)
                    spent = elapsed(began)
                    if app.tours.searched:
                        searches.append((app.tours.searched, spent, allocated() - before, board.size_name,
                                         board.square_name(start), app.tours.order_names[index],
                                         "" if app.tours.planned == board.squares else "out of budget"))
    searches.sort()
    searches.reverse()
    print("%s, widths %d-%d, heights %d-%d: %d rescues (a start where every order of the toy gets stuck, "
          "from each order), budget %d nodes" % (sys.implementation.name, widths[0], widths[-1], heights[0],
                                                 heights[-1], len(searches), SEARCH_BUDGET))
    print("out of budget: %d %s" % (sum(1 for s in searches if s[6]),
                                    " ".join("%s:%s" % (s[3], s[4]) for s in searches if s[6])))
    print("worst:   nodes      ms   bytes  board start order")
    for nodes, spent, memory, size, start, name, status in searches[:10]:
        print("       %7d %7.0f %7d  %-5s %-5s %s %s" % (nodes, spent, memory, size, start, name, status))
    total = 0
    for s in searches:
        total += s[1]
    print("all rescues: %.0f ms" % total)


class Fixed:
    """The toy's rng, drawing one order for every tour."""

    def __init__(self, index):
        self.index = index

    def randrange(self, n):
        return self.index % n


main(sides(sys.argv[1]) if len(sys.argv) > 1 else range(3, 9), sides(sys.argv[2]) if len(sys.argv) > 2 else range(3, 9))
