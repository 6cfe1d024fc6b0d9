"""Every error path of the commands: one line, the right exit code (0 only when the run did what
was asked), no traceback; settings files that are pipes, folders or devices never hang; Ctrl-C
while a command starts never prints a traceback (real processes, real signals)."""

import io
import os
import signal
import subprocess
import sys

import pytest

from knightstour_desktop import settings_toml
from knightstour_desktop.commands import orders as orders_command
from knightstour_desktop.commands import run as run_command

from support.cli import one_line, run_cli, run_on

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXE = os.path.join(os.path.dirname(sys.executable), "knights-tour")


@pytest.fixture(autouse=True)
def no_stdin(monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))


SIM = ("sim", "--plain", "--once", "--display", "matrix", "--speed", "0")


# --- sim ---

def test_screenshot_follows_the_seed(tmp_path, capsys):
    shots = {}
    for name, seed in (("a", "1"), ("b", "1"), ("c", "2")):
        path = tmp_path / (name + ".png")
        assert run_cli(capsys, "sim", "--display", "matrix", "--screenshot", str(path), "--moves", "6",
                    "--seed", seed)[0] == 0
        shots[name] = path.read_bytes()
    assert shots["a"] == shots["b"] and shots["a"] != shots["c"]


def test_quitting_a_once_run_before_the_tour_ends_is_not_success(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert run_cli(capsys, "sim", "--plain", "--once", "--display", "matrix")[0] == 1


def test_a_start_off_the_board_names_the_option_it_came_from(capsys, monkeypatch):
    code, _, err = run_cli(capsys, *SIM, "--start", "i9")
    assert code == 2 and one_line(err) and "bad --start i9: not a square of the 8x8 board" in err
    monkeypatch.setenv("KNIGHTSTOUR_START", "i9")
    code, _, err = run_cli(capsys, *SIM)
    assert code == 2 and one_line(err) and "bad KNIGHTSTOUR_START = 'i9'" in err


def test_a_bad_matrix_chain_exits_2_everywhere(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("KNIGHTSTOUR_MATRIX_CHAIN", "bogus")
    for argv in (SIM, ("sim", "--display", "matrix", "--screenshot", str(tmp_path / "m.png")),
                 ("sim", "--plain", "--once", "--display", "tft", "--speed", "0")):
        code, _, err = run_cli(capsys, *argv)
        assert code == 2 and one_line(err) and "bad KNIGHTSTOUR_MATRIX_CHAIN = 'bogus'" in err, argv
    assert not (tmp_path / "m.png").exists()
    code, _, err = run_cli(capsys, "run", "--display", "max7219")
    assert code == 2 and one_line(err) and "bad KNIGHTSTOUR_MATRIX_CHAIN = 'bogus'" in err
    # on a Pi's (emulated) hardware too: a bad setting, before any chip is touched
    with pytest.raises(ValueError, match="bad KNIGHTSTOUR_MATRIX_CHAIN = '5 2x2'"):
        run_on(tmp_path, "max7219", {"KNIGHTSTOUR_MATRIX_CHAIN": "5 2x2"})


def test_a_screenshot_after_a_day_of_idle_and_no_more(tmp_path, capsys, monkeypatch):
    path = tmp_path / "idle.png"
    monkeypatch.setenv("KNIGHTSTOUR_IDLE_MS", "86400000")
    code, out, err = run_cli(capsys, "sim", "--display", "matrix", "--touch", "--screenshot", str(path), "--moves", "3")
    assert code == 0 and path.exists() and err == ""
    monkeypatch.setenv("KNIGHTSTOUR_IDLE_MS", "99999999999999999999")
    code, _, err = run_cli(capsys, "sim", "--display", "tft", "--touch", "--screenshot", str(path))
    assert code == 2 and one_line(err) and "KNIGHTSTOUR_IDLE_MS" in err and "0 to 86400000" in err


# --- settings files that are not regular files ---

@pytest.mark.parametrize("command", [SIM, ("run", "--display", "max7219")])
def test_config_that_is_a_folder_a_device_or_missing(tmp_path, capsys, command):
    for config, needle in ((str(tmp_path), "is a folder"), ("/dev/null", "is a device"),
                           (str(tmp_path / "nope.toml"), "no such file"), ("", "bad --config ''")):
        code, _, err = run_cli(capsys, *command, "--config", config)
        assert code == 2 and one_line(err) and needle in err, (config, err)


def test_config_that_cannot_be_read_says_so(tmp_path, capsys, monkeypatch):
    config = tmp_path / "settings.toml"
    config.write_text('KNIGHTSTOUR_RULE = "first"\n')
    real_open = os.open

    def refused(path, *args, **kwargs):  # as chmod 000 does, also when the tests run as root
        if str(path) == str(config):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", refused)
    code, _, err = run_cli(capsys, *SIM, "--config", str(config))
    assert code == 2 and one_line(err) and "Permission denied" in err and "no such file" not in err


@pytest.mark.parametrize("command", [SIM, ("run", "--display", "max7219")])
def test_a_fifo_nobody_writes_to_is_refused_at_once(tmp_path, command):
    fifo = tmp_path / "settings.fifo"
    os.mkfifo(fifo)
    done = subprocess.run([EXE, *command, "--config", str(fifo)], capture_output=True, text=True, timeout=60,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 2 and one_line(done.stderr) and "a pipe that gave nothing" in done.stderr


def test_a_pipe_that_never_ends_is_refused_after_its_time(tmp_path):
    fifo = tmp_path / "slow.fifo"
    os.mkfifo(fifo)
    held = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # a reader, so that a writer can open
    writer = os.open(fifo, os.O_WRONLY)  # connected, and it writes nothing
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        with pytest.raises(ValueError, match="a pipe that gave no end of file within 0 s"):
            settings_toml.read_pipe(reader, str(fifo), seconds=0.3)
    finally:
        for fd in (reader, writer, held):
            os.close(fd)


def test_a_process_substitution_is_read(tmp_path):
    script = ('"%s" sim --plain --once --display matrix --speed 0 --config '
              '<(printf \'KNIGHTSTOUR_SIZE = "5x5"\\nKNIGHTSTOUR_START = "a1"\\n\')' % EXE)
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 0 and done.stderr == "" and "complete: 25 squares from a1" in done.stdout


# --- orders and outputs ---

def test_empty_output_names_are_refused_before_any_work(capsys, monkeypatch):
    def no_work(*args, **kwargs):
        raise AssertionError("the work started")

    monkeypatch.setattr(orders_command, "analysis_class", no_work)
    monkeypatch.setattr(orders_command, "fresh_entries", no_work)
    for argv, needle in ((("orders", "analyse", "--size", "5x5", "--json", ""), "bad --json '': give a file name"),
                         (("orders", "analyse", "--size", "5x5", "--heatmap", ""), "bad --heatmap '': give a file name"),
                         (("orders", "write", "--output", ""), "bad --output '': give a file name")):
        code, out, err = run_cli(capsys, *argv)
        assert code == 2 and out == "" and one_line(err) and needle in err, argv


def test_orders_lists_only_the_rules_it_analyses(capsys):
    code, _, err = run_cli(capsys, "orders", "analyse", "--rule", "bogus")
    assert code == 2 and one_line(err) and "one of border, centre, first (" in err
    assert "random" not in err.split("(")[0]


# --- run ---

def test_run_on_a_computer_that_is_not_a_pi_says_so(tmp_path, capsys, monkeypatch):
    model = tmp_path / "model"
    cpuinfo = tmp_path / "cpuinfo"
    cpuinfo.write_text("processor\t: 0\nmodel name\t: Intel(R) Core(TM) i5\n")
    monkeypatch.setattr(run_command, "MODEL", str(model))
    monkeypatch.setattr(run_command, "CPUINFO", str(cpuinfo))
    monkeypatch.setattr(run_command, "SPI_DEVICE", str(tmp_path / "no-spi"))
    for content in (None, b"Pine64 RockPro64\0"):
        if content is not None:
            model.write_bytes(content)
        code, _, err = run_cli(capsys, "run", "--display", "max7219")
        assert code == run_command.EXIT_SETUP and one_line(err)
        assert "not a Raspberry Pi" in err and "knights-tour sim" in err and "SPI" not in err
    for pi in (model, cpuinfo):  # the device tree's model, or a container's cpuinfo, says Raspberry Pi
        pi.write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\0" if pi == model else b"Model\t: Raspberry Pi 5 Model B\n")
        if pi == cpuinfo:
            model.unlink()
        code, _, err = run_cli(capsys, "run", "--display", "max7219")
        assert code == run_command.EXIT_SETUP and "enable SPI" in err  # a Pi: now the SPI line is the news


# --- Ctrl-C while a command starts ---

INTERRUPT_AT = {
    # where: code run in the knights-tour process before main(), sending it SIGINT at that point
    "building the parser": "import importlib; real = importlib.import_module\n"
                           "importlib.import_module = lambda name: (send(), real(name))[1]",
    "reading the arguments": "import argparse; real = argparse.ArgumentParser.parse_args\n"
                             "argparse.ArgumentParser.parse_args = lambda *a, **k: (send(), real(*a, **k))[1]",
    "loading the settings": "import knightstour_desktop.settings_toml as t; real = t.load_for_command\n"
                            "t.load_for_command = lambda *a, **k: (send(), real(*a, **k))[1]",
}


@pytest.mark.parametrize("where,command", [
    (where, command) for where in sorted(INTERRUPT_AT)
    for command in (["sim", "--plain", "--display", "matrix"], ["run", "--display", "max7219"], ["solve", "--size", "5x5"])
    if where != "loading the settings" or command[0] != "solve"])
def test_ctrl_c_while_starting_exits_130_without_a_traceback(where, command):
    # The console script's own steps, with a real SIGINT sent to the process at one point of them.
    script = ("import os, signal, sys\n"
              "sys.argv[0] = 'knights-tour'\n"
              "from knightstour_desktop.cli import main\n"
              "def send():\n"
              "    os.kill(os.getpid(), signal.SIGINT)\n"
              + INTERRUPT_AT[where] + "\n"
              "sys.exit(main(%r))\n" % command)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                          stdin=subprocess.DEVNULL, cwd=ROOT)
    assert done.returncode == 130 and done.stderr == "", (where, done.stderr[-500:])


def test_importing_the_command_line_leaves_ctrl_c_alone():
    script = ("import signal, sys\n"
              "sys.argv[0] = 'knights-tour'\n"
              "before = signal.getsignal(signal.SIGINT)\n"
              "import knightstour_desktop.cli\n"
              "print(signal.getsignal(signal.SIGINT) is before, 'knightstour' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert (done.stdout, done.stderr) == ("True False\n", "")


def test_ctrl_c_anywhere_in_a_real_start_shows_no_traceback():
    # SIGINT at moments spread over the start of the real command. Before knightstour_desktop.cli puts its
    # handler in place (main()'s first line), Python itself may still print a traceback (interpreter
    # start-up, site-packages' .pth hooks, the first imports); from there on, never.
    with open(os.path.join(ROOT, "device", "knightstour_desktop", "cli.py")) as handle:
        handler_line = next(i for i, line in enumerate(handle, 1) if "signal.signal(signal.SIGINT, signal.default" in line)
    for delay in (0.05, 0.1, 0.15, 0.2, 0.3, 0.45, 0.6, 0.8):
        process = subprocess.Popen([EXE, "sim", "--plain", "--display", "matrix", "--speed", "0"],
                                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            process.wait(delay)
        except subprocess.TimeoutExpired:
            process.send_signal(signal.SIGINT)
        err = process.communicate(timeout=60)[1].decode()
        ours = [line for line in err.splitlines() if line.strip().startswith('File "' + ROOT + os.sep)
                and ("device" + os.sep in line or "sim" + os.sep in line) and "__init__.py" not in line
                and not ("cli.py" in line and int(line.split("line ")[1].split(",")[0]) <= handler_line)]
        assert ours == [], (delay, err[-800:])
        if "Traceback" not in err:
            assert process.returncode in (130, -signal.SIGINT), (delay, process.returncode, err)


# --- one form for a bad option: "bad --X value: what it takes" ---

@pytest.mark.parametrize("argv, line", [
    (("sim", "--display", "tft", "--screenshot", "x.png", "--tap", "-5,-5"),
     "bad --tap -5,-5: give X,Y, two whole numbers of TFT pixels from the top left, e.g. --tap 250,200"),
    (("sim", "--display", "tft", "--screenshot", "x.png", "--tap", "-5"), "bad --tap -5: give X,Y"),
    (SIM + ("--speed", "-1"), "bad --speed -1: 0 (no delay) or a number from 0.01 to 100"),
    (SIM + ("--speed", "-.5"), "bad --speed -.5: 0 (no delay) or a number from 0.01 to 100"),
    (SIM + ("--rule", "zig"), "bad --rule zig: one of border, centre, first, random"),
    (SIM + ("--size", "0x3"), "bad --size 0x3: a board size is WxH"),
    (SIM + ("--start", "i9"), "bad --start i9: not a square of the 8x8 board"),
    (SIM + ("--rule", "two words"), "bad --rule 'two words': one of border"),
    (("orders", "analyse", "--rule", "bogus"), "bad --rule bogus: one of border, centre, first ("),
    (("solve", "--start", "z0"), "bad --start z0: "),
    (("deploy", ".", "--force", "--display", "oled"), "bad --display oled: give one of"),
    (("deploy", "nowhere", "--display", "max7219"), "bad PATH_TO_CIRCUITPY nowhere: no such folder"),
])
def test_a_bad_option_reads_bad_option_value_then_what_it_takes(tmp_path, capsys, monkeypatch, argv, line):
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli(capsys, *argv)
    assert code == 2 and one_line(err), err
    assert err.startswith("knights-tour ") and ": error: " + line in err, err
    assert os.listdir(tmp_path) == []
