"""Warnsdorff's rule one move at a time, with what it considered at each: for whatever shows or
checks each move (the tests). A board never loads this module: its tours are Warnsdorff.run's."""
# The generator reuses one Step object and fixed-size lists, so a running tour allocates nothing
# per move; copy what you want to keep.

from .board import LABELS


class Step:
    """One move of a tour: where the knight landed and what it considered."""
    # ``label`` is the move label ("a".."h") used to get here, "" for the start.
    # The candidates considered for this move are the first ``candidate_count``
    # entries of ``candidate_labels``, ``candidate_squares`` and
    # ``candidate_onward``.

    def __init__(self):
        self.square = -1
        self.number = 0
        self.label = ""
        self.candidate_count = 0
        self.candidate_labels = [""] * 8
        self.candidate_squares = [0] * 8
        self.candidate_onward = [0] * 8

    def candidates(self):
        """The candidates as (label, square, onward) tuples (allocates: not for the device loop)."""
        return [
            (self.candidate_labels[i], self.candidate_squares[i], self.candidate_onward[i])
            for i in range(self.candidate_count)
        ]


def steps(solver, start, step=None):
    """Yield a Step for the start and for every move until ``solver``'s (a warnsdorff.Warnsdorff)
    tour ends: the tour ``solver.run(start)`` makes. ``step``: the Step to fill in (a new one
    otherwise: pass one to tour after tour without garbage)."""
    tour = solver.tour
    if step is None:
        step = Step()
    tour.reset()
    tour.visit(start)
    step.square = start
    step.number = 1
    step.label = ""
    step.candidate_count = 0
    yield step
    while not tour.complete:
        here = tour.square
        nxt = solver.choose(tour, step)
        if nxt < 0:
            return
        tour.visit(nxt)
        step.square = nxt
        step.number = tour.length
        step.label = LABELS[solver.board.label_between(here, nxt)]
        yield step
