"""supervisor stand-in: ticks_ms from the harness's clock (feather.py sets ``now_ms``)."""

now_ms = [0]


def ticks_ms():
    return now_ms[0] & 0x3FFFFFFF
