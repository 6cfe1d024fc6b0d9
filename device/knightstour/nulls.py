"""The null ports (ports.py): loaded only for a port left out, so a toy with every port never
loads this module."""

from .port_bases import Display, Input, Sound


def nothing(self, *args):
    pass


class NullDisplay(Display):
    """A display that shows nothing (benchmarks, memory tests, headless runs)."""

    max_width = 32
    max_height = 32
    # Every method of the port, each one function that does nothing: a board keeps one function
    # in its heap, not ten.
    begin = light = unlight = knight = blink = moves = result = trace = status = flush = nothing


class NullInput(Input):
    """No input at all: the toy runs its attract loop."""

    poll = nothing  # None: no event


class NullSound(Sound):
    """Silence: the default when there is no piezo or the sound setting is off."""

    tick = closed_phrase = complete_phrase = stuck_tone = update = nothing  # as NullDisplay's
