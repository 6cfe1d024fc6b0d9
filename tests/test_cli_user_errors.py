"""What a user did wrong is one line and exit code 2; any other exception is a bug and shows as one."""

import os
import subprocess
import sys

import pytest

from knightstour_desktop.cli import main
from knightstour_desktop.commands import solve
from knightstour_desktop.errors import UserError

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_a_user_error_is_one_line_and_exit_code_2(capsys):
    assert main(["solve", "--start", "z0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("knights-tour solve: error: bad --start z0: ") and err.count("\n") == 1


def test_a_user_error_of_several_lines_prints_each_as_an_error(monkeypatch, capsys):
    def run(args):
        raise UserError("bad KNIGHTSTOUR_RULE = 'zig'\nbad KNIGHTSTOUR_SIZE = '0x0'")

    monkeypatch.setattr(solve, "run", run)
    assert main(["solve"]) == 2
    assert capsys.readouterr().err.splitlines() == ["knights-tour solve: error: bad KNIGHTSTOUR_RULE = 'zig'",
                                                     "knights-tour solve: error: bad KNIGHTSTOUR_SIZE = '0x0'"]


def test_a_valueerror_from_a_bug_is_not_taken_for_a_user_error(monkeypatch):
    def run(args):
        return int("a bug")

    monkeypatch.setattr(solve, "run", run)
    with pytest.raises(ValueError, match="invalid literal"):
        main(["solve"])


def test_the_command_shows_a_bugs_traceback():
    script = ("import sys\n"
              "sys.argv[0] = 'knights-tour'\n"
              "from knightstour_desktop import cli\n"
              "from knightstour_desktop.commands import solve\n"
              "solve.run = lambda args: int('a bug')\n"
              "sys.exit(cli.main(['solve']))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 1
    assert "Traceback" in done.stderr and "ValueError: invalid literal" in done.stderr
    assert "error: invalid literal" not in done.stderr
