import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import wiring_header  # noqa: E402

from knightstour_desktop.settings_toml import load_for_command  # noqa: E402

import wiring  # noqa: E402
import wiring_builds  # noqa: E402

pins = wiring.pins  # the pin map, as tools/wiring.py imports it
pinmap = wiring.pinmap


def test_committed_wiring_equals_a_fresh_generation():
    done = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "wiring.py"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout


def test_check_notices_a_page_edited_by_hand(tmp_path, monkeypatch):
    monkeypatch.setattr(wiring, "OUT", str(tmp_path))
    assert wiring.main([]) == 0 and wiring.main(["--check"]) == 0
    page = tmp_path / "pi-max7219.md"
    page.write_text(page.read_text().replace("| CE0 |", "| CE1 |"))
    (tmp_path / "old-build.md").write_text("a page no build makes\n")
    assert wiring.main(["--check"]) == 1
    assert wiring.main([]) == 0 and not (tmp_path / "old-build.md").exists() and wiring.main(["--check"]) == 0


def test_every_table_row_is_the_code_pin_map():
    files = wiring.generate()
    for name, kind, part_names in wiring_builds.BUILDS:
        text = files[name + ".md"]
        for the_part in wiring.parts_of(kind, part_names):
            for signal, label, _note in the_part["pins"]:
                if signal.startswith(wiring_header.LINK):  # between two parts: no board pin
                    assert "| %s | - |" % label in text, (name, signal)
                    continue
                board = pins.board_name(kind, signal) if signal in pins.SIGNALS else pinmap.row(kind, signal)["board"]
                if not board:
                    header = pinmap.row(kind, signal)["header"]
                    board = wiring_header.pin_name(kind, header) if kind in wiring_header.NUMBERED else header
                assert "| %s | %s |" % (label, board) in text, (name, signal)
        ElementTree.fromstring(files[name + ".svg"])


def _pin_names(kind):
    """The names of ``kind``'s pins: the pin map's, and those printed on its header (the Pico page draws all 40)."""
    names = {str(r[field]) for r in pinmap.rows(kind) for field in ("board", "gpio") if r[field] is not None}
    return names | set(wiring_header.NUMBERED.get(kind, {}).values())


def test_each_page_names_only_its_own_boards_pins():
    files = wiring.generate()
    kinds = {kind for _, kind, _ in wiring_builds.BUILDS}
    for name, kind, _ in wiring_builds.BUILDS:
        foreign = set().union(*(_pin_names(k) for k in kinds - {kind})) - _pin_names(kind)
        foreign = {n for n in foreign if re.match(r"^(D|GP|PA|PB|CE|A)\d+$", n)}
        for suffix in (".md", ".svg"):
            words = set(re.findall(r"\b[A-Z]+\d+\b", files[name + suffix]))
            assert not words & foreign, (name + suffix, sorted(words & foreign))


def test_each_page_speaks_only_of_its_own_board_and_parts():
    files = wiring.generate()
    every = {w for b in wiring_builds.BOARDS.values() for w in b["words"]}
    every |= {w for p in wiring_builds.PARTS.values() for w in p["words"]}
    for name, kind, part_names in wiring_builds.BUILDS:
        own = set(wiring_builds.BOARDS[kind]["words"])
        own |= {w for p in wiring.parts_of(kind, part_names) for w in p["words"]}
        for suffix in (".md", ".svg"):
            text = files[name + suffix]
            for word in sorted(own, key=len, reverse=True):  # "Raspberry Pi Pico" is the Pico's, not the Pi's
                text = text.replace(word, "")
            for word in every - own:
                assert not re.search(r"\b%s\b" % re.escape(word), text), (name + suffix, word)
    assert "D12" not in files["pi-max7219.md"] and "VIN" not in files["pi-max7219.md"]
    assert "FeatherWing" not in files["feather-m4-max7219.md"] and "TFT" not in files["feather-m4-max7219.md"]


def test_each_pages_settings_are_settings_the_toy_accepts(tmp_path):
    files = wiring.generate()
    for name, _kind, _parts in wiring_builds.BUILDS:
        block = re.search(r"```toml\n(.*?)```", files[name + ".md"], re.S).group(1)
        config = tmp_path / (name + ".toml")
        config.write_text(block)
        settings = load_for_command(str(config), {})  # ValueError on a bad line
        display = re.search(r'KNIGHTSTOUR_DISPLAY = "(\w+)"', block).group(1)
        assert settings.display == display


