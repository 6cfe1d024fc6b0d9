"""audiocore stand-in: RawSample, a buffer of samples and the rate to play them at.

As on a board (shared-bindings/audiocore/RawSample.c and __init__.c): the buffer must have the
buffer protocol (TypeError) and hold 8- or 16-bit items, a bytearray or an array of 'b', 'B', 'h'
or 'H' (ValueError); ``sample_rate`` is an int (TypeError) that changes no playback already
running; ``bits_per_sample`` and ``channel_count`` are read-only; after deinit() each raises
ValueError."""

# The C object (the sizes of _c.py, kept here: this module loads on the PyPortals alone).
# shared-module/audiocore/RawSample.h: audiosample_base_t (base, rate, max length, 4 bytes) 16,
# buffer 4, buffer_index 1 = 21 -> 32; the samples stay in the caller's buffer.
_SIZE = 32
_DEINITED = "Object has been deinitialized and can no longer be used. Create a new object."


class RawSample:
    def __init__(self, buffer, *, channel_count=1, sample_rate=8000, single_buffer=True):
        view = memoryview(buffer)  # TypeError without the buffer protocol, as mp_get_buffer_raise
        items = len(view)
        size = len(bytes(view)) // items if items else 1
        if size not in (1, 2):
            raise ValueError("buffer must be a bytearray or array of type 'h', 'H', 'b', or 'B'")
        if not single_buffer and (items * size) % (size * channel_count * 2):
            raise ValueError("Length of buffer must be an even multiple of channel_count * type_size")
        self._buffer = buffer
        self._length = items * size  # bytes
        self._size = size
        self._channels = channel_count
        self._rate = _int(sample_rate)

    def _live(self):
        if self._buffer is None:
            raise ValueError(_DEINITED)

    def deinit(self):
        self._buffer = None

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.deinit()

    @property
    def sample_rate(self):
        self._live()
        return self._rate

    @sample_rate.setter
    def sample_rate(self, value):
        self._live()
        self._rate = _int(value)

    @property
    def bits_per_sample(self):
        self._live()
        return 8 * self._size

    @property
    def channel_count(self):
        self._live()
        return self._channels


def _int(value):
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError("can't convert %s to int" % type(value).__name__)
    return value
