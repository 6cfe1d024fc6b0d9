"""tools/setup-venv.sh: ./simulate installs the simulator's extras only, ./test the rest, one .venv."""

import os
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Stands in for .venv/bin/python: records each pip install's last argument (the extras asked for).
FAKE_PYTHON = """#!/bin/sh
for last in "$@"; do :; done
echo "$last" >> "$(dirname "$0")/../pip-log"
"""


def checkout(tmp_path):
    """A copy of what setup-venv.sh reads, with a .venv whose python is the stand-in."""
    (tmp_path / "tools").mkdir()
    shutil.copy(os.path.join(ROOT, "tools", "setup-venv.sh"), str(tmp_path / "tools"))
    shutil.copy(os.path.join(ROOT, "pyproject.toml"), str(tmp_path))
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(FAKE_PYTHON)
    python.chmod(0o755)
    return tmp_path


def setup(root, what):
    """Run setup_venv WHAT; the pip installs it made since the last call."""
    log = root / ".venv" / "pip-log"
    before = log.read_text().splitlines() if log.exists() else []
    done = subprocess.run(["bash", "-c", 'source tools/setup-venv.sh && setup_venv "$1"', "bash", what],
                          cwd=str(root), capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    after = log.read_text().splitlines() if log.exists() else []
    return [line.replace(str(root), "ROOT") for line in after[len(before):]]


def test_the_simulator_gets_its_extras_only_and_the_tests_the_rest(tmp_path):
    root = checkout(tmp_path)
    assert setup(root, "sim") == ["ROOT[sim]"]
    assert setup(root, "sim") == []  # installed: nothing to do
    assert setup(root, "test") == ["ROOT[test]"]
    assert setup(root, "test") == []


def test_a_test_install_serves_the_simulator_too(tmp_path):
    root = checkout(tmp_path)
    assert setup(root, "test") == ["ROOT[test]"]
    assert setup(root, "sim") == []


def test_a_changed_pyproject_installs_again(tmp_path):
    root = checkout(tmp_path)
    setup(root, "test")
    with open(str(root / "pyproject.toml"), "a") as f:
        f.write("\n# changed\n")
    assert setup(root, "sim") == ["ROOT[sim]"]
    assert setup(root, "test") == ["ROOT[test]"]


def test_the_simulators_extras_hold_no_test_tools():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        extras = tomllib.load(f)["project"]["optional-dependencies"]
    wanted = " ".join(extras["sim"] + extras["emu"]).lower()
    for name in ("numba", "numpy", "llvmlite", "ruff", "pytest"):
        assert name not in wanted


def test_an_unknown_set_is_refused():
    done = subprocess.run(["bash", "-c", "source tools/setup-venv.sh && setup_venv lint"], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 2 and "unknown set 'lint' (sim or test)" in done.stderr
