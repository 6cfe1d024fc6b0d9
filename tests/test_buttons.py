"""The push buttons (knightstour.hw.inputs.buttons): debounced, long presses apart from short ones, on
emulated pins with the board's pull-ups, and a clock that only moves when told."""

import pytest

from knightstour.hw.inputs.buttons import DEBOUNCE, HOLD, Buttons, make_buttons
from knightstour_sim.chips import shims
from knightstour_sim.circuitpython.digitalio import DigitalInOut
from knightstour_sim.circuitpython.microcontroller import Pin

shims.install()


class Clock:
    def __init__(self, now=0.0):
        self.now = now

    def __call__(self):
        return self.now


class Rig:
    """Two buttons on pulled-up pins; ``press``/``release`` close and open a contact."""

    def __init__(self, clock=None, wrap=0, wired=(True, True)):
        self.clock = clock or Clock()
        self.pins = [Pin("A", idle=False), Pin("B", idle=False)]  # float low without the pull-up
        self.buttons = make_buttons([p if w else None for p, w in zip(self.pins, wired)], self.clock, wrap)

    def press(self, i):
        self.pins[i].drive(False)

    def release(self, i):
        self.pins[i].drive(None)

    def run(self, seconds, step=0.01):
        """Poll every ``step`` seconds for ``seconds``; the events, in order."""
        events = []
        for _ in range(round(seconds / step)):
            self.clock.now += step
            event = self.buttons.poll()
            while event is not None:
                events.append(event)
                event = self.buttons.poll()
        return events


def test_the_pins_are_pulled_up_and_idle_gives_nothing():
    rig = Rig()
    assert all(io.pull is not None for io in rig.buttons.ios)
    assert all(pin.level for pin in rig.pins)
    assert rig.run(5) == []


def test_short_presses_give_their_command_on_release():
    rig = Rig()
    rig.press(0)
    assert rig.run(0.2) == []
    rig.release(0)
    assert rig.run(0.1) == ["random"]
    rig.press(1)
    rig.run(0.2)
    rig.release(1)
    assert rig.run(0.1) == ["faster"]


def test_a_long_press_acts_while_held_not_on_release():
    rig = Rig()
    rig.press(0)
    events = rig.run(HOLD - 0.05)
    assert events == []
    assert rig.run(0.1) == ["pause"]
    assert rig.run(2) == []  # held on: once only
    rig.release(0)
    assert rig.run(0.5) == []
    rig.press(1)
    assert rig.run(HOLD + 0.1) == ["slower"]


def test_bounces_and_glitches_shorter_than_the_debounce_are_ignored():
    rig = Rig()
    for _ in range(5):  # a glitch: low for less than DEBOUNCE
        rig.press(0)
        rig.run(DEBOUNCE / 3)
        rig.release(0)
        rig.run(0.1)
    assert rig.run(0.1) == []
    rig.press(0)  # a real press whose contact bounces at both ends
    for _ in range(4):
        rig.run(0.005, step=0.005)
        rig.release(0)
        rig.run(0.005, step=0.005)
        rig.press(0)
    assert rig.run(0.2) == []
    for _ in range(4):
        rig.release(0)
        rig.run(0.005, step=0.005)
        rig.press(0)
        rig.run(0.005, step=0.005)
    rig.release(0)
    assert rig.run(0.2) == ["random"]


def test_both_buttons_at_once_each_give_theirs():
    rig = Rig()
    rig.press(0)
    rig.press(1)
    rig.run(0.1)
    rig.release(0)
    rig.release(1)
    assert sorted(rig.run(0.1)) == ["faster", "random"]


def test_a_button_held_at_start_counts_only_after_it_is_let_go():
    rig = Rig.__new__(Rig)
    rig.clock = Clock()
    rig.pins = [Pin("A"), Pin("B")]
    rig.pins[0].drive(False)  # stuck low, or held while the toy starts
    rig.buttons = make_buttons(rig.pins, rig.clock)
    assert rig.run(3) == []
    rig.release(0)
    assert rig.run(0.5) == []
    rig.press(0)
    rig.run(0.1)
    rig.release(0)
    assert rig.run(0.1) == ["random"]


def test_one_button_only():
    rig = Rig(wired=(True, False))
    assert rig.buttons.ios[1] is None
    rig.pins[1].drive(False)  # nothing reads B
    rig.press(0)
    assert rig.run(1) == ["pause"]


@pytest.mark.parametrize("start", [1048.5, 1048.0])
def test_a_wrapping_clock(start):
    rig = Rig(clock=Clock(start), wrap=1048.576)
    rig.press(0)
    events = []
    for _ in range(100):  # 1 s in 10 ms steps, wrapping to 0 on the way
        rig.clock.now = round(rig.clock.now + 0.01, 3) % 1048.576
        event = rig.buttons.poll()
        if event:
            events.append(event)
    assert events == ["pause"]


