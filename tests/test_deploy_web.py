"""deploy --host: the toy over CircuitPython's Web Workflow, against a stand-in board on 127.0.0.1
(tests/support/web_workflow.py, written from the documented status codes). No real board is reached."""

import os
import shutil
import signal
import socket
import threading
import time

import pytest

from knightstour_desktop.cli import main
from knightstour_desktop.commands import web_api
from knightstour_desktop.commands.web_changes import BoardLock

from support.deploy import snapshot, stand_in_compiler
from support.web_workflow import Board

WIFI = ('# written by the web installer\n'
        'CIRCUITPY_WIFI_SSID = "home network"\n'
        'CIRCUITPY_WIFI_PASSWORD = "secret words"\n'
        'CIRCUITPY_WEB_API_PASSWORD = "passw0rd"\n'
        'CIRCUITPY_WEB_API_PORT = 80\n')
BOOT_OUT = "Adafruit CircuitPython 10.0.3 on 2025-10-17; Sunton ESP32-2432S028 with ESP32\nBoard ID:sunton_esp32_2432S028\n"
USERS_CODE = "print('my own program')\n"


@pytest.fixture
def board_files(tmp_path):
    """The board's drive as the web installer leaves it, with the user's own code.py."""
    root = tmp_path / "board"
    root.mkdir()
    (root / "boot_out.txt").write_text(BOOT_OUT)
    (root / "settings.toml").write_text(WIFI)
    (root / "code.py").write_text(USERS_CODE)
    return root


def deploy(board, *more, password="passw0rd"):
    args = ["deploy", "--host", board.host, "--no-libs"] + list(more)
    return main(args + (["--password", password] if password is not None else []))


def visible(root):
    """The board's files but the hidden names a deploy stages under."""
    return {name: data for name, data in snapshot(root).items() if ".knightstour-" not in name}


LOCK = BoardLock.PATH.strip("/")


def toy_writes(board):
    """The board's writes but the deploy lock's (made and removed around every deploy that writes)."""
    return [write for write in board.writes() if not write[1].startswith("/fs/%s/" % LOCK)]


def one_line(capsys):
    err = capsys.readouterr().err.strip()
    assert err and "\n" not in err and "Traceback" not in err
    return err


@pytest.mark.parametrize("mpy", [False, True])
def test_the_same_files_as_a_usb_deploy(board_files, tmp_path, capsys, mpy):
    drive = tmp_path / "CIRCUITPY"
    shutil.copytree(board_files, drive)
    more = []
    if mpy:
        compiler, _ = stand_in_compiler(tmp_path, b"C\x06\x00\x1f")
        more = ["--mpy", "--mpy-cross", compiler]
    assert main(["deploy", str(drive), "--no-libs"] + more) == 0
    with Board(board_files) as board:
        assert deploy(board, *more) == 0
    assert snapshot(board_files) == snapshot(drive)
    assert snapshot(board_files)["code.py"] == (drive / "code.py").read_bytes() != USERS_CODE.encode()
    assert any(name.startswith("lib/knightstour/") for name in snapshot(board_files))


def test_the_users_code_py_is_kept_and_code_py_is_written_last(board_files, capsys):
    with Board(board_files) as board:
        assert deploy(board) == 0
        writes = [w for w in board.writes() if w[0] != "DELETE"]
    backups = [name for name in os.listdir(board_files) if name.startswith("code.py.bak-")]
    assert len(backups) == 1 and (board_files / backups[0]).read_text() == USERS_CODE
    assert writes[-1][0] == "MOVE" and writes[-1][3] == "/fs/code.py"
    assert "keep your" in capsys.readouterr().out


