"""knights-tour solve: one tour, printed as a board of move numbers or as JSON."""

import json

from knightstour.search import DEFAULT_BUDGET, EXHAUSTED, FOUND, IMPOSSIBLE, find_tour, impossibility
from knightstour.starts import tour_exists as starts_tour_exists
from knightstour.warnsdorff import Warnsdorff

from ..errors import UserError
from .common import add_board_arguments, board_from, order_from, rng_from, rule_from, start_from, whole_number


def add_arguments(parser):
    add_board_arguments(parser)
    parser.add_argument("--order", default="abcdefgh", metavar="ORDER",
                        help="check order (eight move labels a-h, e.g. ahfdgceb) or super (default abcdefgh)")
    parser.add_argument("--guaranteed", action="store_true",
                        help="backtrack where the heuristic gets stuck, to find a tour whenever one exists")
    parser.add_argument("--closed", action="store_true", help="find a closed tour (implies a search)")
    parser.add_argument("--budget", type=whole_number(1), default=DEFAULT_BUDGET, metavar="N",
                        help="node budget of the search (default %d)" % DEFAULT_BUDGET)
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the board")


def solve(board, start, order, rule, rng, guaranteed=False, closed=False, budget=DEFAULT_BUDGET):
    """The tour and what is known about tours from ``start``, as the JSON object solve prints."""
    squares = []
    reason = None
    tour_exists = None
    if closed:
        guaranteed = True
        reason = impossibility(board, start, closed=True)
    else:
        reason = impossibility(board, start)
        if reason is None:
            tour = Warnsdorff(board, order, rule, rng).run(start)
            squares = tour.squares()
    if reason:
        tour_exists = False
    elif len(squares) == board.squares:
        tour_exists = True
    elif guaranteed:
        result = find_tour(board, start, order, rule, closed, budget)
        if result.status == FOUND:
            squares = result.path
            tour_exists = True
        else:
            squares = squares or [start]
            if result.status in (IMPOSSIBLE, EXHAUSTED):
                tour_exists = False
            elif not closed:
                tour_exists = starts_tour_exists(board, start)  # known, though not found in this budget
            reason = result.reason
    elif not closed:
        tour_exists = starts_tour_exists(board, start)
    complete = len(squares) == board.squares
    answer = {
        "size": board.size_name,
        "start": board.square_name(start),
        "order": order,
        "rule": rule,
        "squares": [board.square_name(s) for s in squares],
        "complete": complete,
        "closed": complete and board.squares > 1 and board.is_knight_move(squares[-1], squares[0]),
        "tour_exists": tour_exists,
    }
    if reason:
        answer["reason"] = reason
    return answer


def result_line(answer):
    if answer["closed"]:
        return "closed: %d squares, and the last is a knight move from the start" % len(answer["squares"])
    if answer["complete"]:
        count = len(answer["squares"])
        return "complete: %d square%s (open tour)" % (count, "" if count == 1 else "s")
    if answer["tour_exists"] is False:
        return "no tour exists: %s" % answer["reason"]
    line = "stuck at move %d" % len(answer["squares"])
    if answer.get("reason"):
        line += " (%s)" % answer["reason"]
    elif answer["tour_exists"]:
        line += " (a tour from here exists: try --guaranteed)"
    return line


def board_text(board, squares):
    """Move numbers on the board, rank 8 (the top rank) first; '.' for unvisited squares."""
    number = {}
    for i, s in enumerate(squares):
        number[s] = i + 1
    cell = max(2, len(str(board.squares)))
    label = len(str(board.height))
    lines = []
    for rank in range(board.height - 1, -1, -1):
        cells = [str(number.get(board.square_at(f, rank), ".")).rjust(cell) for f in range(board.width)]
        lines.append(str(rank + 1).rjust(label) + " " + " ".join(cells))
    files = [board.square_name(board.square_at(f, 0))[:-1].rjust(cell) for f in range(board.width)]
    lines.append(" " * label + " " + " ".join(files))
    return "\n".join(lines)


def run(args):
    board = board_from(args)
    rule = rule_from(args)
    rng = rng_from(args)
    start = start_from(args, board, rng)
    order = order_from(args.order, board, rule, rng)
    if args.budget < 1:
        raise UserError("bad --budget %d: give a whole number of nodes of at least 1" % args.budget)
    answer = solve(board, start, order, rule, rng, args.guaranteed, args.closed, args.budget)
    if args.json:
        print(json.dumps(answer))
    else:
        squares = [board.parse_square(name) for name in answer["squares"]]
        print(board_text(board, squares))
        print("%s from %s, order %s, rule %s" % (board.size_name, answer["start"], order, rule))
        print(result_line(answer))
    return 0 if answer["complete"] else 1
