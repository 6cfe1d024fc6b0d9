"""Boards, squares and knight moves.

A square is a small int, ``rank * width + file`` (a1 = 0 on every board), as in
python-chess. Files are letters (a..z, then aa, ab, ... on boards wider than
26), ranks are numbers counted from 1 at the bottom.
"""

from array import array

MIN_SIDE = 1
MAX_SIDE = 32

# The eight knight moves, labelled clockwise from "2 up, 1 right", as (files, ranks).
LABELS = "abcdefgh"
DELTAS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))

SIZE_HELP = "a board size is WxH with whole numbers from %d to %d, e.g. 8x8" % (MIN_SIDE, MAX_SIDE)


def is_whole(text):
    """True for ASCII digits only ("3"; not "", "-3" or "³", which str.isdigit() accepts)."""
    if not text:
        return False
    for ch in text:
        if not "0" <= ch <= "9":
            return False
    return True


def parse_size(text):
    """Return (width, height) for "8x8"; raise ValueError naming what is accepted."""
    parts = str(text).strip().lower().split("x")
    if len(parts) == 2 and is_whole(parts[0]) and is_whole(parts[1]):
        width, height = int(parts[0]), int(parts[1])
        if MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE:
            return width, height
    raise ValueError("bad board size %r: %s" % (text, SIZE_HELP))


def file_name(file_index):
    """0 -> "a", 25 -> "z", 26 -> "aa" (spreadsheet style, for wide boards)."""
    name = ""
    n = file_index + 1
    while n > 0:
        n, rem = divmod(n - 1, 26)
        name = chr(97 + rem) + name
    return name


def _file_index(letters):
    n = 0
    for ch in letters:
        n = n * 26 + (ord(ch) - 96)
    return n - 1


class Board:
    """A W x H board with its knight-move tables precomputed once.

    ``target[square * 8 + m]`` is the square reached by move label m (0 = "a"),
    or -1 when that move leaves the board (an array of small numbers: bytes up to 128 squares,
    0.5 KB on 8x8; else 16-bit, 4 KB on 16x16: a list would take 4 bytes an entry on a Feather).
    ``access[square]`` is the static accessibility: how many knight moves from the square stay
    on the board.
    """

    def __init__(self, width=8, height=8):
        if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
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
        width, height = parse_size(text)
        return cls(width, height)

    @property
    def size_name(self):
        return "%dx%d" % (self.width, self.height)

    def file_of(self, square):
        return square % self.width

    def rank_of(self, square):
        return square // self.width

    def square_at(self, file_index, rank_index):
        return rank_index * self.width + file_index

    def square_name(self, square):
        return file_name(square % self.width) + str(square // self.width + 1)

    def parse_square(self, text):
        """Accept "c3" (any case) or 1-based "x,y" ("1,1" is a1); raise ValueError otherwise."""
        raw = str(text).strip().lower()
        file_index = rank_index = -1
        if "," in raw:
            parts = raw.split(",")
            if len(parts) == 2 and is_whole(parts[0].strip()) and is_whole(parts[1].strip()):
                file_index = int(parts[0]) - 1
                rank_index = int(parts[1]) - 1
        else:
            split = 0
            while split < len(raw) and "a" <= raw[split] <= "z":
                split += 1
            letters, digits = raw[:split], raw[split:]
            if letters and is_whole(digits) and len(letters) <= 2:
                file_index = _file_index(letters)
                rank_index = int(digits) - 1
        if 0 <= file_index < self.width and 0 <= rank_index < self.height:
            return rank_index * self.width + file_index
        raise ValueError(
            "bad square %r: name a square of the %s board as file letter and rank number "
            "(a1 to %s) or as 1-based x,y (1,1 to %d,%d)"
            % (text, self.size_name, self.square_name(self.squares - 1), self.width, self.height)
        )

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
