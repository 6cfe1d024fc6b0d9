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


# A MicroPython script's measuring loop: ``measure(rows)`` makes ``count`` of each row's object
# (name, c_size, count, make) into a list made beforehand, and prints "name c_size size": the
# heap each took, after a collection (run.mjs collects at each yield).
MEASURE_STAND_INS = r'''
import gc, asyncio


def measure(rows):
    for name, c_size, count, make in rows:
        keep = [None] * count
        gc.collect()
        yield
        before = gc.mem_alloc()
        for i in range(count):
            keep[i] = make()
        gc.collect()
        yield
        print(name, c_size, (gc.mem_alloc() - before) // count)
        keep = None
'''


def stand_in_sizes(node, folder, modules, rows):
    """[(name, c_size, size)]: the heap each stand-in object of ``rows`` takes (a generator
    function's source, ``rows()``, yielding from measure()), with the stand-in ``modules`` of
    sim/circuitpython copied into ``folder``."""
    from knightstour_sim.harness import drive

    for name in modules:
        shutil.copy(f"{drive.STAND_INS_DIR}/{name}.py", folder)
    drive.copy_boards(folder)  # the stand-in board's definitions
    script = Path(folder) / "sizes.py"
    script.write_text(MEASURE_STAND_INS + rows + "\nasyncio.run(rows())\n")
    proc = run_micropython(node, script, heap=1024 * 1024)
    assert proc.returncode == 0, proc.stderr
    return [(name, int(c_size), int(size)) for name, c_size, size in
            (line.rsplit(" ", 2) for line in proc.stdout.splitlines())]
