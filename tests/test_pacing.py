import pytest

from knightstour.pacing import SHAPES, SPEEDS, Pacing, speed_name


@pytest.mark.parametrize("shape", SHAPES)
def test_delay_grows_from_first_to_last(shape):
    pacing = Pacing(0.05, 0.5, shape)
    delays = [pacing.delay(n, 64) for n in range(2, 65)]
    assert delays[0] == pytest.approx(0.05)
    assert delays[-1] == pytest.approx(0.5)
    for a, b in zip(delays, delays[1:]):
        assert b >= a


def test_quadratic_is_slow_at_the_end():
    pacing = Pacing(0.0, 1.0, "quadratic")
    assert pacing.delay(33, 64) < 0.3
    assert pacing.delay(64, 64) == pytest.approx(1.0)


def test_speed_factor_divides_and_zero_means_no_delay():
    assert Pacing(0.1, 0.2, speed=2).delay(2, 64) == pytest.approx(0.05)
    zero = Pacing(0.1, 0.2, speed=0)
    assert zero.delay(40, 64) == 0
    assert zero.pause() == 0
    assert zero.trace_step(64) == 0


def test_equal_ends_give_a_constant_pace():
    pacing = Pacing(0.2, 0.2, "exponential")
    assert {round(pacing.delay(n, 64), 9) for n in range(2, 65)} == {0.2}


def test_tiny_boards_do_not_divide_by_zero():
    pacing = Pacing(0.1, 0.3, "linear")
    assert pacing.delay(1, 1) == pytest.approx(0.3)
    assert pacing.delay(2, 2) == pytest.approx(0.3)


def test_bad_pacing_is_refused():
    with pytest.raises(ValueError, match="first <= last"):
        Pacing(0.5, 0.1)
    with pytest.raises(ValueError, match="speed"):
        Pacing(speed=-1)
    with pytest.raises(ValueError, match="bad pacing shape 'Wobbly': a pacing shape is one of linear, quadratic, cubic, exponential"):
        Pacing(shape="Wobbly")
    assert Pacing(shape=" Linear ").shape == "linear"


def test_faster_and_slower_walk_the_ladder():
    pacing = Pacing(speed=1)
    assert pacing.faster() == 2
    assert pacing.slower() == 1
    assert pacing.slower() == 0.5
    for _ in range(20):
        pacing.faster()
    assert pacing.speed == 0  # the top rung: no delay
    for _ in range(20):
        pacing.slower()
    assert pacing.speed == SPEEDS[0]


def test_speed_names():
    assert speed_name(0) == "no delay"
    assert speed_name(2) == "x2"
    assert speed_name(0.25) == "x1/4"
