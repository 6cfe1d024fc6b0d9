"""knightstour: a Knight's Tour desk toy. The core runs unchanged on CircuitPython and CPython."""

__version__ = "0.1.0"


# The base classes of the board's ports (ports.py documents the ports and says why they are here).
# Every implementation subclasses its port. Each method of every port is the one function
# Display.begin (ports.missing), which raises: no name of its own, one fewer a board keeps. A
# display also sets ``max_width`` and ``max_height``.
class Display:
    def begin(self, *args):
        raise NotImplementedError  # a method of the port its implementation left out

    light = unlight = knight = blink = moves = result = trace = status = flush = begin


class Input:
    poll = Display.begin


class Sound:
    tick = closed_phrase = complete_phrase = stuck_tone = update = Display.begin
