# Warnsdorff tours from every start on 8x8, for a few check orders and each deterministic rule.
from knightstour.board import Board
from knightstour.rules import RULES, check_rule
from knightstour.warnsdorff import Warnsdorff
from knightstour.warnsdorff_steps import steps

board = Board(8, 8)

print("rules", RULES)
for name in ("border", "Centre", "center", " first ", "random", "fastest", ""):
    try:
        print(repr(name), check_rule(name))
    except ValueError as error:
        print(repr(name), "ValueError:", error)

for order in ("abcdefgh", "ahfdgceb", "hgfedcba"):
    for rule in ("border", "centre", "first"):
        solver = Warnsdorff(board, order, rule)
        complete = closed = 0
        for start in range(board.squares):
            tour = solver.run(start)
            complete += tour.complete
            closed += tour.closed
            print(order, rule, board.square_name(start), tour.length, tour.complete, tour.closed,
                  " ".join(board.square_name(s) for s in tour.squares()))
        print(order, rule, "complete", complete, "closed", closed)

print("steps")
solver = Warnsdorff(board, (0, 7, 5, 3, 6, 2, 4, 1), "centre")
for step in steps(solver, board.parse_square("b1")):
    if step.number <= 4 or step.number >= 62:
        print(step.number, board.square_name(step.square), repr(step.label),
              [(label, board.square_name(square), onward) for label, square, onward in step.candidates()])

print("other boards")
for size in ("1x1", "3x3", "4x4", "5x5", "6x6", "3x7", "12x12"):
    small = Board.parse(size)
    solver = Warnsdorff(small)
    lengths = [solver.run(start).length for start in range(small.squares)]
    print(size, "complete from", sum(1 for n in lengths if n == small.squares), "of", small.squares,
          "longest", max(lengths), "shortest", min(lengths))

print("tour state")
tour = Warnsdorff(board).run(0)
print(tour.start, tour.square, tour.number[0] != 0, tour.legal_moves())
while tour.length > 60:
    tour.unvisit()
print(tour.length, tour.complete, tour.closed, board.square_name(tour.square),
      [board.square_name(s) for s in tour.legal_moves()], list(tour.onward[0:16]))
tour.reset()
print(tour.length, tour.square, tour.start, len(tour.legal_moves()), tour.number[0] != 0)
