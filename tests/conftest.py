"""Fixtures shared by several test files (helpers that are not fixtures: tests/support/)."""

import os

import pytest

from knightstour_sim.chips import bus, shims

from support.chips import tft_rigs
from support.micropython import find_node

shims.install()  # before a test imports the stand-ins' digitalio names: Blinka's enums there

# Fixtures that make a test slow by themselves: {fixture: what it costs}. A test using one is marked slow.
SLOW_FIXTURES = {
    "node": "a run of the MicroPython port under node (seconds each)",
    "browser": "chromium, driven by playwright",
    "built": "a build: the sdist and the wheel (test_installed_wheel), the web page (test_web_build)",
}


# The files that took longest (junit times of a ./test run, 2026-11-28 03:00, load 7-9), longest
# first: ./test starts them first (its --no-loadscope-reorder keeps this order).
LONGEST = ("test_web.py", "test_tft_contrast.py", "test_starts.py", "test_feather_heap.py", "test_pi_install_service.py",
           "test_installed_wheel.py", "test_feather.py", "test_feather_screens.py", "test_deploy_processes.py",
           "test_tft_ocr.py", "test_feather_pyportal.py", "test_sim_memory.py", "test_web_build.py")


def pytest_collection_modifyitems(items):
    """Marks the tests that use a SLOW_FIXTURES fixture slow, then orders the files: LONGEST first,
    then the other files holding slow tests, then the rest (stable otherwise). ./test's workers take a
    file at a time in this order, so the longest start early and none is left alone at the end."""
    for item in items:
        if SLOW_FIXTURES.keys() & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)
    slow = {item.path for item in items if item.get_closest_marker("slow")}

    def rank(item):
        name = item.path.name
        return (LONGEST.index(name) if name in LONGEST else len(LONGEST)), item.path not in slow

    items.sort(key=rank)


@pytest.fixture(scope="session")
def node():
    """The node binary, once the MicroPython package is installed (skips without, fails under CI)."""
    path, reason = find_node()
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("CI must run the MicroPython tests, but " + reason)
        pytest.skip(reason)
    return path


@pytest.fixture(autouse=True)
def fresh_board():
    """Every test starts on a board with no chip model wired and no probe on a bus (sim/chips/bus.py)."""
    bus.unplug()


@pytest.fixture
def no_sleep():
    """Driver sleeps return at once; yields the total they asked for."""
    with shims.skip_sleeps() as clock:
        yield clock


@pytest.fixture
def tft():
    """``make(touch=..., **kwargs)`` for emulated TFT rigs, closed afterwards."""
    with tft_rigs() as make:
        yield make


@pytest.fixture
def emulated_tft():
    """``make(...)``: the app on the real TFT driver over emulated chips, closed afterwards."""
    from knightstour_sim.screenshot import Emulated

    made = []

    def make(*args, **kwargs):
        made.append(Emulated("ili9341", *args, **kwargs))
        return made[-1]

    yield make
    for each in made:
        each.close()


@pytest.fixture
def pi_model(tmp_path, monkeypatch):
    """The device tree's model as a Raspberry Pi has it, so that run gets past its first check here."""
    from knightstour_desktop.commands import run as run_command

    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 4 Model B Rev 1.4\0")
    monkeypatch.setattr(run_command, "MODEL", str(model))
    return model
