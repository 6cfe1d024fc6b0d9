"""time as CircuitPython has it (monotonic, sleep, time) on the harness's clock: sleeping
only moves the clock. The main loop's waits go through advance(); sleeping more than HALT_MS
in all means code.py has stopped (it waits after a one-line error): the run ends
with exit status 3. The clock is whole milliseconds and sleep(1) allocates nothing, so a
toy that stopped on a full heap can still wait (this port collects no garbage until then)."""

import supervisor

now_ms = supervisor.now_ms
slept_ms = [0]
HALT_MS = 30000
_HALTED = SystemExit(3)  # made now: raising it must not need the heap


def monotonic():
    return now_ms[0] / 1000


def advance(seconds):
    ms = int(seconds * 1000)
    now_ms[0] += ms if ms > 0 else 1  # a wait under a millisecond still moves the clock


def sleep(seconds):
    ms = seconds * 1000 if isinstance(seconds, int) else int(seconds * 1000)
    now_ms[0] += ms
    slept_ms[0] += ms
    if slept_ms[0] > HALT_MS:
        raise _HALTED


def time():
    return now_ms[0] // 1000 + 946684800


def monotonic_ns():
    return now_ms[0] * 1000000
