"""knightstour: a Knight's Tour desk toy. The core runs unchanged on CircuitPython and CPython."""

__version__ = "0.1.0"


# The base classes of the board's ports (ports.py documents the ports and says why they are here).
# Every implementation subclasses its port; each method of a port is the one function ``missing``.
# A display also sets ``max_width`` and ``max_height``.
def missing(self, *args):
    raise NotImplementedError  # a method of the port its implementation left out


class Display:
    begin = light = unlight = knight = blink = moves = result = trace = status = flush = missing


class Input:
    poll = missing


class Sound:
    tick = closed_phrase = complete_phrase = stuck_tone = update = missing
