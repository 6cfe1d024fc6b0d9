"""digitalio stand-in: DigitalInOut keeps its level on the board pin (the touch controller on
SPI answers while its chip select is low). As on a board (shared-bindings/digitalio): a pin
claimed twice raises ValueError "<name> in use" until deinit() frees it; setting ``value``
on an input, ``pull`` on an output or ``drive_mode`` on an input raises AttributeError."""

from microcontroller import _claim, _free


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


class DigitalInOut:
    def __init__(self, pin):
        self._pin = _claim(pin)
        self._direction = Direction.INPUT
        self._pull = None
        self._drive_mode = DriveMode.PUSH_PULL

    def _live(self):
        if self._pin is None:
            raise ValueError("Object has been deinitialized and can no longer be used. Create a new object.")
        return self._pin

    def deinit(self):
        if self._pin is not None:
            self._pin.board_level = None
            _free(self._pin)
            self._pin = None

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.deinit()

    def switch_to_output(self, value=False, drive_mode=DriveMode.PUSH_PULL):
        pin = self._live()
        self._drive_mode = _check(drive_mode, _MODES, "drive_mode")
        self._direction = Direction.OUTPUT
        self._pull = None
        pin.level = bool(value)
        pin.board_level = bool(value)

    def switch_to_input(self, pull=None):
        pin = self._live()
        self._pull = None if pull is None else _check(pull, _PULLS, "pull")
        self._direction = Direction.INPUT
        pin.board_level = None

    @property
    def direction(self):
        self._live()
        return self._direction

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
        if self._direction is Direction.INPUT:
            raise AttributeError("Cannot set value when direction is input.")
        pin.level = bool(level)
        pin.board_level = bool(level)

    @property
    def pull(self):
        self._live()
        if self._direction is Direction.OUTPUT:
            raise AttributeError("Pull not used when direction is output.")
        return self._pull

    @pull.setter
    def pull(self, pull):
        self._live()
        if self._direction is Direction.OUTPUT:
            raise AttributeError("Pull not used when direction is output.")
        self._pull = None if pull is None else _check(pull, _PULLS, "pull")

    @property
    def drive_mode(self):
        self._live()
        if self._direction is Direction.INPUT:
            raise AttributeError("Drive mode not used when direction is input.")
        return self._drive_mode

    @drive_mode.setter
    def drive_mode(self, mode):
        self._live()
        if self._direction is Direction.INPUT:
            raise AttributeError("Drive mode not used when direction is input.")
        self._drive_mode = _check(mode, _MODES, "drive_mode")