def test_a_clock_that_goes_back_without_a_wrap_waits_afresh():
    clock = Clock(10.0)
    pin = Pin("A")
    io = DigitalInOut(pin)
    buttons = Buttons([io, None], clock)
    pin.drive(False)
    buttons.poll()
    clock.now = 5.0  # back: the time held so far counts as none
    assert buttons.poll() is None
    clock.now = 5.0 + DEBOUNCE
    assert buttons.poll() is None
    clock.now = 5.0 + HOLD + 0.01
    assert buttons.poll() == "pause"


# Through the toy's build (hw/wiring) on the emulated MAX7219: the pin map's pins, the app's events


def hold(emu, seconds):
    """Run the emulated toy for ``seconds`` of its clock."""
    end = emu.now + seconds
    while emu.now < end:
        emu.step(limit=0.01)


@pytest.mark.parametrize("kind, pins", [("pi", ("D17", "D27")), ("feather_m4", ("A1", "A2"))])
def test_the_matrix_toy_takes_its_commands_from_the_buttons(kind, pins):
    from knightstour_sim.screenshot import Emulated

    emu = Emulated("max7219", {"speed": "1"}, kind=kind)
    assert [getattr(emu.board, name).level for name in pins] == [True, True]  # pulled up
    hold(emu, 1.0)
    app = emu.app
    assert app.state == "run" and app.tours.tour.length > 3

    def press(name, seconds):
        emu.button(name, True)
        hold(emu, seconds)
        emu.button(name, False)
        hold(emu, 0.1)

    press("b", 0.15)
    assert app.clock.pacing.speed == 2.0
    press("b", HOLD + 0.1)
    assert app.clock.pacing.speed == 1.0
    press("a", HOLD + 0.1)
    assert app.clock.paused
    length = app.tours.tour.length
    hold(emu, 5.0)
    assert app.tours.tour.length == length
    press("a", HOLD + 0.1)
    assert not app.clock.paused
    hold(emu, 1.0)
    assert app.tours.tour.length > length
    press("a", 0.15)
    assert app.tours.tour.length <= 3  # a new tour, from a random square


def test_buttons_set_to_none_are_not_read():
    from knightstour_sim.screenshot import Emulated

    emu = Emulated("max7219", {"pin_button_a": "none", "pin_button_b": "none"})
    assert emu.input.__class__.__name__ == "NullInput"
    emu = Emulated("max7219", {"pin_button_b": "none"})
    assert emu.input.ios[1] is None and emu.input.ios[0] is not None


# The simulator's keys: [ and ] press the buttons, { and } hold them


@pytest.mark.parametrize("pixels", [True, False])
def test_the_simulators_button_keys(pixels):
    from knightstour.settings import Settings
    from knightstour_sim.keys import parse_line
    from knightstour_sim.simulator import FakeClock, Simulator

    settings = Settings()
    settings.set("speed", "1")
    clock = FakeClock()
    sim = Simulator(settings, display="max7219", clock=clock, pixels=pixels)
    try:
        sim.update()

        def run(seconds):
            for _ in range(round(seconds / 0.01)):
                clock.advance(0.01)
                sim.update()

        sim.button("b")  # with --pixels: pin A2... down 0.1 s, read by the toy's driver
        if pixels:
            assert sim.app.clock.pacing.speed == 1.0 and not sim.hardware.matrix.board.A2.level
        run(0.3)
        assert sim.app.clock.pacing.speed == 2.0
        sim.button("a", long=True)
        run(1.0)
        assert sim.app.clock.paused
        if pixels:
            assert sim.hardware.matrix.board.A1.level  # let go again
        assert [parse_line(sim.board, key) for key in "[{]}"] == ["random", "pause", "faster", "slower"]
    finally:
        sim.close()


@pytest.mark.parametrize("frame", [0.15, 0.5, 1.5])
def test_a_simulated_press_lasts_until_the_toy_has_seen_it(frame):
    """A slow frame (a loaded machine) never loses a press of [ or ], nor turns a short one long."""
    from knightstour.settings import Settings
    from knightstour_sim.simulator import FakeClock, Simulator

    settings = Settings()
    settings.set("speed", "1")
    clock = FakeClock()
    sim = Simulator(settings, display="max7219", clock=clock, pixels=True)
    try:
        sim.update()

        def frames(count):
            for _ in range(count):
                clock.advance(frame)
                sim.update()

        sim.button("b")
        frames(6)
        assert sim.app.clock.pacing.speed == 2.0 and sim.hardware.matrix.board.A2.level  # faster, let go
        sim.button("a", long=True)
        frames(6 + round(1.0 / frame))
        assert sim.app.clock.paused and sim.hardware.matrix.board.A1.level
    finally:
        sim.close()
