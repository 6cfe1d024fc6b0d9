"""py.pack read in place: a filesystem (MicroPython's vfs protocol) for each of the page's module
folders, mounted over it, that serves each module's bytes from the pack's one buffer.

The worker writes py.pack into the port's filesystem as one file instead of one file a module:
MicroPython reads a module through its filesystem 20 bytes at a time, and the port's JavaScript
filesystem made those reads (some 3,300 before the first frame) and its failed lookups about a
tenth of the page's start; here they are a copy in C. Read-only but for remove (a module the one
start leaves out): the page writes only its own files (settings.toml, the frame), outside the folders
mounted."""

import io
import json
import os

_DIR = 0x4000
_FILE = 0x8000


class PackFolder:
    """One folder of the pack: ``files`` maps a path below it ("/knightstour/app.mpy") to its bytes."""

    def __init__(self, files):
        self.files = files
        self.folders = {"/"}
        for path in files:
            at = path.rfind("/")
            while at > 0:
                self.folders.add(path[:at])
                at = path.rfind("/", 0, at)

    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        pass

    def stat(self, path):
        data = self.files.get(path)
        if data is not None:
            return (_FILE, 0, 0, 0, 0, 0, len(data), 0, 0, 0)
        if path in self.folders or path.rstrip("/") in self.folders:
            return (_DIR, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        raise OSError(2)  # ENOENT: an import looks for a module in several places

    def open(self, path, mode):
        data = self.files.get(path)
        if data is None or "w" in mode or "a" in mode or "+" in mode:
            raise OSError(2 if data is None else 30)  # ENOENT, EROFS
        return io.BytesIO(data) if "b" in mode else io.StringIO(str(data, "utf-8"))

    def remove(self, path):
        # A module this worker's one start leaves out (a board without audioio drops its stand-in).
        if self.files.pop(path, None) is None:
            raise OSError(2)

    def ilistdir(self, path):
        prefix = path.rstrip("/") + "/"
        names = []
        for entry in list(self.files) + list(self.folders):
            if entry.startswith(prefix) and len(entry) > len(prefix):
                name = entry[len(prefix):].split("/")[0]
                if name not in names:
                    names.append(name)
        return iter([(name, _DIR if prefix + name in self.folders else _FILE, 0) for name in names])


def unpack(pack, folders):
    """The files of ``pack`` (py.pack's bytes: a line of JSON, [[path, bytes], ...], then the bytes)
    as {folder: {path below it: bytes}} for each of ``folders``, and {path: bytes} for the rest."""
    end = pack.find(b"\n")
    whole = memoryview(pack)
    inside = {}
    prefixes = []
    for folder in folders:
        inside[folder] = {}
        prefixes.append((folder + "/", len(folder), inside[folder]))
    rest = {}
    at = end + 1
    for path, size in json.loads(pack[:end]) if end > 0 else ():
        for prefix, cut, files in prefixes:
            if path.startswith(prefix):
                files[path[cut:]] = whole[at:at + size]
                break
        else:
            rest[path] = whole[at:at + size]
        at += size
    if end < 0 or at != len(pack):
        raise ValueError("py.pack is damaged: build the site again")
    return inside, rest


def mount(pack_path, folders):
    """Read py.pack at ``pack_path`` and mount each of ``folders`` from it; its other files are written out."""
    import vfs

    pack = bytearray(os.stat(pack_path)[6])
    with open(pack_path, "rb") as f:
        f.readinto(pack)
    inside, rest = unpack(pack, folders)
    for path, data in rest.items():
        with open(path, "wb") as f:
            f.write(data)
    for folder in folders:
        vfs.mount(PackFolder(inside[folder]), folder)
