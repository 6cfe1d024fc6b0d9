"""microcontroller stand-in: Pin, the one pin of the harness, the simulator and the tests (CPython
and MicroPython alike): a board pin and the wire behind it.

The wire's level is what the board drives on it as an output (``board_level``: True/False, None
while it is an input), else what a chip or a button drives (``drive``), else the board's pull
resistor (``board_pull``), else the level it idles at without one (``idle``). A chip model on the
pin (``chip``, an SPI chip with select()/deselect(): busio.SPI's chip select) is selected while
the wire is low; ``watch(callback)`` calls back on every change of level. ``analog`` is a model's
voltage on the wire, a callable giving a fraction of 3.3 V (analogio). ``id`` is the pin itself,
for Blinka's digitalio (sim/chips/shims.py routes it back here).

A pin is claimed by the object that uses it (DigitalInOut, PWMOut, a bus, a display bus) and
freed by its deinit(), as on a board: a second claim raises ValueError "<name> in use"
(shared-bindings/microcontroller/Pin.c assert_pin_free, with the pin's board name).

A DigitalInOut or PWMOut is a 16-byte struct on a board; a Python object with attributes takes
more here. So they keep no attribute: their state is on their pin (``_owner``, ``_state``), which
the board makes before code.py's heap, and ``_owned(obj)`` finds the pin an object owns. Nothing
here allocates when a level changes: the harness shares code.py's heap."""

_PINS = []  # every pin made, for _owned()


class Pin:
    def __init__(self, name, *, idle=True):
        self._name = name
        self.idle = idle
        self.chip = None
        self.analog = None
        self.board_level = None
        self._chip_level = None
        self._pull = None
        self._watchers = None
        self._owner = None  # what claimed the pin: a DigitalInOut, PWMOut, bus, display bus...
        self._state = [None, None, None]  # the owner's state, when it is a DigitalInOut or PWMOut
        _PINS.append(self)

    @property
    def name(self):
        return self._name

    @property
    def id(self):
        return self

    @property
    def level(self):
        """True while the wire is high."""
        if self.board_level is not None:
            return self.board_level
        if self._chip_level is not None:
            return self._chip_level
        if self._pull is not None:
            return self._pull
        return self.idle

    def watch(self, callback):
        """Call ``callback(level)`` whenever the level changes."""
        if self._watchers is None:
            self._watchers = []
        self._watchers.append(callback)

    def drive(self, level):
        """A chip or a button drives the wire to ``level``; None lets it go."""
        before = self.level
        self._chip_level = None if level is None else bool(level)
        self._changed(before)

    def board_drive(self, level):
        """The board drives the wire (an output) to ``level``; None makes it an input again."""
        before = self.level
        self.board_level = None if level is None else bool(level)
        self._changed(before)

    def board_pull(self, level):
        """The board's own pull resistor: True (up), False (down) or None."""
        before = self.level
        self._pull = level
        self._changed(before)

    def _changed(self, before):
        after = self.level
        if after == before:
            return
        if self.chip is not None:
            if after:
                self.chip.deselect()
            else:
                self.chip.select()
        if self._watchers is not None:
            for callback in self._watchers:
                callback(after)

    def __repr__(self):
        return "board." + self._name


def _claim(pin, owner=True):
    """Claim ``pin`` for ``owner`` (a None pin is no pin); ValueError if it is taken."""
    if pin is None:
        return None
    if not isinstance(pin, Pin):
        raise TypeError("pin must be of type Pin, not %s" % type(pin).__name__)
    if pin._owner is not None:
        raise ValueError("%s in use" % pin._name)
    pin._owner = owner
    return pin


def _free(pin):
    if pin is not None:
        pin._owner = None


def _owned(owner):
    """The pin ``owner`` claimed, or None once it freed it (a loop over a list allocates nothing)."""
    for pin in _PINS:
        if pin._owner is owner:
            return pin
    return None
