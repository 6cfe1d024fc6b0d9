"""Speed of `knights-tour orders analyse` (targets: 8x8 in <= 0.3 s wall time; every square board from
5x5 to 16x16 in under 30 s in all) and of the solvers.

Run: .venv/bin/python -m benchmarks.analysis                  (everything)
     .venv/bin/python -m benchmarks.analysis sizes            (only the sizes 5x5 to 16x16)
     .venv/bin/python -m benchmarks.analysis --search-only    (only the search with every rule)

Search with every rule: 50 random starts and check orders (seed 10) on 32x32 for each of
the four tie rules, open and closed tours; target: all found, the slowest under 1 s.
Each start runs cold (no closed tour cached from an earlier start).
"""

import subprocess
import sys
import time

from knightstour import search as search_module
from knightstour.board import Board
from knightstour.rules import RULES
from knightstour.search import find_tour
from knightstour.warnsdorff import Warnsdorff
from knightstour_desktop.analysis import Analysis

from benchmarks.host import describe


def best_of(n, fn):
    times = []
    for _ in range(n):
        began = time.perf_counter()
        fn()
        times.append(time.perf_counter() - began)
    return min(times), sorted(times)[len(times) // 2]


def sizes():
    """Every square board the TFT toy shows, 5x5 to 16x16, as `knights-tour orders write` analyses them."""
    from knightstour_desktop.commands.orders import SUPER_RULE, SUPER_SIDES

    began = time.perf_counter()
    Analysis(Board(3, 4), SUPER_RULE)  # loads (or, the first time, compiles) the numba code
    warm = time.perf_counter() - began
    print("analysis: numba code loaded or compiled in %.2f s" % warm)
    total = warm
    for side in SUPER_SIDES:
        began = time.perf_counter()
        analysis = Analysis(Board(side, side), SUPER_RULE)
        spent = time.perf_counter() - began
        total += spent
        fewest, most, _ = analysis.best()
        print("analysis %2dx%-2d %-6s %6.2f s   best orders stuck from %d starts, closed from %d of %d"
              % (side, side, SUPER_RULE, spent, fewest, most, side * side))
    print("analysis 5x5 to 16x16: %.2f s in all (target: under 30 s), loading included" % total)


def search_every_rule(size="32x32", starts=50, seed=10):
    """Guaranteed open and closed tours from random starts with each tie rule; returns True when
    every start found a tour."""
    import random

    board = Board.parse(size)
    rng = random.Random(seed)
    picked = []
    for _ in range(starts):
        order = list("abcdefgh")
        rng.shuffle(order)
        picked.append((rng.randrange(board.squares), "".join(order)))
    every = True
    for rule in RULES:
        for closed in (False, True):
            times = []
            found = 0
            for start, order in picked:
                search_module._closed_tours.clear()
                began = time.perf_counter()
                found += find_tour(board, start, order, rule, closed).found
                times.append(time.perf_counter() - began)
            every = every and found == starts
            print("search %s %-6s %-6s: %d of %d found, slowest %.3f s, median %.3f s"
                  % (size, rule, "closed" if closed else "open", found, starts, max(times),
                     sorted(times)[starts // 2]))
    return every


def main():
    print("machine:", describe())
    if sys.argv[1:] == ["sizes"]:
        sizes()
        return
    if sys.argv[1:] == ["--search-only"]:
        search_every_rule()
        return
    sizes()
    board = Board(8, 8)
    for rule in ("border", "centre", "first"):
        best, median = best_of(5, lambda rule=rule: Analysis(board, rule))
        print("analysis 8x8 %-6s in-process: best %.3f s, median %.3f s" % (rule, best, median))
    command = [sys.executable, "-m", "knightstour_desktop.cli", "orders", "analyse", "--size", "8x8"]

    def whole_command():
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)

    best, median = best_of(5, whole_command)
    print("`knights-tour orders analyse --size 8x8` as a new process (startup included): "
          "best %.3f s, median %.3f s" % (best, median))
    solver = Warnsdorff(board, "ahfdgceb", "border")
    best, _ = best_of(3, lambda: [solver.run(s) for s in range(64)])
    print("Warnsdorff 8x8: %.0f tours/s" % (64 / best))
    best, _ = best_of(3, lambda: [find_tour(board, s, closed=True) for s in range(64)])
    print("closed tours 8x8, every start: %.3f s in all, %.1f ms each" % (best, best / 64 * 1000))
    big = Board(32, 32)
    starts = list(range(0, big.squares, 97))
    for closed in (False, True):
        began = time.perf_counter()
        found = sum(find_tour(big, s, closed=closed).found for s in starts)
        spent = time.perf_counter() - began
        print("guaranteed %s tours 32x32: %d of %d starts found, %.2f s each on average"
              % ("closed" if closed else "open", found, len(starts), spent / len(starts)))
    search_every_rule()


if __name__ == "__main__":
    main()