def test_settings_toml_keeps_its_wifi_lines(board_files, capsys):
    with Board(board_files) as board:
        assert deploy(board) == 0
        assert (board_files / "settings.toml").read_text() == WIFI  # nothing asked: not touched
        assert deploy(board, "--display", "ili9341", "--touch", "xpt2046") == 0
    text = (board_files / "settings.toml").read_text()
    assert text.startswith(WIFI) and text[len(WIFI):] == 'KNIGHTSTOUR_DISPLAY = "ili9341"\nKNIGHTSTOUR_TOUCH = "xpt2046"\n'
    backups = [name for name in os.listdir(board_files) if name.startswith("settings.toml.bak-")]
    assert len(backups) == 1 and (board_files / backups[0]).read_text() == WIFI


@pytest.mark.parametrize("password, usb, needle", [
    ("wrong", False, "refused the password (401 Unauthorized): give the CIRCUITPY_WEB_API_PASSWORD"),
    (None, False, "has no web API password (403 Forbidden): set CIRCUITPY_WEB_API_PASSWORD"),
    ("passw0rd", True, "cannot write its drive while USB holds it (409 Conflict): eject CIRCUITPY"),
])
def test_a_refusal_is_one_line_naming_the_fix_and_writes_nothing(board_files, capsys, password, usb, needle):
    before = snapshot(board_files)
    with Board(board_files, password=password) as board:
        board.usb = usb
        assert deploy(board, "--display", "ili9341") == 2
        assert board.writes() == []
    assert needle in one_line(capsys)
    assert snapshot(board_files) == before


def test_usb_taking_the_drive_halfway_leaves_the_toy_as_it_was(board_files, capsys):
    before = snapshot(board_files)
    with Board(board_files) as board:
        board.usb_after = 12  # plugged in while the new files are written
        assert deploy(board) == 1
        assert "409 Conflict" in one_line(capsys)
        assert visible(board_files) == before
        board.usb_after = None
        board.usb = False
        assert deploy(board) == 0
    assert not [name for name in snapshot(board_files) if ".knightstour-" in name]


def test_no_answer_is_one_line(capsys):
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    assert main(["deploy", "--host", "127.0.0.1:%d" % port, "--password", "pw", "--no-libs"]) == 2
    line = one_line(capsys)
    assert "no answer from 127.0.0.1:%d" % port in line and "nothing was changed" in line


def test_a_board_that_never_answers_times_out_in_one_line(capsys, monkeypatch):
    monkeypatch.setattr(web_api, "TIMEOUT", 0.3)
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(1)  # connections are accepted by the kernel, never answered
        host = "127.0.0.1:%d" % silent.getsockname()[1]
        assert main(["deploy", "--host", host, "--password", "pw", "--no-libs"]) == 2
    assert "no answer from %s (no answer in 0.3 s)" % host in one_line(capsys)


def test_the_password_comes_from_the_environment(board_files, capsys, monkeypatch):
    with Board(board_files) as board:
        monkeypatch.delenv(web_api.PASSWORD_ENV, raising=False)
        assert deploy(board, password=None) == 2
        assert "--host needs the board's web API password" in one_line(capsys)
        monkeypatch.setenv(web_api.PASSWORD_ENV, "passw0rd")
        assert deploy(board, password=None) == 0


@pytest.mark.parametrize("given", ["", "http://1.2.3.4/", "host:0", "host:99999", "a b", "[::1", "a\r\nb"])
def test_a_bad_host_is_one_line(capsys, given):
    assert main(["deploy", "--host", given, "--password", "pw", "--no-libs"]) == 2
    assert "bad --host" in one_line(capsys)


def test_a_dry_run_writes_nothing(board_files, capsys):
    before = snapshot(board_files)
    with Board(board_files) as board:
        assert deploy(board, "--dry-run", "--display", "ili9341") == 0
        assert board.writes() == []
    out = capsys.readouterr().out
    assert "would copy http://%s/lib/knightstour/warnsdorff.py" % board.host in out and "would change" in out
    assert "KB needed, 4 MB free)" in out
    assert snapshot(board_files) == before


def old_toy(root):
    """The board with an older toy on it: its package, the user's code.py beside (kept), settings to change."""
    package = root / "lib" / "knightstour"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("OLD = True\n")
    (package / "gone.py").write_text("# a module the new toy no longer has\n")


