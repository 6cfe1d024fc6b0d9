"""The 32-bit MicroPython WebAssembly port (npm's @micropython/micropython-webassembly-pyscript),
run under node by tools/micropython/run.mjs. The ``node`` fixture (conftest.py) skips, or fails
under CI, when node or the package is missing."""

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEVICE = ROOT / "device"
RUNNER = ROOT / "tools" / "micropython" / "run.mjs"
PACKAGE = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
DEFAULT_HEAP = 32 * 1024 * 1024
TIMEOUT = 180


def find_node():
    """(the node binary, None) once the port is installed, else (None, why not)."""
    path = shutil.which("node")
    if path is None:
        return None, "node is not installed (MicroPython runs as WebAssembly under node)"
    if not PACKAGE.is_dir():
        return None, "%s is missing: run npm ci" % PACKAGE.relative_to(ROOT)
    return path, None


def run_micropython(node, script, heap=DEFAULT_HEAP, device=DEVICE):
    """``script`` under the port with ``heap`` bytes and ``device`` on its path: the finished process."""
    return subprocess.run(
        [node, str(RUNNER), "--heap", str(heap), "--path", str(device), str(script)],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        cwd=ROOT,
    )
