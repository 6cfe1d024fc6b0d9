"""The web page's own stand-ins (web/py) that make its start quicker do what the heap stand-ins
(sim/circuitpython) do: the page's Bitmap writes the same bytes and refuses the same values."""

import os
import random
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _page_module(name, bases):
    """web/py/``name``.py run as the page runs it, on ``bases`` ({its import name: module})."""
    before = {key: sys.modules.get(key) for key in bases}
    sys.modules.update(bases)
    try:
        module = {"__name__": name}
        with open(os.path.join(ROOT, "web", "py", name + ".py"), encoding="utf-8") as f:
            exec(compile(f.read(), "web/py/%s.py" % name, "exec"), module)
        return module
    finally:
        for key, value in before.items():
            if value is None:
                sys.modules.pop(key, None)
            else:
                sys.modules[key] = value


@pytest.fixture
def displayio_pair():
    """(the heap stand-in's displayio, the page's displayio on it)."""
    sys.path.insert(0, os.path.join(ROOT, "sim", "circuitpython"))
    saved = sys.modules.pop("displayio", None)
    try:
        import displayio

        yield displayio, _page_module("displayio", {"_displayio_base": displayio})
    finally:
        sys.path.remove(os.path.join(ROOT, "sim", "circuitpython"))
        sys.modules.pop("displayio", None)
        if saved is not None:
            sys.modules["displayio"] = saved


def _outcome(bitmap, index, value):
    try:
        bitmap[index] = value
    except Exception as exc:  # the type and message are what is compared
        return type(exc), str(exc)
    return None


def test_the_pages_bitmap_writes_and_refuses_as_the_stand_ins(displayio_pair):
    base, page = displayio_pair
    rnd = random.Random(1)
    for _ in range(300):
        count = rnd.choice([2, 3, 4, 5, 16, 17, 256, 300])
        width, height = rnd.randint(1, 40), rnd.randint(1, 5)
        ours, theirs = page["Bitmap"](width, height, count), base.Bitmap(width, height, count)
        assert isinstance(ours, base.Bitmap)
        for _ in range(40):
            index = rnd.choice([rnd.randrange(width * height), rnd.randint(-3, width * height + 3),
                                (rnd.randrange(width), rnd.randrange(height)), 1.0, True, "1"])
            value = rnd.choice([rnd.randrange(count), rnd.randint(-2, count + 2), 1.5, True, None])
            assert _outcome(ours, index, value) == _outcome(theirs, index, value), (count, width, height, index, value)
            assert ours._data == theirs._data
    gone = page["Bitmap"](4, 4, 2)
    gone._data = None  # deinitialised, as the stand-in marks it
    assert _outcome(gone, 0, 1) == (ValueError, base._DEINIT)


def _pack(files):
    """py.pack's bytes for {path: bytes} (sim/web_pack.py's layout)."""
    import json

    return bytearray(json.dumps([[path, len(data)] for path, data in files.items()]).encode() + b"\n"
                     + b"".join(files.values()))


def test_packfs_serves_each_folders_files_from_the_pack():
    import errno

    packfs = _page_module("packfs", {})
    files = {"/code.py": b"print(1)\n", "/lib/knightstour/__init__.mpy": b"M\x06", "/lib/knightstour/hw/feather.mpy": b"M\x07",
             "/stand_ins/board.mpy": b"M\x08", "/stand_ins/boards/pyportal.mpy": b"M\x09"}
    inside, rest = packfs["unpack"](_pack(files), ["/stand_ins", "/lib"])
    assert {path: bytes(data) for path, data in rest.items()} == {"/code.py": b"print(1)\n"}
    lib = packfs["PackFolder"](inside["/lib"])
    assert lib.stat("/knightstour/hw/feather.mpy")[0] == 0x8000 and lib.stat("/knightstour/hw/feather.mpy")[6] == 2
    assert lib.stat("/knightstour")[0] == lib.stat("/knightstour/hw")[0] == lib.stat("/")[0] == 0x4000
    for missing in ("/knightstour/hw/feather.py", "/knightstour/hw/feather", "/board.mpy"):
        with pytest.raises(OSError) as caught:
            lib.stat(missing)
        assert caught.value.args[0] == errno.ENOENT
    assert lib.open("/knightstour/hw/feather.mpy", "rb").read() == b"M\x07"
    with pytest.raises(OSError):
        lib.open("/knightstour/hw/feather.mpy", "wb")
    assert sorted(lib.ilistdir("/knightstour")) == [("__init__.mpy", 0x8000, 0), ("hw", 0x4000, 0)]
    assert bytes(inside["/stand_ins"]["/boards/pyportal.mpy"]) == b"M\x09"
    stand_ins = packfs["PackFolder"](inside["/stand_ins"])
    stand_ins.remove("/board.mpy")  # a module one start leaves out (a board without audioio)
    with pytest.raises(OSError):
        stand_ins.stat("/board.mpy")
    with pytest.raises(OSError):
        stand_ins.remove("/board.mpy")
    with pytest.raises(ValueError, match="damaged"):
        packfs["unpack"](_pack(files)[:-1], ["/lib"])
