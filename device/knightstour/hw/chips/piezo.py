"""The sound port on a piezo buzzer driven by PWM (pwmio.PWMOut)."""
# KNIGHTSTOUR_PIEZO = "on" uses the pin map's piezo pin (Pi GPIO 6, Feather
# D12); a pin name ("D6") picks another; "off" (the default) means
# no piezo. KNIGHTSTOUR_SOUND = "off" silences it too. Notes never block: the
# app's update() steps through them (notes.NoteSound).

from ...notes import NoteSound

HALF = 0x8000  # 50 % duty cycle: the loudest square wave
QUIET = 0


class PiezoSound(NoteSound):
    """NoteSound on a ``pwmio.PWMOut`` made with ``variable_frequency=True``."""

    def __init__(self, pwm):
        super().__init__()
        self.pwm = pwm
        self.pwm.duty_cycle = QUIET
        self.playing = 0

    def start_note(self, frequency):
        try:
            self.pwm.frequency = int(frequency)
        except (ValueError, RuntimeError):  # out of the timer's range: stay silent
            self.pwm.duty_cycle = QUIET
            self.playing = 0
            return
        self.pwm.duty_cycle = HALF
        self.playing = int(frequency)

    def stop_note(self):
        self.pwm.duty_cycle = QUIET
        self.playing = 0


def make_piezo(pin, pwmio=None):
    """A PiezoSound on board pin ``pin``."""
    if pwmio is None:
        import pwmio
    pwm = pwmio.PWMOut(pin, frequency=440, duty_cycle=0, variable_frequency=True)
    return PiezoSound(pwm)
