"""deploy --mpy without --mpy-cross: the compiler for the board's CircuitPython version comes from
Adafruit's bucket, here a stand-in server on 127.0.0.1 (KNIGHTSTOUR_MPY_CROSS_BASE) serving a
stand-in compiler (test_deploy.stand_in); the real address is never touched."""

import http.server
import os
import signal
import socket
import subprocess
import sys
import threading
import time

import pytest
from test_deploy import snapshot, stand_in

from knightstour_desktop.cli import main
from knightstour_desktop.commands import mpy_cross

BOOT = "Adafruit CircuitPython %s on 2024-11-20; Adafruit Feather M4 Express with samd51j19\n"


class Bucket(http.server.ThreadingHTTPServer):
    """A stand-in for Adafruit's bucket: ``files`` maps a path to its bytes; ``stall`` sends the
    headers and half the body, then waits."""

    daemon_threads = True

    def __init__(self):
        self.files = {}
        self.hits = []
        self.stall = threading.Event()
        self.stalling = False
        super().__init__(("127.0.0.1", 0), Handler)

    @property
    def base(self):
        return "http://127.0.0.1:%d/bin/mpy-cross" % self.server_address[1]


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.server.hits.append(self.path)
        body = self.server.files.get(self.path)
        if body is None:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.server.stalling:
            self.wfile.write(body[:len(body) // 2])
            self.wfile.flush()
            self.server.stall.wait(30)
            return
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture
def bucket(monkeypatch, tmp_path):
    for name in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "all_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1")
    monkeypatch.delenv("KNIGHTSTOUR_MPY_CROSS", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    server = Bucket()
    monkeypatch.setenv("KNIGHTSTOUR_MPY_CROSS_BASE", server.base)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.stall.set()
    server.shutdown()
    server.server_close()


def path_of(server, version="9.2.1"):
    """The path the deploy asks the server for (this computer's name in the bucket)."""
    return mpy_cross.url_for(version, {"KNIGHTSTOUR_MPY_CROSS_BASE": server.base})[len("http://127.0.0.1:%d"
                                                                                       % server.server_address[1]):]


@pytest.fixture
def drive(tmp_path):
    path = tmp_path / "CIRCUITPY"
    path.mkdir()
    (path / "boot_out.txt").write_text(BOOT % "9.2.1")
    return path


def cached(tmp_path):
    folder = tmp_path / "cache" / "knightstour" / "mpy-cross"
    return sorted(os.listdir(folder)) if folder.exists() else []


def test_mpy_downloads_the_boards_compiler_once_then_uses_the_cached_one(bucket, drive, tmp_path, capsys):
    bucket.files[path_of(bucket)] = stand_in()
    assert main(["deploy", str(drive), "--mpy", "--no-libs"]) == 0
    out = capsys.readouterr().out
    url = bucket.base + path_of(bucket)[len("/bin/mpy-cross"):]
    assert "downloading mpy-cross for CircuitPython 9.2.1 from %s" % url in out
    assert (drive / "lib/knightstour/solver.mpy").read_bytes()[:2] == b"C\x06"
    name = os.path.basename(path_of(bucket))
    assert cached(tmp_path) == [name]
    assert os.access(tmp_path / "cache/knightstour/mpy-cross" / name, os.X_OK)
    assert len(bucket.hits) == 1
    bucket.files.clear()  # the bucket is gone: the cache serves
    assert main(["deploy", str(drive), "--mpy", "--no-libs"]) == 0
    assert "downloading" not in capsys.readouterr().out and len(bucket.hits) == 1


@pytest.mark.parametrize("system, machine, path", [
    ("linux", "x86_64", "linux-amd64/mpy-cross-linux-amd64-9.2.1.static"),
    ("linux", "aarch64", "linux-aarch64/mpy-cross-linux-aarch64-9.2.1.static-aarch64"),
    ("linux", "armv7l", "linux-raspbian/mpy-cross-linux-raspbian-9.2.1.static-raspbian"),
    ("linux", "armv6l", "linux-raspbian/mpy-cross-linux-raspbian-9.2.1.static-raspbian"),
    ("darwin", "arm64", "macos/mpy-cross-macos-9.2.1-universal"),
    ("darwin", "x86_64", "macos/mpy-cross-macos-9.2.1-universal"),
    ("win32", "AMD64", "windows/mpy-cross-windows-9.2.1.static.exe"),
])
def test_the_buckets_layout(system, machine, path):
    assert mpy_cross.url_for("9.2.1", {}, system, machine) == mpy_cross.BASE + "/" + path
    assert mpy_cross.url_for("9.2.1", {"KNIGHTSTOUR_MPY_CROSS_BASE": "http://x/y/"}, system, machine) == \
        "http://x/y/" + path


def test_a_computer_without_a_published_compiler_is_one_line():
    with pytest.raises(ValueError, match="publishes no mpy-cross for this computer.*--mpy-cross"):
        mpy_cross.url_for("9.2.1", {}, "freebsd14", "amd64")


def test_the_cache_folder_follows_xdg(tmp_path):
    assert mpy_cross.cache_dir({"XDG_CACHE_HOME": "/c"}, "linux") == os.path.join("/c", "knightstour", "mpy-cross")
    home = os.path.expanduser("~")
    assert mpy_cross.cache_dir({"XDG_CACHE_HOME": "relative"}, "linux") == \
        os.path.join(home, ".cache", "knightstour", "mpy-cross")
    assert mpy_cross.cache_dir({}, "darwin") == os.path.join(home, "Library", "Caches", "knightstour", "mpy-cross")
    assert mpy_cross.cache_dir({"LOCALAPPDATA": "/l"}, "win32") == os.path.join("/l", "knightstour", "mpy-cross")


def refused(drive, capsys, *needles, code=1):
    before = snapshot(drive)
    assert main(["deploy", str(drive), "--mpy", "--no-libs"]) == code
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    for needle in needles:
        assert needle in err, err
    assert snapshot(drive) == before
    return err


def test_offline_is_one_line_naming_the_address_and_mpy_cross(bucket, drive, tmp_path, capsys, monkeypatch):
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    monkeypatch.setenv("KNIGHTSTOUR_MPY_CROSS_BASE", "http://127.0.0.1:%d/bin/mpy-cross" % port)
    refused(drive, capsys, "cannot download mpy-cross for CircuitPython 9.2.1 from http://127.0.0.1:%d/" % port,
            "onnection refused", "--mpy-cross PROGRAM")
    assert cached(tmp_path) == []


def test_not_in_the_bucket_is_one_line(bucket, drive, tmp_path, capsys):
    refused(drive, capsys, bucket.base, "HTTP 404", "--mpy-cross PROGRAM")
    assert cached(tmp_path) == []


def test_a_compiler_for_another_version_is_refused_and_not_kept(bucket, drive, tmp_path, capsys):
    bucket.files[path_of(bucket)] = stand_in("9.2.0")
    refused(drive, capsys, "is for CircuitPython 9.2.0, not 9.2.1", "--mpy-cross PROGRAM")
    assert cached(tmp_path) == []


def test_a_web_page_instead_of_a_compiler_is_refused_and_not_kept(bucket, drive, tmp_path, capsys):
    bucket.files[path_of(bucket)] = b"<html><body>Access Denied</body></html>\n"
    refused(drive, capsys, "cannot be used: it does not run", "--mpy-cross PROGRAM")
    assert cached(tmp_path) == []


def test_a_server_that_does_not_answer_is_one_line(bucket, drive, tmp_path, capsys, monkeypatch):
    bucket.files[path_of(bucket)] = stand_in()
    bucket.stalling = True
    monkeypatch.setattr(mpy_cross, "TIMEOUT", 1)
    refused(drive, capsys, "no answer within 1 s")
    assert cached(tmp_path) == []


def test_an_endless_download_is_cut_off(bucket, drive, tmp_path, capsys, monkeypatch):
    bucket.files[path_of(bucket)] = stand_in() + b"#" * 300000
    monkeypatch.setattr(mpy_cross, "LARGEST", 200000)
    refused(drive, capsys, "which no mpy-cross is")
    assert cached(tmp_path) == []


def test_a_broken_cached_compiler_is_downloaded_again(bucket, drive, tmp_path, capsys):
    folder = tmp_path / "cache" / "knightstour" / "mpy-cross"
    folder.mkdir(parents=True)
    broken = folder / os.path.basename(path_of(bucket))
    broken.write_bytes(stand_in("9.1.0"))
    broken.chmod(0o755)
    bucket.files[path_of(bucket)] = stand_in()
    assert main(["deploy", str(drive), "--mpy", "--no-libs"]) == 0
    assert broken.read_bytes() == stand_in() and len(bucket.hits) == 1


def test_the_version_comes_from_boot_out(bucket, drive, capsys):
    (drive / "boot_out.txt").write_text(BOOT % "10.0.3")
    bucket.files[path_of(bucket, "10.0.3")] = stand_in("10.0.3")
    assert main(["deploy", str(drive), "--mpy", "--no-libs"]) == 0
    assert bucket.hits == [path_of(bucket, "10.0.3")]


def test_mpy_with_force_and_no_boot_out_needs_mpy_cross(bucket, drive, capsys):
    (drive / "boot_out.txt").unlink()
    before = snapshot(drive)
    assert main(["deploy", str(drive), "--mpy", "--no-libs", "--force"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "--mpy-cross PROGRAM" in err and "boot_out.txt" in err
    assert snapshot(drive) == before and bucket.hits == []


def fetch_in_a_process(env):
    return subprocess.Popen([sys.executable, "-c", "from knightstour_desktop.commands import mpy_cross; "
                             "print(mpy_cross.fetch('9.2.1'))"], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def test_deploys_downloading_at_once_share_one_whole_compiler(bucket, tmp_path):
    body = stand_in() + b"#" * 200000
    bucket.files[path_of(bucket)] = body
    procs = [fetch_in_a_process(dict(os.environ)) for _ in range(5)]
    paths = set()
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        paths.add(out.strip().splitlines()[-1])
    assert len(paths) == 1
    assert open(paths.pop(), "rb").read() == body
    assert cached(tmp_path) == [os.path.basename(path_of(bucket))]  # no part files left


def test_ctrl_c_during_the_download_leaves_nothing(bucket, drive, tmp_path):
    bucket.files[path_of(bucket)] = stand_in() + b"#" * 100000
    bucket.stalling = True
    before = snapshot(drive)
    proc = subprocess.Popen([sys.executable, "-m", "knightstour_desktop.cli", "deploy", str(drive), "--mpy", "--no-libs"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout.readline().startswith("downloading mpy-cross")
    end = time.monotonic() + 30
    while not any(n.endswith(".part") for n in cached(tmp_path)) and time.monotonic() < end:
        time.sleep(0.01)
    time.sleep(0.2)  # the first half is in; the server waits
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert err.strip() == "knights-tour deploy: stopped by SIGINT: nothing was changed"
    assert cached(tmp_path) == [] and snapshot(drive) == before
