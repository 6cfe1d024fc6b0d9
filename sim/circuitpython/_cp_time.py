"""time as CircuitPython has it (monotonic, sleep, time) on the harness's clock: sleeping
only moves the clock. Sleeping more than HALT seconds before the main loop starts means
code.py has stopped (it waits after a one-line error): the run ends with exit status 3."""

import supervisor

now = [0.0]
setup_sleep = [0.0]
running = [False]  # set by feather.py once the main loop runs
HALT = 30.0


def monotonic():
    return now[0]


def sleep(seconds):
    now[0] += seconds
    supervisor.now_ms[0] = int(now[0] * 1000)
    if not running[0]:
        setup_sleep[0] += seconds
        if setup_sleep[0] > HALT:
            raise SystemExit(3)


def time():
    return int(now[0]) + 946684800


def monotonic_ns():
    return int(now[0] * 1e9)
