"""microcontroller stand-in: Pin. A chip on the pin (``pin.chip``, an SPI chip model with
select()/deselect()) is selected while the pin is low, as a chip select wire does."""


class Pin:
    def __init__(self, name):
        self.name = name
        self.chip = None
        self._level = True

    @property
    def level(self):
        return self._level

    @level.setter
    def level(self, level):
        if self.chip is not None and level != self._level:
            if level:
                self.chip.deselect()
            else:
                self.chip.select()
        self._level = level

    # A chip driving the wire (the TSC2007's PENIRQ): low, or None to let the pull-up have it.
    board_level = None  # the stand-in does not tell an output from an input

    def drive(self, level):
        self._level = True if level is None else bool(level)

    def __repr__(self):
        return "board." + self.name
