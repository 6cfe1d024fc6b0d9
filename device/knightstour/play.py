"""Play mode, the game from the micro:bit write-up: the user moves the knight.

Touch the start square, then knight moves: the legal moves are marked, a
hint shows Warnsdorff's choice, undo takes a move back, a dead end is
announced with the count reached, a complete tour is celebrated. Functions
of the App (app.py), which imports this module only when a game starts, a
hint or an undo is asked for: a toy with no touch screen never loads it.
"""


DEAD_END = "dead end: %d of %d squares; undo to go back"  # 4 lines of 13 on the smallest panel


def start_play(app, square):
    """Enter play mode with an empty board, or with the knight on ``square``."""
    app.state = "play"
    app.tracing = -1
    app.play_over = ""
    app.play_tour.reset()
    app.display.begin(app.board, "play", app.order_names[app.order_index], app.rule)  # the hint's order
    app.changed = True
    if square >= 0:
        play_move(app, square)
    else:
        app._status("play: touch a square to start")


def play_move(app, square):
    """A touch in play mode: the start, a move, or refused; returns True if the knight moved."""
    tour = app.play_tour
    board = app.board
    if app.play_over:
        start_play(app, square)
        return True
    if tour.length:
        here = tour.square
        if square == here:
            return False
        if not board.is_knight_move(here, square):
            app.rejected += 1
            app._status("illegal: %s is not a knight move from %s" % (
                board.square_name(square), board.square_name(here)))
            return False
        if tour.number[square]:
            app.rejected += 1
            app._status("illegal: %s was visited at move %d" % (
                board.square_name(square), tour.number[square]))
            return False
    tour.visit(square)
    app.display.light(square, tour.length)
    app.display.knight(square)
    app._arrived()
    app.sound.tick()
    app.changed = True
    _after_play_move(app)
    return True


def _after_play_move(app):
    tour = app.play_tour
    board = app.board
    if tour.complete:
        kind = "closed" if tour.closed else "complete"
        app.play_over = kind
        app.display.moves([], -1)
        app.display.result(kind, tour.length, tour.square)
        if kind == "closed":
            app._status("closed tour! all %d squares and back to %s" % (
                tour.length, board.square_name(tour.start)))
            app.sound.closed_phrase()
            app.tracing = 0
            app.due = app.now
        else:
            app._status("complete! all %d square%s" % (tour.length, "" if tour.length == 1 else "s"))
            app.sound.complete_phrase()
        return
    legal = tour.legal_moves()
    if not legal:
        app.play_over = "stuck"
        app.display.moves([], -1)
        app.display.result("stuck", tour.length, tour.square)
        app._status(DEAD_END % (tour.length, app.total))
        app.sound.stuck_tone()
        return
    app.display.moves(legal, -1)
    app._status("move %d of %d on %s: %d move%s from here" % (
        tour.length, app.total, board.square_name(tour.square), len(legal), "" if len(legal) == 1 else "s"))


def hint(app):
    """Play mode: show Warnsdorff's choice from the knight's square."""
    if app.state != "play":
        app._status("hint: press play first")
        return -1
    tour = app.play_tour
    if not tour.length or app.play_over:
        app._status("hint: touch any square to start" if not tour.length else "hint: the game is over")
        return -1
    choice = app.solver.choose(tour)
    app.display.moves(tour.legal_moves(), choice)
    app._status("hint: Warnsdorff goes to %s" % app.board.square_name(choice))
    return choice


def undo(app):
    """Play mode: take back the last move; returns the square taken back or -1."""
    if app.state != "play":
        app._status("undo: press play first")
        return -1
    tour = app.play_tour
    if not tour.length:
        app._status("nothing to undo")
        return -1
    if app.play_over:
        app.play_over = ""
        app.display.result("", 0, -1)
        if app.tracing >= 0:
            app.tracing = -1
            app.display.trace(-1, 0)
    square = tour.unvisit()
    display = app.display
    display.unlight(square)
    if tour.length:
        display.knight(tour.square)
        app._arrived()
        legal = tour.legal_moves()
        display.moves(legal, -1)
        app._status("undo: back on %s, move %d; %d move%s from here" % (
            app.board.square_name(tour.square), tour.length, len(legal), "" if len(legal) == 1 else "s"))
    else:
        display.knight(-1)
        display.moves([], -1)
        app._status("play: touch a square to start")
    app.changed = True
    return square
