"""The Feather's program (CircuitPython): code.py only calls ``main()``.

Settings come from settings.toml through os.getenv, pins from wiring/pins.py, the board kind from
``board.board_id`` (startup.py, forgotten after start with the modules it loads). A chip that
does not answer, or a heap too small for the display, prints one line on the serial console and
the toy waits there (no reboot loop).
"""

# The free heap (KB, gc.mem_free() when code.py starts) each display needs on 8x8 with the
# piezo: the smallest in which 100 tours run (the TFT: and a whole game played by touch, which
# needs more), 2 KB more (benchmarks/feather_heap.py; tests/test_feather.py runs 100 tours in
# these, tests/test_feather_play.py the game). Deployed without --mpy: startup.NEEDS_KB_PY.
NEEDS_KB = {"max7219": 51, "ili9341": 81}


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
    """Start the toy; a MemoryError before the display is chosen, or while it is built, ends in
    one line (this module imports nothing until then, so code.py's import of it cannot fail)."""
    try:
        run(start())
    except MemoryError:
        stop(MEMORY % min(NEEDS_KB.values()))


# The second figure is min(startup.NEEDS_KB_PY.values()): startup.py is not loaded when this is needed.
MEMORY = "out of memory while starting: the toy needs a heap of at least %d KB with --mpy, 79 KB without (README: Will it fit?)"


def run(phases):
    """Run the start's phases in a row. The harness (sim/circuitpython/feather.py) steps through
    them one at a time instead: its port collects garbage only between steps, as a board would
    collect each phase's garbage when it needs the room."""
    for _ in phases:
        pass


def start():
    """The start, in phases (a generator: each ``yield`` ends one), then the main loop. What only
    the start needs (the settings' table and parsers, the pin map, the builders, the super
    orders' table) is loaded in functions of its own and forgotten once used: a generator's
    frame may keep what its own statements touched until it ends, and this one never ends."""
    memory = MEMORY % min(NEEDS_KB.values())
    try:
        settings = step("load_settings")
        memory = step("out_of_memory", settings, NEEDS_KB)
        yield
        now, wrap = clock()
        ports = step("build_ports", settings, OUTPUTS, now, wrap)
        if type(ports) is str:
            stop(ports)
        display, touch, sound = ports
        yield
        if settings.calibrate and settings.display in ("ili9341", "builtin") and settings.touch != "none":
            stop(step("calibrate", settings, display, touch))
            return
        forget(("knightstour.hw.startup",))
        from ..app import App

        yield
        app = App(settings, display, touch, sound)
        forget(("knightstour.super_orders",))  # read by App(): every size's orders
        for text in app.messages:
            print("knightstour: " + text)
        yield
    except MemoryError:
        stop(memory)
        return
    import time

    from .mainloop import run_forever

    app.clock.wrap = wrap
    run_forever(app, now, time.sleep, out_of_memory=lambda: stop(memory))


def step(name, *args):
    """Call startup.py's function ``name``, then forget the modules it loaded for it (startup's
    FORGET): imported here, the module is held by no frame that lives on, so forgetting it frees it."""
    from . import startup

    result = getattr(startup, name)(*args)
    forget(startup.FORGET.get(name, ()))
    return result


OUTPUTS = []  # the chip selects the builders drove, the microSD card's too: kept, not collected


def forget(names):
    """Drop modules from sys.modules and their packages: once nothing else holds them, the next
    collection frees their code. Imported again, they would load afresh."""
    import sys

    for name in names:
        sys.modules.pop(name, None)
        dot = name.rfind(".")
        package = sys.modules.get(name[:dot])
        if package is not None and hasattr(package, name[dot + 1:]):
            delattr(package, name[dot + 1:])
