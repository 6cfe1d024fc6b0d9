"""device/code.py, the Feather's entry point, run under CPython with the emulated chips standing
in for the Feather: ``board`` is the pin map's Feather pins wired to the emulated ILI9341 and
STMPE610 (or MAX7219), ``os.getenv`` reads a settings dict, ``time`` is a fake clock."""

import os
import runpy
import sys
import types

import pytest

from knightstour.hw.views import tft_draw
from knightstour_sim.chips import rig, shims
from knightstour_sim.screenshot import sim_board

CODE_PY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "device", "code.py")


class StopLoop(Exception):
    pass


def preload():
    """Import everything code.py uses now, so no module keeps the fake time."""
    import adafruit_display_text.label  # noqa: F401
    import adafruit_max7219.matrices  # noqa: F401
    import busdisplay  # noqa: F401
    import fourwire  # noqa: F401
    import terminalio  # noqa: F401

    import knightstour.app  # noqa: F401
    import knightstour.hw.chips.ft6206  # noqa: F401
    import knightstour.hw.chips.piezo  # noqa: F401
    import knightstour.hw.chips.stmpe610  # noqa: F401
    import knightstour.hw.inputs.touch  # noqa: F401
    import knightstour.hw.views.matrix  # noqa: F401
    import knightstour.hw.views.tft  # noqa: F401
    import knightstour.hw.wiring.build  # noqa: F401
    import knightstour.hw.wiring.touch_chips  # noqa: F401


def run_code_py(monkeypatch, board, environ, loops, ticks_from=None):
    import time as real_time

    preload()
    state = {"now": 0.0, "sleeps": 0, "armed": True}

    def sleep(seconds):
        state["now"] += max(seconds, 0.001)
        state["sleeps"] += 1
        if state["armed"] and state["sleeps"] >= loops:
            state["armed"] = False
            raise StopLoop()

    fake_time = types.SimpleNamespace(sleep=sleep, monotonic=lambda: state["now"], time=real_time.time)
    monkeypatch.setitem(sys.modules, "board", board)
    monkeypatch.setitem(sys.modules, "time", fake_time)
    if ticks_from is not None:  # CircuitPython's millisecond ticks, starting at ticks_from
        ticks = types.SimpleNamespace(ticks_ms=lambda: (ticks_from + int(state["now"] * 1000)) & (2**29 - 1))
        monkeypatch.setitem(sys.modules, "supervisor", ticks)
    monkeypatch.setattr(os, "getenv", lambda name, default=None: environ.get(name, default))
    # The Feather forgets the modules only its start needs (hw/feather.py): put them back for
    # the tests that run after this one and hold their classes.
    kept = {name: module for name, module in sys.modules.items() if name.startswith("knightstour.")}
    try:
        with shims.skip_sleeps(), pytest.raises(StopLoop):
            runpy.run_path(CODE_PY, run_name="__main__")
    finally:
        for name, module in kept.items():
            sys.modules[name] = module
            package, _, leaf = name.rpartition(".")
            setattr(sys.modules[package], leaf, module)
    return state


def test_code_py_runs_the_toy_on_a_feather_with_the_tft_featherwing(monkeypatch):
    import displayio

    displayio.release_displays()
    tft_rig = rig.tft_rig("stmpe610")
    try:
        board = sim_board("feather_rp2040", tft=tft_rig)
        board.board_id = "adafruit_feather_rp2040"
        run_code_py(monkeypatch, board, {"KNIGHTSTOUR_START": "a1"}, loops=100)
        chip = tft_rig.display_chip
        # a1's cell: dark, with ink (a number) in it, and the panel has text
        ink = tft_draw.INK_ON_DARK
        white = (ink >> 19) << 11 | (ink >> 10 & 0x3F) << 5 | (ink >> 3 & 0x1F)
        cell = [chip.screen_pixel(x, y) for y in range(210, 240) for x in range(0, 30)]
        dark = (tft_draw.DARK >> 19) << 11 | (tft_draw.DARK >> 10 & 0x3F) << 5 | (tft_draw.DARK >> 3 & 0x1F)
        assert cell[31] == dark and cell.count(white) > 10
    finally:
        tft_rig.close()


def test_code_py_runs_the_matrix_from_settings(monkeypatch):
    matrix = rig.matrix_rig()
    board = sim_board("feather_m4", matrix=matrix)
    board.board_id = "feather_m4_express"
    run_code_py(monkeypatch, board, {"KNIGHTSTOUR_DISPLAY": "max7219", "KNIGHTSTOUR_SPEED": 4,
                                     "KNIGHTSTOUR_MATRIX_BRIGHTNESS": 9}, loops=100)
    assert matrix.chip.intensity == 9
    assert sum(sum(row) for row in matrix.chip.leds) > 5


