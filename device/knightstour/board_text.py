"""Board sizes and squares as people write them ("8x8", "c3", "1,1"), read into numbers, with the
line that says what is accepted."""
# Board.parse and Board.parse_square (board.py) import it when called: the Feather reads its settings' size
# and start square during its start, then forgets this module (hw/plan.py), so its code does not live on.

MIN_SIDE = 1  # the sides a board may have (board.py's Board checks them too)
MAX_SIDE = 32

SIZE_HELP = "a board size is WxH with whole numbers from %d to %d, e.g. 8x8" % (MIN_SIDE, MAX_SIDE)


def is_whole(text):
    """True for ASCII digits only ("3"; not "", "-3" or "³", which str.isdigit() accepts)."""
    if not text:
        return False
    for ch in text:
        if not "0" <= ch <= "9":
            return False
    return True


def parse_size(text):
    """Return (width, height) for "8x8"; raise ValueError naming what is accepted."""
    parts = str(text).strip().lower().split("x")
    if len(parts) == 2 and is_whole(parts[0]) and is_whole(parts[1]):
        width, height = int(parts[0]), int(parts[1])
        if MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE:
            return width, height
    raise ValueError("bad board size %r: %s" % (text, SIZE_HELP))


def _file_index(letters):
    n = 0
    for ch in letters:
        n = n * 26 + (ord(ch) - 96)
    return n - 1


def parse_square(board, text):
    """The square of ``board`` named "c3" (any case) or 1-based "x,y" ("1,1" is a1); raise
    ValueError otherwise."""
    raw = str(text).strip().lower()
    file_index = rank_index = -1
    if "," in raw:
        parts = raw.split(",")
        if len(parts) == 2 and is_whole(parts[0].strip()) and is_whole(parts[1].strip()):
            file_index = int(parts[0]) - 1
            rank_index = int(parts[1]) - 1
    else:
        split = 0
        while split < len(raw) and "a" <= raw[split] <= "z":
            split += 1
        letters, digits = raw[:split], raw[split:]
        if letters and is_whole(digits) and len(letters) <= 2:
            file_index = _file_index(letters)
            rank_index = int(digits) - 1
    if 0 <= file_index < board.width and 0 <= rank_index < board.height:
        return rank_index * board.width + file_index
    raise ValueError(
        "bad square %r: name a square of the %s board as file letter and rank number "
        "(a1 to %s) or as 1-based x,y (1,1 to %d,%d)"
        % (text, board.size_name, board.square_name(board.squares - 1), board.width, board.height)
    )
