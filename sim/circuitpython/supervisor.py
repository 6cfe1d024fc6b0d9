"""supervisor stand-in: ticks_ms on the harness's clock. ``now_ms[0]`` is the milliseconds since
boot (feather.py and _cp_time move it); ticks_ms is CircuitPython's (shared-bindings/supervisor):
it starts at 0x1fff0000 and wraps at 2**29, so its first wrap comes 65.536 s after boot."""

now_ms = [0]


def ticks_ms():
    return (now_ms[0] + 0x1FFF0000) & 0x1FFFFFFF
