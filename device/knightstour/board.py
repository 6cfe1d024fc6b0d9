"""Boards, squares and knight moves.

A square is a small int, ``rank * width + file`` (a1 = 0 on every board), as in
python-chess. Files are letters (a..z, then aa, ab, ... on boards wider than
26), ranks are numbers counted from 1 at the bottom.
"""

from array import array

from .board_text import MAX_SIDE, MIN_SIDE

# The eight knight moves, labelled clockwise from "2 up, 1 right", as (files, ranks).
LABELS = "abcdefgh"
DELTAS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


def file_name(file_index):
    """0 -> "a", 25 -> "z", 26 -> "aa" (spreadsheet style, for wide boards)."""
    name = ""
    n = file_index + 1
    while n > 0:
        n, rem = divmod(n - 1, 26)
        name = chr(97 + rem) + name
    return name


class Board:
    """A W x H board with its knight-move tables precomputed once."""
    # ``target[square * 8 + m]`` is the square reached by move label m (0 = "a"),
    # or -1 when that move leaves the board (an array of small numbers: bytes up to 128 squares,
    # 0.5 KB on 8x8; else 16-bit, 4 KB on 16x16: a list would take 4 bytes an entry on a Feather).
    # ``access[square]`` is the static accessibility: how many knight moves from the square stay
    # on the board.

    def __init__(self, width=8, height=8):
        if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
            from .board_text import SIZE_HELP

            raise ValueError("bad board size %rx%r: %s" % (width, height, SIZE_HELP))
        self.width = width
        self.height = height
        self.squares = width * height
        target = array("b" if self.squares <= 128 else "h")
        access = bytearray(self.squares)
        for square in range(self.squares):
            f = square % width
            r = square // width
            for m in range(8):
                df, dr = DELTAS[m]
                nf = f + df
                nr = r + dr
                if 0 <= nf < width and 0 <= nr < height:
                    target.append(nr * width + nf)
                    access[square] += 1
                else:
                    target.append(-1)
        self.target = target
        self.access = access

    @classmethod
    def parse(cls, text):
        """The board of size ``text`` ("8x8"); raise ValueError naming what is accepted."""
        from .board_text import parse_size

        width, height = parse_size(text)
        return cls(width, height)

    @property
    def size_name(self):
        return "%dx%d" % (self.width, self.height)

    def square_at(self, file_index, rank_index):
        return rank_index * self.width + file_index

    def square_name(self, square):
        return file_name(square % self.width) + str(square // self.width + 1)

    def parse_square(self, text):
        """Accept "c3" (any case) or 1-based "x,y" ("1,1" is a1); raise ValueError otherwise."""
        from .board_text import parse_square

        return parse_square(self, text)

    def is_light(self, square):
        """True for squares not of a1's colour (a1 is dark, as on a chess board)."""
        return (square % self.width + square // self.width) % 2 == 1

    def is_knight_move(self, a, b):
        df = abs(a % self.width - b % self.width)
        dr = abs(a // self.width - b // self.width)
        return (df == 1 and dr == 2) or (df == 2 and dr == 1)

    def label_between(self, a, b):
        """The label index of the move from a to b, or -1 when b is not a knight move away."""
        base = a * 8
        for m in range(8):
            if self.target[base + m] == b:
                return m
        return -1
