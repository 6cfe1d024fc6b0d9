"""analogio stand-in: AnalogIn reads the voltage a model puts on a pin (``pin.analog``: a callable
giving a fraction of 3.3 V, as sim/chips/resistive.py's panel sets it on each pin), else the pin's level.

As on a board (shared-bindings/analogio, ports/atmel-samd/common-hal/analogio): one positional
argument, the pin; a pin in use raises ValueError "<name> in use", a pin with no ADC input ValueError
"Invalid pin"; the pin is held until deinit(), after which ``value`` raises ValueError. ``value`` is
a 12-bit conversion stretched to 16 bits (``raw << 4 | raw >> 8``); ``reference_voltage`` is 3.3.
The pins with an ADC input are the board's (its definition's ADC: sim/boards), by their
first board name (``board._ADC``)."""

if __name__.startswith("knightstour_sim."):  # CPython: the rig sets ``board`` (sim/chips/bus.py's use_board)
    from .microcontroller import Pin, _claim, _free

    board = None
else:  # MicroPython: modules of their own
    import board
    from microcontroller import Pin, _claim, _free

# The C object (the sizes of _c.py, kept here: this module loads on the PyPortals alone).
# ports/atmel-samd/common-hal/analogio/AnalogIn.h: base, pin, instance, channel = 13 -> 16.
_SIZE = 16

class AnalogIn:
    def __init__(self, pin):
        if not isinstance(pin, Pin):
            raise TypeError("pin must be of type Pin, not %s" % type(pin).__name__)
        _claim(pin)  # "in use" comes first (validate_obj_is_free_pin), then the ADC check
        if pin._name not in board._ADC:
            _free(pin)
            raise ValueError("Invalid pin")
        pin.board_level = None  # an analogue input: the board drives nothing on it
        self._pin = pin

    def _live(self):
        if self._pin is None:
            raise ValueError("Object has been deinitialized and can no longer be used. Create a new object.")
        return self._pin

    def deinit(self):
        if self._pin is not None:
            _free(self._pin)
            self._pin = None

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.deinit()

    @property
    def value(self):
        pin = self._live()
        analog = getattr(pin, "analog", None)  # a model's voltage on the wire (resistive.py)
        level = analog() if analog is not None else (1.0 if pin.level else 0.0)
        raw = int(min(max(level, 0.0), 1.0) * 4095 + 0.5)
        return raw << 4 | raw >> 8

    @property
    def reference_voltage(self):
        self._live()
        return 3.3
