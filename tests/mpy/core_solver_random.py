# The random rule with a seeded generator (MicroPython's random module differs from CPython's).
from knightstour.board import Board
from knightstour.warnsdorff import Warnsdorff


class Lcg:
    """A tiny deterministic PRNG with randrange(n), the same on every Python."""

    def __init__(self, seed):
        self.state = seed & 0x7FFFFFFF

    def randrange(self, n):
        # The 31-bit LCG of ANSI C's rand(); kept below 2**31 so no big ints are needed.
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.state >> 8) % n


for size in ("8x8", "6x6", "10x10"):
    board = Board.parse(size)
    for seed in (1, 2, 2026):
        rng = Lcg(seed)
        solver = Warnsdorff(board, "ahfdgceb", "random", rng)
        complete = 0
        for start in range(0, board.squares, 5):
            tour = solver.run(start)
            complete += tour.complete
            if size == "8x8":
                print(size, seed, board.square_name(start), tour.length, tour.complete, tour.closed,
                      " ".join(board.square_name(s) for s in tour.squares()))
        print(size, seed, "complete", complete, "state", rng.state)