def test_pi_matrix_page_matches_the_pi_header():
    text = wiring.generate()["pi-max7219.md"]
    assert "| DIN | MOSI | 10 | 19 |" in text and "| CS | CE0 | 8 | 24 |" in text and "| VCC | 5V | - | 2 |" in text


def test_the_pyportal_page_names_what_the_code_reads_from_board():
    here = os.path.join(ROOT, "device", "knightstour", "hw")
    code = "".join(open(os.path.join(here, name)).read() for name in ("chips/pyportal.py", "wiring/build.py", "wiring/builtin.py"))
    text = wiring.generate()["pyportal.md"]
    for r in pinmap.rows("pyportal"):
        assert "| %s |" % r["board"] in text
        assert "board." + r["board"] in code or '"%s"' % r["board"] in code, r["board"]


def test_the_v2_wings_interrupt_is_the_pin_the_code_uses_for_it():
    for kind in ("feather_m4", "feather_rp2040"):
        assert pinmap.row(kind, "tsc2007_irq")["board"] == pins.board_name(kind, "touch_cs") == "D6"
        text = wiring.generate()["%s-tft-featherwing-v2.md" % kind.replace("_", "-")]
        assert "| IRQ | D6 |" in text and "| SDA | SDA |" in text and "TSC2007" in text


def test_pages_name_the_pin_map_they_come_from():
    path = os.path.relpath(pins.__file__, ROOT).replace(os.sep, "/")
    assert os.path.exists(os.path.join(ROOT, path))
    for name, text in wiring.generate().items():
        if name.endswith(".md"):
            assert path in text, name


def _plans():
    for name, kind, part_names in wiring_builds.BUILDS:
        wires = wiring.wire_plan(kind, wiring.parts_of(kind, part_names))
        if wires is not None:
            yield name, kind, wires


def test_every_wire_has_a_pin_of_its_own_that_the_board_has():
    for name, kind, wires in _plans():
        assert wiring_header.problems(kind, wires, wiring.on_breadboard(_build(name)[1], wires)) == [], name
        on_board = [to[1] for _, _, _, to, _ in wires if to[0] == "board"]
        assert len(on_board) == len(set(on_board)), name
        assert set(on_board) <= wiring_header.header_pins(kind), name


def test_each_pi_ground_has_its_own_pin_and_the_usual_colour():
    for name, kind, wires in _plans():
        for _, label, signal, to, colour in wires:
            if signal == "ground":
                assert colour == "black", (name, label)
                if kind in wiring_header.NUMBERED:  # the Pi and the Pico have GND pins enough
                    assert to[0] == "board" and wiring_header.pin_name(kind, to[1]) in ("GND", "AGND"), (name, label)
            elif signal in ("power_5v", "power_3v3"):
                assert colour == "red", (name, label)
            else:
                assert colour not in ("red", "black"), (name, label)
        signal_colours = {}
        for _, _, signal, _, colour in wires:
            if signal not in ("ground", "power_5v", "power_3v3"):
                signal_colours.setdefault(signal, colour)
        assert len(set(signal_colours.values())) == len(signal_colours), (name, signal_colours)  # distinct
    pi = dict((n, w) for n, _, w in _plans())["pi-max7219"]
    assert sorted(to[1] for _, _, s, to, _ in pi if s == "ground") == [6, 9, 14, 20]


def test_a_plan_with_a_shared_or_missing_pin_is_rejected():
    good = [(0, "VCC", "power_5v", ("board", 2), "red"), (0, "GND", "ground", ("board", 6), "black")]
    assert wiring_header.problems("pi", good) == []
    shared = good + [(1, "other legs", "ground", ("board", 6), "black")]
    assert wiring_header.problems("pi", shared) == ["GND and other legs share pin 6"]
    missing = good + [(0, "CS", "matrix_cs", ("board", 41), "orange")]
    assert wiring_header.problems("pi", missing) == ["CS: pin 41 is not on the pi header"]
    wrong = good + [(1, "GND", "ground", ("board", 7), "black")]
    assert wiring_header.problems("pi", wrong) == ["GND: ground on pin 7 (GPIO4)"]
    assert wiring_header.problems("feather_m4", [(0, "CS", "matrix_cs", ("board", "D99"), "orange")])


