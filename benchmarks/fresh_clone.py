"""How long a new user waits for the simulator: `./simulate` on a fresh clone, .venv and all.

    python3 -m benchmarks.fresh_clone [--tui] [--keep]

Clones this repository's committed HEAD into a temporary folder (git clone, so nothing of this
checkout's .venv comes along), runs `./simulate --plain --speed 0` there and prints the seconds from
the start to the first frame on stdout (the .venv created and the simulator's libraries installed
from pip's cache or the registry on the way), the size of the new .venv, and the packages the test
tools need that it does NOT hold. --tui times the terminal interface instead, in a detached tmux
window of 80x24, until the first frame shows in the pane. --keep keeps the clone and prints where.
"""

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

from benchmarks.host import describe

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# What only ./test needs; ./simulate must not install any of it.
TEST_ONLY = ("numpy", "numba", "llvmlite", "ruff", "pytest")
FIRST_FRAME = "move 1 of"


def plain_first_frame(clone):
    start = time.monotonic()
    env = dict(os.environ, PYTHONUNBUFFERED="1")  # a frame as soon as it is drawn, not when a pipe buffer fills
    proc = subprocess.Popen(["./simulate", "--plain", "--speed", "0"], cwd=clone, stdout=subprocess.PIPE, env=env,
                            stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, text=True)
    try:
        for line in proc.stdout:
            if FIRST_FRAME in line:
                return time.monotonic() - start
        raise SystemExit("fresh_clone: the simulator ended without a frame (exit %s)" % proc.wait())
    finally:
        proc.kill()
        proc.wait()


def tui_first_frame(clone, timeout=300):
    session = "kt-fresh-%d" % os.getpid()
    start = time.monotonic()
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "80", "-y", "24", "-c", clone,
                    "./simulate --speed 0"], check=True)
    try:
        while time.monotonic() - start < timeout:
            pane = subprocess.run(["tmux", "capture-pane", "-p", "-t", session], capture_output=True,
                                  text=True).stdout
            if "move " in pane and " of " in pane:
                return time.monotonic() - start
            time.sleep(0.1)
        raise SystemExit("fresh_clone: no frame in the tmux pane after %d s" % timeout)
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


def venv_size(venv):
    total = 0
    for folder, _, files in os.walk(venv):
        for name in files:
            path = os.path.join(folder, name)
            if not os.path.islink(path):
                total += os.path.getsize(path)
    return total


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tui", action="store_true", help="time the terminal interface in tmux (80x24)")
    parser.add_argument("--keep", action="store_true", help="keep the clone")
    args = parser.parse_args(argv)
    load = os.getloadavg()[0]
    folder = tempfile.mkdtemp(prefix="knightstour-fresh-")
    clone = os.path.join(folder, "knightstour")
    try:
        subprocess.run(["git", "clone", "--quiet", ROOT, clone], check=True)
        seconds = tui_first_frame(clone) if args.tui else plain_first_frame(clone)
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        pip = subprocess.run([os.path.join(clone, ".venv", "bin", "python"), "-m", "pip", "list",
                              "--format=freeze", "--disable-pip-version-check"], capture_output=True, text=True)
        names = {line.split("==")[0].lower() for line in pip.stdout.splitlines()}
        print(describe())
        print("load average before: %.1f" % load)
        if args.tui:  # the simulator runs under the tmux server, whose CPU time is not ours to count
            print("fresh clone, ./simulate (TUI, tmux 80x24): first frame after %.1f s" % seconds)
        else:
            print("fresh clone, ./simulate --plain: first frame after %.1f s (CPU time of the clone and the run, "
                  "user + system: %.1f s)" % (seconds, used.ru_utime + used.ru_stime))
        print(".venv: %.0f MB; test-only packages in it: %s"
              % (venv_size(os.path.join(clone, ".venv")) / 1e6,
                 ", ".join(n for n in TEST_ONLY if n in names) or "none"))
        if args.keep:
            print("clone kept in %s" % clone)
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
