"""The Feather's program (CircuitPython): code.py only calls ``main()``.

The start runs PLAN (below) one phase at a time (settings from settings.toml through os.getenv
and the ports from the pin map, in startup.py; the app), each forgetting what only it needed, then
the main loop (mainloop.py). A chip that does not answer, or a heap too small for the display, prints
one line on the serial console and the toy waits there (no reboot loop).

A host that runs the toy one step at a time (the test harness, sim/circuitpython/feather.py; the
web page, web/py/web.py) sets ``host`` before code.py runs: main() then hands it the toy and its
steps instead of running them (see ``steps``).
"""

# The free heap (KB, gc.mem_free() when code.py starts) each display needs on 8x8 with the piezo,
# deployed with --mpy and without (the board then compiles the package at each start): the
# smallest from which the tours (the TFT's: and a game played by touch) run at every size up to
# 32 KB more, 2 KB added (benchmarks/feather_heap.py --sweep; tests/test_feather_heap.py).
NEEDS_KB = {"max7219": (47, 59), "ili9341": (73, 81), "builtin": (92, 114)}  # builtin: a PyPortal's screen

# The start, in phases (one step each; a board collects each one's garbage when it needs the room),
# in the order the heap fills: (phase, the modules forgotten when it ends: each name, and the modules
# in its package). Only what goes is listed: what a phase loads stays unless the plan forgets it.
#   settings  settings.toml through os.getenv: the key table, parsers and messages (about 20 KB
#             while they run), gone before anything long-lived is made
#   pins      the pins the settings give two uses, found before any pin is claimed; the check goes
#   views     the display's view (the TFT's, with its board and drawing modules, or the matrix's)
#   ports     the display, touch and sound built from the pin map; then the builders go
#   board     the display's buffers for the board's size (the TFT's bitmaps), made once, low in
#             the heap where the builders were; the size's super orders, read from the table of
#             every size's, which goes
#   core      the app's modules and the main loop's, loaded in a step of their own: loading makes
#             garbage too, and the first pass of the loop solves the first tour
#   app       the app and its tables for the board's size, made once
PLAN = (
    ("settings", ("knightstour.settings",)),
    ("pins", ("knightstour.hw.wiring.conflicts",)),
    ("views", ()),
    ("ports", ("knightstour.hw.wiring", "knightstour.hw.chips.ili9341", "knightstour.hw.views.tft_panel")),
    ("board", ("knightstour.orders_data", "knightstour.hw.startup")),
    ("core", ()),
    ("app", ()),
)

host = None  # a function host(toy, steps) that runs the toy instead of main() (see above)


class Stop(Exception):
    """The start cannot go on: the one line to show (a chip that does not answer, calibration done)."""


class BoardSettings:
    """The settings' values, as attributes named after the keys (``settings.rule``): all the app and
    the hardware read after start (startup.py fills it in and forgets the table that read them)."""


class Toy:
    """What the start builds and the run keeps: the settings, the ports, the app, the chip selects
    the builders drove (kept, not collected), the super orders for the board's size once read,
    the clock, and the line for running out of memory (startup.py makes the display's). startup.py
    reaches this module's Stop and NEEDS_KB through it: it imports nothing from here."""

    Stop = Stop
    NEEDS_KB = NEEDS_KB

    def __init__(self):
        self.settings = BoardSettings()
        self.display = self.touch = self.sound = self.app = self.orders = None
        self.outputs = ()
        self.clock, self.wrap = clock()
        self.memory = MEMORY % (min(kb[0] for kb in NEEDS_KB.values()), min(kb[1] for kb in NEEDS_KB.values()))


# Before the settings are read: the smallest heaps any display needs (startup.py's line names the display's).
MEMORY = "out of memory while starting: the toy needs a heap of at least %d KB with --mpy, %d KB without (README: Will it fit?)"


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
    toy = Toy()
    run = steps(toy)
    if host is not None:
        host(toy, run)
        return
    import time

    for wait in run:
        if wait > 0:
            time.sleep(wait)


def steps(toy):
    """The toy, one step at a time (a generator): each phase of PLAN, then each pass of
    the main loop; yields the seconds to wait (0 during the start). ``toy.app`` is set once the
    start is done. A Stop or a MemoryError ends in stop() (one line, then wait)."""
    try:
        phase = 0
        while phase is not None:
            phase = step(phase, toy)
            yield 0
        from .mainloop import steps as loop

        toy.app.clock.wrap = toy.wrap
        yield from loop(toy.app, toy.clock)
    except MemoryError:
        stop(toy.memory)
    except Stop as exc:
        stop(str(exc))


def step(phase, toy):
    """Run PLAN's phase number ``phase``, the function of that name (below, or else startup.py's),
    on ``toy``; then forget the modules the plan forgets at its end. The next phase's number, None
    after the last. startup.py is imported here, held by no frame that lives on, so forgetting it
    frees it."""
    name, prefixes = PLAN[phase]
    try:
        if name in globals():
            globals()[name](toy)
        else:
            from . import startup

            getattr(startup, name)(toy)
            startup = None
    finally:
        forget(prefixes)
    return phase + 1 if phase + 1 < len(PLAN) else None


def core(toy):
    """The app's modules (the core) and the main loop's, loaded on their own."""
    from .. import app  # noqa: F401
    from . import mainloop  # noqa: F401


def app(toy):
    """The app on the ports."""
    from ..app import App

    toy.app = App(toy.settings, toy.display, toy.touch, toy.sound, orders=toy.orders)
    toy.orders = None  # the app keeps them, parsed and named
    for text in toy.app.messages:
        print("knightstour: " + text)


def forget(prefixes):
    """Drop the modules named ``prefixes``, and those in their packages, from sys.modules and from
    their packages: once nothing else holds them, the next collection frees their code."""
    import sys

    for name in list(sys.modules):
        for prefix in prefixes:
            if name == prefix or name.startswith(prefix) and name[len(prefix)] == ".":
                sys.modules.pop(name)
                dot = name.rfind(".")
                package = sys.modules.get(name[:dot])
                if package is not None and hasattr(package, name[dot + 1:]):
                    delattr(package, name[dot + 1:])
                break
