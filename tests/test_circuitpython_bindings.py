"""The CircuitPython stand-ins (sim/circuitpython, and the web page's display modules in web/py)
hold to sim/circuitpython/bindings.py, the table of what CircuitPython 10 defines for what the
toy uses: the same module names, classes, methods, properties and parameters, nothing more and
nothing missing. Run under CPython (the stand-ins are plain Python), loaded apart from Blinka's
modules of the same names."""

import contextlib
import importlib.util
import inspect
import os
import sys
import types

import pytest

from knightstour_sim import boards, web
from knightstour_sim.circuitpython import bindings
from knightstour_sim.harness import drive

HERE = drive.STAND_INS_DIR
WEB = os.path.join(web.WEB, "py")
ORDER = ("_c", "microcontroller", "busio", "digitalio", "pwmio", "supervisor", "board", "displayio",
         "busdisplay", "fourwire", "bitmaptools", "terminalio", "analogio", "audiocore", "audioio", "_portal")
# What the object's own methods skip: CPython's class machinery.
IGNORED = {"__module__", "__qualname__", "__doc__", "__dict__", "__weakref__", "__init__", "__firstlineno__",
           "__static_attributes__"}


@contextlib.contextmanager
def stand_ins(web_page=False, tmp_path=None):
    """The stand-ins as importable modules ({name: module}), sys.modules put back afterwards."""
    sources = {name: os.path.join(HERE, name + ".py") for name in ORDER}
    if web_page:
        for name in ("busdisplay", "displayio", "fourwire"):
            sources["_%s_base" % name] = sources[name]
            sources[name] = os.path.join(WEB, name + ".py")
        sources["terminalio"] = os.path.join(WEB, "terminalio.py")
        font = tmp_path / "_terminal_font.py"
        font.write_text(web.terminal_font())
        sources["_terminal_font"] = str(font)
    ports = ("uctypes", "_frame_memory")  # the web page's MicroPython and worker give these: not the table's
    saved = {name: sys.modules.get(name) for name in list(sources) + ["boards"] + list(ports if web_page else ())}
    loaded = {}
    try:
        sys.modules["boards"] = boards  # board.py imports the definitions as boards.<board_id>
        if web_page:
            for name in ports:
                sys.modules[name] = types.ModuleType(name)
            sys.modules["_frame_memory"].store_pages = sys.modules["_frame_memory"].compose = None  # not called
        for name in sources:
            sys.modules.pop(name, None)
        order = ("_c", "microcontroller", "busio", "digitalio", "pwmio", "supervisor", "board", "_displayio_base",
                 "displayio", "_busdisplay_base", "busdisplay", "_fourwire_base", "fourwire", "bitmaptools",
                 "_terminal_font", "terminalio", "analogio", "audiocore", "audioio", "_portal")
        for name in order:
            if name not in sources:
                continue
            spec = importlib.util.spec_from_file_location(name, sources[name])
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            spec.loader.exec_module(module)
            loaded[name] = module
        yield loaded
    finally:
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module


def parameters(function):
    """A call's parameters as the table writes them: names in order, "*" before keyword-only ones."""
    out = []
    star = False
    for p in list(inspect.signature(function).parameters.values())[1 if inspect.isfunction(function)
                                                                    and _is_method(function) else 0:]:
        if p.kind is p.VAR_POSITIONAL:
            out.append("*" + p.name)
            star = True
        elif p.kind is p.VAR_KEYWORD:
            out.append("**" + p.name)
        else:
            if p.kind is p.KEYWORD_ONLY and not star:
                out.append("*")
                star = True
            out.append(p.name)
    return tuple(out)


def _is_method(function):
    names = function.__code__.co_varnames
    return bool(names) and names[0] == "self"


def class_members(cls):
    """{name: parameters or None} of a stand-in class, its stand-in bases' too, and what an
    instance sets on itself that is public."""
    members = {}
    for klass in reversed(cls.__mro__[:-1]):
        for name, value in vars(klass).items():
            if name in IGNORED or (name.startswith("_") and not name.startswith("__")):
                continue
            members[name] = parameters(value) if inspect.isfunction(value) else None
    if any("__init__" in vars(klass) for klass in cls.__mro__[:-1]):
        members["()"] = parameters(cls.__init__)
    sample = SAMPLES.get(cls.__name__)
    if sample is not None:
        for name in vars(sample(sys.modules)):
            if not name.startswith("_"):
                members[name] = None
    return members