def test_the_pi_header_is_the_real_one():
    assert sorted(p for p, name in wiring_header.PI_HEADER.items() if name == "GND") == [6, 9, 14, 20, 25, 30, 34, 39]
    assert [p for p, name in wiring_header.PI_HEADER.items() if name in ("5V", "3V3")] == [1, 2, 4, 17]
    for r in pinmap.rows("pi"):  # every GPIO of the pin map sits on its header pin
        if r["gpio"] is not None and r["header"]:
            assert wiring_header.PI_HEADER[r["header"]].split()[0] == "GPIO%d" % r["gpio"], r
    for kind in wiring_header.FEATHER_HEADERS:
        long, short = wiring_header.FEATHER_HEADERS[kind]
        assert len(long) == 16 and len(short) == 12


def test_two_wires_on_one_female_jumper_are_rejected():
    buttons = [(1, "A: other leg", "ground", ("board", 9), "black"), (1, "B: other leg", "ground", ("board", 14), "black")]
    assert wiring_header.problems("pi", buttons) == []
    one_jumper = [(1, "other legs", "ground", ("board", 9), "black"), (1, "other legs", "ground", ("board", 14), "black")]
    assert wiring_header.problems("pi", one_jumper) == [
        "other legs and other legs: two wires on the part's other legs, one female jumper"]
    joined = [(0, "SCK", "spi_sck", ("board", 23), "yellow"), (0, "T_CLK", "spi_sck", ("part", "SCK"), "yellow")]
    assert wiring_header.problems("pi", joined) == ["SCK and T_CLK: two wires on the part's SCK, one female jumper"]
    assert wiring_header.problems("pi", joined, on_breadboard={0}) == []


def test_every_wire_lands_where_a_jumper_can_reach():
    for name, kind, part_names in wiring_builds.BUILDS:
        parts = wiring.parts_of(kind, part_names)
        wires = wiring.wire_plan(kind, parts)
        if wires is None:
            continue
        assert wiring_header.problems(kind, wires, wiring.on_breadboard(parts, wires)) == [], name
        text = wiring.generate()[name + ".md"]
        grounds = [w for w in wires if w[2] == "ground" and not (w[0] >= 0 and parts[w[0]]["plugged"])]
        if any(to[0] == "rail" for _, _, _, to, _ in wires):  # where grounds meet: a breadboard, priced
            assert wiring.BREADBOARD in text and "$" in wiring.BREADBOARD, name
        else:  # else each ground on a GND pin of its own
            assert len({to for _, _, _, to, _ in grounds}) == len(grounds), name
        if wiring.stacking(parts) and len(parts) > 1:  # a wing covers the header: the piezo's pins named
            assert wiring.STACKING in text and "socket, above the wing" in text, name
    for name in ("pi-max7219", "feather-m4-max7219"):
        labels = [w[1] for w in wiring.wire_plan(*_build(name)) if w[2] == "ground"]
        assert "A: other leg" in labels and "B: other leg" in labels, name


def _build(name):
    kind, part_names = next((k, p) for n, k, p in wiring_builds.BUILDS if n == name)
    return kind, wiring.parts_of(kind, part_names)


def test_readme_wire_counts_are_the_pages():
    readme = open(os.path.join(ROOT, "README.md")).read()
    files = wiring.generate()
    sections = [" ".join(s.split()) for s in readme.split("\n### ")[1:]]
    checked = 0
    for section in sections:
        for page in re.findall(r"\(wiring/([\w-]+)\.md\)", section):
            counts = re.findall(r"^- jumper wires(?: for ([^:]*))?: (.*?)(?: \(about \$.*)?$", files[page + ".md"], re.M)
            for what, count in counts:
                assert re.search(r"(?<![\d-])%s\b" % re.escape(count), section), (page, what, count)
                checked += 1
    assert checked > 20


