"""MAX7219 chains (hw/views/chain.py on hw/chips/max7219.py's driver) on the emulated chain, checked LED by
LED against the panel as built (sim/chips/max7219.MatrixPanel); the driver's words are checked
against the real adafruit_max7219 driver's on the same chain."""

import random

import pytest

from knightstour.board import Board
from knightstour.hw.chips import max7219
from knightstour.hw.views import chain
from knightstour.hw.wiring import build, hardware
from knightstour_sim.chips import rig, shims
from knightstour_sim.chips.max7219 import MatrixPanel

from support.app import make_settings

shims.install()


def wired(modules, arrangement="row", block_rotation=90, rotation=0, mirror=False):
    """(ChainMatrix on the real driver, MatrixPanel of the emulated chips)."""
    spi, cs, chips = rig.matrix_rig(chain=modules)
    if modules == 1:
        from knightstour_sim.chips.max7219 import MAX7219Chain

        assert not isinstance(chips, MAX7219Chain)
    layout = chain.ChainLayout(modules, arrangement, block_rotation, rotation, mirror)
    driver = max7219.MAX7219(spi, cs, chips=modules)
    columns, rows = chain.grid(modules, arrangement)
    return chain.ChainMatrix(driver, layout), MatrixPanel(chips, columns, rows, block_rotation)


