"""The command line from the tests: `knights-tour sim` with what it printed; the run command (the
Pi's entry point) on an emulated Pi."""

import argparse
import io

from knightstour.hw.wiring.hardware import BoardHardware
from knightstour_desktop.cli import main
from knightstour_desktop.commands import run as run_command
from knightstour_sim.chips import rig, shims
from knightstour_sim.screenshot import sim_board


def args_for(*argv):
    """``argv`` parsed as run's arguments."""
    parser = argparse.ArgumentParser()
    run_command.add_arguments(parser)
    return parser.parse_args(list(argv))


def run_on(tmp_path, display, environ, tft=None):
    """``run --display display`` on an emulated Pi (a matrix rig, or ``tft``) with ``environ`` as its
    environment, stopped at its first frame: (the exit code, what it wrote on stderr)."""
    spidev = tmp_path / "spidev0.0"
    spidev.write_text("")
    if display == "max7219":
        board = sim_board("pi", matrix=rig.matrix_rig())
    else:
        board = sim_board("pi", tft=tft)
    err = io.StringIO()
    hardware = lambda settings: BoardHardware("pi", settings, board=board)  # noqa: E731
    with shims.skip_sleeps():
        code = run_command.start(args_for("--display", display), environ=environ, hardware=hardware,
                                 spi_device=str(spidev), err=err, until=lambda app: True)
    return code, err.getvalue()


def run_sim(capsys, *argv):
    """``knights-tour sim *argv``: (its exit code, what it printed, what it printed on stderr)."""
    code = main(["sim", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def run_cli(capsys, *argv):
    """``knights-tour *argv``: (its exit code, what it printed, what it printed on stderr)."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err):
    """True when ``err`` is one line with no traceback: what every refusal prints."""
    return err.endswith("\n") and err.count("\n") == 1 and "Traceback" not in err
