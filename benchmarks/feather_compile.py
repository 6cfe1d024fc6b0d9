"""What each of the toy's modules costs the Feather's heap, loaded from .mpy and compiled from .py.

    .venv/bin/python -m benchmarks.feather_compile [--only NAME] [--modules knightstour.app,...]

For one configuration of benchmarks/feather_heap.py (default ili9341/stmpe610/8x8), under the
32-bit MicroPython WebAssembly port (tools/micropython/run.mjs), each module code.py imports:
  kept      the live heap its import adds on the stand-in Feather, after a collection (its code,
            names and objects; the modules it imports itself counted with it), deployed .mpy and .py
            (sim/harness/feather.py's CONFIG["modules"]);
  compile   the free heap compiling its source needs at once, its names already interned: the
            parse tree of the whole module, the compiler's tables and the code it makes, each string
            literal longer than 10 characters as an object and the lexer's buffer as long as the
            longest of them. The least free heap in which compile() of the source works, found in a
            fresh run at each heap (64-byte steps), after one compile and a collection. The source is
            compiled as a board compiles it (sim/harness/drive.py: no docstring kept).
By default the modules that keep at least 1 KB; --modules names them.
"""

import argparse
import os
import shutil
import subprocess
import tempfile

from knightstour_sim.harness import drive

from .feather_heap import CONFIGS, board_for

PACKAGE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "device")
STEP = 64  # bytes
NEW_SPLIT = 128 * 1024 * 1024  # what this port's gc.mem_free() adds (sim/harness/feather.py)
HEAP = 512 * 1024  # the port's heap in each run; a ballast made first takes what is not to be left
PROBE = '''import gc
import asyncio
import sys


async def main():
    ballast = bytearray(int(sys.argv[-1]))  # noqa: F841  made first: the rest of the heap in one piece above
    with open("/source.py") as f:
        text = f.read()
    compile(text, "source.py", "exec")  # its names interned, as they are once a board has read the file
    await asyncio.sleep(0)  # run.mjs collects
    free = gc.mem_free() - %d
    compile(text, "source.py", "exec")
    print("FREE", free)


asyncio.run(main())
''' % NEW_SPLIT


def source_path(module):
    path = os.path.join(PACKAGE, *module.split("."))
    return os.path.join(path, "__init__.py") if os.path.isdir(path) else path + ".py"


def compile_needs(node, module):
    """The least free heap in which the module's source compiles (bytes), its names interned."""
    work = tempfile.mkdtemp(prefix="feather-compile-")
    try:
        root = os.path.join(work, "root")
        os.makedirs(root)
        with open(source_path(module), encoding="utf-8") as f:
            text = drive.compiled_as_on_a_board(f.read())
        with open(os.path.join(root, "source.py"), "w", encoding="utf-8") as f:
            f.write(text)
        probe = os.path.join(work, "probe.py")

        def free_if_it_compiles(ballast):
            with open(probe, "w", encoding="utf-8") as f:
                f.write(PROBE.replace("int(sys.argv[-1])", "%d" % ballast))
            proc = subprocess.run([node, drive.RUNNER, "--heap", str(HEAP), "--root", root, probe],
                                  capture_output=True, text=True, timeout=60)
            lines = [line for line in proc.stdout.splitlines() if line.startswith("FREE ")]
            return int(lines[0].split()[1]) if proc.returncode == 0 and lines else None

        low, high = 0, (HEAP - 16 * 1024) // STEP  # the ballast, in STEPs: the most with which it compiles
        if free_if_it_compiles(0) is None:
            raise RuntimeError("%s does not compile in %d KB" % (module, HEAP // 1024))
        while low < high:
            mid = (low + high + 1) // 2
            if free_if_it_compiles(mid * STEP) is not None:
                low = mid
            else:
                high = mid - 1
        return free_if_it_compiles(low * STEP)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def kept(node, name, mpy, names=None):
    """(code.py's modules in import order, {module: live heap its import adds})."""
    display, touch, size, extra = CONFIGS[name]
    board = board_for(display, touch)
    work = tempfile.mkdtemp(prefix="feather-compile-")
    try:
        drive.lay_out(os.path.join(work, "CIRCUITPY"), drive.feather_settings(display, touch, size, extra=extra), mpy=mpy)
        if names is None:
            proc, _ = drive.run_feather(node, display, touch, size, 1, 1024 * 1024, workdir=work, record=True, board=board)
            names = [line for line in proc.stdout.splitlines() if line.startswith("MODULES ")][0].split()[1:]
        proc, _ = drive.run_feather(node, display, touch, size, 1, 1024 * 1024, workdir=work, modules=names, board=board)
        added = {}
        for line in proc.stdout.splitlines():
            if line.startswith("MODULE "):
                _, module, used = line.split()
                added[module] = int(used)
        return names, added
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", metavar="NAME", default="ili9341/stmpe610/8x8",
                        help="the configuration: %s" % ", ".join(CONFIGS))
    parser.add_argument("--modules", metavar="NAMES", help="comma-separated module names (default: the big ones)")
    args = parser.parse_args(argv)
    if args.only not in CONFIGS:
        parser.error("no configuration %s: the configurations are %s" % (args.only, ", ".join(CONFIGS)))
    node = shutil.which("node")
    names, mpy = kept(node, args.only, True)
    _, py = kept(node, args.only, "libraries", names)
    chosen = args.modules.split(",") if args.modules else [
        module for module in names if module.startswith("knightstour") and max(mpy.get(module, 0), py.get(module, 0)) >= 1024]
    print("%s (bytes): kept after a collection, .mpy and .py; the free heap compiling the .py needs at once" % args.only)
    print("%-36s %6s %10s %10s %10s" % ("module", "lines", ".mpy kept", ".py kept", "compile"))
    for module in names:
        if module in chosen:
            with open(source_path(module), encoding="utf-8") as f:
                lines = f.read().count("\n")
            print("%-36s %6d %10d %10d %10d" % (module, lines, mpy.get(module, 0), py.get(module, 0),
                                                compile_needs(node, module)), flush=True)


if __name__ == "__main__":
    main()
