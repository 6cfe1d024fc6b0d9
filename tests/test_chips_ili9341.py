"""The real adafruit_ili9341 + blinka-displayio against the ILI9341 model."""

import displayio
import pytest

from knightstour_sim.chips import bus, render, shims
from knightstour_sim.chips.ili9341 import ILI9341, rgb565
from knightstour_sim.circuitpython.microcontroller import Pin

from support.chips import draw_rect

pytestmark = pytest.mark.usefixtures("no_sleep")

RED, GREEN, BLUE, WHITE = 0xFF0000, 0x00FF00, 0x0000FF, 0xFFFFFF
COLOURS = {0: 0x0000, 1: rgb565(255, 0, 0), 2: rgb565(0, 255, 0), 3: rgb565(0, 0, 255), 4: 0xFFFF}


def scene(width, height):
    """A group with a few coloured rectangles; returns (group, bitmap, rects)."""
    bitmap = displayio.Bitmap(width, height, 5)
    palette = displayio.Palette(5)
    for index, colour in enumerate((0x000000, RED, GREEN, BLUE, WHITE)):
        palette[index] = colour
    rects = [(0, 0, 20, 10, 1), (width - 30, 0, width, 40, 2), (0, height - 12, 50, height, 3), (60, 70, 61, 71, 4)]
    for x1, y1, x2, y2, index in rects:
        draw_rect(bitmap, x1, y1, x2, y2, index)
    group = displayio.Group()
    group.append(displayio.TileGrid(bitmap, pixel_shader=palette))
    return group, bitmap, rects


def expected(rects, x, y):
    for x1, y1, x2, y2, index in rects:
        if x1 <= x < x2 and y1 <= y < y2:
            return COLOURS[index]
    return COLOURS[0]


def check_screen(chip, rotation, rects):
    width, height = chip.screen_size(rotation)
    probes = {(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1), (60, 70), (61, 70), (59, 70)}
    for x1, y1, x2, y2, _ in rects:
        probes |= {(x1, y1), (x2 - 1, y2 - 1), (x1 - 1, y1), (x2, y2 - 1)}
    for x, y in probes:
        if 0 <= x < width and 0 <= y < height:
            assert chip.screen_pixel(x, y, rotation) == expected(rects, x, y), (rotation, x, y)


def test_init_sequence_is_fully_understood(tft):
    rig = tft(touch=None)
    rig.make_display()
    chip = rig.display_chip
    assert not chip.unknown_commands
    assert chip.display_on and not chip.sleeping
    assert chip.madctl == 0x38 and chip.colmod == 0x55 and chip.bytes_per_pixel == 2
    assert chip.command_counts[0x01] == 1  # software reset first
    assert set(chip.settings) >= {0xC0, 0xC1, 0xC5, 0xC7, 0xE0, 0xE1, 0xB1, 0xB6}


def test_init_asks_for_more_than_half_a_second_of_delays(tft, no_sleep):
    rig = tft(touch=None)
    before = no_sleep.slept
    with shims.skip_sleeps() as clock:
        import adafruit_ili9341

        adafruit_ili9341.ILI9341(rig.fourwire(), width=320, height=240, auto_refresh=False)
    assert clock.slept == pytest.approx(0.568, abs=0.01)
    assert no_sleep.slept == before


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_rectangles_land_where_drawn_at_every_rotation(tft, rotation):
    rig = tft(touch=None)
    display = rig.make_display(rotation=rotation)
    assert (display.width, display.height) == rig.display_chip.screen_size(rotation)
    group, _, rects = scene(display.width, display.height)
    display.root_group = group
    display.refresh()
    check_screen(rig.display_chip, rotation, rects)


@pytest.mark.parametrize("rotation", [90, 180, 270])
def test_rotation_setter_redraws_rotated(tft, rotation):
    rig = tft(touch=None)
    display = rig.make_display(rotation=0)
    display.rotation = rotation
    group, _, rects = scene(display.width, display.height)
    display.root_group = group
    display.refresh()
    check_screen(rig.display_chip, rotation, rects)


