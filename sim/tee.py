"""One display port feeding several: the simulator's views, the web page's TFT and matrix.
MicroPython-safe (the web page runs it)."""

from knightstour.ports import Display


class TeeDisplay(Display):
    """One display port feeding several (the hardware's and the simulator's recording one)."""

    def __init__(self, displays):
        self.displays = displays
        self.max_width = min(d.max_width for d in displays)
        self.max_height = min(d.max_height for d in displays)

    def begin(self, board, mode, order, rule):
        for d in self.displays:
            d.begin(board, mode, order, rule)

    def light(self, square, number):
        for d in self.displays:
            d.light(square, number)

    def unlight(self, square):
        for d in self.displays:
            d.unlight(square)

    def knight(self, square):
        for d in self.displays:
            d.knight(square)

    def blink(self, on):
        for d in self.displays:
            d.blink(on)

    def moves(self, squares, hint):
        for d in self.displays:
            d.moves(squares, hint)

    def result(self, kind, count, square):
        for d in self.displays:
            d.result(kind, count, square)

    def trace(self, square, number):
        for d in self.displays:
            d.trace(square, number)

    def status(self, text):
        for d in self.displays:
            d.status(text)

    def flush(self):
        for d in self.displays:
            d.flush()