# An instance of each class that sets attributes on itself, to read them.
SAMPLES = {
    "BusDisplay": lambda m: m["busdisplay"].BusDisplay(None, b"", width=8, height=8),
    "Group": lambda m: m["displayio"].Group(),
    "Palette": lambda m: m["displayio"].Palette(2),
    "TileGrid": lambda m: m["displayio"].TileGrid(m["displayio"].Bitmap(2, 2, 2),
                                                  pixel_shader=m["displayio"].Palette(2)),
    "AnalogIn": lambda m: m["analogio"].AnalogIn(m["board"].A2),
    "RawSample": lambda m: m["audiocore"].RawSample(bytearray(4)),
    "AudioOut": lambda m: m["audioio"].AudioOut(m["board"].A0),
}


def module_members(module):
    out = {}
    for name, value in vars(module).items():
        if name.startswith("_") or inspect.ismodule(value):
            continue
        if getattr(value, "__module__", module.__name__) != module.__name__ and inspect.isclass(value):
            if not value.__module__.startswith("_" + module.__name__):
                continue  # imported from another stand-in (Pin in board)
        if inspect.isclass(value):
            out[name] = class_members(value)
        elif inspect.isfunction(value) and value.__module__ in (module.__name__, "_%s_base" % module.__name__):
            out[name] = parameters(value)
        elif not inspect.isfunction(value):
            out[name] = None
    return out


def differences(name, module):
    """Lines naming what ``module`` has beyond, or lacks of, the table's ``name``."""
    want = dict(bindings.TABLE[name])
    harness = bindings.HARNESS.get(name, {})
    if name == "board":  # its pins, bus singletons and DISPLAY: the board's definition (sim/boards)
        definition = module._definition
        for group in definition.PINS:
            for pin in group.split():
                want[pin] = None
        for names in definition.BUSES:
            for bus in names.split():
                want[bus] = ()
        if definition.DISPLAY is not None:
            want["DISPLAY"] = None
    have = module_members(module)
    lines = []
    for key in sorted(set(want) | set(have)):
        if key in harness and not isinstance(harness, dict):
            continue
        if key not in have:
            lines.append("%s.%s: missing" % (name, key))
        elif key not in want:
            if key not in harness:
                lines.append("%s.%s: not in CircuitPython" % (name, key))
        elif isinstance(want[key], dict):
            extra = harness.get(key, set()) if isinstance(harness, dict) else set()
            for member in sorted(set(want[key]) | set(have[key])):
                if member in extra:
                    continue
                if member not in have[key]:
                    lines.append("%s.%s.%s: missing" % (name, key, member))
                elif member not in want[key]:
                    lines.append("%s.%s.%s: not in CircuitPython" % (name, key, member))
                elif want[key][member] != have[key][member]:
                    lines.append("%s.%s.%s: parameters %s, CircuitPython's %s"
                                 % (name, key, member, have[key][member], want[key][member]))
        elif want[key] != have[key]:
            lines.append("%s.%s: %s, CircuitPython's %s" % (name, key, have[key], want[key]))
    return lines


@pytest.mark.parametrize("web_page", [False, True], ids=["harness", "web page"])
def test_every_stand_in_matches_circuitpythons_table(web_page, tmp_path):
    with stand_ins(web_page, tmp_path) as modules:
        lines = []
        for name in bindings.TABLE:
            lines += differences(name, modules[name])
            if name == "board":
                for board_id in boards.files():
                    if boards.load(board_id).DISPLAY is not None:
                        modules["_portal"].setup(board_id)  # its pins, and the DISPLAY board.c builds at boot
                    else:
                        modules[name]._setup(board_id)
                    lines += differences(name, modules[name])
                modules[name]._setup("feather_m4_express")  # the samples below: A0 a DAC, A2 an ADC
    assert lines == [], "\n".join(lines)


