"""deploy --mpy without --mpy-cross: the compiler for the board's CircuitPython version comes from
Adafruit's bucket, here a stand-in server on 127.0.0.1 (KNIGHTSTOUR_MPY_CROSS_BASE) serving a
stand-in compiler (support/deploy.py stand_in); the real address is never touched. deploy takes only
https:// addresses: plain_https serves them from the stand-in over loopback HTTP."""

import http.server
import json
import os
import signal
import socket
import stat
import subprocess
import sys
import threading
import time

import pytest

from knightstour_desktop.cli import main
from knightstour_desktop.commands import mpy_cross

from support import plain_https
from support.deploy import snapshot, stand_in, stand_in_compiler

BOOT = "Adafruit CircuitPython %s on 2024-11-20; Adafruit Feather M4 Express with samd51j19\n"


class Bucket(http.server.ThreadingHTTPServer):
    """A stand-in for Adafruit's bucket: ``files`` maps a path to its bytes; ``stall`` sends the
    headers and half the body, then waits."""

    daemon_threads = True

    def __init__(self):
        self.files = {}
        self.hits = []
        self.stall = threading.Event()
        self.stalled = threading.Event()  # set once the half is sent
        self.stalling = False
        super().__init__(("127.0.0.1", 0), Handler)

    @property
    def base(self):
        return "https://127.0.0.1:%d/bin/mpy-cross" % self.server_address[1]


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.server.hits.append(self.path)
        body = self.server.files.get(self.path)
        if body is None:
            self.send_error(404)
            return
        if isinstance(body, str):  # a redirect
            self.send_response(302)
            self.send_header("Location", body)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.server.stalling:
            self.wfile.write(body[:len(body) // 2])
            self.wfile.flush()
            self.server.stalled.set()
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
    monkeypatch.delenv("KNIGHTSTOUR_MPY_CROSS_SHA256", raising=False)
    plain_https.patch(monkeypatch)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True)  # a quick shutdown()
    thread.start()
    yield server
    server.stall.set()
    server.shutdown()
    server.server_close()


def path_of(server, version="9.2.1"):
    """The path the deploy asks the server for (this computer's name in the bucket)."""
    return mpy_cross.url_for(version, {"KNIGHTSTOUR_MPY_CROSS_BASE": server.base})[len("https://127.0.0.1:%d"
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


@pytest.mark.slow
def test_mpy_downloads_the_compiler_once_then_caches_it(bucket, drive, tmp_path, capsys):
    bucket.files[path_of(bucket)] = stand_in()
    assert main(["deploy", str(drive), "--mpy", "--no-libs"]) == 0
    out = capsys.readouterr().out
    url = bucket.base + path_of(bucket)[len("/bin/mpy-cross"):]
    assert "downloading mpy-cross for CircuitPython 9.2.1 from %s" % url in out
    assert (drive / "lib/knightstour/warnsdorff.mpy").read_bytes()[:2] == b"C\x06"
    name = os.path.basename(path_of(bucket))
    assert cached(tmp_path) == [name, name + ".json"]
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
    assert mpy_cross.url_for("9.2.1", {"KNIGHTSTOUR_MPY_CROSS_BASE": "https://x/y/"}, system, machine) == \
        "https://x/y/" + path


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
    monkeypatch.setenv("KNIGHTSTOUR_MPY_CROSS_BASE", "https://127.0.0.1:%d/bin/mpy-cross" % port)
    refused(drive, capsys, "cannot download mpy-cross for CircuitPython 9.2.1 from https://127.0.0.1:%d/" % port,
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
    assert "removed the cached mpy-cross %s: there is no record of where it was downloaded from; downloading it " \
        "again" % broken in capsys.readouterr().out


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


TESTS = os.path.dirname(os.path.abspath(__file__))
PATCHED = "import sys; sys.path.insert(0, %r); from support import plain_https; plain_https.patch(); " % TESTS


def fetch_in_a_process(env):
    return subprocess.Popen([sys.executable, "-c", PATCHED + "from knightstour_desktop.commands import mpy_cross; "
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
    name = os.path.basename(path_of(bucket))
    assert cached(tmp_path) == [name, name + ".json"]  # no part files left


def test_ctrl_c_during_the_download_leaves_nothing(bucket, drive, tmp_path):
    bucket.files[path_of(bucket)] = stand_in() + b"#" * 100000
    bucket.stalling = True
    before = snapshot(drive)
    proc = subprocess.Popen([sys.executable, "-c", PATCHED + "from knightstour_desktop.cli import main; "
                             "sys.exit(main(sys.argv[1:]))", "deploy", str(drive), "--mpy", "--no-libs"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout.readline().startswith("downloading mpy-cross")
    end = time.monotonic() + 30
    while not any(n.endswith(".part") for n in cached(tmp_path)) and time.monotonic() < end:
        time.sleep(0.01)
    assert bucket.stalled.wait(30)  # the first half is sent; the server waits
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert err.strip() == "knights-tour deploy: stopped by SIGINT: nothing was changed"
    assert cached(tmp_path) == [] and snapshot(drive) == before


def poisoned(marker, version="9.2.1"):
    """A shell script that prints mpy-cross's banner, and leaves ``marker`` when it is run."""
    return ("#!/bin/sh\necho ran >> %s\necho 'CircuitPython %s on 2024-11-20; mpy-cross emitting mpy v6.1'\n"
            % (marker, version)).encode()


@pytest.mark.parametrize("base", ["http://127.0.0.1:1/bin/mpy-cross", "ftp://127.0.0.1/bin", "file:///tmp/x"])
def test_only_an_https_base_is_used(bucket, drive, tmp_path, capsys, monkeypatch, base):
    monkeypatch.setenv("KNIGHTSTOUR_MPY_CROSS_BASE", base)
    refused(drive, capsys, "bad KNIGHTSTOUR_MPY_CROSS_BASE %s: only an https:// address" % base, code=2)
    assert cached(tmp_path) == [] and bucket.hits == []


@pytest.mark.parametrize("scheme", ["http", "ftp"])
def test_a_redirect_away_from_https_is_not_followed(bucket, drive, tmp_path, capsys, scheme):
    port = bucket.server_address[1]
    bucket.files[path_of(bucket)] = "%s://127.0.0.1:%d/elsewhere" % (scheme, port)
    bucket.files["/elsewhere"] = poisoned(tmp_path / "ran")
    refused(drive, capsys, "redirects to %s://127.0.0.1:%d/elsewhere, and only https:// is followed" % (scheme, port))
    assert bucket.hits == [path_of(bucket)] and cached(tmp_path) == [] and not (tmp_path / "ran").exists()


def test_a_redirect_to_https_is_followed(bucket, drive, tmp_path, capsys):
    bucket.files[path_of(bucket)] = "https://127.0.0.1:%d/elsewhere" % bucket.server_address[1]
    bucket.files["/elsewhere"] = stand_in()
    assert main(["deploy", str(drive), "--mpy", "--no-libs"]) == 0
    assert bucket.hits == [path_of(bucket), "/elsewhere"]


def test_a_dry_run_downloads_and_runs_nothing(bucket, drive, tmp_path, capsys):
    bucket.files[path_of(bucket)] = poisoned(tmp_path / "ran")
    before = snapshot(drive)
    assert main(["deploy", str(drive), "--mpy", "--no-libs", "--dry-run"]) == 0
    out = capsys.readouterr().out
    url = bucket.base + path_of(bucket)[len("/bin/mpy-cross"):]
    assert "would download mpy-cross for CircuitPython 9.2.1 from %s" % url in out
    assert "would copy %s" % (drive / "lib/knightstour/warnsdorff.mpy") in out
    assert bucket.hits == [] and cached(tmp_path) == [] and not (tmp_path / "ran").exists()
    assert snapshot(drive) == before


@pytest.mark.slow
def test_what_was_downloaded_is_recorded_and_shown(bucket, drive, tmp_path, capsys):
    import hashlib

    body = stand_in()
    bucket.files[path_of(bucket)] = body
    assert main(["deploy", str(drive), "--mpy", "--no-libs"]) == 0
    name = os.path.basename(path_of(bucket))
    url = bucket.base + path_of(bucket)[len("/bin/mpy-cross"):]
    digest = hashlib.sha256(body).hexdigest()
    assert cached(tmp_path) == [name, name + ".json"]
    folder = tmp_path / "cache/knightstour/mpy-cross"
    record = json.loads((folder / (name + ".json")).read_text())
    assert record["url"] == url and record["sha256"] == digest
    assert "mpy-cross %s (CircuitPython 9.2.1, sha256 %s, from %s)" % (folder / name, digest, url) in capsys.readouterr().out
    assert stat.S_IMODE(os.stat(folder).st_mode) == 0o700
    assert main(["deploy", str(drive), "--mpy", "--no-libs"]) == 0  # from the cache: shown too
    assert "sha256 %s" % digest in capsys.readouterr().out and len(bucket.hits) == 1


@pytest.mark.slow
def test_a_cached_copy_changed_since_is_fetched_again(bucket, drive, tmp_path, capsys):
    bucket.files[path_of(bucket)] = stand_in()
    assert main(["deploy", str(drive), "--mpy", "--no-libs"]) == 0
    folder = tmp_path / "cache/knightstour/mpy-cross"
    cached_copy = folder / os.path.basename(path_of(bucket))
    cached_copy.write_bytes(poisoned(tmp_path / "ran"))
    capsys.readouterr()
    assert main(["deploy", str(drive), "--mpy", "--no-libs"]) == 0
    out = capsys.readouterr().out
    assert "removed the cached mpy-cross %s: its SHA-256 is not the one recorded when it was downloaded; " \
        "downloading it again" % cached_copy in out
    assert not (tmp_path / "ran").exists() and cached_copy.read_bytes() == stand_in() and len(bucket.hits) == 2


@pytest.mark.slow
def test_a_cached_copy_for_another_version_is_removed_with_a_line(bucket, drive, tmp_path, capsys):
    bucket.files[path_of(bucket)] = stand_in()
    assert main(["deploy", str(drive), "--mpy", "--no-libs"]) == 0
    folder = tmp_path / "cache/knightstour/mpy-cross"
    cached_copy = folder / os.path.basename(path_of(bucket))
    cached_copy.write_bytes(stand_in("9.1.0"))  # recorded as if downloaded so: only --version tells
    record = json.loads((folder / (cached_copy.name + ".json")).read_text())
    import hashlib

    record["sha256"] = hashlib.sha256(stand_in("9.1.0")).hexdigest()
    (folder / (cached_copy.name + ".json")).write_text(json.dumps(record))
    capsys.readouterr()
    assert main(["deploy", str(drive), "--mpy", "--no-libs"]) == 0
    assert "removed the cached mpy-cross %s: it is for CircuitPython 9.1.0, not 9.2.1; downloading it again" \
        % cached_copy in capsys.readouterr().out


def test_a_pinned_sha256_refuses_another_compiler_unrun(bucket, drive, tmp_path, capsys, monkeypatch):
    import hashlib

    bucket.files[path_of(bucket)] = poisoned(tmp_path / "ran")
    good = hashlib.sha256(stand_in()).hexdigest()
    monkeypatch.setenv("KNIGHTSTOUR_MPY_CROSS_SHA256", "9.2.1=" + good)
    refused(drive, capsys, "not the pinned %s; it was not run or kept" % good)
    assert not (tmp_path / "ran").exists() and cached(tmp_path) == []
    bucket.files[path_of(bucket)] = stand_in()
    assert main(["deploy", str(drive), "--mpy", "--no-libs"]) == 0
    monkeypatch.setenv("KNIGHTSTOUR_MPY_CROSS_SHA256", "ab" * 32)  # the cached one is not this: removed, refused
    refused(drive, capsys, "not the pinned %s" % ("ab" * 32))
    assert cached(tmp_path) == []


def test_a_pin_file_in_the_cache_folder(bucket, drive, tmp_path, capsys, monkeypatch):
    import hashlib

    folder = tmp_path / "cache/knightstour/mpy-cross"
    folder.mkdir(parents=True, mode=0o700)
    (folder / "sha256.txt").write_text("# version sha256\n9.2.1 %s\n" % hashlib.sha256(b"other").hexdigest())
    bucket.files[path_of(bucket)] = stand_in()
    refused(drive, capsys, "not the pinned %s" % hashlib.sha256(b"other").hexdigest())
    (folder / "sha256.txt").write_text("9.2.1 nonsense\n")
    refused(drive, capsys, "bad %s '9.2.1 nonsense': give the 64 hex digits" % (folder / "sha256.txt"), code=2)
    (folder / "sha256.txt").unlink()
    monkeypatch.setenv("KNIGHTSTOUR_MPY_CROSS_SHA256", "xyz")
    refused(drive, capsys, "bad KNIGHTSTOUR_MPY_CROSS_SHA256 xyz: give the 64 hex digits", code=2)


def test_a_cache_folder_others_can_write_to_is_refused(bucket, drive, tmp_path, capsys, monkeypatch):
    folder = tmp_path / "cache/knightstour/mpy-cross"
    folder.mkdir(parents=True)
    folder.chmod(0o777)
    bucket.files[path_of(bucket)] = stand_in()
    refused(drive, capsys, "cannot keep mpy-cross in %s: others can write to it (mode 777)" % folder)
    folder.chmod(0o700)
    real = os.getuid()
    monkeypatch.setattr(os, "getuid", lambda: real + 1)
    refused(drive, capsys, "cannot keep mpy-cross in %s: it belongs to user %d, not you" % (folder, real))
    assert bucket.hits == []


def test_an_empty_mpy_cross_is_one_line_and_nothing_is_downloaded(bucket, drive, capsys):
    before = snapshot(drive)
    assert main(["deploy", str(drive), "--mpy", "--no-libs", "--mpy-cross", ""]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad --mpy-cross '': it is empty" in err
    assert bucket.hits == [] and snapshot(drive) == before


def test_a_given_compiler_is_named_with_its_version_and_sha256(drive, tmp_path, capsys):
    import hashlib

    compiler, _ = stand_in_compiler(tmp_path, b"C\x06\x00\x1f")
    assert main(["deploy", str(drive), "--mpy", "--no-libs", "--mpy-cross", compiler]) == 0
    digest = hashlib.sha256(open(compiler, "rb").read()).hexdigest()
    assert "mpy-cross %s (CircuitPython 9.2.1, sha256 %s)" % (compiler, digest) in capsys.readouterr().out
