"""KNIGHTSTOUR_DISPLAY = "builtin": the TFT toy on a PyPortal's (or Titano's) own screen, touch
panel and speaker, through the real drivers on the emulated board (rig.PyPortalRig)."""

import subprocess
import sys

import pytest

from knightstour.app import App
from knightstour.board import Board
from knightstour.hw.chips import speaker
from knightstour.hw.views import tft
from knightstour.hw.wiring import hardware
from knightstour.hw.wiring.build import build as build_ports
from knightstour.hw.wiring.build import display_kind
from knightstour.settings import Settings
from knightstour_sim.chips import rig

pytestmark = pytest.mark.usefixtures("no_sleep")


def settings_for(**values):
    settings = Settings(fallback=False)
    values.setdefault("mode", "touch")
    for key, value in values.items():
        assert settings.set(key, value) is None, key
    return settings


@pytest.fixture
def portal():
    made = []

    def make(board_id="pyportal"):
        made.append(rig.PyPortalRig(board_id))
        return made[-1]

    yield make
    for each in made:
        each.close()


def build(portal_rig, **values):
    settings = settings_for(**values)
    hw = hardware.BoardHardware("feather_m4", settings, board=portal_rig.board)
    return settings, build_ports(settings, hw)


def press_square(portal_rig, display, square):
    x, y = display.cell_centre(square)
    portal_rig.touch_at(x, y) if display.display.rotation == 0 else portal_rig.touch_at(*unturn(display, x, y))


def unturn(display, x, y):
    """The rotation-0 pixel under screen (x, y) at the display's rotation (Adafruit's calibration
    is for rotation 0)."""
    rotation = display.display.rotation
    width0, height0 = (display.height, display.width) if rotation % 180 else (display.width, display.height)
    if rotation == 90:
        return width0 - 1 - y, x
    if rotation == 180:
        return width0 - 1 - x, height0 - 1 - y
    return y, height0 - 1 - x


@pytest.mark.parametrize("board_id, side", [("pyportal", 208), ("pyportal_pynt", 208), ("pyportal_titano", 320)])
def test_ili9341_on_a_board_with_its_own_display_is_the_builtin_toy(portal, board_id, side):
    rig_ = portal(board_id)
    settings, (display, touch_input, sound) = build(rig_)  # KNIGHTSTOUR_DISPLAY left at its default
    assert settings.display == "ili9341"  # the settings as read: the builder decides, changing nothing
    assert display_kind(settings, hardware.BoardHardware("feather_m4", settings, board=rig_.board)) == "builtin"
    assert isinstance(display, tft.TftDisplay) and display.display is rig_.board.DISPLAY
    assert display.board_pixels == side and display.panel == (side, 0, rig_.width - side, rig_.height)
    assert isinstance(sound, speaker.SpeakerSound)
    board = Board(8, 8)
    display.begin(board, "touch", "", "border")
    for name in ("a1", "h8", "d3"):
        press_square(rig_, display, board.parse_square(name))
        assert touch_input.poll() == board.parse_square(name)
        rig_.release()
        touch_input.poll(), touch_input.poll()


@pytest.mark.parametrize("rotation", [90, 180, 270])
def test_the_touch_follows_the_rotation(portal, rotation):
    rig_ = portal("pyportal_titano")
    _, (display, touch_input, _) = build(rig_, tft_rotation=str(rotation))
    assert (display.width, display.height) == ((320, 480) if rotation % 180 else (480, 320))
    board = Board(8, 8)
    display.begin(board, "touch", "", "border")
    press_square(rig_, display, board.parse_square("b7"))
    assert touch_input.poll() == board.parse_square("b7")


def test_a_touch_starts_a_tour_there_and_the_screen_shows_it(portal):
    rig_ = portal("pyportal_titano")
    settings, (display, touch_input, sound) = build(rig_, size="8x8", speed="0", pause_ms="0", seed="3")
    app = App(settings, display, touch_input, sound)
    now = 0.0
    app.update(now)
    square = Board(8, 8).parse_square("c6")
    press_square(rig_, display, square)
    for _ in range(5):
        now += 0.02
        app.update(now)
    rig_.release()
    assert app.tours.tour.path[0] == square and app.tours.tour.length >= 1
    # on the emulated screen, the start square's cell holds more than its background
    chip = rig_.display_chip
    left, top = display.cell_origin(square)
    colours = {chip.screen_pixel(left + dx, top + dy) for dx in range(display.cell) for dy in range(display.cell)}
    assert display.cell == 40 and len(colours) >= 2
    for _ in range(200):
        now += 0.02
        app.update(now)
    assert app.tours.tour.length > 10 or app.tours.count >= 1
    assert rig_.speaker.notes and 1760 in rig_.speaker.notes  # the ticks, on the speaker


def test_touch_none_and_sound_off(portal):
    rig_ = portal()
    _, (display, touch_input, sound) = build(rig_, touch="none", sound="off")
    assert touch_input.poll() is None and type(sound).__name__ == "NullSound"


def test_builtin_on_a_board_without_a_display_is_one_line():
    from knightstour_sim.screenshot import sim_board

    settings = settings_for(display="builtin")
    hw = hardware.BoardHardware("feather_m4", settings, board=sim_board("feather_m4"))
    with pytest.raises(hardware.HardwareError) as caught:
        build_ports(settings, hw)
    assert "\n" not in str(caught.value) and "board.DISPLAY" in str(caught.value)


SCRIPT = """
import sys
from knightstour.hw.wiring import build, hardware
from knightstour.settings import Settings
from knightstour_sim.chips import rig
from knightstour_sim.screenshot import sim_board
settings = Settings(fallback=False)
for key, value in %r:
    settings.set(key, value)
if settings.display == "builtin":
    board = rig.PyPortalRig("pyportal").board
elif settings.display == "max7219":
    board = sim_board("feather_m4", matrix=rig.matrix_rig(chain=4 if settings.matrix_chain else 1))
else:
    board = sim_board("feather_m4", tft=rig.tft_rig("stmpe610"))
build.build(settings, hardware.BoardHardware("feather_m4", settings, board=board))
print(" ".join(sorted(n.rsplit(".", 1)[1] for n in sys.modules if n.startswith("knightstour.hw."))))
"""


@pytest.mark.parametrize("values, wanted, unwanted", [
    ((("display", "max7219"),), {"matrix"}, {"chain", "pyportal", "speaker", "tsc2007", "tft", "touch"}),
    ((("display", "max7219"), ("matrix_chain", "4")), {"chain"}, {"pyportal", "speaker", "tft", "touch"}),
    ((("display", "ili9341"),), {"tft", "touch"}, {"chain", "pyportal", "speaker", "tsc2007"}),
    ((("display", "builtin"),), {"pyportal", "speaker", "tft"}, {"chain", "matrix", "tsc2007"}),
])
def test_each_board_imports_only_its_own_modules(values, wanted, unwanted):
    done = subprocess.run([sys.executable, "-c", SCRIPT % (values,)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    loaded = set(done.stdout.split())
    assert wanted <= loaded and not (unwanted & loaded), loaded
