"""pwmio stand-in: PWMOut keeps its frequency and duty cycle; ``_notes`` counts the notes. As on
a board (shared-bindings/pwmio/PWMOut.c): it claims its pin; setting ``frequency`` needs
variable_frequency=True (AttributeError) and is never 0 Hz (ValueError); duty_cycle is 0-65535.
The one PWM of the harness, the web page and the CPython simulator."""

if __name__.startswith("knightstour_sim."):  # CPython's simulator (sim/screenshot.py) and tests
    from .microcontroller import _claim, _free, _owned
else:  # MicroPython: a module of its own, beside microcontroller
    from microcontroller import _claim, _free, _owned

# The state kept on the pin (microcontroller.Pin._state): a board's PWMOut is a 16-byte struct,
# an instance with no attribute here.
_DUTY, _FREQUENCY, _VARIABLE = 0, 1, 2


class PWMOut:
    _notes = 0

    def __init__(self, pin, *, duty_cycle=0, frequency=500, variable_frequency=False):
        if not frequency:
            raise ValueError("Invalid frequency")
        duty_cycle = _duty(duty_cycle)
        state = _claim(pin, self)._state
        state[_DUTY] = duty_cycle
        state[_FREQUENCY] = frequency
        state[_VARIABLE] = bool(variable_frequency)

    def _pwm(self):
        pin = _owned(self)
        if pin is None:
            raise ValueError("Object has been deinitialized and can no longer be used. Create a new object.")
        return pin._state

    @property
    def frequency(self):
        return self._pwm()[_FREQUENCY]

    @frequency.setter
    def frequency(self, value):
        state = self._pwm()
        if not state[_VARIABLE]:
            raise AttributeError("Invalid variable_frequency")
        if int(value) == 0:
            raise ValueError("Invalid frequency")
        state[_FREQUENCY] = int(value)

    @property
    def duty_cycle(self):
        return self._pwm()[_DUTY]

    @duty_cycle.setter
    def duty_cycle(self, value):
        state = self._pwm()
        value = _duty(value)
        if value and not state[_DUTY]:
            PWMOut._notes += 1
        state[_DUTY] = value

    def deinit(self):
        _free(_owned(self))

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.deinit()


def _duty(value):
    if not 0 <= value <= 0xFFFF:
        raise ValueError("duty_cycle must be 0-65535")
    return value
