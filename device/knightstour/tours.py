"""The automatic tours: find one, show it square by square, show the result, count them."""

# A tour is found whole at its start and replayed square by square, so a move
# allocates nothing; where Warnsdorff's rule gets stuck, rescue.py (imported
# only then) finds the tour or says why none can start there. A part of App
# (app.py), which paces it and decides what comes next.

from .tour import square_list
from .warnsdorff import Warnsdorff


class Tours:
    # The tours part: it owns the check orders, the solver, the tour being shown and its plan,
    # and the counters; it draws on ``display`` and plays on ``sound`` (App's ports).
    #
    # App calls ``start(square, mode)``, then while ``next_delay()`` gives a delay (>= 0) it waits
    # that long and calls ``advance()``; at -1 the tour is over and ``finish()`` shows and counts
    # its end. ``order_names`` are the orders as given (lower case); ``start_square`` is the
    # start setting (-1: random).

    def __init__(self, board, settings, names, rng, display, sound, pacing, messages):
        # names: the check orders (None: the settings', the board's super orders for "super");
        # a start setting not on the board (App fell back to 8x8) goes to messages.
        from .orders import DEFAULT_ORDER, order_text, parse_order, super_orders  # here only: see PLAN

        if settings.order != "super":
            names = (settings.order,)
        elif names is None:
            names = super_orders(board.size_name)
        if not names:
            names = (DEFAULT_ORDER,)
        self.start_square = -1
        if settings.start != "random":
            try:
                self.start_square = board.parse_square(settings.start)
            except ValueError:
                messages.append("start square %s is not on the %s board; using random starts"
                                % (settings.start, board.size_name))
        rule = settings.rule
        self.board = board
        self.total = board.squares
        self.orders = tuple(parse_order(name) for name in names)
        self.order_names = tuple(order_text(name) for name in names)  # as parse_order read them
        self.order_index = 0
        self.rng = rng
        self.solver = Warnsdorff(board, self.orders[0], rule, rng)
        self.rule = self.solver.rule
        self.tour = self.solver.tour
        self.plan = square_list(board.squares)  # the tour being shown, found at its start
        self.planned = 0
        self.next_square = -1
        self.display = display
        self.sound = sound
        self.pacing = pacing
        # Counters (no history kept: memory stays flat however long it runs).
        self.count = 0  # tours ended
        self.complete = 0
        self.closed = 0
        self.stuck = 0
        self.gave_up = 0  # tours whose search ran out of budget: shown where they stopped
        self.out_of_budget = False
        self.searched = 0  # nodes the last tour's rescue spent (rescue.py)
        self.impossible = 0  # starts from which no tour exists (said why instead)
        self.last_kind = ""

    def show_on(self, display):
        self.display = display

    def order_name(self):
        # The check order in use (as given, lower case).
        return self.order_names[self.order_index]

    def start(self, square, mode):
        # Find the tour from ``square`` (-1: the start setting, or random) and show its start
        # (``mode`` for display.begin); "" or, shown as its end, why no tour can start there.
        if square < 0:
            square = self.start_square
            if square < 0:
                square = random_start(self.board, self.rng)
        if len(self.orders) > 1:
            self.order_index = self.rng.randrange(len(self.orders))
        self.solver.order = self.orders[self.order_index]
        self.out_of_budget = False
        self.searched = 0
        reason = self._plan(square)
        tour = self.tour
        tour.reset()
        tour.visit(square)
        display = self.display
        display.begin(self.board, mode, self.order_names[self.order_index], self.rule)
        display.light(square, 1)
        display.knight(square)
        if reason:
            display.status(reason)
            self.impossible += 1
            self.end("impossible", 1, square)
            self.sound.stuck_tone()
            return reason
        display.status("tour from %s" % self.board.square_name(square))  # the order: display.begin
        self.sound.tick()
        return ""

    def _plan(self, square):
        # The tour from square into self.plan; "" or why no tour can start there.
        tour = self.solver.run(square)
        if not tour.complete:
            from .rescue import rescue

            return rescue(self, square)
        self.keep(tour)
        return ""

    def keep(self, tour):
        # Take the solver's path as the plan: swap the lists, copy nothing (rescue.py too).
        self.plan, tour.path = tour.path, self.plan
        self.planned = tour.length

    def next_delay(self):
        # Seconds before the next square (looked at now, so a dead end shows at once), or -1:
        # the tour is over.
        tour = self.tour
        if tour.length == self.planned:
            return -1.0
        self.next_square = self.plan[tour.length]
        return self.pacing.delay(tour.length + 1, self.total)

    def advance(self):
        # Show the next square.
        tour = self.tour
        square = self.next_square
        tour.visit(square)
        display = self.display
        display.light(square, tour.length)
        display.knight(square)
        self.sound.tick()

    def finish(self):
        # Show and count how the tour ended; returns its kind: "complete", "closed", "stuck" or
        # "budget". The status texts fit the smallest TFT panel (three lines of 13 characters)
        # below the result in capitals.
        tour = self.tour
        kind = "closed" if tour.closed else ("complete" if tour.complete else "stuck")
        square = tour.square
        name = self.board.square_name(square)
        display = self.display
        if kind == "stuck":
            squares = "square" if tour.length == 1 else "squares"
            if self.out_of_budget:
                # A tour exists (or none is known not to): the search gave up, the rule's path is shown.
                kind = "budget"
                self.gave_up += 1
                display.status("gave up on %s after %d %s" % (name, tour.length, squares))
            else:
                self.stuck += 1
                display.status("stuck on %s after %d %s" % (name, tour.length, squares))
            self.sound.stuck_tone()
        else:
            self.complete += 1
            start = self.board.square_name(tour.start)
            if kind == "closed":
                self.closed += 1
                display.status("%d squares; %s to %s is a knight move" % (tour.length, name, start))
                self.sound.closed_phrase()
            else:
                display.status("complete: %d square%s from %s to %s" % (
                    tour.length, "" if tour.length == 1 else "s", start, name))
                self.sound.complete_phrase()
        self.end(kind, tour.length, square)
        return kind

    def end(self, kind, count, square):
        # Count a tour's end and show its result.
        self.count += 1
        self.last_kind = kind
        self.display.result(kind, count, square)


def random_start(board, rng):
    # A start square drawn from ``rng`` (randrange). On a board with an odd number of squares
    # only a1's colour can start a tour, and with an odd width those are the even squares: the
    # attract loop tours; a touch elsewhere is explained. (knights-tour solve --start random
    # draws with this too: one seed, one tour.)
    total = board.squares
    if total % 2:
        square = 2 * rng.randrange((total + 1) // 2)
    else:
        square = rng.randrange(total)
    if board.width < 5 or board.height < 5:
        # A side of 3 or 4: the inner lines (and a few squares of 3x7 and 3x8) have no tour either.
        from .starts import impossibility, open_tours_exist

        if open_tours_exist(board.width, board.height):
            while impossibility(board, square):
                square = rng.randrange(total)
    return square
