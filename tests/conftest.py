"""Fixtures shared by the emulated-hardware tests."""

import pytest

from knightstour_sim.chips import shims

from chips_helpers import tft_rigs


@pytest.fixture
def no_sleep():
    """Driver sleeps return at once; yields the total they asked for."""
    with shims.skip_sleeps() as clock:
        yield clock


@pytest.fixture
def tft():
    """``make(touch=..., **kwargs)`` for emulated TFT rigs, closed afterwards."""
    with tft_rigs() as make:
        yield make


@pytest.fixture
def emulated_tft():
    """``make(...)``: the app on the real TFT driver over emulated chips, closed afterwards."""
    from knightstour_sim.screenshot import Emulated

    made = []

    def make(*args, **kwargs):
        made.append(Emulated("tft", *args, **kwargs))
        return made[-1]

    yield make
    for each in made:
        each.close()
