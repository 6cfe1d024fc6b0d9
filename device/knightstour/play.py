"""Play mode, the game from the micro:bit write-up: the user moves the knight.

Touch the start square, then knight moves: the legal moves are marked, a
hint shows Warnsdorff's choice, undo takes a move back, a dead end is
announced with the count reached, a complete tour is celebrated. Part of
App (app.py), kept in its own module so each compiles in a small heap.
"""


class Play:
    """App's play-mode methods; they use App's board, display, sound, solver and play_tour."""

    def start_play(self, square):
        """Enter play mode with an empty board, or with the knight on ``square``."""
        self.state = "play"
        self.tracing = -1
        self.play_over = ""
        self.play_tour.reset()
        self.display.begin(self.board, "play", "", self.rule)
        self.changed = True
        if square >= 0:
            self.play_move(square)
        else:
            self._status("play: touch a square to start")

    def play_move(self, square):
        """A touch in play mode: the start, a move, or refused; returns True if the knight moved."""
        tour = self.play_tour
        board = self.board
        if self.play_over:
            self.start_play(square)
            return True
        if tour.length:
            here = tour.square
            if square == here:
                return False
            if not board.is_knight_move(here, square):
                self.rejected += 1
                self._status("illegal: %s is not a knight move from %s" % (
                    board.square_name(square), board.square_name(here)))
                return False
            if tour.number[square]:
                self.rejected += 1
                self._status("illegal: %s was visited at move %d" % (
                    board.square_name(square), tour.number[square]))
                return False
        tour.visit(square)
        self.display.light(square, tour.length)
        self.display.knight(square)
        self.sound.tick()
        self.changed = True
        self._after_play_move()
        return True

    def _after_play_move(self):
        tour = self.play_tour
        board = self.board
        name = board.square_name(tour.square)
        if tour.complete:
            kind = "closed" if tour.closed else "complete"
            self.play_over = kind
            self.display.moves([], -1)
            self.display.result(kind, tour.length, tour.square)
            if kind == "closed":
                self._status("closed tour! all %d squares and back to %s" % (
                    tour.length, board.square_name(tour.start)))
                self.sound.closed_phrase()
                self.tracing = 0
                self.due = self.now
            else:
                self._status("complete! all %d square%s" % (tour.length, "" if tour.length == 1 else "s"))
                self.sound.complete_phrase()
            return
        legal = tour.legal_moves()
        if not legal:
            self.play_over = "stuck"
            self.display.moves([], -1)
            self.display.result("stuck", tour.length, tour.square)
            self._status("dead end on %s: %d of %d squares (u to undo)" % (
                name, tour.length, self.total))
            self.sound.stuck_tone()
            return
        self.display.moves(legal, -1)
        self._status("move %d of %d on %s: %d move%s from here" % (
            tour.length, self.total, name, len(legal), "" if len(legal) == 1 else "s"))

    def hint(self):
        """Play mode: show Warnsdorff's choice from the knight's square."""
        if self.state != "play":
            self._status("hint: press p for play mode first")
            return -1
        tour = self.play_tour
        if not tour.length or self.play_over:
            self._status("hint: touch any square to start" if not tour.length else "hint: the game is over")
            return -1
        choice = self.solver.choose(tour)
        self.display.moves(tour.legal_moves(), choice)
        self._status("hint: Warnsdorff goes to %s" % self.board.square_name(choice))
        return choice

    def undo(self):
        """Play mode: take back the last move; returns the square taken back or -1."""
        if self.state != "play":
            self._status("undo: press p for play mode first")
            return -1
        tour = self.play_tour
        if not tour.length:
            self._status("nothing to undo")
            return -1
        if self.play_over:
            self.play_over = ""
            self.display.result("", 0, -1)
            if self.tracing >= 0:
                self.tracing = -1
                self.display.trace(-1, 0)
        square = tour.unvisit()
        display = self.display
        display.unlight(square)
        if tour.length:
            display.knight(tour.square)
            legal = tour.legal_moves()
            display.moves(legal, -1)
            self._status("undo: back on %s, move %d; %d move%s from here" % (
                self.board.square_name(tour.square), tour.length, len(legal), "" if len(legal) == 1 else "s"))
        else:
            display.knight(-1)
            display.moves([], -1)
            self._status("play: touch a square to start")
        self.changed = True
        return square
