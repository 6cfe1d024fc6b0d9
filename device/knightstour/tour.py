"""The mutable state of a tour in progress, shared by every solver."""
# Onward counts are kept up to date incrementally: ``onward[s]`` is the number of
# unvisited squares one knight move from s, so a candidate's Warnsdorff count is
# a table look-up and visiting or taking back a square costs at most 8 updates.


def square_list(count):
    """Room for ``count`` squares, each 0: bytes where every square fits one (up to 256 squares: a
    quarter of a list's heap on a Feather), else a list."""
    return bytearray(count) if count <= 256 else [0] * count


class Tour:
    def __init__(self, board):
        self.board = board
        self.number = bytearray(board.squares) if board.squares < 256 else [0] * board.squares
        self.onward = bytearray(board.access)
        self.path = square_list(board.squares)
        self.length = 0

    def reset(self):
        board = self.board
        for s in range(board.squares):
            self.number[s] = 0
            self.onward[s] = board.access[s]
        self.length = 0

    @property
    def square(self):
        """The knight's square, or -1 before the start."""
        return self.path[self.length - 1] if self.length else -1

    @property
    def start(self):
        return self.path[0] if self.length else -1

    def visit(self, square):
        target = self.board.target
        onward = self.onward
        self.path[self.length] = square
        self.length += 1
        self.number[square] = self.length
        base = square * 8
        for m in range(8):
            t = target[base + m]
            if t >= 0:
                onward[t] -= 1

    def unvisit(self):
        """Take back the last visit (undo)."""
        self.length -= 1
        square = self.path[self.length]
        self.number[square] = 0
        target = self.board.target
        onward = self.onward
        base = square * 8
        for m in range(8):
            t = target[base + m]
            if t >= 0:
                onward[t] += 1
        return square

    def legal_moves(self, into=None):
        """Unvisited squares one knight move from the knight, in label order (before the start:
        every square). ``into``: a list refilled in place and returned, so that play mode makes no
        list a move (one that has held 8 squares takes them again with no allocation)."""
        legal = [] if into is None else into
        del legal[:]
        if not self.length:
            legal.extend(range(self.board.squares))
            return legal
        target = self.board.target
        number = self.number
        base = self.square * 8
        for m in range(8):
            t = target[base + m]
            if t >= 0 and not number[t]:
                legal.append(t)
        return legal

    @property
    def complete(self):
        return self.length == self.board.squares

    @property
    def closed(self):
        return (
            self.complete
            and self.board.squares > 1
            and self.board.is_knight_move(self.path[self.length - 1], self.path[0])
        )

    def squares(self):
        return list(self.path[:self.length])