def test_rotated_picture_is_the_same_picture_turned(tft):
    """Independent of our coordinate helpers: turning by 90 degrees moves the top-left corner
    of the picture to the top-right of the glass seen in landscape."""
    rig = tft(touch=None)
    display = rig.make_display(rotation=90)
    group, _, _ = scene(display.width, display.height)
    display.root_group = group
    display.refresh()
    chip = rig.display_chip
    # landscape (x, y) is panel (239 - y, x): the red 20x10 block at the top-left of the
    # portrait picture sits at the landscape top-right, 10 wide and 20 tall
    assert chip.panel_pixel(239 - 0, 319) == COLOURS[1]
    assert chip.panel_pixel(239 - 19, 319 - 9) == COLOURS[1]
    assert chip.panel_pixel(239 - 20, 319) == COLOURS[0]


def test_width_height_must_match_the_rotation(tft):
    """CircuitPython takes width/height as seen at `rotation`: 320x240 at rotation 90 is wrong."""
    import adafruit_ili9341

    rig = tft(touch=None)
    display = adafruit_ili9341.ILI9341(rig.fourwire(), width=320, height=240, rotation=90, auto_refresh=False)
    assert (display.width, display.height) == (320, 240)
    group, _, rects = scene(320, 240)
    display.root_group = group
    display.refresh()
    chip = rig.display_chip
    assert chip.columns == (0, 239) and chip.pages == (0, 319)  # a portrait window on landscape RAM
    with pytest.raises(AssertionError):
        check_screen(chip, 90, rects)


def test_refresh_bytes_full_then_only_dirty_areas(tft):
    rig = tft(touch=None)
    display = rig.make_display()
    group, bitmap, _ = scene(320, 240)
    display.root_group = group
    spi = rig.spi
    full = 320 * 240 * 2 + 11  # pixels + CASET(1+4) + PASET(1+4) + RAMWR(1)

    bus.probe(spi).reset_counts()
    display.refresh()
    assert bus.probe(spi).bytes_sent == full
    # blinka-displayio quirk: a full refresh leaves the TileGrid's first-draw state set,
    # so the next refresh sends the whole TileGrid again
    bus.probe(spi).reset_counts()
    display.refresh()
    assert bus.probe(spi).bytes_sent == full
    bus.probe(spi).reset_counts()
    display.refresh()
    assert bus.probe(spi).bytes_sent == 0

    bitmap[100, 100] = 2
    bus.probe(spi).reset_counts()
    display.refresh()
    assert bus.probe(spi).bytes_sent == 11 + 2
    assert rig.display_chip.screen_pixel(100, 100) == COLOURS[2]

    draw_rect(bitmap, 30, 30, 60, 60, 3)  # one 30x30 square
    bus.probe(spi).reset_counts()
    display.refresh()
    assert bus.probe(spi).bytes_sent == 11 + 30 * 30 * 2

    # two changes in one refresh: one bounding box over both
    bitmap[10, 10] = 1
    bitmap[309, 229] = 1
    bus.probe(spi).reset_counts()
    display.refresh()
    assert bus.probe(spi).bytes_sent == 11 + 300 * 220 * 2


