"""The Feather's start (hw/plan.py's PLAN): each phase holds its function, startup.py's first."""

import types

from knightstour.hw import feather, plan, startup


def test_startup_phases_come_first_then_the_plans_own_functions():
    runs = [run for run, _ in plan.PLAN]
    first = len(startup.PLAN)
    assert runs[:first] == [None] * first and all(isinstance(f, types.FunctionType) for f in startup.PLAN)
    assert runs[first:] == [plan.core, plan.app]
    assert [f.__name__ for f in startup.PLAN] == ["settings", "pins", "views", "ports", "board"]


def test_begin_leaves_nothing_of_an_earlier_start():
    """A host may start the toy again (the web page): the one toy is the class, begin() empties it."""
    toy = feather.Toy
    saved = dict(vars(toy))
    try:
        toy.app = toy.display = object()
        plan.begin(toy)
        assert toy.app is None and toy.display is None and toy.outputs == () and "KB" in toy.memory
    finally:
        for name in set(vars(toy)) - set(saved):
            delattr(toy, name)
        for name, value in saved.items():
            if name not in ("__dict__", "__weakref__"):
                setattr(toy, name, value)
