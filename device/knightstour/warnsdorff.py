"""Warnsdorff's rule: the square it picks (``choose``) and the whole tour (``run``). One move at a
time, with what the rule considered: warnsdorff_steps.py (a board never loads it).
"""

from .board import LABELS
from .tour import Tour

# Weight of the onward count over the rule's tie key (tie keys stay below it).
_ONWARD_WEIGHT = 256


class Warnsdorff:
    """Warnsdorff's rule on one board with one check order and tie-break rule.

    ``rng`` is needed only by the ``random`` rule: anything with randrange().
    """

    def __init__(self, board, order=None, rule=None, rng=None):
        # ``order``: a check order's text or label indices (None: orders.DEFAULT_ORDER); ``rule``:
        # a rule's name (None: rules.DEFAULT_RULE). Their parsers are imported here, used once: a
        # board forgets them once its app is made.
        from .orders import DEFAULT_ORDER, parse_order
        from .rules import DEFAULT_RULE, check_rule, tie_keys

        if order is None:
            order = DEFAULT_ORDER
        self.board = board
        self.order = parse_order(order) if isinstance(order, str) else tuple(order)
        self.rule = check_rule(DEFAULT_RULE if rule is None else rule)
        if self.rule == "random" and rng is None:
            from .rng import Xorshift32

            rng = Xorshift32()
        self.rng = rng
        self.draws = self.rule == "random"
        self.keys = tie_keys(board, self.rule)
        self.tour = Tour(board)

    def choose(self, tour, step=None):
        """The square the rule picks from the knight's square, or -1 when stuck.

        When ``step`` is given (a warnsdorff_steps.Step) its candidate lists are filled in (check
        order).
        """
        target = self.board.target
        onward = tour.onward
        number = tour.number
        keys = self.keys
        base = tour.square * 8
        best = -1
        best_key = 0
        ties = 0
        count = 0
        for m in self.order:
            t = target[base + m]
            if t < 0 or number[t]:
                continue
            if step is not None:
                step.candidate_labels[count] = LABELS[m]
                step.candidate_squares[count] = t
                step.candidate_onward[count] = onward[t]
            count += 1
            key = onward[t] * _ONWARD_WEIGHT + keys[t]
            if best < 0 or key < best_key:
                best, best_key, ties = t, key, 1
            elif key == best_key and self.draws:
                ties += 1
                if self.rng.randrange(ties) == 0:
                    best = t
        if step is not None:
            step.candidate_count = count
        return best

    def run(self, start):
        """Run the whole tour; return the Tour (complete, closed, path). The moves of
        warnsdorff_steps.steps(), with no Step filled in: nothing allocated."""
        tour = self.tour
        tour.reset()
        tour.visit(start)
        while not tour.complete:
            square = self.choose(tour)
            if square < 0:
                break
            tour.visit(square)
        return tour
