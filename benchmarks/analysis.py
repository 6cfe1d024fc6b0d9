"""Speed of `knights-tour orders analyse` (target: 8x8 in <= 0.3 s wall time) and of the solvers.

Run: .venv/bin/python benchmarks/analysis.py [--search-only]

Search with every rule (issue 10): 50 random starts and check orders (seed 10) on 32x32 for each of
the four tie rules, open and closed tours; target: all found, the slowest under 1 s.
Each start runs cold (no closed tour cached from an earlier start).
"""

import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "device"))

from knightstour import analysis as analysis_module  # noqa: E402
from knightstour import search as search_module  # noqa: E402
from knightstour.analysis import Analysis  # noqa: E402
from knightstour.board import Board  # noqa: E402
from knightstour.rules import RULES  # noqa: E402
from knightstour.search import find_tour  # noqa: E402
from knightstour.solver import Warnsdorff  # noqa: E402

from machine import describe  # noqa: E402


def best_of(n, fn):
    times = []
    for _ in range(n):
        began = time.perf_counter()
        fn()
        times.append(time.perf_counter() - began)
    return min(times), sorted(times)[len(times) // 2]


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
    if "--search-only" in sys.argv[1:]:
        search_every_rule()
        return
    board = Board(8, 8)
    for rule in ("border", "centre", "first"):
        def cold(rule=rule):
            analysis_module._pair_cache.clear()  # count building the order sets every time
            Analysis(board, rule)

        best, median = best_of(5, cold)
        print("analysis 8x8 %-6s in-process: best %.3f s, median %.3f s" % (rule, best, median))
    env = dict(os.environ, PYTHONPATH=os.path.join(HERE, "..", "device"))
    command = [sys.executable, "-m", "knightstour.cli", "orders", "analyse", "--size", "8x8"]

    def whole_command():
        subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)

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
