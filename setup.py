"""The packages and the files the wheel ships with them (everything else is in pyproject.toml).

setuptools finds every package in its folder itself, so a new subpackage needs no line here:
knightstour (device/knightstour: the board's code, all of it copied onto a board),
knightstour_desktop (device/knightstour_desktop: the command, on a desktop or a Pi) and
knightstour_sim (sim/: the simulator and the emulated chips).

Inside knightstour_desktop the wheel also ships what the commands copy (files.py finds them):
board/, device/'s code.py, settings.toml.example and requirements.txt (deploy writes them), and
web/, the web page's sources (web build copies them).
"""

from setuptools import find_packages, setup

FOUND = {"device": "", "sim": "knightstour_sim."}  # folder: the prefix of the names found in it
SHIPPED = {"knightstour_desktop.board": "device", "knightstour_desktop.web": "web", "knightstour_desktop.web.py": "web/py",
           "knightstour_desktop.wiring": "wiring"}
SHIPPED_DATA = {"knightstour_desktop.board": ["settings.toml.example", "requirements.txt"],
                "knightstour_desktop.web": ["*.html", "*.js", "*.css"],
                "knightstour_desktop.wiring": ["*.md", "*.svg"]}  # the wiring pages run's messages name

packages = ["knightstour_sim"] + [prefix + name for folder, prefix in FOUND.items() for name in find_packages(folder)]
folders = {name: "device/" + name for name in packages if "." not in name and name != "knightstour_sim"}
setup(package_dir={**folders, "knightstour_sim": "sim", **SHIPPED}, packages=packages + list(SHIPPED),
      package_data=SHIPPED_DATA, include_package_data=False)
