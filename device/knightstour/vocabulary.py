"""The input commands, their keys and their help: one table for the desktop, the simulator and the
web page. A board never imports it (its inputs send these names: the TFT's buttons, the push
buttons; tests/test_ports.py holds them to it), so its text costs no board any heap."""

# (command, its keys (the first is the one the help names), its help). A touch is a square instead.
TABLE = (
    ("random", ("r",), "random"),
    ("play", ("p",), "play"),
    ("hint", ("h", "?"), "hint"),
    ("undo", ("u", "backspace"), "undo"),
    ("faster", ("+", "=", "plus"), "faster"),
    ("slower", ("-", "minus"), "slower"),
    ("speed", (), "faster; after no delay, half speed (the TFT's button)"),
    ("pause", ("s",), "pause"),
    ("quit", ("q",), "quit"),
)

COMMANDS = tuple(row[0] for row in TABLE)
KEYS = {key: row[0] for row in TABLE for key in row[1]}  # a key -> its command


def key_help(commands=COMMANDS):
    """The help line's items for ``commands`` that have a key: "r random", "p play", ..."""
    return [row[1][0] + " " + row[2] for row in TABLE if row[1] and row[0] in commands]
