import os
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

from knightstour.hw import pins  # noqa: E402

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
            r = pins.row(kind, signal)
            assert "| %s | %s |" % (r["module"], r["board"] or "-") in text
        ElementTree.fromstring(files[name + ".svg"])


def test_pi_matrix_page_matches_the_pi_header():
    text = wiring.generate()["pi-max7219.md"]
    assert "| DIN / MOSI | MOSI | 10 | 19 |" in text and "| CS / LOAD | CE0 | 8 | 24 |" in text
