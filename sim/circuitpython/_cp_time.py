"""time as CircuitPython has it (monotonic, sleep, time) on the harness's clock: sleeping
only moves the clock. The main loop's waits go through advance(); sleeping more than HALT
seconds in all means code.py has stopped (it waits after a one-line error): the run ends
with exit status 3."""

import supervisor

now = [0.0]
slept = [0.0]
HALT = 30.0


def monotonic():
    return now[0]


def advance(seconds):
    now[0] += seconds
    supervisor.now_ms[0] = int(now[0] * 1000)


def sleep(seconds):
    advance(seconds)
    slept[0] += seconds
    if slept[0] > HALT:
        raise SystemExit(3)


def time():
    return int(now[0]) + 946684800


def monotonic_ns():
    return int(now[0] * 1e9)
