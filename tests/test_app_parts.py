"""The app's parts each own their state: a part writes only its own attributes, and reads of
another part's keep to the interfaces docs/architecture.md lists (read from the code, and from
the objects after a show and a game)."""

import ast
from pathlib import Path

from knightstour.app import App
from knightstour.pacing import Clock
from knightstour.play import Game
from knightstour.settings import Settings
from knightstour.tours import Tours

CORE = Path(__file__).resolve().parents[1] / "device" / "knightstour"
PARTS = {"app.py": App, "tours.py": Tours, "play.py": Game, "pacing.py": Clock}

# The attributes one part may read of another's (besides its methods): docs/architecture.md.
READS = {
    App: {"state", "total", "rng", "start_mode", "clock", "game"},  # by events.py
    Tours: {"tour", "rule", "solver"},
    Game: {"tour", "over"},
    Clock: {"paused", "pacing"},
}
# The writes to something other than ``self`` in the app's modules, each with its reason.
FOREIGN_WRITES = {
    ("events.py", "app.quit"),  # the "quit" command: the main loop reads it
    ("tours.py", "self.solver.order"),  # Tours' own solver takes the order of the tour
    ("tours.py", "tour.path"),  # keep(): the solver's path and the plan swap lists, no copy
    ("rescue.py", "tours.order_index"),  # rescue.py is Tours' code, loaded only when needed
    ("rescue.py", "tours.searched"),
    ("rescue.py", "tours.plan"),
    ("rescue.py", "tours.planned"),
    ("rescue.py", "tours.out_of_budget"),
    ("rescue.py", "solver.order"),
}


def tree(name):
    return ast.parse((CORE / name).read_text())


def stores(node):
    # (base, attribute) of every attribute assignment under ``node``.
    found = []
    for sub in ast.walk(node):
        if isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store):
            found.append((ast.unparse(sub.value), sub.attr))
    return found


def own_attributes(cls):
    # What a part's methods assign on self: its state.
    source = tree(cls.__module__.rsplit(".", 1)[1] + ".py")
    for node in ast.walk(source):
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            return {attr for base, attr in stores(node) if base == "self"}
    raise AssertionError("no class %s" % cls.__name__)


def interface(cls):
    return {name for name in dir(cls) if not name.startswith("_")} | READS[cls]


def test_the_app_modules_write_only_their_own_attributes():
    foreign = set()
    for name in ("app.py", "events.py", "tours.py", "play.py", "pacing.py", "rescue.py"):
        for base, attr in stores(tree(name)):
            if base != "self":
                foreign.add((name, base + "." + attr))
    assert foreign == FOREIGN_WRITES


def reads_of(source, bases):
    # {attribute} read on any expression spelled as one of ``bases``.
    found = set()
    for sub in ast.walk(source):
        if isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Load) and ast.unparse(sub.value) in bases:
            found.add(sub.attr)
    return found


def test_app_and_events_use_the_parts_through_their_interfaces_only():
    app = tree("app.py")
    events = tree("events.py")
    uses = {
        Tours: reads_of(app, {"self.tours"}),
        Game: reads_of(app, {"self.game", "game"}) | reads_of(events, {"app.game"}),
        Clock: reads_of(app, {"self.clock", "clock"}) | reads_of(events, {"app.clock", "clock"}),
        App: reads_of(events, {"app"}),
    }
    for cls, used in uses.items():
        assert used, cls.__name__
        assert used <= interface(cls), (cls.__name__, sorted(used - interface(cls)))
    for cls in (Tours, Game, Clock):
        assert READS[cls] <= own_attributes(cls), cls.__name__


def test_parts_hold_only_their_declared_state_after_a_game():
    settings = Settings()
    settings.set("speed", "0")
    app = App(settings, rng=None)
    now = 0.0
    while app.tours.count < 3:
        now += app.update(now) + 0.001
    app.handle("play")
    app.update(now)
    app.handle(0)
    app.handle("hint")
    app.handle("undo")
    app.update(now)
    assert app.game is not None
    for part, cls in ((app, App), (app.tours, Tours), (app.game, Game), (app.clock, Clock)):
        assert set(vars(part)) <= own_attributes(cls), (cls.__name__, set(vars(part)) - own_attributes(cls))
    assert set(vars(app)) == own_attributes(App)
    # No object is state of two parts, but for what they are handed: the ports, the board, the
    # solver and its tour (play's hints; the game plays on it, as no tour is shown meanwhile),
    # the delays, the status line.
    handed = {"display", "sound", "board", "solver", "tour", "pacing", "status", "rng"}
    assert app.game.tour is app.tours.solver.tour
    parts = (app, app.tours, app.game, app.clock)
    for i, a in enumerate(parts):
        for b in parts[i + 1:]:
            for name, value in vars(a).items():
                if isinstance(value, (int, float, str, bool, type(None), tuple)) or name in handed:
                    continue
                shared = [other for other, v in vars(b).items() if v is value]
                assert not shared, (type(a).__name__, name, type(b).__name__, shared)
