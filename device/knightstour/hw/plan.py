"""The Feather's start, in phases (hw/feather.py runs them): PLAN, and what each phase forgets.

This module is imported once a phase and forgotten after the last (it is in PLAN's last entry):
nothing the run keeps holds a function of it, so none of its code lives on once the toy runs.
"""

# The start, in phases (one step each; a board collects each one's garbage when it needs the room),
# in the order the heap fills: PLAN (at the end), each phase's function and the modules forgotten
# when it ends (each name, and the modules in its package). Only what goes is listed: what a phase
# loads stays unless the plan forgets it. The first five are startup.py's (startup.PLAN, in
# this order), the last two this module's.
#   settings  settings.toml through os.getenv: the key table, parsers and messages (about 20 KB
#             while they run), gone before anything long-lived is made; board_text.py (the
#             reading of sizes and squares) goes after each phase that reads one
#   pins      the pins the settings give two uses, found before any pin is claimed; the check goes
#   views     the display's view (the TFT's, with its board and drawing modules, or the matrix's)
#   ports     the display, touch and sound built from the pin map; then the builders go
#   board     the board and the display's buffers for its size (the TFT's bitmaps), made once, low
#             in the heap where the builders were; the size's super orders, read from the table of
#             every size's, which goes
#   core      the app's modules, loaded in a step of their own: loading makes
#             garbage too, and the first pass of the loop solves the first tour
#   app       the app and its tables for the board's size, made once; then this module goes, and
#             the check orders' and rules' parsers (the solver keeps their results, not them)

# Before the settings are read: the smallest heaps any display needs (startup.py's line names the display's).
MEMORY = "out of memory while starting: the toy needs a heap of at least %d KB with --mpy, %d KB without (README: Will it fit?)"


class BoardSettings:
    """The settings' values, as attributes named after the keys (``settings.rule``): all the app and
    the hardware read after start (startup.py fills it in and forgets the table that read them)."""


def begin(toy):
    """Fill in ``toy`` (feather.Toy) as the start begins: the settings to read, nothing built yet
    (a host may start the toy again: the web page), and the line for running out of memory before
    the settings are read."""
    needs_kb = toy.NEEDS_KB
    toy.settings = BoardSettings()
    toy.display = toy.touch = toy.sound = toy.app = toy.orders = toy.board = None
    toy.outputs = ()
    toy.memory = MEMORY % (min(kb[0] for kb in needs_kb.values()), min(kb[1] for kb in needs_kb.values()))


def step(phase, toy):
    """Run PLAN's phase number ``phase`` on ``toy``; then forget the modules the plan forgets at its
    end. The next phase's number, None after the last. startup.py is imported here for its phases,
    held by no frame that lives on, so forgetting it frees it."""
    run, prefixes = PLAN[phase]
    try:
        if run is None:
            from . import startup

            startup.PLAN[phase](toy)
            startup = None
        else:
            run(toy)
    finally:
        forget(prefixes)
    return phase + 1 if phase + 1 < len(PLAN) else None


def core(toy):
    """The app's modules (the core), loaded on their own (the main loop is feather.py's)."""
    from .. import app  # noqa: F401


def app(toy):
    """The app on the ports."""
    from ..app import App

    toy.app = App(toy.settings, toy.display, toy.touch, toy.sound, orders=toy.orders, board=toy.board)
    toy.orders = toy.board = None  # the app keeps them (the orders parsed and named)
    toy.settings = None  # read: the app and the ports keep the values they need, not the table
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


# (the phase's function, the modules forgotten when it ends); None: startup.py's phase of that
# number (startup.PLAN).
PLAN = (
    (None, ("knightstour.settings", "knightstour.setting_kinds", "knightstour.board_text")),  # startup.settings
    (None, ("knightstour.hw.wiring.conflicts",)),  # startup.pins
    (None, ()),  # startup.views
    (None, ("knightstour.hw.wiring", "knightstour.hw.chips.ili9341", "knightstour.hw.views.tft_panel",
            "knightstour.hw.views.tft_narrow")),  # startup.ports
    (None, ("knightstour.orders_data", "knightstour.hw.startup", "knightstour.board_text")),  # startup.board
    (core, ()),
    (app, ("knightstour.hw.plan", "knightstour.board_text", "knightstour.orders", "knightstour.rules")),
)
