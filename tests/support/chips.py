"""Emulated TFT rigs, and bitmaps drawn by hand, for the chip emulator tests."""

import contextlib
import threading

from knightstour_sim.chips import rig, shims

shims.install()


@contextlib.contextmanager
def tft_rigs():
    """Yields ``make(touch=..., **kwargs)`` for TFT rigs; their displays are released after."""
    import displayio

    displayio.release_displays()
    made = []

    def make(touch="stmpe610", **kwargs):
        made.append(rig.tft_rig(touch, **kwargs))
        return made[-1]

    try:
        yield make
    finally:
        for each in made:
            each.close()


def displayio_background_passes(passes=2, timeout=10.0):
    """Wait until the background thread of Blinka's displayio (its auto refresh) has been through
    its displays ``passes`` times: a marker at the end of its list counts them. The second pass
    starts after this call, so it sees every display as made before it."""
    import displayio

    seen = threading.Semaphore(0)
    marker = type("PassMarker", (), {"_background": lambda self: seen.release()})()
    displayio.displays.append(marker)
    try:
        for _ in range(passes):
            assert seen.acquire(timeout=timeout), "displayio's background thread is not running"
    finally:
        displayio.displays.remove(marker)


def draw_rect(bitmap, x1, y1, x2, y2, index):
    """Fill bitmap pixels x1 <= x < x2, y1 <= y < y2 with palette ``index``."""
    for y in range(y1, y2):
        for x in range(x1, x2):
            bitmap[x, y] = index


class SilentChip:
    """A chip on the SPI or I2C bus that answers every byte with zero: a missing or dead chip."""

    def select(self):
        pass

    def deselect(self):
        pass

    def transfer_into(self, data, reply, start, end, mode):
        if reply is not None:
            for i in range(start, end):
                reply[i] = 0

    def i2c_write_from(self, data, start, end):
        pass

    def i2c_read_into(self, buffer, start, end):
        for i in range(start, end):
            buffer[i] = 0


def wrapped_lines(text, columns, rows):
    """The ``rows`` lines a panel text that wraps (tft_draw.Text.wraps: the status) shows ``text``
    in, each found as Text.set finds it."""
    from knightstour.hw.views.tft_draw import skip_spaces, wrap_end

    lines = []
    at = 0
    for _ in range(rows):
        at = skip_spaces(text, at)
        end = wrap_end(text, at, columns)
        lines.append(text[at:end])
        at = end
    return lines


def shown_lines(item):
    """The lines a panel text (tft_draw.Text) shows: its text's lines, or, word-wrapped, a line a row."""
    if item.wraps:
        return wrapped_lines(item.text, item.columns, item.bitmap.height // item.line_height)
    return item.text.split("\n")
