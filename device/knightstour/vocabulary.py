"""The input commands, their keys and their help: one table for the desktop, the simulator and the
web page. A board never imports it (its inputs send these names: the TFT's buttons, the push
buttons; tests/test_ports.py holds them to it), so its text costs no board any heap."""

# (command, its keys (the first is the one the help names), its help: the help line joins the keys of
# neighbours with the same, "+/- speed"). A touch is a square instead.
TABLE = (
    ("random", ("r",), "new"),  # the TFT's button says "new" too
    ("play", ("p",), "play"),
    ("hint", ("h", "?"), "hint"),
    ("undo", ("u", "backspace"), "undo"),
    ("faster", ("+", "=", "plus"), "speed"),
    ("slower", ("-", "minus"), "speed"),
    ("speed", (), "faster; after no delay, half speed (the TFT's button)"),
    ("pause", ("s",), "pause"),
    ("quit", ("q",), "quit"),
)

COMMANDS = tuple(row[0] for row in TABLE)
KEYS = {key: row[0] for row in TABLE for key in row[1]}  # a key -> its command


def key_help(commands=COMMANDS):
    """The help line's items for ``commands`` that have a key: "r random", "p play", "+/- speed", ..."""
    items, last = [], None
    for command, keys, text in TABLE:
        if keys and command in commands:
            if text == last:
                items[-1] = items[-1][:-len(text) - 1] + "/" + keys[0] + " " + text
            else:
                items.append(keys[0] + " " + text)
            last = text
    return items
