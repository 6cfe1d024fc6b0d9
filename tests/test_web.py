"""`knights-tour web`: the toy's own code in a real browser (Debian's chromium, driven by
Playwright), against the simulator's screenshot and LEDs; and the build and serve commands."""

import functools
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.request

import pytest

from knightstour.board import Board
from knightstour.settings import Settings
from knightstour_sim import web
from knightstour_sim.chips.rig import PYPORTALS

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
TOUR = {"start": "c3", "order": "ghfdaceb", "seed": "1", "speed": "0"}


def _missing(reason):
    """Skip without what a developer's machine may lack; under CI, fail (.ci/run installs it)."""
    if os.environ.get("CI"):
        pytest.fail(reason)
    pytest.skip(reason)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    try:
        web.find_port()
    except web.WebError as exc:
        _missing(str(exc))
    folder = str(tmp_path_factory.mktemp("web") / "site")
    web.build(folder)
    return folder


@pytest.fixture(scope="module")
def url(site):
    server = web.server(site)
    yield "http://127.0.0.1:%d/" % server.server_port
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser():
    if not os.path.exists(CHROMIUM):
        _missing("no %s (apt-get install chromium; .ci/run installs it)" % CHROMIUM)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    errors = []
    page.on("pageerror", lambda error: errors.append(error))
    yield page
    page.close()
    assert not errors


def _open(page, url, query, wait="window.knightstour.firstFrame !== null"):
    page.goto(url + "?" + "&".join("%s=%s" % item for item in query.items()))
    page.wait_for_function(wait, timeout=30000)


def _state(page):
    return page.evaluate("window.knightstour.state")


def _message(name, raw):
    settings = Settings(fallback=False)
    return settings.set(name, raw)


def test_the_tft_page_matches_the_screenshot(page, url, tmp_path):
    _same_as_the_screenshot(page, url, tmp_path, dict(TOUR), 40)
    # shown at a whole-number scale, with crisp pixels
    box = page.evaluate("""() => { const c = document.getElementById("tft"); const r = c.getBoundingClientRect();
        return [r.width, r.height, getComputedStyle(c).imageRendering]; }""")
    assert box[0] % 320 == 0 and box[0] // 320 >= 2 and box[1] * 320 == box[0] * 240
    assert box[2] == "pixelated"


# Settings that draw no random numbers: the page's MicroPython and the simulator's CPython have
# different random generators, so a super order or a random start differ for the same seed (as on
# a Feather).
@pytest.mark.parametrize("settings, moves", [
    ({"size": "12x12", "start": "f6", "order": "hgfedcba", "seed": "4", "rule": "centre"}, 100),
    ({"size": "6x5", "start": "a1", "order": "abcdefgh", "seed": "2"}, 30),  # to the last square
])
def test_other_boards_match_the_screenshot_too(page, url, tmp_path, settings, moves):
    _same_as_the_screenshot(page, url, tmp_path, dict(settings, speed="0"), moves)


