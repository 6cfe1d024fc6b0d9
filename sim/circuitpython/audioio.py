"""audioio stand-in: AudioOut on a DAC pin. What it plays goes to the model on the pin, if any
(``pin.chip``: sim/chips/speaker.py's Speaker, under CPython, told ``play(hz)``), else nowhere; ``_heard`` keeps, for the
harness (feather.py puts it in its RESULT, once something played), the plays ("sound_plays"), the pitch of the
last (Hz, "sound_hz"; 0 for a sample played once: a looped RawSample is one period of the note, so
its pitch is the rate over its samples) and whether the amplifier (board.SPEAKER_ENABLE) was on for
it ("speaker_on"). stop() leaves them.

As on a board (shared-bindings/audioio/AudioOut.c, ports/atmel-samd/common-hal/audioio on a
SAMD51): left_channel must be a free pin (TypeError, ValueError "<name> in use") and a DAC pin
(ValueError "Invalid left_channel pin"), one AudioOut at a time (RuntimeError "DAC already in
use"); play() takes a sample of at most 1,000,000 samples a second and keeps its rate until the
next play(); pause() when not playing raises RuntimeError "Not playing"; after deinit() everything
raises ValueError. A play holds a DMA buffer the size of the sample's (audio_dma.c m_realloc)."""

if __name__.startswith("knightstour_sim."):  # CPython: the PyPortal rig, the desktop's speaker (sim/chips)
    from . import audiocore
    from .microcontroller import _claim, _free

    board = None  # the rig sets it (sim/chips/bus.py's use_board)
else:  # MicroPython: modules of their own
    import audiocore
    import board
    from microcontroller import _claim, _free

_DEINITED = "Object has been deinitialized and can no longer be used. Create a new object."
# The C object (the sizes of _c.py, kept here: this module loads on the PyPortals alone).
# ports/atmel-samd/common-hal/audioio/AudioOut.h on the SAMD51: base, two pins 8, two audio_dma_t
# (audio_dma.h: sample, buffers 8, lengths 8, descriptors 8, a DmacDescriptor 16, a
# background_callback_t 16, 13 flags = 84 each), tc_index, event channel, playing, quiescent 5
# = 185 -> 192; a play m_realloc's its DMA buffer to the sample's length (audio_dma.c).
_SIZE = 192
_heard = {"sound_plays": 0, "sound_hz": 0, "speaker_on": 0}  # its keys made with the stand-ins: none added later
_open = []  # the AudioOut holding the DAC


class AudioOut:
    def __init__(self, left_channel, *, right_channel=None, quiescent_value=0x8000):
        _claim(left_channel)
        if right_channel is left_channel:
            _free(left_channel)
            raise ValueError("left_channel and right_channel must be different")
        pins = [left_channel]
        try:
            pins.append(_claim(right_channel))
            if _open:
                raise RuntimeError("DAC already in use")
            for pin, name in ((left_channel, "left_channel"), (right_channel, "right_channel")):
                if pin is not None and pin._name not in board._definition.DAC:
                    raise ValueError("Invalid %s pin" % name)
        except Exception:
            for pin in pins:
                _free(pin)
            raise
        self._pins = pins
        self._struct = bytearray(_SIZE - 112)  # the C object's size: the Python object is ~112 B
        self._playing = False
        self._paused = False
        self._dma = None
        _open.append(self)

    def _live(self):
        if self._pins is None:
            raise ValueError(_DEINITED)

    def deinit(self):
        if self._pins is not None:
            self.stop()
            for pin in self._pins:
                _free(pin)
            self._pins = None
            self._dma = None
            _open.remove(self)

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.deinit()

    def play(self, sample, *, loop=False):
        self._live()
        if not isinstance(sample, audiocore.RawSample):
            raise TypeError("sample must be of type audiosample, not %s" % type(sample).__name__)
        rate = sample.sample_rate
        if rate > 1000000:
            raise ValueError("sample_rate must be <= 1000000")
        length = sample._length
        if self._dma is None or len(self._dma) != length:
            self._dma = bytearray(length)
        self._playing = True
        self._paused = False
        _heard["sound_plays"] += 1
        _heard["sound_hz"] = rate * sample._size // length if loop else 0
        enable = getattr(board, "SPEAKER_ENABLE", None)
        _heard["speaker_on"] = int(enable is not None and enable.board_level is True)
        self._output(_heard["sound_hz"])

    def _output(self, frequency):
        chip = self._pins[0].chip  # the speaker's model
        if chip is not None:
            chip.play(frequency)

    def stop(self):
        self._live()
        self._playing = False
        self._paused = False
        self._output(0)

    def pause(self):
        self._live()
        if not self._playing:
            raise RuntimeError("Not playing")
        self._paused = True
        self._output(0)

    def resume(self):
        self._live()
        if self._paused:
            self._output(_heard["sound_hz"])
        self._paused = False

    @property
    def playing(self):
        self._live()
        return self._playing

    @property
    def paused(self):
        self._live()
        return self._playing and self._paused
