# Board: sizes, square names both ways, parse_square and its errors, move tables.
from knightstour.board import DELTAS, LABELS, Board, file_name
from knightstour.board_text import parse_size


def attempt(function, argument):
    try:
        return repr(function(argument))
    except ValueError as error:
        return "ValueError: " + str(error)


print("sizes")
for text in ("8x8", "5X6", " 1x1 ", "32x32", "12x3", "8x", "x8", "8*8", "0x5", "33x8", "8x8x8", "-1x5", "", "a x b"):
    print(repr(text), attempt(parse_size, text))
for width, height in ((0, 8), (8, 33), (33, 1)):
    try:
        Board(width, height)
        print(width, height, "accepted")
    except ValueError as error:
        print(width, height, "ValueError:", error)

print("file names")
print(" ".join(file_name(i) for i in (0, 1, 7, 25, 26, 27, 31, 51, 52, 701, 702)))

print("squares both ways")
for size in ("1x1", "3x4", "8x8", "5x7", "27x2", "32x32"):
    board = Board.parse(size)
    names = [board.square_name(s) for s in range(board.squares)]
    back = [board.parse_square(name) for name in names]
    upper = [board.parse_square(name.upper()) for name in names]
    xy = [
        board.parse_square("%d,%d" % (s % board.width + 1, s // board.width + 1))
        for s in range(board.squares)
    ]
    same = back == list(range(board.squares)) and upper == back and xy == back
    print(board.size_name, board.squares, names[0], names[-1], same)
    if board.squares <= 64:
        print(" ".join(names))
    print("access", "".join(str(a) for a in board.access))

print("parse_square")
board = Board(8, 8)
for text in ("a1", "h8", "C3", " e4 ", "1,1", "8,8", "3, 5", " 2 ,7", "i1", "a9", "a0", "aa1", "abc1",
             "0,1", "9,1", "1,9", "1,2,3", "x,y", "1,", ",1", "", "e", "4", "e4e", "-1,2", "e-4"):
    print(repr(text), attempt(board.parse_square, text))
wide = Board(28, 3)
for text in ("aa1", "AB3", "ab1", "ac1", "27,2", "z3"):
    print(wide.size_name, repr(text), attempt(wide.parse_square, text))

print("colours and moves")
print("".join("L" if board.is_light(s) else "D" for s in range(64)))
e4 = board.parse_square("e4")
for m in range(8):
    t = board.target[e4 * 8 + m]
    print(LABELS[m], DELTAS[m], board.square_name(t), board.label_between(e4, t), board.is_knight_move(e4, t))
print(board.label_between(e4, board.parse_square("e5")), board.is_knight_move(e4, board.parse_square("e5")))
print([board.square_name(t) if t >= 0 else "-" for t in board.target[0:8]])
print(board.square_at(2, 3), 27 % board.width, 27 // board.width)
