"""The README's way to write a bundle installs what `knights-tour bundle` takes the libraries from
(the feather extra alone does not: the command stopped, asking for adafruit-circuitpython-ili9341)."""

import importlib.metadata
import os
import re

from knightstour_desktop.commands import bundle

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def extras_of(requirement):
    return set(re.findall(r'extra == "([^"]+)"', requirement))


def test_the_readme_bundle_install_brings_the_zips_libraries():
    with open(os.path.join(ROOT, "README.md")) as f:
        text = f.read()
    paragraph = next(p for p in text.split("\n\n") if "knights-tour bundle knightstour.zip" in p)
    installs = re.findall(r"pipx install\s+(?:--force\s+)?'\./\[([a-z,]+)\]'", paragraph)
    assert installs, "the bundle's paragraph gives no install command"
    extras = set(installs[0].split(","))
    requirements = importlib.metadata.requires("knights-tour-toy") or []
    brought = {re.split(r"[ ;<>=\[]", r, maxsplit=1)[0].lower() for r in requirements if extras_of(r) & extras}
    missing = sorted(set(bundle.DISTRIBUTIONS.values()) - brought)
    assert missing == [], "the README's install for bundle leaves out %s" % missing
