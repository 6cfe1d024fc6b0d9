import os
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

from knightstour.hw.wiring import pinmap, pins  # noqa: E402

import wiring  # noqa: E402


def test_committed_wiring_equals_a_fresh_generation():
    done = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "wiring.py"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout


def test_every_page_names_the_pins_of_the_pin_map():
    files = wiring.generate()
    for name, _title, kind, _, signals, _ in wiring.PAGES:
        text = files[name + ".md"]
        for signal in signals:
            r = pinmap.row(kind, signal)
            assert "| %s | %s |" % (r["module"], r["board"] or "-") in text
        ElementTree.fromstring(files[name + ".svg"])


def test_pi_matrix_page_matches_the_pi_header():
    text = wiring.generate()["pi-max7219.md"]
    assert "| DIN / MOSI | MOSI | 10 | 19 |" in text and "| CS / LOAD | CE0 | 8 | 24 |" in text


def test_the_pyportal_page_names_what_the_code_reads_from_board():
    here = os.path.join(ROOT, "device", "knightstour", "hw")
    code = "".join(open(os.path.join(here, name)).read() for name in ("chips/pyportal.py", "wiring/build.py"))
    text = wiring.generate()["pyportal.md"]
    for r in pinmap.rows("pyportal"):
        assert "| %s |" % r["board"] in text
        assert "board." + r["board"] in code or '"%s"' % r["board"] in code, r["board"]


def test_the_v2_wings_interrupt_is_the_pin_the_code_uses_for_it():
    for kind in ("feather_m4", "feather_rp2040"):
        assert pinmap.row(kind, "tsc2007_irq")["board"] == pins.board_name(kind, "touch_cs") == "D6"
        text = wiring.generate()["%s-tft-featherwing-v2.md" % kind.replace("_", "-")]
        assert "| IRQ | D6 |" in text and "| SDA | SDA |" in text and "TSC2007" in text
