"""The automatic tours: find one, show it paced, show the result, celebrate a closed one.

A tour is found whole at its start and replayed square by square, so a move
allocates nothing; where Warnsdorff's rule gets stuck, rescue.py (imported
only then) finds the tour or says why none can start there. Part of App
(app.py), kept in its own module so each compiles in a small heap.
"""

class Tours:
    """App's tour methods; they use App's board, display, sound, solver, pacing, tour and plan."""

    def start_tour(self, square):
        """Start an automatic tour from ``square`` (-1: the start setting, or random)."""
        if square < 0:
            square = self.start_square
            if square < 0:
                square = self._random_start()
        if len(self.orders) > 1:
            self.order_index = self.rng.randrange(len(self.orders))
        self.solver.order = self.orders[self.order_index]
        self.out_of_budget = False
        self.searched = 0
        reason = self._plan(square)
        tour = self.tour
        tour.reset()
        tour.visit(square)
        self.tracing = -1
        display = self.display
        display.begin(self.board, self.start_mode if self.start_mode != "play" else "attract",
                      self.order_names[self.order_index], self.rule)
        display.light(square, 1)
        display.knight(square)
        self.changed = True
        if reason:
            display.status(reason)
            self.impossible += 1
            self._end("impossible", 1, square)
            self.sound.stuck_tone()
            return
        self.state = "run"
        self.fresh = True  # the start square gets a frame of its own
        display.status("tour from %s" % self.board.square_name(square))  # the order: display.begin
        self.sound.tick()
        self._arrived()
        self._plan_next()
        # Its delay counts from the next update, once the solve is done and the start is shown:
        # the solve's time is not taken from it.
        self.starting = self.state == "run"

    def _random_start(self):
        # On a board with an odd number of squares only a1's colour can start a tour, and with an
        # odd width those are the even squares: the attract loop tours; a touch elsewhere is explained.
        total = self.total
        if total % 2:
            square = 2 * self.rng.randrange((total + 1) // 2)
        else:
            square = self.rng.randrange(total)
        board = self.board
        if board.width < 5 or board.height < 5:
            # A side of 3 or 4: the inner lines (and a few squares of 3x7 and 3x8) have no tour either.
            from .starts import impossibility, open_tours_exist

            if open_tours_exist(board.width, board.height):
                while impossibility(board, square):
                    square = self.rng.randrange(total)
        return square

    def _plan(self, square):
        # The tour from square into self.plan; "" or why no tour can start there.
        tour = self.solver.run(square)
        if not tour.complete:
            from .rescue import rescue

            return rescue(self, square)
        self._keep(tour)
        return ""

    def _keep(self, tour):
        # Take the solver's path as the plan: swap the lists, copy nothing.
        self.plan, tour.path = tour.path, self.plan
        self.planned = tour.length

    def _plan_next(self):
        # Look at the next square now, so a dead end shows at once.
        tour = self.tour
        if tour.length == self.planned:
            self._finish(tour)
            return
        self.next_square = self.plan[tour.length]
        delay = self.pacing.delay(tour.length + 1, self.total)
        self.last_delay = delay
        self.due = self._after(delay)

    def _advance(self):
        tour = self.tour
        square = self.next_square
        tour.visit(square)
        display = self.display
        display.light(square, tour.length)
        display.knight(square)
        self.changed = True
        self.sound.tick()
        self._arrived()
        self._plan_next()

    def _finish(self, tour):
        # The status texts fit the smallest TFT panel (three lines of 13 characters) below the
        # result in capitals; the result says what kind of end it was.
        kind = "closed" if tour.closed else ("complete" if tour.complete else "stuck")
        square = tour.square
        name = self.board.square_name(square)
        if kind == "stuck":
            squares = "square" if tour.length == 1 else "squares"
            if self.out_of_budget:
                # A tour exists (or none is known not to): the search gave up, the rule's path is shown.
                kind = "budget"
                self.gave_up += 1
                self.display.status("gave up on %s after %d %s" % (name, tour.length, squares))
            else:
                self.stuck += 1
                self.display.status("stuck on %s after %d %s" % (name, tour.length, squares))
            self.sound.stuck_tone()
        else:
            self.complete += 1
            start = self.board.square_name(tour.start)
            if kind == "closed":
                self.closed += 1
                self.display.status("%d squares; %s to %s is a knight move" % (tour.length, name, start))
                self.sound.closed_phrase()
            else:
                self.display.status("complete: %d square%s from %s to %s" % (
                    tour.length, "" if tour.length == 1 else "s", start, name))
                self.sound.complete_phrase()
        self._end(kind, tour.length, square)

    def _end(self, kind, count, square):
        # The tour is over: show the result, then trace a closed tour or pause.
        self.tours += 1
        self.last_kind = kind
        self.display.result(kind, count, square)
        self.changed = True
        self.state = "show"
        if kind == "closed":
            self.tracing = 0
            self.due = self.now
        else:
            self.tracing = -1
            self.due = self._after(self.pacing.pause())

    def _trace_step(self):
        # Run along the path from the start, then close the loop back onto it.
        tour = self.play_tour if self.state == "play" else self.tour
        i = self.tracing
        if i < tour.length:
            self.display.trace(tour.path[i], i + 1)
        elif i == tour.length:
            self.display.trace(tour.path[0], i + 1)
        else:
            self.display.trace(-1, 0)
            self.tracing = -1
            self.due = self._after(self.pacing.pause())
            self.changed = True
            return
        self.changed = True
        self.tracing = i + 1
        self.due = self._after(self.pacing.trace_step(tour.length))

    def _after_show(self):
        if self.start_mode == "touch":
            self._enter_wait()
        else:
            self.start_tour(-1)
