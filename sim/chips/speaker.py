"""A speaker on a DAC pin behind an amplifier (the PyPortal's board.SPEAKER, enabled by
board.SPEAKER_ENABLE), played by the audioio stand-in's AudioOut (sim/circuitpython/audioio.py),
which tells the model on its pin (``pin.chip``) what it plays.

What the speaker hears: a looped sample is taken as one period of a wave, so its pitch is the
sample rate over the samples in it, in whole Hz; a sample played once is a click, logged as 0. As in
CircuitPython, changing a RawSample's ``sample_rate`` does not change a playback already running:
``play`` it again. Nothing is heard while the amplifier's enable pin is low. ``notes`` logs every
change of what is heard: a frequency in Hz, or 0 for silence.
"""


class Speaker:
    """The speaker on DAC ``pin`` (a stand-in Pin), its amplifier enabled by ``enable`` (a Pin, high:
    on; None: always on)."""

    def __init__(self, pin, enable=None):
        self.pin = pin
        self.enable = enable
        self.playing = 0  # the frequency the DAC plays now, 0 when silent
        self.notes = []
        pin.chip = self
        if enable is not None:
            enable.watch(lambda level: self._hear())

    @property
    def heard(self):
        """The frequency coming out of the speaker now (0: silence)."""
        if self.enable is not None and not self.enable.level:
            return 0
        return self.playing

    def play(self, frequency):
        """The DAC plays ``frequency`` Hz (0: silence); the audioio stand-in calls it."""
        self.playing = frequency
        self._hear()

    def _hear(self):
        heard = self.heard
        if not self.notes or self.notes[-1] != heard:
            self.notes.append(heard)
