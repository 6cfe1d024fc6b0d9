"""A drive's files as bytes, and a stand-in for CircuitPython's mpy-cross, for the deploy tests."""

import os


def listing(root):
    """Every file under ``root``, as paths relative to it, sorted."""
    return sorted(os.path.relpath(os.path.join(d, n), root) for d, _, names in os.walk(root) for n in names)


def snapshot(root):
    """{path under ``root``: its bytes}."""
    files = {}
    for name in listing(root):
        with open(os.path.join(root, name), "rb") as handle:
            files[name] = handle.read()
    return files


def stand_in(version="9.2.1", header=b"C\x06\x00\x1f", log=None):
    """The bytes of a stand-in CircuitPython mpy-cross: --version prints the banner of CircuitPython's
    (its mpy-cross/main.c: "CircuitPython <tag> on <date>; mpy-cross emitting mpy v<N>.<sub>"); a
    compile writes ``header`` then the -s name, and logs its arguments to ``log``."""
    # a shell script: a deploy --mpy starts it once a file, and sh starts in a tenth of Python's time
    return ("#!/bin/sh\nif [ \"$*\" = --version ]; then\n"
            "  echo 'CircuitPython %s on 2024-11-20; mpy-cross emitting mpy v6.1'\n  exit 0\nfi\n"
            "%s"
            "while [ $# -gt 0 ]; do\n  case $1 in -o) out=$2; shift ;; -s) name=$2; shift ;; esac\n  shift\ndone\n"
            "printf '%s%%s' \"$name\" > \"$out\"\n"
            % (version, "echo \"$*\" >> '%s'\n" % log if log else "", "".join("\\%03o" % byte for byte in header))
            ).encode()


def stand_in_compiler(tmp_path, header, name="mpy-cross"):
    """A stand-in mpy-cross in a file: (its path, the log of its arguments)."""
    script = tmp_path / name
    log = tmp_path / (name + ".log")
    script.write_bytes(stand_in(header=header, log=log))
    script.chmod(0o755)
    return str(script), log