@pytest.mark.parametrize("done", [False, True], ids=["cut-before", "answer-lost"])
def test_a_dropped_connection_is_finished_by_the_next_deploy(
        board_files, tmp_path, capsys, done):
    old_toy(board_files)
    start = snapshot(board_files)
    clean = tmp_path / "clean"
    shutil.copytree(board_files, clean)
    with Board(clean) as board:
        assert deploy(board, "--display", "ili9341") == 0
        answered = list(board.answered)
    expected = snapshot(clean)
    first_write = next(i for i, a in enumerate(answered) if a[0] == "PUT")
    first_move = next(i for i, a in enumerate(answered) if a[0] == "MOVE")
    cuts = sorted(set([first_write, first_write + 1, (first_write + first_move) // 2]
                      + list(range(first_move - 1, len(answered)))))
    for cut in cuts:
        shutil.rmtree(board_files)
        _restore(board_files, start)
        with Board(board_files) as board:
            board.drop_after, board.drop_done = cut, done
            code = deploy(board, "--display", "ili9341")
            capsys.readouterr()
            performed = cut + (1 if done else 0)
            if performed <= first_move:
                assert code == 1 and visible(board_files) == start, cut
            board.drop_after = None
            assert deploy(board, "--display", "ili9341") == 0, (cut, capsys.readouterr())
        after = snapshot(board_files)
        assert not [name for name in after if ".knightstour-" in name], cut
        assert _without_backups(after) == _without_backups(expected), cut
        backups = {name: data for name, data in after.items() if ".bak-" in name}
        assert any(name.startswith("code.py.bak-") for name in backups), cut
        for name, data in backups.items():
            assert data == start[name.split(".bak-")[0]], (cut, name)
        assert after["settings.toml"].decode().startswith(WIFI), cut


def _restore(root, files):
    for name, data in files.items():
        os.makedirs(os.path.dirname(os.path.join(root, name)), exist_ok=True)
        with open(os.path.join(root, name), "wb") as out:
            out.write(data)


def _without_backups(files):
    return {name: data for name, data in files.items() if ".bak-" not in name}


@pytest.mark.parametrize("make, needle", [
    (lambda root: (root / "code.txt").write_text("print(1)\n"), "code.txt runs instead of code.py"),
    (lambda root: (root / "lib").write_text(""), "/lib is a file, not a folder"),
    (lambda root: (root / "settings.toml").unlink() or (root / "settings.toml").mkdir(), "/settings.toml is not a file"),
])
def test_what_a_drive_deploy_refuses_is_refused_on_the_board(board_files, capsys, make, needle):
    make(board_files)
    before = snapshot(board_files)
    with Board(board_files) as board:
        assert deploy(board) == 2
        assert toy_writes(board) == []
    assert needle in one_line(capsys)
    assert snapshot(board_files) == before


def test_a_full_board_changes_nothing(board_files, capsys):
    before = snapshot(board_files)
    with Board(board_files, free=8192) as board:
        assert deploy(board) == 1
        assert toy_writes(board) == []
    assert "not enough space on http://%s" % board.host in one_line(capsys)
    assert snapshot(board_files) == before


def test_circup_installs_the_libraries_over_the_web_workflow(board_files, tmp_path, monkeypatch, capsys):
    log = tmp_path / "circup.log"
    script = tmp_path / "bin" / "circup"
    script.parent.mkdir()
    script.write_text('#!/bin/sh\necho "$@" "password=$CIRCUP_WEBWORKFLOW_PASSWORD" >> %s\n' % log)
    script.chmod(0o755)
    monkeypatch.setenv("PATH", str(script.parent) + os.pathsep + os.environ["PATH"])
    monkeypatch.delenv("CIRCUP_WEBWORKFLOW_PASSWORD", raising=False)
    with Board(board_files) as board:
        assert main(["deploy", "--host", board.host, "--password", "passw0rd"]) == 0
        host, port = board.host.split(":")
    words = log.read_text().split()
    assert words[:6] == ["--host", host, "--port", port, "install", "-r"] and words[-1] == "password=passw0rd"
    assert "passw0rd" not in capsys.readouterr().out
    assert "CIRCUP_WEBWORKFLOW_PASSWORD" not in os.environ


def test_a_redirect_from_circuitpython_local_is_followed(board_files, tmp_path, capsys):
    other = tmp_path / "other"
    other.mkdir()
    with Board(board_files) as board, Board(other) as named:
        named.redirect = board  # circuitpython.local sends every request to the board's own name
        assert deploy(named) == 0
        assert [a[1] for a in named.answered] == ["/cp/version.json"]
    assert "code.py.bak-" in " ".join(os.listdir(board_files)) and os.listdir(other) == []


@pytest.mark.parametrize("method", ["PUT", "MOVE"])
def test_ctrl_c_during_the_deploy_puts_everything_back(board_files, capsys, method):
    old_toy(board_files)
    before = snapshot(board_files)
    main_thread = threading.main_thread().ident

    def interrupt(board):
        last = board.answered[-1] if board.answered else ("", "")
        if last[0] == method and LOCK not in last[1] and board.before is not None:
            board.before = None
            signal.pthread_kill(main_thread, signal.SIGINT)

    with Board(board_files) as board:
        board.before = interrupt
        assert deploy(board, "--display", "ili9341") == 130
    assert "stopped by SIGINT: the toy on %s is as it was" % board.host in one_line(capsys)
    assert snapshot(board_files) == before


def test_a_server_that_is_not_circuitpython_is_one_line(board_files, capsys, monkeypatch):
    from support import web_workflow

    before = snapshot(board_files)
    real = web_workflow.Handler.file_api

    def not_a_listing(handler, board, path):
        if handler.command == "GET" and path.endswith("/"):
            return 200, b'{"files": [1, 2]}', {}
        return real(handler, board, path)

    monkeypatch.setattr(web_workflow.Handler, "file_api", not_a_listing)
    with Board(board_files) as board:
        assert deploy(board) == 2
    assert "answered GET /fs/ with no folder listing" in one_line(capsys)
    assert snapshot(board_files) == before


def hold(root, pid, started):
    (root / LOCK).mkdir()
    (root / LOCK / "holder").write_text("%d %s %d\n" % (pid, socket.gethostname(), started))


def test_one_deploy_at_a_time_per_board(board_files, capsys):
    hold(board_files, os.getppid(), int(time.time()))  # a process that runs: the deploy under way
    before = snapshot(board_files)
    with Board(board_files) as board:
        assert deploy(board) == 1
        assert board.writes() == [("PUT", "/fs/%s/" % LOCK, 204, "")]  # there already: not ours
    line = one_line(capsys)
    assert "another deploy to %s is under way (process %d on %s" % (board.host, os.getppid(), socket.gethostname()) in line
    assert snapshot(board_files) == before


def test_a_lock_left_long_ago_is_taken_over(board_files, capsys):
    hold(board_files, os.getppid(), int(time.time()) - 3600)
    with Board(board_files) as board:
        assert deploy(board) == 0
    assert not (board_files / LOCK).exists() and "lib/knightstour/board.py" in snapshot(board_files)


def test_a_usb_deploy_finishes_what_a_cut_off_web_deploy_left(board_files, capsys):
    with Board(board_files) as board:
        board.drop_after = 20  # the lock is made, some files staged
        assert deploy(board) == 1
    assert any(".knightstour-" in name for name in snapshot(board_files))
    assert main(["deploy", str(board_files), "--no-libs"]) == 0
    assert "lib/knightstour/board.py" in snapshot(board_files)
    assert not [name for name in snapshot(board_files) if ".knightstour-new-" in name or ".knightstour-old-" in name]
