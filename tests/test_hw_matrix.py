"""The MAX7219 matrix port on its own small driver (hw/chips/max7219.py) and on adafruit_max7219, over the
emulated chip."""

import random

import pytest

from knightstour.app import App
from knightstour.board import Board
from knightstour.hw.views.matrix import MatrixDisplay, square_xy
from knightstour.settings import Settings
from knightstour_sim.chips import rig, shims
from knightstour_sim.screenshot import Emulated

shims.install()

COMBOS = [(rotation, mirror) for rotation in (0, 90, 180, 270) for mirror in (False, True)]


def expected_grid(visited, rotation, mirror, width=8, height=8):
    """The LED picture (grid[y][x]) built independently: a1 bottom left, then the whole
    picture turned clockwise rotation/90 times, then mirrored left-right."""
    grid = [[False] * 8 for _ in range(8)]
    for square in visited:
        grid[height - 1 - square // width][square % width] = True
    for _ in range(rotation // 90):
        grid = [[grid[7 - x][y] for x in range(8)] for y in range(8)]  # clockwise
    if mirror:
        grid = [row[::-1] for row in grid]
    return grid


@pytest.mark.parametrize("rotation, mirror", COMBOS)
def test_square_xy_corners(rotation, mirror):
    grid_a1 = expected_grid([0], rotation, mirror)
    grid_h1 = expected_grid([7], rotation, mirror)
    for square, grid in ((0, grid_a1), (7, grid_h1)):
        x, y = square_xy(square, 8, 8, rotation, mirror)
        assert grid[y][x]


def test_square_xy_default_puts_a1_bottom_left_and_h8_top_right():
    assert square_xy(0, 8, 8) == (0, 7)
    assert square_xy(63, 8, 8) == (7, 0)
    assert square_xy(0, 8, 8, 90) == (0, 0)  # the bottom-left corner turns to the top left


@pytest.mark.parametrize("rotation, mirror", COMBOS)
def test_led_grid_is_the_visited_squares_after_a_scripted_tour(rotation, mirror):
    emulated = Emulated("max7219", {"matrix_rotation": str(rotation), "matrix_mirror": "on" if mirror else "off"},
                        seed=rotation + mirror)
    emulated.run_tour(moves=23)
    app = emulated.app
    assert app.tours.tour.length == 23
    visited = app.tours.tour.path[: app.tours.tour.length]
    assert emulated.chip.leds == expected_grid(visited, rotation, mirror)
    assert not emulated.chip.shutdown and emulated.chip.scan_limit == 7


def test_brightness_and_end_of_a_closed_tour_lights_everything():
    emulated = Emulated("max7219", {"matrix_brightness": "11", "start": "a1", "order": "ahfdgceb"}, seed=3)
    assert emulated.chip.intensity == 11
    emulated.run_tour()
    assert emulated.app.tours.tour.length == 64
    assert all(all(row) for row in emulated.chip.leds)


def test_knight_blinks_at_normal_speed():
    emulated = Emulated("max7219", {"speed": "1", "pace_first_ms": "2000", "pace_last_ms": "2000"}, seed=5)
    chip = emulated.chip
    states = set()
    emulated.run(lambda app: app.tours.tour.length >= 3)
    knight = emulated.app.tours.tour.square
    x, y = square_xy(knight, 8, 8)
    for _ in range(40):
        emulated.step(0.05)
        if emulated.app.tours.tour.square == knight:
            states.add(chip.lit(x, y))
    assert states == {True, False}


def test_stuck_inverts_and_trace_runs_a_snake():
    spi, cs, chip = rig.matrix_rig()
    from adafruit_max7219 import matrices

    display = MatrixDisplay(matrices.Matrix8x8(spi, cs))
    board = Board(8, 8)
    display.begin(board, "attract", "abcdefgh", "border")
    path = [0, 10, 4, 21]
    for number, square in enumerate(path, 1):
        display.light(square, number)
        display.knight(square)
    display.flush()
    assert chip.leds == expected_grid(path, 0, False)
    display.result("stuck", 4, 21)
    display.flush()
    missed = [s for s in range(64) if s not in path]
    assert chip.leds == expected_grid(missed, 0, False)
    display.begin(board, "attract", "abcdefgh", "border")
    tour = [int(s) for s in range(64)]
    for number, square in enumerate(tour, 1):
        display.light(square, number)
    display.result("closed", 64, 63)
    for number in range(1, 12):
        display.trace(tour[number - 1], number)
    display.flush()
    assert chip.leds == expected_grid(tour[3:11], 0, False)  # a snake of 8
    display.trace(-1, 0)
    display.flush()
    assert all(all(row) for row in chip.leds)


def test_matrix_refuses_boards_bigger_than_8x8():
    spi, cs, chip = rig.matrix_rig()
    from adafruit_max7219 import matrices

    display = MatrixDisplay(matrices.Matrix8x8(spi, cs))
    settings = Settings()
    settings.set("size", "10x10")
    with pytest.raises(ValueError, match="at most 8x8"):
        App(settings, display, rng=random.Random(1), strict=True)
    app = App(settings, display, rng=random.Random(1))
    assert app.board.size_name == "8x8" and app.messages


def test_small_board_sits_in_the_bottom_left_corner():
    emulated = Emulated("max7219", {"size": "5x5", "start": "a1", "order": "ahfdgceb"}, seed=1)
    emulated.run(lambda app: app.tours.tour.length >= 1)
    assert emulated.chip.lit(0, 4)  # a1 of a 5x5 board


def test_matrix_show_sends_only_when_something_changed():
    emulated = Emulated("max7219", seed=2)
    emulated.run_tour(moves=5)
    emulated.probe.reset_counts()
    emulated.display.flush()
    assert emulated.probe.bytes_sent == 0


def test_the_small_driver_lights_what_adafruit_max7219_lights():
    from adafruit_max7219 import matrices

    from knightstour.hw.chips.max7219 import MAX7219

    pixels = [(x * 5 + y * 3) % 8 for x in range(8) for y in range(8)]
    grids = []
    for make in (matrices.Matrix8x8, MAX7219):
        spi, cs, chip = rig.matrix_rig()
        matrix = make(spi, cs)
        matrix.brightness(9)
        for i, level in enumerate(pixels):
            matrix.pixel(i // 8, i % 8, 1 if level > 3 else 0)
        matrix.show()
        grids.append((chip.leds, chip.intensity))
        matrix.fill(1)
        matrix.show()
        assert all(all(row) for row in chip.leds)
    assert grids[0] == grids[1] and grids[1][1] == 9


def test_an_impossible_start_lights_its_colour_and_blinks_the_knight():
    spi, cs, chip = rig.matrix_rig()
    display = MatrixDisplay(Matrix8x8Small(spi, cs))
    board = Board(5, 5)
    start = 1  # b1: on 5x5 no tour starts on b1's colour
    display.begin(board, "attract", "abcdefgh", "border")
    display.light(start, 1)
    display.knight(start)
    display.status("no tour from b1")
    display.result("impossible", 1, start)
    display.flush()
    same = [s for s in range(25) if (s % 5 + s // 5) % 2 == 1]
    assert chip.leds == expected_grid(same, 0, False, 5, 5)
    display.blink(False)
    display.flush()
    assert chip.leds == expected_grid([s for s in same if s != start], 0, False, 5, 5)


def Matrix8x8Small(spi, cs):  # noqa: N802
    from knightstour.hw.chips.max7219 import MAX7219

    return MAX7219(spi, cs)


def test_a_search_out_of_budget_keeps_the_path_lit_never_inverts(monkeypatch):
    # "stuck" inverts the picture (the squares missed); where the search gave up a tour may exist,
    # so the path stays lit as far as the rule went.
    monkeypatch.setattr("knightstour.rescue.SEARCH_BUDGET", 1)
    emulated = Emulated("max7219", {"start": "e3", "order": "abcdefgh", "rule": "first", "speed": "1",
                                   "pause_ms": "5000", "pace_first_ms": "1", "pace_last_ms": "1"}, seed=5)
    emulated.run(lambda app: app.tours.count >= 1)
    app = emulated.app
    assert app.tours.last_kind == "budget" and emulated.display.result_kind == "budget"
    path = app.tours.tour.path[:app.tours.tour.length]
    assert len(path) < 64
    for _ in range(40):
        emulated.step(0.05)
        assert app.state == "show"
        assert emulated.chip.leds == expected_grid(path, 0, False)
