"""`knights-tour web build DIR` under hostile use: it writes only into a new or empty folder or one
it built (its manifest, knightstour-web.json, lists exactly the files it wrote), resolves a symlink
and never replaces one, and a signal leaves nothing behind; `web serve` removes its temporary site
on every signal. Real subprocesses, real signals."""

import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time

import pytest

from knightstour_sim import web

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    try:
        web.find_port()
    except web.WebError as exc:
        if os.environ.get("CI"):
            pytest.fail(str(exc))
        pytest.skip(str(exc))
    folder = str(tmp_path_factory.mktemp("web") / "site")
    web.build(folder)
    return folder


def cli(*args, env=None):
    return subprocess.run([sys.executable, "-m", "knightstour_desktop.cli", "web"] + list(args), capture_output=True,
                          text=True, timeout=300, env=env)


def snapshot(folder):
    """Every entry under ``folder``: links as their target, files as their bytes."""
    found = {}
    for where, dirs, names in os.walk(folder):
        for name in dirs + names:
            path = os.path.join(where, name)
            rel = os.path.relpath(path, folder)
            if os.path.islink(path):
                found[rel] = "-> " + os.readlink(path)
            elif os.path.isfile(path):
                with open(path, "rb") as f:
                    found[rel] = hashlib.sha256(f.read()).hexdigest()
            else:
                found[rel] = "dir"
    return found


def refused(target, needle, look_at=None):
    look_at = look_at or os.path.dirname(str(target))
    before = snapshot(look_at)
    proc = cli("build", str(target))
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.count("\n") == 1 and needle in proc.stderr and "Traceback" not in proc.stderr, proc.stderr
    assert snapshot(look_at) == before
    return proc.stderr


def test_a_built_site_with_the_users_files_is_refused_untouched(built, tmp_path):
    target = tmp_path / "www"
    shutil.copytree(built, target)
    (target / "home.html").write_text("<p>mine</p>")
    (target / "blog").mkdir()
    (target / "blog" / "post.html").write_text("<p>also mine</p>")
    err = refused(target, "which knights-tour web build did not write")
    assert "blog" in err or "home.html" in err


@pytest.mark.parametrize("change", ["edited", "empty folder", "symlink"])
def test_a_built_site_changed_in_any_way_is_refused(built, tmp_path, change):
    target = tmp_path / "www"
    shutil.copytree(built, target)
    if change == "edited":
        (target / "index.html").write_text("<p>my own page now</p>")
    elif change == "empty folder":
        (target / "drafts").mkdir()
    else:
        (target / "data").symlink_to(tmp_path)
    refused(target, "knights-tour web build")


def test_the_manifest_lists_the_files_and_a_pristine_site_rebuilds(built, tmp_path):
    manifest = json.load(open(os.path.join(built, web.MARKER)))
    on_disk = sorted(os.path.relpath(os.path.join(d, n), built) for d, _, names in os.walk(built) for n in names)
    assert sorted(list(manifest["files"]) + [web.MARKER]) == sorted(on_disk)
    for name, digest in manifest["files"].items():
        assert hashlib.sha256(open(os.path.join(built, name), "rb").read()).hexdigest() == digest
    target = tmp_path / "www"
    shutil.copytree(built, target)
    proc = cli("build", str(target))
    assert proc.returncode == 0, proc.stderr
    assert sorted(os.listdir(tmp_path)) == ["www"]


def test_an_empty_folder_is_built_into_and_keeps_its_mode(built, tmp_path):
    target = tmp_path / "www"
    target.mkdir(mode=0o750)
    target.chmod(0o750)
    proc = cli("build", str(target))
    assert proc.returncode == 0, proc.stderr
    assert (target / "index.html").exists() and sorted(os.listdir(tmp_path)) == ["www"]
    assert os.stat(target).st_mode & 0o777 == 0o750


def test_a_dangling_symlink_is_one_line_and_stays(tmp_path):
    link = tmp_path / "lnk"
    link.symlink_to(tmp_path / "gone")
    refused(link, "is a symlink to %s, which does not exist" % (tmp_path / "gone"))
    assert os.readlink(link) == str(tmp_path / "gone")


