"""Pacing at its edges: the first and last moves, the closed tour's trace, the ladder between rungs."""

import pytest

from knightstour.pacing import Pacing, speed_name


@pytest.mark.parametrize("shape", ["linear", "quadratic", "cubic", "exponential"])
def test_the_second_square_waits_first_and_the_last_waits_last(shape):
    pacing = Pacing(0.1, 0.9, shape)
    assert pacing.delay(2, 25) == pytest.approx(0.1)
    assert pacing.delay(25, 25) == pytest.approx(0.9)
    # Out of range move numbers keep to the ends.
    assert pacing.delay(1, 25) == pytest.approx(0.1)
    assert pacing.delay(30, 25) == pytest.approx(0.9)


def test_each_shape_at_the_middle_move():
    # Move 14 of 26 is half way: t = 0.5.
    assert Pacing(0.1, 0.9, "linear").delay(14, 26) == pytest.approx(0.5)
    assert Pacing(0.1, 0.9, "quadratic").delay(14, 26) == pytest.approx(0.3)
    assert Pacing(0.1, 0.9, "cubic").delay(14, 26) == pytest.approx(0.2)
    assert Pacing(0.1, 0.9, "exponential").delay(14, 26) == pytest.approx(0.3)
    # Exponential from zero cannot multiply: it grows in a straight line instead.
    assert Pacing(0.0, 0.8, "exponential").delay(14, 26) == pytest.approx(0.4)


def test_the_speed_factor_divides_every_shape():
    for shape in ("linear", "quadratic", "cubic", "exponential"):
        assert Pacing(0.1, 0.9, shape, speed=4).delay(14, 26) == pytest.approx(
            Pacing(0.1, 0.9, shape).delay(14, 26) / 4)


def test_a_zero_first_pace_and_equal_ends_are_accepted():
    assert Pacing(0.0, 0.0).delay(10, 64) == 0.0
    assert Pacing(0.3, 0.3, "cubic").delay(40, 64) == pytest.approx(0.3)
    with pytest.raises(ValueError, match=r"0 <= first <= last \(got -0.1 and 0.5\)"):
        Pacing(-0.1, 0.5)
    with pytest.raises(ValueError, match="not -0.5"):
        Pacing(speed=-0.5)
    assert Pacing(speed=0).speed == 0.0


def test_the_result_pause_follows_the_speed():
    assert Pacing(pause=3.0).pause() == pytest.approx(3.0)
    assert Pacing(pause=3.0, speed=2).pause() == pytest.approx(1.5)
    assert Pacing(pause=3.0, speed=0.5).pause() == pytest.approx(6.0)


def test_the_closed_tour_trace_takes_a_second_or_two():
    pacing = Pacing()
    # 8x8: 65 squares traced (back onto the start) in 1.5 s.
    assert pacing.trace_step(64) == pytest.approx(1.5 / 65)
    assert pacing.trace_step(64) * 65 == pytest.approx(1.5)
    # A small board is traced no faster than 50 ms a square.
    assert pacing.trace_step(12) == pytest.approx(0.05)
    assert pacing.trace_step(29) == pytest.approx(0.05)
    assert pacing.trace_step(30) == pytest.approx(1.5 / 31)
    assert Pacing(speed=2).trace_step(64) == pytest.approx(0.75 / 65)
    assert Pacing(speed=2).trace_step(12) == pytest.approx(0.025)


def test_faster_and_slower_from_between_the_rungs():
    pacing = Pacing(speed=3.0)  # between x2 and x4: counts as x2
    assert pacing.faster() == 4.0
    pacing = Pacing(speed=3.0)
    assert pacing.slower() == 1.0
    pacing = Pacing(speed=0.1)  # below the slowest rung
    assert pacing.slower() == 0.125
    assert Pacing(speed=0.1).faster() == 0.25
    pacing = Pacing(speed=0.125)
    assert pacing.faster() == 0.25
    pacing = Pacing(speed=32.0)
    assert pacing.faster() == 0.0  # past the fastest rung: no delay
    assert pacing.faster() == 0.0
    assert pacing.slower() == 32.0
    pacing = Pacing(speed=1.0)
    assert [pacing.faster() for _ in range(6)] == [2.0, 4.0, 8.0, 16.0, 32.0, 0.0]
    pacing = Pacing(speed=1.0)
    assert [pacing.slower() for _ in range(4)] == [0.5, 0.25, 0.125, 0.125]


def test_speed_names_for_every_rung_and_between():
    assert [speed_name(s) for s in (0.125, 0.5, 1.0, 16.0, 32.0, 0.0)] == [
        "x1/8", "x1/2", "x1", "x16", "x32", "no delay"]
    assert speed_name(1.5) == "x1.50"
    assert speed_name(0.3) == "x1/3"


def test_the_default_pace_runs_from_60_to_600_ms_with_a_3_s_pause():
    pacing = Pacing()
    assert pacing.delay(2, 64) == pytest.approx(0.06)
    assert pacing.delay(64, 64) == pytest.approx(0.6)
    assert pacing.pause() == pytest.approx(3.0)


def test_a_three_square_tour_still_paces_from_first_to_last():
    pacing = Pacing(0.1, 0.9, "linear")
    assert pacing.delay(2, 3) == pytest.approx(0.1)
    assert pacing.delay(3, 3) == pytest.approx(0.9)
