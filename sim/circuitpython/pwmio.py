"""pwmio stand-in: PWMOut keeps its frequency and duty cycle; ``notes`` counts the notes."""



class PWMOut:
    notes = 0

    def __init__(self, pin, *, duty_cycle=0, frequency=500, variable_frequency=False):
        self.frequency = frequency
        self._duty = duty_cycle

    @property
    def duty_cycle(self):
        return self._duty

    @duty_cycle.setter
    def duty_cycle(self, value):
        if value and not self._duty:
            PWMOut.notes += 1
        self._duty = value

    def deinit(self):
        pass
