"""The Feather's program (CircuitPython): code.py only calls ``main()``."""
# The start runs hw/plan.py's PLAN one phase at a time (settings from settings.toml through os.getenv
# and the ports from the pin map, in startup.py; the app), each forgetting what only it needed, then
# the main loop (``loop`` here, which the Pi's ``knights-tour run`` runs too). A chip that does not
# answer, or a heap too small for the display, prints one line on the serial console and the toy
# waits there (no reboot loop).
#
# This module is what stays of the program while the toy runs: code.py holds main(), and a function
# keeps its whole module (its globals, so every function beside it). So it holds only what runs
# after the start; the start's plan is plan.py, imported for each phase and forgotten after the last.
#
# A host that runs the toy one step at a time (the test harness, sim/harness/feather.py; the
# web page, web/py/web.py) sets ``host`` before code.py runs: main() then hands it the toy and its
# steps instead of running them (see ``steps``).

# The free heap (KB, gc.mem_free() when code.py starts) each display needs on 8x8 with the piezo,
# deployed with --mpy and without (the board then compiles the package at each start): the
# smallest from which the tours (on a touch screen: and a game played by touch) run at every size up to
# 32 KB more, 2 KB added (benchmarks/feather_heap.py --sweep; tests/test_feather_heap.py).
NEEDS_KB = {"max7219": (47, 60), "ili9341": (67, 88), "builtin": (78, 97)}  # builtin: a PyPortal's screen

host = None  # a function host(toy, steps) that runs the toy instead of main() (see above)


class Stop(Exception):
    """The start cannot go on: the one line to show (a chip that does not answer, calibration done)."""


class Toy:
    """What the start builds and the run keeps. There is one toy, so the class itself is it (main():
    one dict, no instance besides). No code of its own, so keeping it keeps none of the start's.
    startup.py reaches Stop and NEEDS_KB through it: it imports nothing from here."""

    Stop = Stop
    NEEDS_KB = NEEDS_KB
    clock = None  # the clock (seconds), and where it wraps (0: never): feather.clock()
    wrap = 0
    memory = ""  # the line for running out of memory: plan.begin()'s, then startup.py's for the display
    settings = None  # plan.BoardSettings, startup.py reads it in; let go once the app is made
    display = touch = sound = None  # the ports (startup.py builds them)
    outputs = ()  # the chip selects the builders drove: kept, so never collected
    board = orders = None  # the board and its size's super orders, made early (startup.py) for the app
    app = None  # the app (plan.py), once the start is done


def clock():
    """(clock, wrap): CircuitPython's float time.monotonic() loses precision after a day up, so
    use the millisecond ticks, folded below 2**20 ms to stay exact in a float, which wrap."""
    try:
        from supervisor import ticks_ms
    except ImportError:
        import time

        return time.monotonic, 0
    return (lambda: (ticks_ms() & 0xFFFFF) / 1000), 1048.576


def stop(text):
    """Show one line on the serial console and wait (a reboot loop would hide it)."""
    import time

    print("knightstour: error:", text)  # two arguments: no new string (the heap may be full)
    while True:
        time.sleep(1)


def main():
    """Start the toy and run it. This module imports nothing until then, so code.py's import of it
    cannot fail."""
    toy = Toy  # one toy: the class itself holds it (one dict, no instance)
    toy.clock, toy.wrap = clock()
    start(None, toy)
    run = steps(toy)
    if host is not None:
        host(toy, run)
        return
    import time

    for wait in run:
        if wait > 0:
            time.sleep(wait)


def steps(toy):
    """The toy, one step at a time (a generator): each phase of plan.py's PLAN, then each pass of
    the main loop; yields the seconds to wait (0 during the start). ``toy.app`` is set once the
    start is done. A Stop or a MemoryError ends in stop() (one line, then wait)."""
    try:
        phase = 0
        while phase is not None:
            phase = start(phase, toy)
            yield 0
        toy.app.clock.wrap = toy.wrap
        yield from loop(toy.app, toy.clock)
    except MemoryError:
        stop(toy.memory)
    except Stop as exc:
        stop(str(exc))


MAX_SLEEP = 0.02  # the loop polls the touch screen at least 50 times a second


def loop(app, monotonic):
    """The main loop, one pass at a time: updates the app and yields how long to sleep (at most
    MAX_SLEEP, so touches are polled), until ``app.quit`` is set."""
    while not app.quit:
        now = monotonic()
        wait = app.update(now)
        if wait > 0:
            # The time drawing took is part of the wait, not added to it (a clock that
            # wrapped meanwhile reads as negative: then it is not counted).
            spent = monotonic() - now
            if spent > 0:
                wait -= spent
        yield wait if wait < MAX_SLEEP else MAX_SLEEP


def start(phase, toy):
    """Run plan.py's phase number ``phase`` on ``toy`` (None: fill the toy in, before the first);
    the next phase's number, None after the last. plan.py is imported here, in a frame that ends:
    nothing that lives on holds it, so once its last phase forgets it, a collection frees its code."""
    from . import plan

    if phase is None:
        plan.begin(toy)
        return 0
    return plan.step(phase, toy)
