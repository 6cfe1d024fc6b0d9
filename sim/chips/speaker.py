"""A speaker on a DAC pin behind an amplifier (the PyPortal's board.SPEAKER, enabled by
board.SPEAKER_ENABLE), and the ``audioio.AudioOut`` / ``audiocore.RawSample`` stand-ins that
play into it.

What the speaker hears: a looped sample is taken as one period of a wave, so its pitch is
``sample_rate / len(buffer)`` Hz; a sample played once is a click, logged as 0. As in CircuitPython, changing a RawSample's ``sample_rate`` does not change a playback
already running: ``play`` it again. Nothing is heard while the amplifier's enable pin is low.
``notes`` logs every change of what is heard: a frequency in Hz, or 0 for silence.
"""

import weakref

_speakers = weakref.WeakKeyDictionary()


class Speaker:
    """The speaker on ``pin`` (a bus.Pin), its amplifier enabled by ``enable`` (a bus.Pin, high:
    on; None: always on)."""

    def __init__(self, pin, enable=None):
        self.pin = pin
        self.enable = enable
        self.playing = 0.0  # the frequency the DAC plays now, 0 when silent
        self.notes = []
        _speakers[pin] = self
        if enable is not None:
            enable.watch(lambda level: self._hear())

    @property
    def heard(self):
        """The frequency coming out of the speaker now (0: silence)."""
        if self.enable is not None and not self.enable.level:
            return 0.0
        return self.playing

    def output(self, frequency):
        self.playing = frequency
        self._hear()

    def _hear(self):
        heard = self.heard
        if not self.notes or self.notes[-1] != heard:
            self.notes.append(heard)


class RawSample:
    """``audiocore.RawSample``: a buffer of samples and the rate to play them at."""

    def __init__(self, buffer, *, channel_count=1, sample_rate=8000, single_buffer=True):
        if channel_count != 1:
            raise ValueError("the stand-in plays mono samples only")
        if not len(buffer):
            raise ValueError("empty sample")
        self.buffer = buffer
        self.sample_rate = sample_rate

    def deinit(self):
        self.buffer = None


class AudioOut:
    """``audioio.AudioOut`` on a DAC pin; plays into the ``Speaker`` on that pin, if any."""

    def __init__(self, left_channel, *, right_channel=None, quiescent_value=0x8000):
        self.pin = left_channel
        self.playing = False
        self.frequency = 0.0

    def _speaker(self):
        return _speakers.get(self.pin)

    def play(self, sample, *, loop=False):
        if self.pin is None:
            raise ValueError("Object has been deinitialized and can no longer be used")
        self.playing = True
        self.frequency = sample.sample_rate / len(sample.buffer) if loop else 0.0
        speaker = self._speaker()
        if speaker is not None:
            speaker.output(self.frequency)

    def stop(self):
        self.playing = False
        self.frequency = 0.0
        speaker = self._speaker()
        if speaker is not None:
            speaker.output(0.0)

    def deinit(self):
        if self.pin is not None:
            self.stop()
            self.pin = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()
