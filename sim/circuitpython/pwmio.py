"""pwmio stand-in: PWMOut keeps its frequency and duty cycle; ``_notes`` counts the notes. As on
a board (shared-bindings/pwmio/PWMOut.c): it claims its pin; setting ``frequency`` needs
variable_frequency=True (AttributeError) and is never 0 Hz (ValueError); duty_cycle is 0-65535."""

from microcontroller import _claim, _free


class PWMOut:
    _notes = 0

    def __init__(self, pin, *, duty_cycle=0, frequency=500, variable_frequency=False):
        if not frequency:
            raise ValueError("Invalid frequency")
        self._duty = _duty(duty_cycle)
        self._pin = _claim(pin)
        self._frequency = frequency
        self._variable = bool(variable_frequency)

    def _live(self):
        if self._pin is None:
            raise ValueError("Object has been deinitialized and can no longer be used. Create a new object.")

    @property
    def frequency(self):
        self._live()
        return self._frequency

    @frequency.setter
    def frequency(self, value):
        self._live()
        if not self._variable:
            raise AttributeError("Invalid variable_frequency")
        if int(value) == 0:
            raise ValueError("Invalid frequency")
        self._frequency = int(value)

    @property
    def duty_cycle(self):
        self._live()
        return self._duty

    @duty_cycle.setter
    def duty_cycle(self, value):
        self._live()
        value = _duty(value)
        if value and not self._duty:
            PWMOut._notes += 1
        self._duty = value

    def deinit(self):
        _free(self._pin)
        self._pin = None

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.deinit()


def _duty(value):
    if not 0 <= value <= 0xFFFF:
        raise ValueError("duty_cycle must be 0-65535")
    return value
