"""Each build's parts list, read as a maker reads it (the wiring page's "You need" and README's list), against
what the code accepts: a MAX7219 chain's modules and their count give the matrices that the settings line
beside them asks for, and hw/views/chain.py takes exactly that arrangement."""

import os
import re
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
from knightstour.hw.views import chain  # noqa: E402
from knightstour_desktop.settings_toml import load_for_command  # noqa: E402

import wiring  # noqa: E402
import wiring_builds  # noqa: E402

COUNTS = {"one": 1, "two": 2, "three": 3, "four": 4}
KIT = re.compile(r"for (a [^:]*?): (one|two|three|four) ([^;.\n]*(?:\n  [^;.\n-][^;.\n]*)*)")


def _kits(text):
    """[(what, count, matrices each)] of the parts list in ``text``: a 4-in-1 module is four matrices."""
    found = []
    for what, count, product in KIT.findall(text):
        product = " ".join(product.split())
        assert "MAX7219" in product, product
        found.append((" ".join(what.split()), COUNTS[count], 4 if "4-in-1" in product else 1))
    return found


def _settings_for(text, tmp_path):
    """{what: the settings the page gives for it} from its "For ...:" toml blocks."""
    blocks = {}
    for what, block in re.findall(r"For (a [^\n]*?):\n\n```toml\n(.*?)```", text, re.S):
        config = tmp_path / "kit.toml"
        config.write_text(block)
        blocks[what] = load_for_command(str(config), {})
    return blocks


CHAIN_PAGES = [name for name, _kind, parts in wiring_builds.BUILDS if "max7219_chain" in parts]


@pytest.mark.parametrize("name", CHAIN_PAGES)
def test_each_chain_kit_is_the_matrices_its_settings_line_asks_for(name, tmp_path):
    text = wiring.generate()[name + ".md"]
    kits = _kits(text.split("## Before you start")[0])
    settings = _settings_for(text, tmp_path)
    assert kits and sorted(settings) == sorted(what for what, _, _ in kits)
    for what, count, each in kits:
        modules, arrangement, _block = settings[what].matrix_chain
        assert settings[what].display == "max7219"
        assert modules == count * each, (what, count, each, modules)
        layout = chain.ChainLayout(modules, arrangement)
        size = "%dx%d" % (layout.width, layout.height)
        assert size in what or (arrangement == "2x2" and "2x2" in what and size == "16x16"), (what, size)


def test_the_old_parts_list_for_2x2_is_refused_by_the_code():
    with pytest.raises(ValueError, match="needs 4 modules"):
        chain.grid(2 * 4, "2x2")  # two 4-in-1 modules are eight matrices


def test_readme_lists_the_chain_kits_the_pages_list():
    readme = open(os.path.join(ROOT, "README.md")).read()
    page = _kits(wiring.generate()[CHAIN_PAGES[0] + ".md"].split("## Before you start")[0])
    for heading in ("### Feather + MAX7219 LED matrix", "### Raspberry Pi + MAX7219 LED matrix",
                    "### Raspberry Pi Pico + MAX7219 LED matrix"):
        section = readme.split(heading)[1].split("\n### ")[0].split("Wiring:")[0]
        assert _kits(section) == page, heading


def _builds_table():
    """[(build, anchor, lowest price in dollars)] of README's builds table."""
    readme = open(os.path.join(ROOT, "README.md")).read()
    table = readme.split("## Choose your build")[1].split("\n## ")[0]
    return [(build, anchor, int(low)) for build, anchor, low
            in re.findall(r"^\| \[([^\]]+)\]\(#([\w-]+)\) \| [^|$]*\$(\d+)", table, re.M)]


def test_readme_builds_table_has_the_pico_builds_and_the_cyd():
    rows = _builds_table()
    builds = [build for build, _, _ in rows]
    assert min(rows, key=lambda row: row[2])[0] == "Raspberry Pi Pico + MAX7219 LED matrix", rows
    assert "Raspberry Pi Pico + generic ILI9341 module with XPT2046 touch" in builds
    assert ("Cheap Yellow Display (ESP32-2432S028)", "over-wi-fi-the-esp32-cheap-yellow-display", 15) in rows
    readme = open(os.path.join(ROOT, "README.md")).read()
    pico = [name for name, kind, _ in wiring_builds.BUILDS if kind == "pico"]
    for name in pico:  # each Pico page is linked from README's build sections
        assert "(wiring/%s.md)" % name in readme.split("## The builds")[1], name
