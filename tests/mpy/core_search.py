# The guaranteed and closed searches: same answers under MicroPython and CPython.
from knightstour.board import Board
from knightstour.search import find_tour


def check(board, path, start, closed):
    assert path[0] == start and len(path) == board.squares
    seen = bytearray(board.squares)
    for i in range(len(path)):
        assert not seen[path[i]]
        seen[path[i]] = 1
        if i:
            assert board.is_knight_move(path[i - 1], path[i])
    if closed:
        assert board.is_knight_move(path[-1], path[0])


board = Board(8, 8)
total = 0
for start in range(64):
    result = find_tour(board, start, closed=True)
    check(board, result.path, start, True)
    total += result.nodes
print("8x8 closed from every start, nodes", total)
for size in ("5x5", "4x5", "3x4", "3x7", "4x4", "6x6"):
    board = Board.parse(size)
    counts = {}
    names = []
    for start in range(board.squares):
        result = find_tour(board, start)
        counts[result.status] = counts.get(result.status, 0) + 1
        if result.found:
            check(board, result.path, start, False)
            names.append(board.square_name(result.path[-1]))
    print(size, sorted(counts.items()), " ".join(names))
print(find_tour(Board(5, 5), 1).reason)
print(find_tour(Board(5, 5), 0, closed=True).reason)
