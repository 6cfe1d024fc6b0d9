"""How long tools/pi/install.sh takes from its start to the toy's first frame, on the emulated Pi.

    python3 benchmarks/pi_install.py [--display max7219]

Runs the installer as tests/test_pi_install_service.py does: into a temporary folder standing in for
the Pi's root, with tests/pi_standins (apt-get, useradd and raspi-config logged; systemctl starting the
installed unit's ExecStart line on the emulated Pi of tests/emulated_pi). The installer copies the
source, makes a venv and pip installs the package with its pi extra (from pip's cache or PyPI), starts
the service and waits for its first frame. Prints the seconds until the installer said so, the time
of its pip install, and the size of the service's venv. No real Pi was involved.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
STANDINS = os.path.join(ROOT, "tests", "pi_standins")
sys.path.insert(0, HERE)

from fresh_clone import venv_size  # noqa: E402

from machine import describe  # noqa: E402


def lay_out(root):
    for folder in ("proc/device-tree", "dev", "boot/firmware", "etc/systemd/system", "run", ".standins"):
        os.makedirs(os.path.join(root, folder))
    with open(os.path.join(root, "proc/device-tree/model"), "wb") as f:
        f.write(b"Raspberry Pi 4 Model B Rev 1.4\0")
    open(os.path.join(root, "dev/spidev0.0"), "w").close()
    with open(os.path.join(root, "boot/firmware/config.txt"), "w") as f:
        f.write("dtparam=spi=on\ndtoverlay=spi0-0cs\n")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--display", default="max7219", choices=("max7219",),
                        help="the display the emulated Pi has (its board stand-in wires a MAX7219)")
    args = parser.parse_args(argv)
    load = os.getloadavg()[0]
    root = tempfile.mkdtemp(prefix="knightstour-pi-")
    env = dict(os.environ, PI_ROOT=root, KNIGHTSTOUR_INSTALL_ROOT=root, PATH=STANDINS + os.pathsep + os.environ["PATH"])
    try:
        lay_out(root)
        start = time.monotonic()
        proc = subprocess.Popen(["bash", os.path.join(ROOT, "tools", "pi", "install.sh"), "--display", args.display],
                                env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        marks = {}
        said = []
        for line in proc.stdout:
            said.append(line)
            if re.match(r"^(Collecting|Processing) ", line) and "pip" not in marks:
                marks["pip"] = time.monotonic()
            if line.startswith("Successfully installed"):
                marks["installed"] = time.monotonic()
            if "installed and running" in line:
                marks["frame"] = time.monotonic()
        if proc.wait() != 0 or "frame" not in marks:
            raise SystemExit("pi_install: the installer failed (exit %d):\n%s" % (proc.returncode, "".join(said[-15:])))
        print(describe())
        print("load average before: %.1f" % load)
        print("install.sh --display %s: the first frame after %.1f s from its start; pip install of the pi extra "
              "%.1f s; from the end of pip install to the first frame %.1f s"
              % (args.display, marks["frame"] - start, marks["installed"] - marks["pip"],
                 marks["frame"] - marks["installed"]))
        print("the service's venv: %.0f MB" % (venv_size(os.path.realpath(os.path.join(root, "opt/knightstour/venv")))
                                               / 1e6))
    finally:
        subprocess.run([os.path.join(STANDINS, "systemctl"), "stop", "knightstour.service"], env=env)
        shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
