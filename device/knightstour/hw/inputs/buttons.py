"""Push buttons on GPIO, for a toy with no touch screen (the MAX7219 builds): up to two, A and B,
each between its pin and GND with the board's pull-up on the pin (pressed reads low)."""
#     A short press   new tour              ("random")
#     A long press    pause / carry on      ("pause")
#     B short press   faster                ("faster")
#     B long press    slower                ("slower")
#
# A press counts once its level has held for ``DEBOUNCE`` seconds (contact bounce and noise
# shorter than that are ignored); it is long once held ``HOLD`` seconds, and gives its command
# then, while still held (so the toy answers without waiting for the release); a short press
# gives its command on release. A button held down at start counts only after it has been
# let go. Time comes from the clock given (the main loop's), which may wrap (``wrap`` seconds).

from ...port_bases import Input

DEBOUNCE = 0.03  # seconds a level must hold to count
HOLD = 0.7  # seconds that make a press long


class Buttons(Input):
    """The input port (ports.py) over ``ios`` (A, B: each a DigitalInOut input, or None); each
    button's commands are ``SHORT[i]`` (a short press) and ``LONG[i]`` (a long one): the class's,
    a subclass's its own (pad.py's Pad)."""

    SHORT = ("random", "faster")
    LONG = ("pause", "slower")

    def __init__(self, ios, clock, wrap=0, debounce=DEBOUNCE, hold=HOLD):
        self.ios = ios
        self.clock = clock
        self.wrap = wrap
        self.debounce = debounce
        self.hold = hold
        count = len(ios)
        self.level = [False] * count  # the last level read: True = pressed
        self.since = [0.0] * count  # when it last changed
        self.pressed = [False] * count  # the debounced state
        self.long = [False] * count  # the press being held gave its long command
        now = clock()
        for i in range(count):
            if ios[i] is not None:
                self.level[i] = self.pressed[i] = not ios[i].value
                self.long[i] = self.pressed[i]  # held at start: nothing until let go
                self.since[i] = now

    def poll(self):
        now = self.clock()
        for i in range(len(self.ios)):
            io = self.ios[i]
            if io is None:
                continue
            level = not io.value
            if level != self.level[i]:
                self.level[i] = level
                self.since[i] = now
                continue
            held = now - self.since[i]
            if held < 0:  # the clock wrapped, or went back: then count from now
                if self.wrap:
                    held += self.wrap
                else:
                    self.since[i] = now
                    held = 0.0
            if level != self.pressed[i]:
                if held < self.debounce:
                    continue
                self.pressed[i] = level
                if level:
                    self.long[i] = False
                elif not self.long[i]:
                    return self.SHORT[i]
            elif level and not self.long[i] and held >= self.hold:
                self.long[i] = True
                return self.LONG[i]
        return None


def make_buttons(pins, clock=None, wrap=0):
    """Buttons on board ``pins`` (A, B, ...: a pin or None), pulled up, timed on ``clock`` (default
    time.monotonic); None when neither A nor B is wired."""
    import digitalio

    if pins[0] is None and pins[1] is None:
        return None
    if clock is None:
        import time

        clock = time.monotonic
    ios = []
    for pin in pins:
        io = None
        if pin is not None:
            io = digitalio.DigitalInOut(pin)
            io.switch_to_input(pull=digitalio.Pull.UP)
        ios.append(io)
    return Buttons(ios, clock, wrap)