def test_the_pico_header_is_the_datasheets():
    header = wiring_header.PICO_HEADER
    assert sorted(header) == list(range(1, 41))
    assert sorted(p for p, name in header.items() if name == "GND") == [3, 8, 13, 18, 23, 28, 38]
    assert (header[1], header[20], header[21], header[33]) == ("GP0", "GP15", "GP16", "AGND")
    assert (header[36], header[39], header[40]) == ("3V3(OUT)", "VSYS", "VBUS")
    for r in pinmap.rows("pico"):  # every GP pin of the pin map sits on its header pin
        if r["gpio"] is not None:
            assert header[r["header"]] == r["gpio"] == r["board"], r


def test_pico_wires_land_on_the_pins_the_code_drives():
    for name, kind, wires in _plans():
        if kind != "pico":
            continue
        for _index, label, signal, to, _colour in wires:
            if to[0] == "board" and signal in pins.SIGNALS:
                assert wiring_header.PICO_HEADER[to[1]] == pins.board_name("pico", signal), (name, label)
    matrix = {label: to for _, label, _, to, _ in wiring.wire_plan(*_build("pico-max7219"))}
    assert (matrix["CLK"], matrix["DIN"], matrix["CS"], matrix["VCC"]) == (
        ("board", 24), ("board", 25), ("board", 22), ("board", 40))


def test_the_touch_breakout_joins_the_screens_spi_pins_in_its_rows():
    kind, parts = _build("pi-ili9341-stmpe610")
    wires = wiring.wire_plan(kind, parts)
    touch = next(i for i, p in enumerate(parts) if p["box"] == "STMPE610 breakout")
    assert parts[touch]["ends"] == "breadboard" and wiring.BREADBOARD in wiring.generate()["pi-ili9341-stmpe610.md"]
    for signal, pin in (("spi_sck", 23), ("spi_mosi", 19), ("spi_miso", 21)):
        mine = [w for w in wires if w[2] == signal]
        on_pin = [w for w in mine if w[3] == ("board", pin)]
        assert len(on_pin) == 1 and on_pin[0][0] == touch, signal  # the breakout's row takes the Pi's pin
        assert [w[3] for w in mine if w[0] == 0] == [("pin", (touch, on_pin[0][1]))], signal  # the screen's joins it
    cs = next(w for w in wires if w[0] == touch and w[2] == "touch_cs")
    assert cs[3] == ("board", 26)
    ends = {(w[0], w[1]) for w in wires} | {w[3][1] for w in wires if w[3][0] == "pin"}
    for i in (0, touch):  # every pin of both breakouts has its wire
        assert {label for _, label, _ in parts[i]["pins"]} <= {label for index, label in ends if index == i}


def test_a_wire_between_two_parts_counts_at_both_ends():
    two = [(1, "SCK", "spi_sck", ("board", 23), "yellow"), (0, "CLK", "spi_sck", ("pin", (1, "SCK")), "yellow")]
    assert wiring_header.problems("pi", two) == ["SCK and CLK: two wires on the part's SCK, one female jumper"]
    assert wiring_header.problems("pi", two, on_breadboard={1}) == []


def test_two_parts_on_one_pin_need_a_breadboard_row():
    screen = (False, [("CLK", "spi_sck", 23, "yellow")])
    touch = (False, [("SCK", "spi_sck", 23, "yellow")])
    try:
        wiring_header.plan("pi", [screen, touch])
    except ValueError as exc:
        assert "no free pin for spi_sck" in str(exc)
    else:
        raise AssertionError("two female jumpers on pin 23")
    assert wiring_header.plan("pi", [screen, touch], breadboard={1}) == [
        (0, "CLK", "spi_sck", ("pin", (1, "SCK")), "yellow"), (1, "SCK", "spi_sck", ("board", 23), "yellow")]


def test_every_parts_list_line_has_a_price():
    files = wiring.generate()
    for name, _kind, _parts in wiring_builds.BUILDS:
        need = files[name + ".md"].split("## You need")[1].split("\n## ")[0]
        for line in re.findall(r"^- (.*)$", need, re.M):
            if line.startswith(("its built-in", "jumper wires for")):  # on the board; priced with the others
                continue
            assert "$" in line, (name, line)