def _same_as_the_screenshot(page, url, tmp_path, settings, moves):
    from PIL import Image

    from knightstour_sim.screenshot import save_screenshot

    _open(page, url, dict(settings, display="tft", moves=str(moves)),
          "window.knightstour.state && window.knightstour.state.done")
    page.wait_for_timeout(200)  # the last frame's message
    assert _state(page)["length"] == moves
    shot = save_screenshot("ili9341", str(tmp_path / "tft.png"), settings=settings, moves=moves, seed=int(settings["seed"]))
    expected = list(Image.open(shot).convert("RGB").get_flattened_data())
    pixels = _pixels(page, "tft")
    assert len(pixels) == len(expected) == 320 * 240
    differ = [i for i in range(len(pixels)) if pixels[i] != expected[i]]
    assert not differ, "%d pixels differ, first at (%d, %d)" % (len(differ), differ[0] % 320, differ[0] // 320)


def _simulator_matrix(moves):
    """The simulator's matrix after ``moves`` squares: (the page's leds string, its screenshot's pixels)."""
    from knightstour_sim.chips.render import matrix_image
    from knightstour_sim.screenshot import Emulated

    emulated = Emulated("max7219", dict(TOUR), seed=1)
    emulated.run_tour(moves)
    chip = emulated.chip.chips[0]
    leds = "".join("1" if on else "0" for row in chip.leds for on in row) + "/%d" % (chip.intensity + 1)
    return leds, list(matrix_image(emulated.chip, scale=web.LED_PITCH).get_flattened_data())


def _pixels(page, canvas):
    """A canvas's pixels, (r, g, b) row by row."""
    data = page.evaluate("""(id) => {
        const c = document.getElementById(id);
        return Array.from(c.getContext("2d").getImageData(0, 0, c.width, c.height).data);
    }""", canvas)
    return [tuple(data[i:i + 3]) for i in range(0, len(data), 4)]


def test_the_matrix_page_matches_the_screenshot(page, url):
    _open(page, url, dict(TOUR, display="matrix", moves="40"), "window.knightstour.state && window.knightstour.state.done")
    page.wait_for_function("window.knightstour.matrixPainted")
    page.wait_for_timeout(200)
    leds, expected = _simulator_matrix(40)
    assert page.evaluate("window.knightstour.leds") == leds
    pixels = _pixels(page, "matrix")
    assert len(pixels) == len(expected)
    differ = [i for i in range(len(pixels)) if pixels[i] != expected[i]]
    assert not differ, "%d pixels differ, first at %d" % (len(differ), differ[0])
    assert page.is_visible("#matrix") and not page.is_visible("#tft")


def test_both_shows_the_tft_and_the_matrix_from_one_app(page, url):
    _open(page, url, dict(TOUR, display="both", moves="12"), "window.knightstour.state && window.knightstour.state.done")
    page.wait_for_timeout(200)
    assert page.is_visible("#matrix") and page.is_visible("#tft")
    assert page.evaluate("window.knightstour.leds") == _simulator_matrix(12)[0]


@functools.lru_cache(maxsize=None)
def _square_centres():
    """{square: the middle pixel of its cells on the TFT (8x8)}, found by the device's own
    display port (square_at), so the test follows the screen's layout."""
    from knightstour_sim.screenshot import Emulated

    emulated = Emulated("ili9341", {"start": "a1"}, seed=1)
    try:
        emulated.step()  # the board is laid out when the first tour begins
        found = {}
        for y in range(240):
            for x in range(320):
                square = emulated.display.square_at(x, y)
                if square >= 0:
                    found.setdefault(square, []).append((x, y))
    finally:
        emulated.close()
    return {square: (sum(p[0] for p in points) // len(points), sum(p[1] for p in points) // len(points))
            for square, points in found.items()}


def _square_centre(square):
    return _square_centres()[square]


def test_a_click_on_the_tft_starts_a_tour_there(page, url):
    _open(page, url, {"seed": "3", "start": "a1"})
    page.wait_for_function("window.knightstour.state && window.knightstour.state.start === 0")
    e4 = Board(8, 8).parse_square("e4")
    _click_square(page, e4)
    page.wait_for_function("window.knightstour.state.start === %d" % e4, timeout=10000)


def test_the_simulators_keys_move_the_cursor_and_start_a_tour_there(page, url):
    _open(page, url, {"seed": "3", "start": "a1"})
    page.wait_for_function("window.knightstour.state && window.knightstour.state.start === 0")
    for key in ("ArrowLeft", "ArrowUp", "ArrowUp", "Enter"):  # the cursor starts on e4
        page.keyboard.press(key)
    page.wait_for_function("window.knightstour.state.start === %d" % Board(8, 8).parse_square("d6"), timeout=10000)


def _click_square(page, square):
    x, y = _square_centre(square)
    box = page.locator("#tft").bounding_box()
    scale = box["width"] / 320
    page.mouse.click(box["x"] + (x + 0.5) * scale, box["y"] + (y + 0.5) * scale)


def _hint_shown(page):
    from knightstour.hw.views.tft_draw import HINT_COLOUR
    from knightstour_sim.chips.ili9341 import rgb565, rgb888

    hint = rgb888(rgb565(HINT_COLOUR >> 16, HINT_COLOUR >> 8 & 0xFF, HINT_COLOUR & 0xFF))
    return hint in set(_pixels(page, "tft"))


def test_play_mode_with_the_simulators_keys_and_touches(page, url):
    board = Board(8, 8)
    _open(page, url, {"seed": "1", "start": "a1"})
    page.keyboard.press("p")
    page.wait_for_function("window.knightstour.state.state === 'play'")
    _click_square(page, board.parse_square("e4"))
    page.wait_for_function("window.knightstour.state.played === 1", timeout=10000)
    _click_square(page, board.parse_square("d6"))
    page.wait_for_function("window.knightstour.state.played === 2", timeout=10000)
    _click_square(page, board.parse_square("d5"))  # not a knight move: refused
    page.wait_for_timeout(500)
    assert _state(page)["played"] == 2
    assert not _hint_shown(page)
    page.keyboard.press("h")
    page.wait_for_function("window.knightstour.frames > 0")
    page.wait_for_timeout(500)
    assert _hint_shown(page)
    page.keyboard.press("u")
    page.wait_for_function("window.knightstour.state.played === 1", timeout=10000)


def test_the_form_restarts_the_toy_with_its_settings(page, url):
    _open(page, url, {"seed": "1", "start": "c3"})
    page.fill("input[name=order]", "abcdefgh")
    page.fill("input[name=size]", "6x6")
    page.select_option("select[name=rule]", "centre")
    page.click("button[type=submit]")
    page.wait_for_function("location.search.includes('order=abcdefgh')", timeout=30000)
    page.wait_for_function("window.knightstour.state && window.knightstour.state.length > 0")
    assert "size=6x6" in page.evaluate("location.search")
    toml = page.inner_text("#toml")
    for line in ('KNIGHTSTOUR_ORDER = "abcdefgh"', 'KNIGHTSTOUR_SIZE = "6x6"', 'KNIGHTSTOUR_RULE = "centre"',
                 'KNIGHTSTOUR_SEED = 1', 'KNIGHTSTOUR_DISPLAY = "ili9341"'):
        assert line in toml
    assert page.inner_text("#message") == ""


def test_a_bad_setting_in_the_url_shows_the_devices_one_line_message(page, url):
    _open(page, url, {"order": "abcdefgz"}, "window.knightstour.error !== ''")
    text = page.inner_text("#message")
    assert text == _message("order", "abcdefgz")
    assert text.startswith("bad KNIGHTSTOUR_ORDER = 'abcdefgz': ") and "\n" not in text
    assert page.evaluate("window.knightstour.firstFrame") is None  # nothing started half-way


def test_a_bad_form_setting_shows_its_message_and_runs_on(page, url):
    _open(page, url, {"seed": "1", "start": "c3"})
    page.wait_for_function("window.knightstour.state && window.knightstour.state.length > 2")
    page.fill("input[name=size]", "2x40")
    page.click("button[type=submit]")
    page.wait_for_function("window.knightstour.error !== ''", timeout=30000)
    assert page.inner_text("#message") == _message("size", "2x40")
    assert "size" not in page.evaluate("location.search")
    frames = page.evaluate("window.knightstour.frames")
    page.wait_for_function("window.knightstour.frames > %d" % frames)  # the old toy still runs


@pytest.mark.parametrize("query, expected", [
    ({"display": "lcd"}, "bad display = 'lcd': one of tft, matrix, both"),
    ({"start": "z9"}, "bad KNIGHTSTOUR_START = 'z9': not a square of the 8x8 board (a1 to h8), nor random"),
    ({"colour": "red"}, "unknown setting colour: the settings are display, start, order, rule, size, speed, seed, moves, board"),
])
def test_other_bad_queries_get_one_line_each(page, url, query, expected):
    _open(page, url, query, "window.knightstour.error !== ''")
    assert page.inner_text("#message") == expected


def _cli(*args, env=None):
    return subprocess.run([sys.executable, "-m", "knightstour_desktop.cli", "web", *args], capture_output=True, text=True,
                          timeout=300, env=env)


def test_the_site_holds_everything_it_needs_and_stays_small(site):
    names = set()
    for folder, _, files in os.walk(site):
        names.update(os.path.relpath(os.path.join(folder, n), site) for n in files)
    assert {"index.html", "page.js", "worker.js", "py.pack", os.path.join("micropython", "micropython.wasm")} <= names
    size = sum(os.path.getsize(os.path.join(site, n)) for n in names)
    assert size <= 1024 * 1024  # the page within 1 MB
    for name in ("index.html", "page.js", "worker.js", "style.css"):
        with open(os.path.join(site, name), encoding="utf-8") as f:
            text = f.read()
        if name == "worker.js":  # the page's part, after the port's script (whose messages name its docs)
            text = text[text.index("\n// web/worker.js ("):]
        assert not re.search(r"(https?:)?//[a-z]", text), name  # nothing fetched from another host


def test_the_sites_worker_is_the_port_then_the_pages_worker(site, tmp_path, monkeypatch):
    with open(os.path.join(site, "worker.js"), encoding="utf-8") as f:
        built = f.read()
    with open(os.path.join(web.find_port(), "micropython.mjs"), encoding="utf-8") as f:
        port = f.read()
    with open(os.path.join(ROOT, "web", "worker.js"), encoding="utf-8") as f:
        ours = f.read()
    assert web.WORKER_IMPORT in ours
    assert built.startswith(port.rstrip("\n")) and built.endswith(ours.replace(web.WORKER_IMPORT, ""))
    (tmp_path / "worker.js").write_text(ours.replace(web.WORKER_IMPORT, ""))
    monkeypatch.setattr(web, "WEB", str(tmp_path))
    with pytest.raises(web.WebError, match="does not import the port as the build expects"):
        web.worker_script(web.find_port())


def test_build_refuses_a_folder_it_did_not_build(tmp_path):
    (tmp_path / "mine.txt").write_text("keep me")
    proc = _cli("build", str(tmp_path))
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and "not empty and not a site this command built" in proc.stderr
    assert os.listdir(tmp_path) == ["mine.txt"]


def test_build_names_the_missing_port(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    env = dict(os.environ, KNIGHTSTOUR_MICROPYTHON_WEB=str(empty))
    proc = _cli("build", str(tmp_path / "site"), env=env)
    assert proc.returncode == 2
    assert proc.stderr.strip() == ("knights-tour web: error: KNIGHTSTOUR_MICROPYTHON_WEB=%s holds no "
                                   "micropython.mjs and micropython.wasm" % empty)
    assert not (tmp_path / "site").exists()


def test_build_replaces_a_site_it_built(tmp_path, site):  # site: skips without the port
    target = tmp_path / "site"
    shutil.copytree(site, target)
    (target / "index.html").unlink()  # a file of its own deleted: the rebuild puts it back
    proc = _cli("build", str(target))
    assert proc.returncode == 0, proc.stderr
    assert (target / "index.html").exists()
    assert [n for n in os.listdir(tmp_path) if n != "site"] == []


def test_serve_names_a_port_in_use(site):  # site: skips without the port
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        proc = _cli("serve", "--port", str(port))
    assert proc.returncode == 2
    assert proc.stderr.startswith("knights-tour web: error: cannot serve on 127.0.0.1:%d: " % port)
    assert proc.stderr.count("\n") == 1 and proc.stdout == ""


def test_settings_toml_escapes_and_reads_back(page, url):
    _open(page, url, {"start": "%203,%0A3%20", "speed": "0.5"})  # " 3,\n3 ": the settings parse it
    toml = page.inner_text("#toml")
    assert 'KNIGHTSTOUR_START = "3,\\n3"' in toml.splitlines() and 'KNIGHTSTOUR_SPEED = "0.5"' in toml
    page.wait_for_function("window.knightstour.state && window.knightstour.state.start === %d"
                           % Board(8, 8).parse_square("c3"))


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_serve_prints_the_url_serves_and_cleans_up(site, tmp_path, stop):
    env = dict(os.environ, TMPDIR=str(tmp_path))
    proc = subprocess.Popen([sys.executable, "-m", "knightstour_desktop.cli", "web", "serve", "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        line = proc.stdout.readline()
        assert line.startswith("knights-tour web: serving the toy at http://127.0.0.1:"), proc.stderr.read()
        address = line.split(" at ")[1].split()[0]
        with urllib.request.urlopen(address + "index.html", timeout=30) as response:
            assert b"Knight's Tour" in response.read()
        with urllib.request.urlopen(address + "worker.js", timeout=30) as response:
            assert response.headers["Content-Type"] == "text/javascript"
        with urllib.request.urlopen(address + "micropython/micropython.wasm", timeout=30) as response:
            assert response.headers["Content-Type"] == "application/wasm"
        assert os.listdir(tmp_path)  # the site, built in a temporary folder
        proc.send_signal(stop)
        assert proc.wait(timeout=30) == 0
        assert proc.stderr.read() == ""
        assert os.listdir(tmp_path) == []
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
def _until(page, condition, seconds=30):
    """Wait for ``condition()`` (a check in Python, as of the page's pixels), polling."""
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "not within %d s" % seconds
        page.wait_for_timeout(50)


def _press_button(page, event):
    buttons = page.evaluate("window.knightstour.buttons")
    for x1, y1, x2, y2, name in buttons:
        if name == event:
            box = page.locator("#tft").bounding_box()
            scale = box["width"] / 320
            page.mouse.click(box["x"] + ((x1 + x2) / 2 + 0.5) * scale, box["y"] + ((y1 + y2) / 2 + 0.5) * scale)
            return
    raise AssertionError("no %s button among %s" % (event, buttons))


def test_the_tfts_own_buttons_play_hint_undo_new_and_speed(page, url):
    board = Board(8, 8)
    _open(page, url, {"seed": "1", "start": "a1"})
    page.wait_for_function("window.knightstour.buttons.length > 0")
    assert {b[4] for b in page.evaluate("window.knightstour.buttons")} >= {"play", "hint", "undo", "random", "speed"}
    _press_button(page, "play")
    page.wait_for_function("window.knightstour.state.state === 'play'", timeout=10000)
    _click_square(page, board.parse_square("e4"))
    page.wait_for_function("window.knightstour.state.played === 1", timeout=10000)
    _click_square(page, board.parse_square("d6"))
    page.wait_for_function("window.knightstour.state.played === 2", timeout=10000)
    assert not _hint_shown(page)
    _press_button(page, "hint")
    _until(page, lambda: _hint_shown(page))  # however long a loaded machine takes to draw it
    _press_button(page, "undo")
    page.wait_for_function("window.knightstour.state.played === 1", timeout=10000)
    speed = _state(page)["speed"]
    _press_button(page, "speed")
    page.wait_for_function("window.knightstour.state.speed !== %r" % speed, timeout=10000)
    _press_button(page, "play")  # play mode off: the tours run by themselves again
    page.wait_for_function("window.knightstour.state.state !== 'play'", timeout=10000)


# ------------------------------------------------------------ the board picker
# A board with a screen of its own runs the toy's own code on that board's stand-in (its pins, its
# board.DISPLAY at its size, its touch or buttons) in the browser, and the page shows the screen at
# its native size, pixel for pixel as `sim --board ID --screenshot` shows it (the same device code:
# MicroPython on the page's displayio, CPython on Blinka's).

def _same_as_the_boards_screenshot(page, url, tmp_path, board, moves):
    from PIL import Image

    from knightstour_desktop.cli import main

    _open(page, url, dict(TOUR, board=board, moves=str(moves)), "window.knightstour.state && window.knightstour.state.done")
    page.wait_for_timeout(200)  # the last frame's message
    assert _state(page)["length"] == moves
    width, height = PYPORTALS[board]
    assert page.evaluate("[document.getElementById('tft').width, document.getElementById('tft').height]") == [
        width, height]
    shot = tmp_path / "shot.png"
    assert main(["sim", "--board", board, "--start", "c3", "--order", TOUR["order"], "--seed", "1",
                 "--screenshot", str(shot), "--moves", str(moves)]) == 0
    expected = list(Image.open(shot).convert("RGB").get_flattened_data())
    pixels = _pixels(page, "tft")
    assert len(pixels) == len(expected) == width * height
    differ = [i for i in range(len(pixels)) if pixels[i] != expected[i]]
    assert not differ, "%d pixels differ, first at (%d, %d)" % (len(differ), differ[0] % width, differ[0] // width)


@pytest.mark.slow
@pytest.mark.parametrize("board", sorted(PYPORTALS))
def test_a_boards_page_is_its_screen_as_the_simulator_shows_it(page, url, tmp_path, board):
    _same_as_the_boards_screenshot(page, url, tmp_path, board, 20)


def test_picking_a_board_restarts_the_toy_on_its_screen(page, url):
    _open(page, url, dict(TOUR))
    assert page.evaluate("document.getElementById('tft').width") == 320
    page.select_option("select[name=board]", "pimoroni_picosystem")
    page.wait_for_function("location.search.includes('board=pimoroni_picosystem') && window.knightstour.state"
                           " && window.knightstour.state.length > 0", timeout=30000)
    assert page.evaluate("[document.getElementById('tft').width, document.getElementById('tft').height]") == [
        240, 240]
    box = page.evaluate("(() => { const r = document.getElementById('tft').getBoundingClientRect(); "
                        "return [r.width, r.height]; })()")
    assert box[0] == box[1] and box[0] % 240 == 0  # a whole-number scale of the square screen


def test_the_pickers_boards_are_the_boards_with_a_screen(site):
    with open(site + "/index.html", encoding="utf-8") as f:
        values = re.findall(r'<option value="([a-z0-9_A-Z]*)"', f.read().split('name="board"')[1].split("</select>")[0])
    assert values[0] == "" and sorted(values[1:]) == sorted(PYPORTALS)


def test_a_bad_board_is_one_line(page, url):
    _open(page, url, {"board": "esp32"}, "window.knightstour.error !== ''")
    error = page.evaluate("window.knightstour.error")
    assert error.startswith("bad board = 'esp32': one of adafruit_feather_esp32s3_tft,") and "\n" not in error


def test_the_b_key_presses_the_clues_own_b_button(page, url):
    _open(page, url, dict(TOUR, board="clue_nrf52840_express", speed="1"), "window.knightstour.state"
          " && window.knightstour.state.length > 0")
    page.keyboard.press("]")  # B: faster, read by the toy's own button driver on BUTTON_B
    page.wait_for_function("window.knightstour.state.speed > 1", timeout=30000)


@pytest.mark.parametrize("board", ["sunton_esp32_2432S028", "pyportal_titano"])
def test_a_click_on_a_boards_own_touch_screen_starts_a_tour_there(page, url, board):
    from knightstour_sim.screenshot import Emulated

    emulated = Emulated("builtin", {"start": "a1"}, kind=board)
    try:
        emulated.step()  # the board is laid out when the first tour begins
        d4 = emulated.app.board.parse_square("d4")
        x, y = emulated.display.cell_centre(d4)
    finally:
        emulated.close()
    _open(page, url, {"board": board, "seed": "3", "start": "a1"})
    page.wait_for_function("window.knightstour.state && window.knightstour.state.start === 0")
    box = page.locator("#tft").bounding_box()
    scale = box["width"] / PYPORTALS[board][0]
    page.mouse.click(box["x"] + (x + 0.5) * scale, box["y"] + (y + 0.5) * scale)  # through its own controller
    page.wait_for_function("window.knightstour.state.start === %d" % d4, timeout=10000)


# worker.js changed in a copy of the site: each device pass takes 400 ms (a slow frame, as on a
# loaded machine), and, for the page before its clicks were held, a press held in wall time only.
SLOW_FRAME = ("function pass() {\n",
              "function pass() {\n  const slow = performance.now() + 400;\n  while (performance.now() < slow);\n")
NO_HOLD = ("const SEEN = 3;", "const SEEN = 0;")


def _changed_site(site, folder, changes):
    """A copy of the built ``site`` in ``folder``, worker.js with each (old, new) of ``changes``
    made (each old found once: a worker.js that no longer says it fails the test, not the change)."""
    shutil.copytree(site, folder)
    path = os.path.join(folder, "worker.js")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for old, new in changes:
        assert text.count(old) == 1, "worker.js no longer has %r" % old
        text = text.replace(old, new)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return folder


@pytest.mark.parametrize("held", [True, False], ids=["held", "not held"])
def test_two_quick_clicks_on_slow_frames_count_only_when_held(browser, site, tmp_path, held):
    board = Board(8, 8)
    server = web.server(_changed_site(site, str(tmp_path / "site"), [SLOW_FRAME] + ([] if held else [NO_HOLD])))
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    errors = []
    page.on("pageerror", lambda error: errors.append(error))
    try:
        _open(page, "http://127.0.0.1:%d/" % server.server_port, {"seed": "1", "start": "a1"})
        page.keyboard.press("p")
        page.wait_for_function("window.knightstour.state.state === 'play'", timeout=30000)
        _click_square(page, board.parse_square("e4"))  # then at once the next, as a quick player does
        _click_square(page, board.parse_square("d6"))
        page.wait_for_function("window.knightstour.touches === 2", timeout=30000)  # both lifts read
        # Without the hold the first counts; the device never saw the finger up between the two: the
        # second is lost.
        assert _state(page)["played"] == (2 if held else 1)
        assert not errors
    finally:
        page.close()
        server.shutdown()
        server.server_close()


def test_a_start_that_fails_says_so_on_the_page(browser, site, tmp_path):
    """A start that raised was reported by the worker before "started", which the page dropped: it
    stayed on its loading line for ever."""
    failing = ("const error = module.start(JSON.stringify(message.query));",
               "const error = module.start(JSON.stringify(message.query)) || (() => { throw new Error('boom'); })();")
    server = web.server(_changed_site(site, str(tmp_path / "site"), [failing]))
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    try:
        _open(page, "http://127.0.0.1:%d/" % server.server_port, {"seed": "1"}, "window.knightstour.error !== ''")
        assert page.evaluate("window.knightstour.error") == "the toy failed: boom"
        assert page.locator("#loading").is_hidden()
    finally:
        page.close()
        server.shutdown()
        server.server_close()
