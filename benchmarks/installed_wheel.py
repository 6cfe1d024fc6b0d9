"""What a user who installs the wheel gets and waits for: its size, and the time to the first frame.

    .venv/bin/python benchmarks/installed_wheel.py [--extras sim,emu] [--keep]

Builds the wheel from this repository's committed HEAD (a git clone, as a release is built), prints
its size and file count, then makes a fresh venv in a temporary folder, runs `pip install
WHEEL[extras]` (from pip's cache or the registry; default extras: sim,emu, what the simulator needs)
and `knights-tour sim --plain --speed 0` from that folder, and prints the seconds from the start of
`pip install` to the first frame on stdout, and the venv's size.
"""

import argparse
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

from fresh_clone import FIRST_FRAME, venv_size  # noqa: E402

from machine import describe  # noqa: E402


def build_wheel(folder):
    clone = os.path.join(folder, "clone")
    subprocess.run(["git", "clone", "--quiet", ROOT, clone], check=True)
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir", os.path.join(folder, "dist"), clone],
                   check=True, capture_output=True)
    return glob.glob(os.path.join(folder, "dist", "*.whl"))[0]


def first_frame(venv, folder, extras, wheel):
    start = time.monotonic()
    subprocess.run([os.path.join(venv, "bin", "pip"), "install", "--quiet", "--disable-pip-version-check",
                    "%s[%s]" % (wheel, extras) if extras else wheel], check=True)
    installed = time.monotonic() - start
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    env.pop("VIRTUAL_ENV", None)
    proc = subprocess.Popen([os.path.join(venv, "bin", "knights-tour"), "sim", "--plain", "--speed", "0"], cwd=folder,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, text=True,
                            env=env)
    try:
        for line in proc.stdout:
            if FIRST_FRAME in line:
                return installed, time.monotonic() - start
        raise SystemExit("installed_wheel: the simulator ended without a frame (exit %s)" % proc.wait())
    finally:
        proc.kill()
        proc.wait()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--extras", default="sim,emu", help="the extras pip installs (default sim,emu; '' for none)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = parser.parse_args(argv)
    load = os.getloadavg()[0]
    folder = tempfile.mkdtemp(prefix="knightstour-wheel-")
    try:
        wheel = build_wheel(folder)
        with zipfile.ZipFile(wheel) as archive:
            count = len(archive.namelist())
        venv = os.path.join(folder, "venv")
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        installed, seconds = first_frame(venv, folder, args.extras, wheel)
        print(describe())
        print("load average before: %.1f" % load)
        print("wheel %s: %.0f KB, %d files" % (os.path.basename(wheel), os.path.getsize(wheel) / 1024, count))
        print("pip install the wheel[%s] into a fresh venv: %.1f s; first frame of knights-tour sim --plain "
              "%.1f s after pip install started" % (args.extras, installed, seconds))
        print("the venv: %.0f MB" % (venv_size(venv) / 1e6))
        if args.keep:
            print("kept in %s" % folder)
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
