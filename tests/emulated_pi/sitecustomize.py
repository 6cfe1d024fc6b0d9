"""Start-up of a service process on the emulated Raspberry Pi (see README.md here)."""

import importlib
import json
import os
import signal
import sys

ROOT = os.environ.get("EMULATED_PI_ROOT")


def _point_run_at_the_root():
    for name in ("knightstour_desktop.commands.run", "knightstour.commands.run"):
        try:
            run = importlib.import_module(name)
        except ImportError:
            continue
        run.MODEL = os.path.join(ROOT, "proc/device-tree/model")
        run.SPI_DEVICE = os.path.join(ROOT, "dev/spidev0.0")
        run.I2C_DEVICE = os.path.join(ROOT, "dev/i2c-1")
        return


def _stopped(signum, frame):
    board = sys.modules.get("board")
    matrix = getattr(board, "matrix", None)
    package = sys.modules.get("knightstour")
    seen = {"pid": os.getpid(), "knightstour": getattr(package, "__file__", None),
            "lit": sum(map(sum, matrix.chip.leds)) if matrix is not None else None}
    with open(os.path.join(ROOT, ".standins", "stopped-%d.json" % os.getpid()), "w") as f:
        json.dump(seen, f)
    os._exit(0)


if ROOT:
    _point_run_at_the_root()
    signal.signal(signal.SIGTERM, _stopped)
