"""The ports' contract (ports.py): every implementation subclasses its port and writes every method
of it, and the commands the toy's own inputs send are the commands of the table."""

import ast
import importlib
import os

import pytest

from knightstour import ports
from knightstour.hw.inputs import buttons, pad
from knightstour.hw.views import tft_panel
from knightstour_desktop.recording import QueueInput

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BASES = (ports.Display, ports.Input, ports.Clock, ports.Sound)
# The classes a board loads, with their port (the walk below finds them too: named here, a class that
# stops subclassing its port fails instead of going unseen).
BOARD = {"knightstour.nulls.NullDisplay": ports.Display, "knightstour.nulls.NullInput": ports.Input,
         "knightstour.nulls.NullSound": ports.Sound, "knightstour.notes.NoteSound": ports.Sound,
         "knightstour.hw.chips.piezo.PiezoSound": ports.Sound, "knightstour.hw.chips.speaker.SpeakerSound": ports.Sound,
         "knightstour.hw.views.matrix.MatrixDisplay": ports.Display,
         "knightstour.hw.views.chain.ChainDisplay": ports.Display, "knightstour.hw.views.tft.TftDisplay": ports.Display,
         "knightstour.hw.inputs.buttons.Buttons": ports.Input, "knightstour.hw.inputs.pad.Pad": ports.Input,
         "knightstour.hw.inputs.touch.TouchInput": ports.Input}
# The other modules that implement a port (the web page's driver runs only on MicroPython: its classes
# are read from its source, below).
MODULES = ("knightstour_desktop.recording", "knightstour_sim.simulator", "knightstour_sim.tee", "knightstour_sim.pixels")
WEB = os.path.join(ROOT, "web", "py", "web.py")
# Parts of an implementation that subclass the port but write only some of its methods: the TFT's
# board (TftDisplay writes the rest).
PARTS = {"knightstour.hw.views.tft_board.BoardView": "knightstour.hw.views.tft.TftDisplay"}


def web_classes():
    """The web page's classes that implement a port, made from their source alone."""
    with open(WEB, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    made = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and any(getattr(b, "id", "") in ports.__dict__ for b in node.bases):
            namespace = dict(vars(ports), __name__="web")
            exec(compile(ast.Module([node], []), WEB, "exec"), namespace)  # noqa: S102 (the repo's own source)
            made[node.name] = namespace[node.name]
    return made


def implementations():
    """{name: (class, port)}: the board's classes above, and every subclass of a port in the
    modules above and the web page."""
    found = {}
    for name, port in BOARD.items():
        module, _, cls = name.rpartition(".")
        found[name] = (getattr(importlib.import_module(module), cls), port)
    for name in MODULES:
        importlib.import_module(name)
    web_classes()
    for port in BASES:
        stack = list(port.__subclasses__())
        while stack:
            cls = stack.pop()
            stack.extend(cls.__subclasses__())
            name = cls.__module__ + "." + cls.__name__
            if cls.__module__.split(".")[0] in ("knightstour", "knightstour_desktop", "knightstour_sim", "web") \
                    and name not in PARTS:
                found[name] = (cls, port)
    return found


def left_out(cls, port):
    """The methods of ``port`` that ``cls`` leaves out, or leaves to the port's base (which raises)."""
    return [name for name, value in vars(port).items()
            if value is ports.missing and getattr(cls, name, ports.missing) is ports.missing]


IMPLEMENTATIONS = implementations()


@pytest.mark.parametrize("name", sorted(IMPLEMENTATIONS))
def test_every_implementation_writes_every_method_of_its_port(name):
    cls, port = IMPLEMENTATIONS[name]
    assert issubclass(cls, port), "%s does not subclass ports.%s" % (name, port.__name__)
    assert left_out(cls, port) == [], "%s leaves out methods of ports.%s" % (name, port.__name__)


@pytest.mark.parametrize("part", sorted(PARTS))
def test_a_part_of_an_implementation_is_in_one(part):
    whole = IMPLEMENTATIONS[PARTS[part]][0]
    assert part.rsplit(".", 1)[1] in [each.__name__ for each in whole.__mro__]


def test_the_board_and_the_rest_subclass_the_same_bases():
    # a board loads port_bases.py only (after its settings are read), the rest names them in ports.py
    from knightstour import port_bases

    assert (ports.Display, ports.Input, ports.Sound) == (port_bases.Display, port_bases.Input, port_bases.Sound)


def test_the_implementations_are_all_found():
    names = {name.rsplit(".", 1)[1] for name in IMPLEMENTATIONS}
    assert names >= {"NullDisplay", "NullInput", "NullSound", "NoteSound", "PiezoSound", "SpeakerSound",
                     "MatrixDisplay", "ChainDisplay", "TftDisplay", "Buttons", "TouchInput", "RecordingDisplay",
                     "QueueInput", "RecordingSound", "SimSound", "FakeClock", "TeeDisplay", "MergedInput",
                     "_KeyedInput"}


def test_a_method_left_out_is_found_and_raises():
    written = {name: (lambda self, *args: None) for name, value in vars(ports.Display).items()
               if value is ports.missing and name != "trace"}
    display = type("Forgetful", (ports.Display,), written)
    assert left_out(display, ports.Display) == ["trace"]
    with pytest.raises(NotImplementedError):
        display().trace(0, 1)


@pytest.mark.parametrize("command", sorted({event for _, event in tft_panel.BUTTONS} | set(buttons.Buttons.SHORT + buttons.Buttons.LONG)
                                           | {event for event in pad.Pad.SHORT + pad.Pad.LONG
                                              if isinstance(event, str)}))
def test_every_command_the_toy_sends_is_one_of_the_table(command):
    queue = QueueInput()
    queue.command(command)
    assert queue.poll() == command
