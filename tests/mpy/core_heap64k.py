# heap: 65536
# The solver within a small board's 64 KB heap. Note: MicroPython's WebAssembly
# port collects garbage only when the script has finished, so everything
# allocated here, garbage included, must fit: the solver allocates next to
# nothing per move, and this checks that it stays so.
from knightstour.board import Board
from knightstour.warnsdorff import Warnsdorff
from knightstour.warnsdorff_steps import Step, steps

for size in ("8x8", "6x6"):
    board = Board.parse(size)
    for rule in ("border", "centre", "first"):
        solver = Warnsdorff(board, "ahfdgceb", rule)
        one = Step()  # filled in move after move
        complete = closed = moves = 0
        check = 0
        for start in range(board.squares):
            for step in steps(solver, start, one):
                # Kept below 2**24 so no long ints are allocated.
                check = (check * 31 + step.square * 8 + step.candidate_count) & 0xFFFFFF
                moves += 1
            complete += solver.tour.complete
            closed += solver.tour.closed
        print(size, rule, "complete", complete, "closed", closed, "moves", moves, "check", check)
