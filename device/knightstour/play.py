"""Play mode: the user moves the knight."""

# Touch the start square, then knight moves: the legal moves are marked, a
# hint shows Warnsdorff's choice, undo takes a move back, a dead end is
# announced with the count reached, a complete tour is celebrated. A part of
# App (app.py), which imports this module only when a game starts, a hint or
# an undo is asked for: a toy with no touch screen never loads it.

DEAD_END = "dead end: %d of %d squares; undo to go back"  # 4 lines of 13 on the smallest panel


class Game:
    # The play part: it owns how the game ended (``over``: "", "closed", "complete" or "stuck")
    # and the count of refused moves (``rejected``), and plays on the solver's ``tour``; it
    # draws on ``display``, plays on ``sound`` and writes the status line through ``status``
    # (App's).
    #
    # App calls ``start(square, order)``, ``move(square)`` (True if the knight moved),
    # ``hint()`` (Warnsdorff's choice by ``solver``, or -1) and ``undo()`` (the square taken
    # back, or -1); after a closed game App runs the trace along ``tour``.

    def __init__(self, board, display, sound, solver, status):
        self.board = board
        # The solver's own tour: no automatic tour is shown while a game is played (the next
        # one starts afresh), and a hint asks the solver about the tour it holds anyway.
        self.tour = solver.tour
        # The legal moves, refilled in place at each move (a list made a move would be garbage).
        self.legal = [0] * 8
        self.over = ""
        self.rejected = 0
        self.display = display
        self.sound = sound
        self.solver = solver
        self.status = status

    def show_on(self, display):
        self.display = display

    def start(self, square, order):
        # An empty board (``order``: the hint's, for display.begin), or the knight on ``square``.
        self.over = ""
        self.tour.reset()
        self.display.begin(self.board, "play", order, self.solver.rule)
        if square >= 0:
            self.move(square)
        else:
            self.status("play: touch a square to start")

    def move(self, square):
        # A touch: the start, a move, or refused; returns True if the knight moved.
        tour = self.tour
        board = self.board
        if tour.length:
            here = tour.square
            if square == here:
                return False
            if not board.is_knight_move(here, square):
                self.rejected += 1
                self.status("illegal: %s is not a knight move from %s" % (
                    board.square_name(square), board.square_name(here)))
                return False
            if tour.number[square]:
                self.rejected += 1
                self.status("illegal: %s was visited at move %d" % (
                    board.square_name(square), tour.number[square]))
                return False
        tour.visit(square)
        self.display.light(square, tour.length)
        self.display.knight(square)
        self.sound.tick()
        self._after_move()
        return True

    def _after_move(self):
        tour = self.tour
        board = self.board
        display = self.display
        if tour.complete:
            kind = "closed" if tour.closed else "complete"
            self.over = kind
            display.moves([], -1)
            display.result(kind, tour.length, tour.square)
            if kind == "closed":
                self.status("closed tour! all %d squares and back to %s" % (
                    tour.length, board.square_name(tour.start)))
                self.sound.closed_phrase()
            else:
                self.status("complete! all %d square%s" % (tour.length, "" if tour.length == 1 else "s"))
                self.sound.complete_phrase()
            return
        legal = tour.legal_moves(self.legal)
        if not legal:
            self.over = "stuck"
            display.moves([], -1)
            display.result("stuck", tour.length, tour.square)
            self.status(DEAD_END % (tour.length, board.squares))
            self.sound.stuck_tone()
            return
        display.moves(legal, -1)
        self.status("move %d of %d on %s: %d move%s from here" % (
            tour.length, board.squares, board.square_name(tour.square), len(legal),
            "" if len(legal) == 1 else "s"))

    def hint(self):
        # Show Warnsdorff's choice from the knight's square; returns it or -1.
        tour = self.tour
        if not tour.length or self.over:
            self.status("hint: touch any square to start" if not tour.length else "hint: the game is over")
            return -1
        choice = self.solver.choose(tour)
        self.display.moves(tour.legal_moves(self.legal), choice)
        self.status("hint: Warnsdorff goes to %s" % self.board.square_name(choice))
        return choice

    def undo(self):
        # Take back the last move (a game that was over goes on); returns the square or -1.
        tour = self.tour
        if not tour.length:
            self.status("nothing to undo")
            return -1
        display = self.display
        if self.over:
            self.over = ""
            display.result("", 0, -1)
        square = tour.unvisit()
        display.unlight(square)
        if tour.length:
            display.knight(tour.square)
            legal = tour.legal_moves(self.legal)
            display.moves(legal, -1)
            self.status("undo: back on %s, move %d; %d move%s from here" % (
                self.board.square_name(tour.square), tour.length, len(legal), "" if len(legal) == 1 else "s"))
        else:
            display.knight(-1)
            display.moves([], -1)
            self.status("play: touch a square to start")
        return square
