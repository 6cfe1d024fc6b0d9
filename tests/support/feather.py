"""code.py on the stand-in Feather (sim/harness/drive.py) at the heaps the toy says it needs."""

from knightstour.hw.feather import NEEDS_KB
from knightstour_sim.harness.drive import run_feather

HEAP = {display: kb[0] * 1024 for display, kb in NEEDS_KB.items()}  # deployed --mpy


def run_to_the_end(node, **kwargs):
    """The toy deployed with --mpy, run as ``kwargs`` say: (the process, its result), both checked."""
    proc, result = run_feather(node, mpy=True, **kwargs)
    assert proc.returncode == 0 and result is not None, proc.stdout[-2000:] + proc.stderr[-2000:]
    return proc, result
