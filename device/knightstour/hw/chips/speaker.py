"""The sound port on a speaker behind a DAC (audioio.AudioOut): the PyPortal's board.SPEAKER,
its amplifier switched on by board.SPEAKER_ENABLE."""
# A PyPortal's speaker pin (A0) is a DAC, not a PWM pin, so the piezo's way does not work there.
# One period of a square wave, looped, is the note; its pitch is the sample rate divided by the
# samples in the period, so a note is a new ``sample_rate`` and ``play`` again (a running playback
# keeps its rate). Imported only on boards with a speaker.

from ...notes import NoteSound

PERIOD = 16  # samples in one period: 1760 Hz (the tick) plays at 28,160 samples a second
LOUDNESS = 0x1800  # of 0x8000: the PyPortal's speaker is loud


class SpeakerSound(NoteSound):
    """NoteSound on an ``audioio.AudioOut`` and a looped one-period ``audiocore.RawSample``."""

    def __init__(self, out, sample):
        super().__init__()
        self.out = out
        self.sample = sample
        self.playing = 0

    def start_note(self, frequency):
        self.sample.sample_rate = int(frequency) * PERIOD
        self.out.play(self.sample, loop=True)
        self.playing = int(frequency)

    def stop_note(self):
        self.out.stop()
        self.playing = 0


def make_speaker(pin, enable=None):
    """A SpeakerSound on DAC pin ``pin``; ``enable`` (a board pin) switched high turns the
    amplifier on."""
    import array

    import audiocore
    import audioio

    if enable is not None:
        import digitalio

        switch = digitalio.DigitalInOut(enable)
        switch.switch_to_output(True)
    half = PERIOD // 2
    wave = array.array("H", [0x8000 + LOUDNESS] * half + [0x8000 - LOUDNESS] * half)
    sample = audiocore.RawSample(wave, sample_rate=440 * PERIOD)
    sound = SpeakerSound(audioio.AudioOut(pin), sample)
    sound.enable = switch if enable is not None else None  # kept: a collected DigitalInOut lets go
    return sound