def test_a_stand_in_given_an_extra_keyword_fails_the_table(tmp_path, monkeypatch):
    with stand_ins() as modules:
        busdisplay = modules["busdisplay"]
        original = busdisplay.BusDisplay.__init__

        def loose(self, display_bus, init_sequence, *, width, height, rotation=0, auto_refresh=True, **kwargs):
            original(self, display_bus, init_sequence, width=width, height=height, rotation=rotation)

        monkeypatch.setattr(busdisplay.BusDisplay, "__init__", loose)
        lines = differences("busdisplay", busdisplay)
        assert any("busdisplay.BusDisplay.(): parameters" in line and "**kwargs" in line for line in lines), lines

        class Bad(modules["displayio"].Group):  # an extra method and an extra keyword
            def __init__(self, *, scale=1, x=0, y=0, z=0):
                super().__init__(scale=scale, x=x, y=y)

            def show(self):
                pass

        Bad.__module__ = "displayio"
        Bad.__name__ = "Group"
        monkeypatch.setattr(modules["displayio"], "Group", Bad)
        lines = differences("displayio", modules["displayio"])
        assert "displayio.Group.show: not in CircuitPython" in lines
        assert any(line.startswith("displayio.Group.(): parameters") for line in lines), lines
        monkeypatch.delattr(modules["displayio"], "release_displays")
        assert "displayio.release_displays: missing" in differences("displayio", modules["displayio"])


def test_the_pyportal_stand_ins_refuse_what_a_board_refuses():
    import array

    with stand_ins() as m:
        m["_portal"].setup("pyportal")
        board, analogio, audioio, audiocore = m["board"], m["analogio"], m["audioio"], m["audiocore"]
        display = board.DISPLAY  # as board.c builds it at boot; its bus holds the TFT pins
        assert (display.width, display.height, display.rotation) == (320, 240, 0)
        with pytest.raises(ValueError, match="^TFT_CS in use$"):
            m["digitalio"].DigitalInOut(board.TFT_CS)
        with pytest.raises(ValueError, match="^Invalid pin$"):
            analogio.AnalogIn(board.ESP_CS)  # no ADC input
        m["digitalio"].DigitalInOut(board.ESP_CS).deinit()  # ... and left free
        touch = analogio.AnalogIn(board.TOUCH_XL)
        with pytest.raises(ValueError, match="^TOUCH_XL in use$"):
            analogio.AnalogIn(board.TOUCH_XL)
        assert touch.value == 0xFFFF and touch.reference_voltage == 3.3  # an undriven pin: its level
        board.TOUCH_XL.analog = lambda: 0.5
        assert touch.value == 2048 << 4 | 2048 >> 8  # 12 bits stretched to 16
        touch.deinit()
        with pytest.raises(ValueError, match="deinitialized"):
            touch.value  # noqa: B018
        with pytest.raises(TypeError):
            audiocore.RawSample([0, 1])  # no buffer protocol
        with pytest.raises(ValueError, match="array of type 'h', 'H', 'b', or 'B'"):
            audiocore.RawSample(array.array("i", [0, 1]))
        sample = audiocore.RawSample(array.array("H", [0x8000] * 16), sample_rate=440 * 16)
        assert (sample.bits_per_sample, sample.channel_count) == (16, 1)
        with pytest.raises(TypeError):
            sample.sample_rate = 440.0
        with pytest.raises(ValueError, match="^Invalid left_channel pin$"):
            audioio.AudioOut(board.LIGHT)  # A2: an ADC, no DAC
        out = audioio.AudioOut(board.SPEAKER)
        with pytest.raises(RuntimeError, match="^DAC already in use$"):
            audioio.AudioOut(board.D4)
        with pytest.raises(RuntimeError, match="^Not playing$"):
            out.pause()
        out.play(sample, loop=True)
        assert out.playing and audioio._heard["sound_hz"] == 440
        sample.sample_rate = 1000001
        with pytest.raises(ValueError, match="sample_rate must be <= 1000000"):
            out.play(sample)
        out.deinit()
        audioio.AudioOut(board.D4).deinit()  # the DAC is free again
        m["_portal"].setup("pyportal_titano")
        assert (board.board_id, board.DISPLAY.width, board.DISPLAY.height) == ("pyportal_titano", 480, 320)


def test_a_board_without_spi_in_its_pins_c_has_no_board_spi():
    """The Pico's pins.c has no SPI (a toy calling board.SPI() there stopped with AttributeError), but
    its STEMMA_I2C on GP5/GP4."""
    with stand_ins() as modules:
        board = modules["board"]
        board._setup("raspberry_pi_pico")
        assert not hasattr(board, "SPI") and not hasattr(board, "I2C")
        i2c = board.STEMMA_I2C()
        assert i2c is board.STEMMA_I2C()
        assert board.GP26 is board.A0 is board.GP26_A0
        with pytest.raises(ValueError, match="GP5 in use"):
            modules["digitalio"].DigitalInOut(board.GP5)
        board._setup("feather_m4_express")
        assert board.SPI() is board.SPI() and board.I2C() is not None
