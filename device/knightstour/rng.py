"""The toy's random numbers: Marsaglia's xorshift32 (shifts 13, 17, 5), the same sequence on
CPython, MicroPython and CircuitPython, whose own random modules differ: one seed, one show
(start squares, check orders, the random rule's ties) on the board, the desktop and the web page."""
# The 32-bit state is kept as two 16-bit halves, so every value stays below 2**30: a small int
# on a board, where a 32-bit one would be a long int allocated at each draw.


class Xorshift32:
    """``randrange(n)`` from a seed (any int; None: a fresh one from the platform's generator);
    ``hi`` and ``lo`` are the state's halves."""

    def __init__(self, seed=None):
        if seed is None:
            import random

            seed = random.getrandbits(30)
        seed = int(seed)
        seed = 2 * seed if seed >= 0 else -2 * seed - 1  # 0, -1, 1, -2, ... -> 0, 1, 2, 3, ...
        hi = 0x9E37  # the golden ratio's bits: seed 0 is a state like any other
        lo = 0x79B9
        while seed:
            lo ^= seed & 0xFFFF
            hi ^= (seed >> 16) & 0xFFFF
            seed >>= 32
        if not (hi or lo):
            lo = 1  # all zero would stay zero
        self.hi = hi
        self.lo = lo
        for _ in range(4):  # near seeds (1, 2) part at once
            self.next30()

    def next30(self):
        # The next state (x ^= x << 13; x ^= x >> 17; x ^= x << 5, mod 2**32, by halves); its
        # low 30 bits.
        hi = self.hi
        lo = self.lo
        hi ^= ((hi << 13) | (lo >> 3)) & 0xFFFF
        lo ^= (lo << 13) & 0xFFFF
        lo ^= hi >> 1
        hi ^= ((hi << 5) | (lo >> 11)) & 0xFFFF
        lo ^= (lo << 5) & 0xFFFF
        self.hi = hi
        self.lo = lo
        return (hi & 0x3FFF) << 16 | lo

    def randrange(self, n):
        # A whole number from 0 to n - 1 (1 <= n < 2**30), every one as likely: draws past the
        # last whole multiple of n are drawn again.
        if not 0 < n <= 0x3FFFFFFF:
            raise ValueError("randrange takes 1 to 2**30 - 1")
        limit = 0x3FFFFFFF - 0x3FFFFFFF % n
        value = self.next30()
        while value >= limit:
            value = self.next30()
        return value % n