def test_separate_tilegrids_refresh_separately(tft):
    rig = tft(touch=None)
    display = rig.make_display()
    palette = displayio.Palette(2)
    palette[0], palette[1] = 0x000000, RED
    group = displayio.Group()
    cells = []
    for x in (0, 290):
        bitmap = displayio.Bitmap(30, 30, 2)
        group.append(displayio.TileGrid(bitmap, pixel_shader=palette, x=x, y=x * 210 // 290))
        cells.append(bitmap)
    display.root_group = group
    display.refresh()
    display.refresh()
    bus.probe(rig.spi).reset_counts()
    cells[0][0, 0] = 1
    cells[1][29, 29] = 1
    display.refresh()
    assert bus.probe(rig.spi).bytes_sent == 2 * (11 + 2)
    assert rig.display_chip.screen_pixel(0, 0) == COLOURS[1]
    assert rig.display_chip.screen_pixel(319, 239) == COLOURS[1]


class Raw:
    """Drive the chip directly through a real FourWire, as an Arduino-style driver would."""

    def __init__(self, rig):
        self.bus = rig.fourwire()
        self.chip = rig.display_chip

    def init(self, madctl, colmod=0x55):
        for command, data in ((0x01, b""), (0x11, b""), (0x29, b""), (0x3A, bytes([colmod])), (0x36, bytes([madctl]))):
            self.bus.send(command, data)

    def fill(self, x1, y1, x2, y2, pixel_bytes):
        self.bus.send(0x2A, bytes([x1 >> 8, x1 & 0xFF, x2 >> 8, x2 & 0xFF]))
        self.bus.send(0x2B, bytes([y1 >> 8, y1 & 0xFF, y2 >> 8, y2 & 0xFF]))
        self.bus.send(0x2C, pixel_bytes * ((x2 - x1 + 1) * (y2 - y1 + 1)))


# Adafruit_ILI9341 (Arduino) setRotation: MADCTL and where its (0, 0) appears on the panel
ARDUINO_ROTATIONS = [
    (0x48, 240, 320, lambda x, y: (x, y)),
    (0x28, 320, 240, lambda x, y: (239 - y, x)),
    (0x88, 240, 320, lambda x, y: (239 - x, 319 - y)),
    (0xE8, 320, 240, lambda x, y: (y, 319 - x)),
]


@pytest.mark.parametrize("madctl, width, height, to_panel", ARDUINO_ROTATIONS)
def test_madctl_rotations_are_rigid_turns(tft, madctl, width, height, to_panel):
    rig = tft(touch=None)
    raw = Raw(rig)
    raw.init(madctl)
    raw.fill(0, 0, width - 1, height - 1, b"\x00\x00")
    raw.fill(0, 0, 9, 4, b"\xf8\x00")  # red 10x5 at the top-left
    raw.fill(width - 3, height - 2, width - 1, height - 1, b"\x00\x1f")  # blue 3x2 bottom-right
    chip = rig.display_chip
    assert chip.panel_pixel(*to_panel(0, 0)) == 0xF800
    assert chip.panel_pixel(*to_panel(9, 4)) == 0xF800
    assert chip.panel_pixel(*to_panel(10, 0)) == 0
    assert chip.panel_pixel(*to_panel(0, 5)) == 0
    assert chip.panel_pixel(*to_panel(width - 1, height - 1)) == 0x001F
    assert chip.panel_pixel(*to_panel(width - 4, height - 1)) == 0


def test_window_wraps_and_out_of_range_pixels_are_dropped(tft):
    rig = tft(touch=None)
    raw = Raw(rig)
    raw.init(0x08)
    raw.fill(238, 0, 241, 0, b"\x07\xe0")  # columns 240, 241 do not exist without MV
    chip = rig.display_chip
    assert chip.memory[238] == 0x07E0 and chip.memory[239] == 0x07E0
    assert chip.memory[240] == 0  # not wrapped onto the next row
    raw.bus.send(0x2A, bytes([0, 0, 0, 1]))
    raw.bus.send(0x2B, bytes([0, 10, 0, 10]))
    raw.bus.send(0x2C, b"\x00\x01\x00\x02\x00\x03")  # 3 pixels in a 2-pixel window wrap
    assert chip.memory[10 * 240] == 3 and chip.memory[10 * 240 + 1] == 2


def test_bgr_bit_and_inversion_change_what_is_seen(tft):
    rig = tft(touch=None)
    raw = Raw(rig)
    raw.init(0x08)
    raw.fill(0, 0, 0, 0, b"\xf8\x00")
    chip = rig.display_chip
    assert chip.panel_pixel(239, 0) == 0xF800
    raw.bus.send(0x36, b"\x00")
    assert chip.panel_pixel(239, 0) == 0x001F
    raw.bus.send(0x21, b"")
    assert chip.panel_pixel(239, 0) == 0xFFE0
    raw.bus.send(0x28, b"")
    assert chip.panel_pixel(239, 0) == 0


def test_18_bit_pixels(tft):
    rig = tft(touch=None)
    raw = Raw(rig)
    raw.init(0x08, colmod=0x66)
    raw.fill(0, 0, 0, 0, b"\xfc\x00\xfc")
    assert rig.display_chip.memory[0] == 0xF81F


def test_pixel_data_split_across_writes(tft):
    rig = tft(touch=None)
    raw = Raw(rig)
    raw.init(0x08)
    bus = raw.bus
    bus.send(0x2A, bytes([0, 0, 0, 2]))
    bus.send(0x2B, bytes([0, 0, 0, 0]))
    bus._begin_transaction()
    bus._send(0, 0, b"\x2c")
    for chunk in (b"\x12", b"\x34\x56", b"\x78\x9a\xbc"):
        bus._send(1, 0, chunk)
    bus._end_transaction()
    assert list(rig.display_chip.memory[:3]) == [0x1234, 0x5678, 0x9ABC]


def test_reset_pin_resets_the_chip(tft):
    rig = tft(touch=None, reset_pin=True)
    raw = Raw(rig)
    raw.init(0x28)
    chip = rig.display_chip
    assert chip.display_on and chip.madctl == 0x28
    raw.bus.reset()
    assert not chip.display_on and chip.sleeping and chip.madctl == 0 and chip.colmod == 0x66


def test_reads_answer_after_a_dummy_byte(tft):
    rig = tft(touch=None)
    raw = Raw(rig)
    raw.init(0x48)
    spi, cs, dc = rig.spi, rig.tft_cs, rig.tft_dc
    spi.try_lock()
    cs.board_drive(False)
    dc.board_drive(False)
    spi.write(b"\xd3")
    dc.board_drive(True)
    reply = bytearray(4)
    spi.readinto(reply)
    spi.write(b"\x00")
    dc.board_drive(False)
    spi.write(b"\x0b")
    dc.board_drive(True)
    madctl = bytearray(2)
    spi.readinto(madctl)
    cs.board_drive(True)
    spi.unlock()
    assert bytes(reply) == b"\x00\x00\x93\x41"
    assert madctl[1] == 0x48


def test_vertical_scroll_moves_the_picture(tft):
    rig = tft(touch=None)
    raw = Raw(rig)
    raw.init(0x08)
    raw.fill(0, 5, 239, 5, b"\xff\xff")
    chip = rig.display_chip
    assert chip.panel_pixel(0, 5) == 0xFFFF
    raw.bus.send(0x37, b"\x00\x05")
    assert chip.panel_pixel(0, 0) == 0xFFFF and chip.panel_pixel(0, 5) == 0


def test_screen_png(tft, tmp_path):
    rig = tft(touch=None)
    display = rig.make_display(rotation=90)
    group, _, rects = scene(display.width, display.height)
    display.root_group = group
    display.refresh()
    path = tmp_path / "tft.png"
    render.save_tft_png(rig.display_chip, path, rotation=90)
    from PIL import Image

    image = Image.open(path).convert("RGB")
    assert image.size == (240, 320)
    assert image.getpixel((0, 0)) == (255, 0, 0)
    assert image.getpixel((239, 0)) == (0, 255, 0)
    assert image.getpixel((0, 319)) == (0, 0, 255)
    assert image.getpixel((60, 70)) == (255, 255, 255)
    assert image.getpixel((100, 100)) == (0, 0, 0)


def test_model_alone_without_a_display():
    chip = ILI9341(dc=None)
    assert chip.screen_size(0) == (320, 240) and chip.screen_size(270) == (240, 320)
    assert chip.screen_pixel(0, 0) == 0  # asleep and off after reset
    with pytest.raises(ValueError):
        chip.screen_to_panel(0, 0, 45)


def test_a_missing_display_goes_unnoticed():
    """FourWire never reads, so an absent ILI9341 raises nothing: the app cannot detect it."""
    import adafruit_ili9341
    import fourwire


    displayio.release_displays()
    spi = bus.spi(max_transfers=1000)
    display = adafruit_ili9341.ILI9341(
        fourwire.FourWire(spi, command=Pin("DC"), chip_select=Pin("CS")),
        width=320,
        height=240,
        auto_refresh=False,
    )
    display.root_group = scene(320, 240)[0]
    display.refresh()
    displayio.release_displays()
    assert bus.probe(spi).bytes_received == 0 and bus.probe(spi).bytes_sent > 320 * 240 * 2


def test_bytes_for_one_knight_move_on_30px_squares(tft):
    """A move repaints two squares a knight's jump apart. In one refresh of one bitmap the
    dirty area is their bounding box (2x3 squares); refreshing after each square is not."""
    rig = tft(touch=None)
    display = rig.make_display()
    group, bitmap, _ = scene(320, 240)
    display.root_group = group
    display.refresh()
    display.refresh()

    def paint(col, row, index):
        draw_rect(bitmap, col * 30, row * 30, col * 30 + 30, row * 30 + 30, index)

    bus.probe(rig.spi).reset_counts()
    paint(1, 1, 2)
    paint(2, 3, 3)
    display.refresh()
    assert bus.probe(rig.spi).bytes_sent == 11 + 60 * 90 * 2 == 10_811

    bus.probe(rig.spi).reset_counts()
    paint(2, 3, 2)
    display.refresh()
    paint(4, 4, 3)
    display.refresh()
    assert bus.probe(rig.spi).bytes_sent == 2 * (11 + 30 * 30 * 2) == 3_622


def chip_state(chip):
    return (dict(chip.settings), chip.madctl, chip.colmod, chip.sleeping, chip.display_on, chip.inverted,
            chip.scroll_area, chip.scroll_start, sorted(chip.command_counts.items()), dict(chip.unknown_commands))


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_the_toys_start_leaves_the_chip_as_adafruits_driver_does(tft, rotation):
    """hw/chips/ili9341.py gives a plain BusDisplay its own start-up commands (no driver module to
    keep in RAM): the chip gets the same settings, and every rotation the same frame."""
    from knightstour.hw.chips.ili9341 import make_ili9341

    theirs = tft(touch=None)
    adafruits = theirs.make_display(rotation=rotation)
    group, _, _ = scene(adafruits.width, adafruits.height)
    adafruits.root_group = group
    adafruits.refresh()
    displayio.release_displays()
    ours = tft(touch=None)
    with shims.skip_sleeps() as clock:
        display = make_ili9341(ours.spi, ours.tft_cs, ours.tft_dc, None, rotation)
    assert clock.slept == pytest.approx(0.568, abs=0.01)  # the same waits as the driver (the test above)
    assert type(display).__name__ == "BusDisplay"
    assert (display.width, display.height) == (adafruits.width, adafruits.height)
    display.root_group = group
    display.refresh()
    assert chip_state(ours.display_chip) == chip_state(theirs.display_chip)
    assert ours.display_chip.memory == theirs.display_chip.memory


class _Pin:
    level = True


def _one_cell_at_a_time(madctl, columns, pages, count, width=240, height=320):
    """The memory cells ``count`` pixels written from a window's start land in, by the
    datasheet's counters: the column counter first, wrapping onto the next page, MV/MX/MY last."""
    cells = []
    col, page = columns[0], pages[0]
    for _ in range(count):
        mem_col, mem_row = (page, col) if madctl & 0x20 else (col, page)
        if madctl & 0x40:
            mem_col = width - 1 - mem_col
        if madctl & 0x80:
            mem_row = height - 1 - mem_row
        cells.append(mem_row * width + mem_col if 0 <= mem_col < width and 0 <= mem_row < height else None)
        col += 1
        if col > columns[1]:
            col = columns[0]
            page += 1
            if page > pages[1]:
                page = pages[0]
    return cells


@pytest.mark.parametrize("madctl", [0x08, 0x28, 0x48, 0x88, 0x68, 0xA8, 0xE8, 0xC8])
@pytest.mark.parametrize("columns, pages", [((0, 319), (0, 239)), ((230, 250), (5, 7)), ((300, 330), (310, 322)),
                                            ((3, 1), (0, 2)), ((0, 2), (318, 321))])
def test_pixels_land_where_the_counters_say_in_every_mode(madctl, columns, pages):
    """Pixels are stored a run of columns at a time: the same cells, window wraps and the
    memory's edges included, as the counters stepped one pixel at a time."""
    chip = ILI9341(_Pin())
    count = (abs(columns[1] - columns[0]) + 1) * (abs(pages[1] - pages[0]) + 1) + 5  # wraps past the end
    send = chip.transfer
    for command, value in ((0x3A, 0x55), (0x36, madctl)):  # 16-bit pixels; the mode
        _Pin.level = False
        send(bytes([command]), 0)
        _Pin.level = True
        send(bytes([value]), 0)
    for command, (first, last) in ((0x2A, columns), (0x2B, pages)):
        _Pin.level = False
        send(bytes([command]), 0)
        _Pin.level = True
        send(bytes([first >> 8, first & 0xFF, last >> 8, last & 0xFF]), 0)
    _Pin.level = False
    send(b"\x2c", 0)
    _Pin.level = True
    values = [(i * 37 + 1) & 0xFFFF or 1 for i in range(count)]
    half = len(values) // 2 * 2 - 1  # split mid-pixel, mid-run
    data = b"".join(value.to_bytes(2, "big") for value in values)
    send(data[:half], 0)
    send(data[half:], 0)
    expected = {}
    for cell, value in zip(_one_cell_at_a_time(madctl, columns, pages, count), values):
        if cell is not None:
            expected[cell] = value  # a later pixel overwrites an earlier one
    assert {i: v for i, v in enumerate(chip.memory) if v} == expected
    assert chip.pixels_written == count
