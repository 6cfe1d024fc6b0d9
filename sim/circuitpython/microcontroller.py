"""microcontroller stand-in: Pin. A chip on the pin (``pin.chip``, an SPI chip model with
select()/deselect()) is selected while the pin is low, as a chip select wire does.

A pin is claimed by the object that uses it (DigitalInOut, PWMOut, a bus, a display bus) and
freed by its deinit(), as on a board: a second claim raises ValueError "<name> in use"
(shared-bindings/microcontroller/Pin.c assert_pin_free, with the pin's board name).

A DigitalInOut or PWMOut is a 16-byte struct on a board; a Python object with attributes takes
more here. So they keep no attribute: their state is on their pin (``_owner``, ``_state``), which
the board makes before code.py's heap, and ``_owned(obj)`` finds the pin an object owns."""

_PINS = []  # every pin made, for _owned()


class Pin:
    def __init__(self, name):
        self._name = name
        self.chip = None
        self._level = True
        self._owner = None  # what claimed the pin: a DigitalInOut, PWMOut, bus, display bus...
        self._state = [None, None, None]  # the owner's state, when it is a DigitalInOut or PWMOut
        self.board_level = None  # set here, so that setting it later does not grow this pin's table
        _PINS.append(self)

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

    # What the board drives on the wire: True/False while an output drives it, None while
    # nothing does (an input): the touch models read it (resistive.py, the TSC2007's PENIRQ).
    board_level = None

    def drive(self, level):
        """A chip or a button driving the wire: low, or None to let the pull-up have it."""
        self._level = True if level is None else bool(level)

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
