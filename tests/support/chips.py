"""Emulated TFT rigs, and bitmaps drawn by hand, for the chip emulator tests."""

import contextlib

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


def draw_rect(bitmap, x1, y1, x2, y2, index):
    """Fill bitmap pixels x1 <= x < x2, y1 <= y < y2 with palette ``index``."""
    for y in range(y1, y2):
        for x in range(x1, x2):
            bitmap[x, y] = index


class SilentChip:
    """A chip on the SPI bus that answers every byte with zero: a missing or dead chip."""

    def select(self):
        pass

    def deselect(self):
        pass

    def transfer(self, data, mode):
        return bytes(len(data))
