"""The Feather's program (CircuitPython): code.py only calls ``main()``.

Settings come from settings.toml through os.getenv, pins from pins.py, the board kind from
``board.board_id``. A chip that does not answer, or a heap too small for the display, prints
one line on the serial console and the toy waits there (no reboot loop).
"""

# The heap (KB) each display needs on 8x8 with the piezo: the smallest in which 100 tours run,
# 2 KB more (benchmarks/feather_heap.py; tests/test_feather.py runs 100 tours at these heaps).
NEEDS_KB = {"max7219": 90, "ili9341": 164}


def board_kind(settings, board):
    if settings.board != "auto":
        return settings.board
    import os

    from . import pins

    machine = ""
    try:
        machine = os.uname().machine
    except AttributeError:
        pass
    return pins.detect_kind(getattr(board, "board_id", ""), machine) or "feather_rp2040"


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


def out_of_memory(settings):
    """The line for a MemoryError while the display is built, made before it can happen."""
    what = settings.display
    if settings.display == "ili9341":
        what += " and %s touch" % settings.touch
    return ("out of memory for the %s board on the %s: it needs a heap of about %d KB (README: "
            "Will it fit?); try a smaller KNIGHTSTOUR_SIZE, or deploy --mpy"
            % (settings.size, what, NEEDS_KB.get(settings.display, 0)))


def main():
    """Start the toy; a MemoryError before the display is chosen, or while it is built, ends in
    one line (this module imports nothing until then, so code.py's import of it cannot fail)."""
    try:
        run(start())
    except MemoryError:
        stop(MEMORY % min(NEEDS_KB.values()))


MEMORY = "out of memory while starting: the toy needs a heap of at least %d KB (README: Will it fit?); deploy --mpy"


def run(phases):
    """Run the start's phases in a row. The harness (sim/circuitpython/feather.py) steps through
    them one at a time instead: its port collects garbage only between steps, as a board would
    collect each phase's garbage when it needs the room."""
    for _ in phases:
        pass


def start():
    """The start, in phases (a generator: each ``yield`` ends one), then the main loop."""
    memory = MEMORY % min(NEEDS_KB.values())
    try:
        import os

        from .. import settings as settings_module
        from . import keys  # noqa: F401  (adds the hardware settings)

        settings, messages = settings_module.load(os.getenv)
        for text in messages:
            print("knightstour: " + text)
        messages = None
        memory = out_of_memory(settings)
        yield
        import board

        from .loop import BoardHardware, HardwareError, build

        try:
            hw = BoardHardware(board_kind(settings, board), settings, board=board)
            yield
            display, touch, sound = build(settings, hw)
            yield
            if settings.calibrate and settings.display in ("ili9341", "builtin") and settings.touch != "none":
                calibrate(settings, display, touch)
                return
            from ..app import App

            yield
            app = App(settings, display, touch, sound)
        except HardwareError as exc:
            stop(str(exc))
            return
        for text in app.messages:
            print("knightstour: " + text)
        yield
    except MemoryError:
        stop(memory)
        return
    import time

    from .loop import run_forever

    now, app.clock_wrap = clock()
    run_forever(app, now, time.sleep, out_of_memory=lambda: stop(memory))


def calibrate(settings, display, touch):
    import time

    from .calibrate import calibrate

    try:
        calibrate(display.display, touch.reader, settings.tft_rotation, time.sleep)
    except ValueError as exc:
        print("knightstour: " + str(exc))
    stop("calibration done: paste the lines above into settings.toml and set KNIGHTSTOUR_CALIBRATE = \"off\"")