def turned(width, height, points, rotation, mirror):
    """The panel's lit LEDs for a picture with ``points`` lit, built apart from chain.py:
    the picture grid turned clockwise rotation/90 times, then mirrored left to right."""
    grid = [[(x, y) in points for x in range(width)] for y in range(height)]
    for _ in range(rotation // 90):
        grid = [list(row) for row in zip(*grid[::-1])]  # a quarter turn clockwise
    if mirror:
        grid = [row[::-1] for row in grid]
    return {(x, y) for y, row in enumerate(grid) for x, on in enumerate(row) if on}


def test_fc16_chip_0_is_the_right_module_digit_1_its_top_row():
    spi, cs, chips = rig.matrix_rig(chain=4)
    panel = MatrixPanel(chips, 4)
    first = chips.chips[0]
    first.shutdown, first.scan_limit = False, 7
    first.digits[0] = 0x80  # digit register 1, bit 7 (DP)
    assert panel.lit() == {(24, 0)}
    first.digits[0] = 0x01
    assert panel.lit() == {(31, 0)}
    first.digits[0] = 0
    chips.chips[3].shutdown, chips.chips[3].scan_limit = False, 7
    chips.chips[3].digits[7] = 0x01  # the last chip, digit 8, bit 0: bottom right of the left module
    assert panel.lit() == {(7, 7)}


ARRANGEMENTS = [(1, "row", 0), (2, "row", 90), (4, "row", 90), (4, "row", 0), (8, "row", 90),
                (4, "2x2", 90), (4, "2x2", 0), (4, "2x2", 270), (3, "row", 180)]


@pytest.mark.parametrize("modules, arrangement, block_rotation", ARRANGEMENTS)
def test_every_led_lights_alone_where_the_picture_says(modules, arrangement, block_rotation):
    matrix, panel = wired(modules, arrangement, block_rotation)
    layout = matrix.layout
    for y in range(layout.height):
        for x in range(layout.width):
            matrix.pixel(x, y, 1)
            matrix.show()
            assert panel.lit() == {(x, y)}, (x, y)
            matrix.pixel(x, y, 0)
    matrix.show()
    assert panel.lit() == set()


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
@pytest.mark.parametrize("mirror", [False, True])
@pytest.mark.parametrize("modules, arrangement", [(4, "row"), (4, "2x2"), (2, "row")])
def test_rotation_and_mirror_turn_the_whole_picture(modules, arrangement, rotation, mirror):
    matrix, panel = wired(modules, arrangement, 90, rotation, mirror)
    layout = matrix.layout
    rng = random.Random(rotation * 7 + mirror + modules)
    points = {(rng.randrange(layout.width), rng.randrange(layout.height)) for _ in range(12)}
    points |= {(0, 0), (layout.width - 1, 0), (0, layout.height - 1)}
    for x, y in points:
        matrix.pixel(x, y, 1)
    matrix.show()
    assert panel.lit() == turned(layout.width, layout.height, points, rotation, mirror)


def test_a_row_shows_the_board_left_and_the_move_number_beside():
    spi, cs, chips = rig.matrix_rig(chain=4)
    display = chain.chain_display(spi, cs, 4)
    panel = MatrixPanel(chips, 4)
    board = Board(8, 8)
    display.begin(board, "attract", "ahfdgceb", "border")
    display.flush()
    assert panel.lit() == set()
    for number, name in enumerate(("a1", "b3", "c5", "d7"), start=1):
        display.light(board.parse_square(name), number)
    display.flush()
    board_leds = {(x, y) for x, y in panel.lit() if x < 8}
    assert board_leds == {(0, 7), (1, 5), (2, 3), (3, 1)}
    assert text_of(panel) == "4"
    for number in range(5, 38):
        display.light(number + 10, number)
    display.flush()
    assert text_of(panel) == "37"
    display.unlight(47)  # undo move 37
    display.flush()
    assert text_of(panel) == "36"


def text_of(panel, left=9):
    """Read the 3x5 characters back off the panel's LEDs."""
    lit = panel.lit()
    shapes = {chain.glyph(char): char for char in "0123456789" + "".join(chain.LETTERS)}
    text = ""
    for x0 in range(left, panel.width - 2, 4):
        bits = 0
        for row in range(5):
            for column in range(3):
                bits = bits << 1 | ((x0 + column, 1 + row) in lit)
        text += shapes.get(bits, " ") if bits else " "
    assert not any(y in (0, 6, 7) for x, y in lit if x >= left)
    return text.rstrip()


@pytest.mark.parametrize("modules, kind, word", [
    (4, "closed", "CLOSED"), (4, "complete", "DONE"), (4, "stuck", "STUCK"), (4, "impossible", "NONE"),
    (2, "closed", "CL"), (2, "complete", "OK"), (3, "stuck", "STK"), (2, "stuck", "X"),
    (4, "budget", "BUDGET"), (3, "budget", "OUT"), (2, "budget", "?"),  # the search gave up: never STUCK
])
def test_the_result_as_a_word_that_fits(modules, kind, word):
    spi, cs, chips = rig.matrix_rig(chain=modules)
    display = chain.chain_display(spi, cs, modules)
    panel = MatrixPanel(chips, modules)
    board = Board(8, 8)
    display.begin(board, "attract", "ahfdgceb", "border")
    display.light(0, 1)
    display.result(kind, 1, 0)
    display.flush()
    assert text_of(panel) == word
    display.result("", 1, 0)  # play mode: undo after the end
    display.flush()
    assert text_of(panel) == "1"


def test_2x2_shows_an_8x8_board_with_four_leds_a_square():
    spi, cs, chips = rig.matrix_rig(chain=4)
    display = chain.chain_display(spi, cs, 4, "2x2")
    panel = MatrixPanel(chips, 2, 2)
    board = Board(8, 8)
    display.begin(board, "attract", "ahfdgceb", "border")
    display.light(board.parse_square("a1"), 1)
    display.light(board.parse_square("h8"), 2)
    display.flush()
    assert panel.lit() == {(0, 14), (1, 14), (0, 15), (1, 15), (14, 0), (15, 0), (14, 1), (15, 1)}


def test_brightness_goes_to_every_chip():
    spi, cs, chips = rig.matrix_rig(chain=4)
    chain.chain_display(spi, cs, 4, brightness=9)
    assert [chip.intensity for chip in chips.chips] == [9, 9, 9, 9]
    assert all(not chip.shutdown and chip.scan_limit == 7 for chip in chips.chips)


@pytest.mark.parametrize("modules, arrangement, message", [
    (3, "2x2", "2x2 arrangement needs 4 modules"), (4, "ring", "one of row, 2x2"),
    (0, "row", "1 to 16 modules"), (17, "row", "1 to 16 modules"),
])
def test_bad_chains_are_refused_with_what_is_accepted(modules, arrangement, message):
    with pytest.raises(ValueError, match=message):
        chain.grid(modules, arrangement)


def test_panel_model_refuses_a_chain_that_does_not_fill_it():
    spi, cs, chips = rig.matrix_rig(chain=3)
    with pytest.raises(ValueError):
        MatrixPanel(chips, 2, 2)


def test_panel_picture_has_a_dot_per_led_modules_apart():
    from knightstour_sim.chips import render

    spi, cs, chips = rig.matrix_rig(chain=4)
    display = chain.chain_display(spi, cs, 4, "2x2", brightness=15)
    board = Board(8, 8)
    display.begin(board, "attract", "ahfdgceb", "border")
    display.light(board.parse_square("h8"), 1)
    display.flush()
    image = render.panel_image(MatrixPanel(chips, 2, 2), scale=10, gap=5)
    assert image.size == (10 + 2 * 80 + 5, 10 + 2 * 80 + 5)
    red = lambda x, y: image.getpixel((x, y))[0]  # noqa: E731
    # h8 is the top right 2x2 LEDs: LED (15, 0) is in the right module, one gap further
    assert red(5 + 80 + 5 + 7 * 10 + 5, 5 + 5) > 200
    assert red(5 + 5, 5 + 5) < 100


@pytest.mark.parametrize("size", ["16x16", "12x10", "9x9", "5x5"])
def test_2x2_shows_boards_up_to_16x16_one_led_a_square(size):
    """Up to 8x8, 2x2 LEDs a square; as on one matrix, a smaller board sits in the top left."""
    spi, cs, chips = rig.matrix_rig(chain=4)
    display = chain.chain_display(spi, cs, 4, "2x2")
    assert display.max_width == display.max_height == 16
    panel = MatrixPanel(chips, 2, 2)
    board = Board(*map(int, size.split("x")))
    display.begin(board, "attract", "ahfdgceb", "border")
    corners = [0, board.width - 1, board.squares - board.width, board.squares - 1]
    for number, square in enumerate(corners, start=1):
        display.light(square, number)
    display.flush()
    scale = 2 if max(board.width, board.height) <= 8 else 1
    expected = set()
    for square in corners:
        x, y = square % board.width, board.height - 1 - square // board.width
        expected |= {(x * scale + dx, y * scale + dy) for dx in range(scale) for dy in range(scale)}
    assert panel.lit() == expected


def test_2x2_refuses_a_board_bigger_than_16():
    spi, cs, chips = rig.matrix_rig(chain=4)
    display = chain.chain_display(spi, cs, 4, "2x2")
    with pytest.raises(ValueError, match="at most 16x16"):
        display.begin(Board(17, 16), "attract", "ahfdgceb", "border")


def test_a_row_keeps_its_text_through_a_new_board_size():
    spi, cs, chips = rig.matrix_rig(chain=4)
    display = chain.chain_display(spi, cs, 4)
    panel = MatrixPanel(chips, 4)
    display.begin(Board(8, 8), "attract", "ahfdgceb", "border")
    display.light(0, 1)
    display.light(17, 2)
    display.flush()
    assert text_of(panel) == "2"
    display.begin(Board(6, 6), "attract", "ahfdgceb", "border")  # clears every LED
    display.light(0, 1)
    display.flush()
    assert text_of(panel) == "1"


def settings_for(**values):
    from knightstour.settings import Settings

    settings = Settings(fallback=False)
    for key, value in values.items():
        assert settings.set(key, value) is None, key
    return settings


@pytest.mark.parametrize("text, count, arrangement, block, picture", [
    ("4", 4, "row", 90, (32, 8)), ("4 2x2", 4, "2x2", 90, (16, 16)), ("2 row 0", 2, "row", 0, (16, 8)),
    ("1 90", 1, "row", 90, (8, 8)), (" 3  ROW ", 3, "row", 90, (24, 8)),
])
def test_the_setting_builds_a_chain_on_the_pin_maps_chip_select(text, count, arrangement, block, picture):
    from knightstour_sim.screenshot import sim_board

    matrix = rig.matrix_rig(chain=count)
    settings = settings_for(display="max7219", matrix_chain=text)
    hw = hardware.BoardHardware("feather_m4", settings, board=sim_board("feather_m4", matrix=matrix))
    display, _, _ = build.build(settings, hw)
    assert isinstance(display, chain.ChainDisplay)
    layout = display.matrix.layout
    assert (layout.width, layout.height) == picture and layout.block_rotation == block
    columns, rows = chain.grid(count, arrangement)
    panel = MatrixPanel(matrix.chip, columns, rows, block)
    board = Board(8, 8)
    display.begin(board, "attract", "ahfdgceb", "border")
    display.light(0, 1)
    display.flush()
    scale = 2 if arrangement == "2x2" else 1
    assert (0, 7 * scale) in panel.lit()


def test_no_chain_is_the_matrix8x8_path():
    from knightstour.hw.views.matrix import MatrixDisplay
    from knightstour_sim.screenshot import sim_board

    matrix = rig.matrix_rig()
    settings = settings_for(display="max7219")
    assert settings.matrix_chain is None
    hw = hardware.BoardHardware("feather_m4", settings, board=sim_board("feather_m4", matrix=matrix))
    display, _, _ = build.build(settings, hw)
    assert type(display) is MatrixDisplay


@pytest.mark.parametrize("text", ["3 2x2", "17", "four", "4 ring", "4 45", "0"])
def test_a_chain_setting_it_cannot_read_is_one_line(text):
    from knightstour.settings import Settings

    message = Settings(fallback=False).set("matrix_chain", text)  # read once, by the settings, before any chip
    assert "\n" not in message and "KNIGHTSTOUR_MATRIX_CHAIN" in message and "MODULES [row|2x2] [BLOCK]" in message


@pytest.mark.parametrize("modules", [2, 4, 8])
def test_the_driver_latches_what_adafruits_chainable_driver_latches(modules):
    """Our chain driver (hw/chips/max7219.py, chips > 1) and adafruit_max7219's ChainableMAX7219, given
    the same framebuffer bytes, leave every chip of the emulated chain in the same state."""
    from adafruit_max7219 import max7219 as adafruit

    class Adafruits(adafruit.ChainableMAX7219):
        def init_display(self):
            for cmd, data in ((12, 0), (15, 0), (11, 7), (9, 0), (12, 1)):
                self.write_cmd(cmd, data)

    rng = random.Random(modules)
    data = bytes(rng.randrange(256) for _ in range(8 * modules))
    states = []
    for make in (lambda spi, cs: max7219.MAX7219(spi, cs, chips=modules),
                 lambda spi, cs: Adafruits(8 * modules, 8, spi, cs)):
        spi, cs, chips = rig.matrix_rig(chain=modules)
        driver = make(spi, cs)
        if isinstance(driver, adafruit.ChainableMAX7219):
            driver._buffer[:] = data
        else:
            driver.buffer[:] = data
        driver.brightness(7)
        driver.show()
        states.append([(bytes(chip.digits), chip.intensity, chip.shutdown, chip.scan_limit) for chip in chips.chips])
    assert states[0] == states[1]
    assert any(digits != bytes(8) for digits, _, _, _ in states[0])


def test_the_emulated_toy_shows_a_chain_from_the_setting(tmp_path):
    """What --screenshot and the tests use: KNIGHTSTOUR_MATRIX_CHAIN builds the emulated panel."""
    from knightstour_sim.screenshot import Emulated

    emulated = Emulated("max7219", {"matrix_chain": "4", "start": "c3", "order": "ahfdgceb"})
    emulated.run_tour(moves=12)
    assert (emulated.panel.width, emulated.panel.height) == (32, 8)
    assert text_of(emulated.panel) == "12"
    board_leds = {(x, y) for x, y in emulated.panel.lit() if x < 8}
    visited = emulated.app.tours.tour.path[:12]
    knight = visited[-1]
    expected = {(s % 8, 7 - s // 8) for s in visited}
    assert board_leds in (expected, expected - {(knight % 8, 7 - knight // 8)})  # the knight blinks
    path = emulated.save_png(str(tmp_path / "chain.png"))
    from PIL import Image

    assert Image.open(path).size == (20 * 32 + 10 * 3 + 20, 20 * 8 + 20)


async def test_the_simulators_pixel_view_shows_the_whole_32x8_row():
    """`sim --pixels` with KNIGHTSTOUR_MATRIX_CHAIN: the view is the panel as built, 32 LEDs wide."""
    from knightstour_sim.pixel_views import PixelMatrixView
    from knightstour_sim.simulator import FakeClock, Simulator
    from knightstour_sim.tui import KnightsTourApp

    settings = make_settings(start="a1", speed="1", matrix_chain="4")
    sim = Simulator(settings, display="max7219", clock=FakeClock(), seed=7, pixels=True)
    app = KnightsTourApp(sim, "max7219", pixels=True)
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause()
        view = app.query_one(PixelMatrixView)
        leds, _ = sim.hardware.leds()
        assert (len(leds[0]), len(leds)) == (32, 8)
        assert view.content_region.width == 63 and view.content_region.height == 8
        assert leds[7][0]  # a1 lit, bottom left of the board's matrix
        region = view.content_region
        lit = app.screen.get_style_at(region.x, region.y + 7).color.triplet
        assert lit[0] > 120 and lit[1] < 60
    sim.close()