def test_code_py_keeps_pacing_across_the_ticks_wrap(monkeypatch):
    matrix = rig.matrix_rig()
    board = sim_board("feather_m4", matrix=matrix)
    # code.py on CircuitPython's ticks clock, which folds below 2**20 ms a second into the run,
    # mid-tour: the tour goes on across the wrap (app.py's own tests cover the wrap arithmetic).
    state = run_code_py(monkeypatch, board, {"KNIGHTSTOUR_DISPLAY": "max7219", "KNIGHTSTOUR_START": "a1",
                                             "KNIGHTSTOUR_SPEED": 4}, loops=400, ticks_from=2**20 - 1000)
    assert state["now"] > 1.0
    assert sum(sum(row) for row in matrix.chip.leds) > 20


def test_code_py_says_one_line_when_touch_does_not_answer(monkeypatch, capsys):
    import displayio

    displayio.release_displays()
    tft_rig = rig.tft_rig(None)
    try:
        board = sim_board("feather_rp2040", tft=tft_rig)
        run_code_py(monkeypatch, board, {}, loops=3)  # stop() waits forever: the sleeps stop it
    finally:
        tft_rig.close()
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if line.startswith("knightstour: error:")]
    assert len(lines) == 1 and "STMPE610" in lines[0] and "wiring/README.md" in lines[0]


def test_nothing_of_the_start_lives_on_once_the_toy_runs(monkeypatch):
    """code.py holds main() for as long as the toy runs, and a function keeps its whole module
    (its globals): the start's plan and phases (hw/plan.py, hw/startup.py), the reading of the
    board's size and start square (board_text.py) and of the check orders and rules (orders.py,
    rules.py), imported afresh here, must be held by nothing the run keeps (code.py's globals, the
    toy, its steps), so that the board frees their code; nor the settings' values once read."""
    import gc
    import importlib
    import weakref

    from knightstour.hw import feather

    preload()
    matrix = rig.matrix_rig()
    board = sim_board("feather_m4", matrix=matrix)
    board.board_id = "feather_m4_express"
    environ = {"KNIGHTSTOUR_DISPLAY": "max7219", "KNIGHTSTOUR_START": "c3"}
    monkeypatch.setitem(sys.modules, "board", board)
    monkeypatch.setattr(os, "getenv", lambda name, default=None: environ.get(name, default))
    started = []
    monkeypatch.setattr(feather, "host", lambda toy, steps: started.append((toy, steps)))
    start = ("knightstour.hw.plan", "knightstour.hw.startup", "knightstour.board_text", "knightstour.orders",
             "knightstour.rules")
    kept = {name: module for name, module in sys.modules.items() if name.startswith("knightstour.")}
    # other tests' modules hold theirs: the start gets its own, and so do the modules that use it
    for name in start + ("knightstour.app", "knightstour.tours", "knightstour.warnsdorff"):
        sys.modules.pop(name, None)
        package, _, leaf = name.rpartition(".")
        if hasattr(sys.modules[package], leaf):
            delattr(sys.modules[package], leaf)
    functions = [weakref.ref(value) for name in start for value in vars(importlib.import_module(name)).values()
                 if isinstance(value, types.FunctionType)]
    assert len(functions) > 10
    try:
        declared = set(vars(feather.Toy))
        code_py = runpy.run_path(CODE_PY, run_name="__main__")  # its globals: main, as on a board
        toy, steps = started.pop()
        assert next(steps) == 0
        settings = weakref.ref(toy.settings)  # the values read, all the start's phases use
        while toy.app is None:
            assert next(steps) == 0
        next(steps)  # the main loop's first pass: the first tour's solve
        assert not any(name in sys.modules for name in start)
        gc.collect()
        alive = [ref().__module__ + "." + ref().__name__ for ref in functions if ref() is not None]
        assert alive == [], "the start's code is still held after start: %s" % alive
        assert toy.settings is None and settings() is None
        assert toy is feather.Toy and set(vars(toy)) == declared  # the start sets only what Toy declares
        assert code_py["main"] is feather.main and toy.app.tours.tour.path[0] == toy.app.board.parse_square("c3")
    finally:
        for name, module in kept.items():
            sys.modules[name] = module
            package, _, leaf = name.rpartition(".")
            setattr(sys.modules[package], leaf, module)
