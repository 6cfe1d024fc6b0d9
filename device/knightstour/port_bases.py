"""The base classes of the board's ports: each method raises NotImplementedError (ports.py documents
the ports; a board loads this module with its first view or input, after its settings are read)."""


class Display:
    def begin(self, *args):
        raise NotImplementedError  # a method of the port its implementation left out

    light = unlight = knight = blink = moves = result = trace = status = flush = begin


class Input:
    poll = Display.begin


class Sound:
    tick = closed_phrase = complete_phrase = stuck_tone = update = Display.begin
