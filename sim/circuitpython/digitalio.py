"""digitalio stand-in: DigitalInOut drives the board pin's wire (microcontroller.Pin: the touch
controller on SPI answers while its chip select is low; a pull-up holds an input high). As on a board (shared-bindings/digitalio): a pin
claimed twice raises ValueError "<name> in use" until deinit() frees it; setting ``value``
on an input, ``pull`` on an output or ``drive_mode`` on an input raises AttributeError.

Under CPython (sim/chips' rigs, the Pi's drivers on Blinka) sim/chips/shims.py makes Direction,
DriveMode and Pull Blinka's, where it is installed: the toy passes ``digitalio.Pull.UP`` from there."""

if __name__.startswith("knightstour_sim."):  # CPython
    from .microcontroller import _claim, _free, _owned
else:  # MicroPython: a module of its own, beside microcontroller
    from microcontroller import _claim, _free, _owned


class Direction:
    INPUT = "INPUT"
    OUTPUT = "OUTPUT"


class DriveMode:
    PUSH_PULL = "PUSH_PULL"
    OPEN_DRAIN = "OPEN_DRAIN"


class Pull:
    UP = "UP"
    DOWN = "DOWN"



def _check(value, allowed, name):
    if value not in allowed:
        raise ValueError("Invalid %s" % name)
    return value


_DIRECTIONS = (Direction.INPUT, Direction.OUTPUT)
_MODES = (DriveMode.PUSH_PULL, DriveMode.OPEN_DRAIN)
_PULLS = (Pull.UP, Pull.DOWN)


# The state kept on the pin (microcontroller.Pin._state): a board's DigitalInOut is a 16-byte
# struct, an instance with no attribute here.
_DIRECTION, _PULL, _DRIVE_MODE = 0, 1, 2


def _drive(pin, value):
    """An output's level onto the wire; open drain lets a high float."""
    if value and pin._state[_DRIVE_MODE] == DriveMode.OPEN_DRAIN:
        pin.board_drive(None)
    else:
        pin.board_drive(bool(value))


def _pull(pin, pull):
    """An input's pull resistor onto the wire."""
    pin.board_pull(None if pull is None else pull == Pull.UP)


class DigitalInOut:
    def __init__(self, pin):
        state = _claim(pin, self)._state
        state[_DIRECTION] = Direction.INPUT
        state[_PULL] = None
        state[_DRIVE_MODE] = DriveMode.PUSH_PULL

    def _live(self):
        pin = _owned(self)
        if pin is None:
            raise ValueError("Object has been deinitialized and can no longer be used. Create a new object.")
        return pin

    def deinit(self):
        pin = _owned(self)
        if pin is not None:
            pin.board_drive(None)
            pin.board_pull(None)
            _free(pin)

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.deinit()

    def switch_to_output(self, value=False, drive_mode=DriveMode.PUSH_PULL):
        pin = self._live()
        pin._state[_DRIVE_MODE] = _check(drive_mode, _MODES, "drive_mode")
        pin._state[_DIRECTION] = Direction.OUTPUT
        pin._state[_PULL] = None
        pin.board_pull(None)
        _drive(pin, value)

    def switch_to_input(self, pull=None):
        pin = self._live()
        pin._state[_PULL] = None if pull is None else _check(pull, _PULLS, "pull")
        pin._state[_DIRECTION] = Direction.INPUT
        pin.board_drive(None)
        _pull(pin, pin._state[_PULL])

    @property
    def direction(self):
        return self._live()._state[_DIRECTION]

    @direction.setter
    def direction(self, value):
        if _check(value, _DIRECTIONS, "direction") is Direction.OUTPUT:
            self.switch_to_output()
        else:
            self.switch_to_input()

    @property
    def value(self):
        return self._live().level

    @value.setter
    def value(self, level):
        pin = self._live()
        if pin._state[_DIRECTION] is Direction.INPUT:
            raise AttributeError("Cannot set value when direction is input.")
        _drive(pin, level)

    def _input(self):
        pin = self._live()
        if pin._state[_DIRECTION] is Direction.OUTPUT:
            raise AttributeError("Pull not used when direction is output.")
        return pin._state

    @property
    def pull(self):
        return self._input()[_PULL]

    @pull.setter
    def pull(self, pull):
        self._input()[_PULL] = None if pull is None else _check(pull, _PULLS, "pull")
        _pull(_owned(self), pull)

    def _output(self):
        pin = self._live()
        if pin._state[_DIRECTION] is Direction.INPUT:
            raise AttributeError("Drive mode not used when direction is input.")
        return pin._state

    @property
    def drive_mode(self):
        return self._output()[_DRIVE_MODE]

    @drive_mode.setter
    def drive_mode(self, mode):
        self._output()[_DRIVE_MODE] = _check(mode, _MODES, "drive_mode")