def test_a_symlink_to_an_empty_folder_is_built_through(built, tmp_path):
    real = tmp_path / "real"
    real.mkdir()
    link = tmp_path / "lnk"
    link.symlink_to(real)
    proc = cli("build", str(link))
    assert proc.returncode == 0, proc.stderr
    assert os.path.islink(link) and os.readlink(link) == str(real)
    assert (real / "index.html").exists() and sorted(os.listdir(tmp_path)) == ["lnk", "real"]


# Runs the build with the LED picture step held up, so that a signal lands mid-build.
SLOW_BUILD = ("import sys, time; from knightstour_sim import web; from knightstour_desktop.cli import main\n"
              "def held(path):\n    open(path, 'wb').write(b'x'); print('building', flush=True); time.sleep(60)\n"
              "web.led_sprites = held\nsys.exit(main(sys.argv[1:]))\n")


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP])
def test_a_signal_during_build_leaves_nothing_behind(built, tmp_path, stop):
    target = tmp_path / "www"
    proc = subprocess.Popen([sys.executable, "-c", SLOW_BUILD, "web", "build", str(target)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=dict(os.environ, TMPDIR=str(tmp_path / "tmp")))
    (tmp_path / "tmp").mkdir()
    try:
        assert proc.stdout.readline() == "building\n", proc.stderr.read()
        assert any(n.startswith(".") for n in os.listdir(tmp_path))  # the build's work folder is there
        proc.send_signal(stop)
        assert proc.wait(timeout=30) == 128 + stop
        err = proc.stderr.read()
        assert err == "knights-tour web: stopped by %s: nothing was written\n" % signal.Signals(stop).name
        assert sorted(os.listdir(tmp_path)) == ["tmp"] and os.listdir(tmp_path / "tmp") == []
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


SLOW_SERVE_BUILD = SLOW_BUILD.replace("web.led_sprites = held", "web.led_sprites = held if 'held' in sys.argv "
                                      "else web.led_sprites; sys.argv = [a for a in sys.argv if a != 'held']")


@pytest.mark.parametrize("stop", [signal.SIGHUP, signal.SIGTERM, signal.SIGINT])
@pytest.mark.parametrize("when", ["serving", "building"])
def test_serve_removes_its_site_on_every_signal(built, tmp_path, stop, when):
    args = [sys.executable, "-c", SLOW_SERVE_BUILD, "web", "serve", "--port", "0"] + (["held"] if when == "building"
                                                                                      else [])
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=dict(os.environ, TMPDIR=str(tmp_path)))
    try:
        line = proc.stdout.readline()
        assert line.startswith("building" if when == "building" else "knights-tour web: serving"), proc.stderr.read()
        assert os.listdir(tmp_path)
        proc.send_signal(stop)
        code = proc.wait(timeout=30)
        assert code == (0 if when == "serving" else 128 + stop), proc.stderr.read()
        deadline = time.monotonic() + 5
        while os.listdir(tmp_path) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert os.listdir(tmp_path) == []
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_idle_connections_are_closed_and_their_threads_end(tmp_path, monkeypatch):
    """A server that kept a thread per idle connection (3,000 idle: 3,003 threads) could be starved by anyone."""
    import socket
    import threading

    assert web._Handler.timeout is not None and 0 < web._Handler.timeout <= 60
    monkeypatch.setattr(web._Handler, "timeout", 2)
    (tmp_path / "index.html").write_text("hi")
    before = threading.active_count()
    httpd = web.server(str(tmp_path))
    idle = [socket.create_connection(("127.0.0.1", httpd.server_port)) for _ in range(5)]
    try:
        deadline = time.monotonic() + 30
        while threading.active_count() < before + 6 and time.monotonic() < deadline:
            time.sleep(0.01)  # the server takes the connections: a thread each
        assert threading.active_count() >= before + 6, threading.enumerate()
        deadline = time.monotonic() + 30
        while threading.active_count() > before + 1 and time.monotonic() < deadline:
            time.sleep(0.05)  # until each idle connection is closed
        assert threading.active_count() <= before + 1  # the serving thread alone
    finally:
        for s in idle:
            s.close()
        httpd.shutdown()
