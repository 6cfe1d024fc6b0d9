"""The app's parts each own their state: a part's attributes are written by its own module, and
another module reads only the attributes docs/architecture.md lists. Checked on what the app does:
every attribute write and read on the parts is recorded (with the module that made it) while the
app shows tours, rescues a start where Warnsdorff's rule gets stuck, plays a game and quits."""

import os
import sys
from contextlib import contextmanager

from knightstour import app as app_module
from knightstour import pacing, play, rescue, tour, tours, warnsdorff
from knightstour.app import App
from knightstour.pacing import Clock
from knightstour.play import Game
from knightstour.tours import Tours

from support.app import make_app, make_settings, run_tour

# The attributes one part may read of another's (besides its methods): docs/architecture.md.
READS = {
    App: {"state", "total", "rng", "start_mode", "clock", "game"},  # by events.py
    Tours: {"tour", "rule", "solver"},
    Game: {"tour", "over"},
    Clock: {"paused", "pacing"},
}
# The writes by a module to another's object, each with its reason: (writer, class, attribute).
FOREIGN_WRITES = {
    ("events.py", "App", "quit"),  # the "quit" command: the main loop reads it
    ("tours.py", "Warnsdorff", "order"),  # Tours' own solver takes the order of the tour
    ("tours.py", "Tour", "path"),  # keep(): the solver's path and the plan swap lists, no copy
    ("rescue.py", "Warnsdorff", "order"),  # rescue.py is Tours' code, loaded only when needed
}
WATCHED = (App, Tours, Game, Clock, pacing.Pacing, warnsdorff.Warnsdorff, tour.Tour)
# The modules whose code is each class's: rescue.py is Tours' code, loaded only when needed.
OWNERS = {App: (app_module,), Tours: (tours, rescue), Game: (play,), Clock: (pacing,), pacing.Pacing: (pacing,),
          warnsdorff.Warnsdorff: (warnsdorff,), tour.Tour: (tour,)}


CORE = os.path.dirname(os.path.abspath(app_module.__file__))


def _caller():
    """The core module that made the access (the tests' own are left out: "")."""
    path = os.path.abspath(sys._getframe(2).f_code.co_filename)
    return os.path.basename(path) if os.path.dirname(path) == CORE else ""


@contextmanager
def recording(classes=WATCHED):
    """Every attribute write and read on instances of ``classes`` while the block runs, as
    {(module that did it, class, attribute)} in ``writes`` and ``reads``."""
    seen = {"writes": set(), "reads": set()}

    def setattr_hook(obj, name, value):
        seen["writes"].add((_caller(), type(obj).__name__, name))
        object.__setattr__(obj, name, value)

    def getattribute_hook(obj, name):
        if not name.startswith("__"):
            seen["reads"].add((_caller(), type(obj).__name__, name))
        return object.__getattribute__(obj, name)

    for cls in classes:
        assert "__setattr__" not in vars(cls) and "__getattribute__" not in vars(cls), cls
        cls.__setattr__, cls.__getattribute__ = setattr_hook, getattribute_hook
    try:
        yield seen
    finally:
        for cls in classes:
            del cls.__setattr__, cls.__getattribute__


def foreign(events, classes=WATCHED):
    """The events of ``events`` made by a core module other than the class's own."""
    owners = {cls.__name__: {os.path.basename(module.__file__) for module in OWNERS[cls]} for cls in classes}
    return {(module, name, attr) for module, name, attr in events if module and module not in owners[name]}


def a_show_a_rescue_and_a_game():
    """The app's life in brief; returns the apps, as they are at the end."""
    shown = App(make_settings(speed="0"), rng=None)
    now = 0.0
    while shown.tours.count < 3:
        now += shown.update(now) + 0.001
    shown.handle("play")
    shown.update(now)
    shown.handle(0)
    shown.handle("hint")
    shown.handle("undo")
    shown.update(now)
    rescued = make_app("5x6")  # Warnsdorff's rule gets stuck from c2: rescue.py takes over
    run_tour(rescued, rescued.board.parse_square("c2"))
    rescued.handle("quit")
    return shown, rescued


def test_the_app_modules_write_only_their_own_attributes():
    with recording() as seen:
        a_show_a_rescue_and_a_game()
    written = foreign(seen["writes"])
    assert written <= FOREIGN_WRITES, sorted(written - FOREIGN_WRITES)
    # the run did what the table is about: quit, the tours' solver, a rescue
    assert {("events.py", "App", "quit"), ("tours.py", "Warnsdorff", "order")} <= written
    assert ("rescue.py", "Tours", "searched") in seen["writes"]


def test_other_modules_read_the_parts_through_their_interfaces_only():
    parts = (App, Tours, Game, Clock)
    with recording(parts) as seen:
        a_show_a_rescue_and_a_game()
    read = foreign(seen["reads"], parts)
    for cls in parts:
        methods = {name for name in dir(cls) if callable(getattr(cls, name)) or isinstance(
            getattr(cls, name), property)}
        state = {attr for _, name, attr in read if name == cls.__name__} - methods
        assert state, cls.__name__  # the run read something of each
        assert state <= READS[cls], (cls.__name__, sorted(state - READS[cls]))


def test_parts_hold_only_the_state_their_own_module_writes():
    with recording() as seen:
        shown, _ = a_show_a_rescue_and_a_game()
    assert shown.game is not None
    own = {}
    for module, name, attr in seen["writes"]:
        if module:
            own.setdefault(name, set()).add(attr)
    for part in (shown, shown.tours, shown.game, shown.clock):
        assert set(vars(part)) <= own[type(part).__name__], type(part).__name__
    # No object is state of two parts, but for what they are handed: the ports, the board, the
    # solver and its tour (play's hints; the game plays on it, as no tour is shown meanwhile),
    # the delays, the status line.
    handed = {"display", "sound", "board", "solver", "tour", "pacing", "status", "rng"}
    assert shown.game.tour is shown.tours.solver.tour
    parts = (shown, shown.tours, shown.game, shown.clock)
    for i, a in enumerate(parts):
        for b in parts[i + 1:]:
            for name, value in vars(a).items():
                if isinstance(value, (int, float, str, bool, type(None), tuple)) or name in handed:
                    continue
                shared = [other for other, v in vars(b).items() if v is value]
                assert not shared, (type(a).__name__, name, type(b).__name__, shared)
