"""The tree's shape (docs/architecture.md): no import circles in the board's package, the desktop's,
the simulator's (sim/) or the web page's (web/py/), imports inside functions included, and every
import pointing down the layers: the board's package never imports the desktop's; the emulated
chips and the stand-ins for CircuitPython's modules sit below the toy and import nothing of it; the
simulator's front end, its harness and the web page's driver sit on top. And the tests' own rule:
no test file imports another (shared helpers live in tests/support/)."""

import ast
import os

import pytest

from knightstour_sim import web as web_build
from knightstour_sim.harness import drive as feather_drive

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir)
DEVICE = os.path.join(ROOT, "device")
TESTS = os.path.dirname(os.path.abspath(__file__))
# {dotted prefix: folder}: the packages, and web/py, whose files the page loads as top-level modules.
ROOTS = {"knightstour": os.path.join(DEVICE, "knightstour"),
         "knightstour_desktop": os.path.join(DEVICE, "knightstour_desktop"),
         "knightstour_sim": os.path.join(ROOT, "sim"), "web_py": os.path.join(ROOT, "web", "py")}
PACKAGES = (ROOTS["knightstour"], ROOTS["knightstour_desktop"])

# The layers, lowest first, each with the prefixes of its modules (a module is in the layer of its
# longest prefix). Below the toy: the emulated chips, the boards' definitions and the stand-ins for CircuitPython's modules,
# hardware as far as the toy knows, which import nothing of it. Then the core (knightstour.*),
# hw/'s layers, the desktop package (its settings reader, analysis, recording ports, pin table), its
# commands and the command line. On top: the simulator's front end (sim/: the terminal simulator,
# the screenshots, the web build) with the harness that runs code.py on the stand-in Feather
# (harness/drive.py, feather.py, and game.py's presses) and the web page's driver (web/py/web.py).
LAYERS = (
    ("emulators and stand-ins", ("knightstour_sim.boards", "knightstour_sim.chips", "knightstour_sim.circuitpython",
                                 "web_py")),
    ("core", ("knightstour",)),
    ("chips", ("knightstour.hw.chips",)),
    ("views", ("knightstour.hw.views",)),
    ("inputs", ("knightstour.hw.inputs",)),
    ("wiring", ("knightstour.hw.wiring",)),
    ("entry points", ("knightstour.hw",)),
    ("desktop", ("knightstour_desktop",)),
    ("desktop commands", ("knightstour_desktop.commands",)),
    ("command line", ("knightstour_desktop.cli",)),
    ("simulator", ("knightstour_sim", "knightstour_sim.harness", "web_py.web")),
)


def flat_names():
    """{folder's prefix: {top-level name: module}} for the folders whose files run side by side as
    top-level modules: the stand-in Feather's drive (sim/circuitpython with drive.py's chips, and
    sim/harness/feather.py beside them) and
    the web page (web/py with what sim/web.py copies beside it)."""
    sim = "knightstour_sim."
    feather = {name: sim + "chips." + name for name in feather_drive.CHIPS}
    page = {name: sim + "circuitpython." + name for name in web_build.STAND_INS}
    page.update({"_%s_base" % name: sim + "circuitpython." + name for name in ("busdisplay", "displayio", "fourwire")})
    page.update({name: sim + "chips." + name for name in web_build.CHIPS})
    page.update({name: sim + name for name in web_build.HELPERS})
    harness = dict(feather)  # feather.py runs beside the stand-ins and the chips
    harness.update({name: sim + "circuitpython." + name for name in feather_drive.STAND_INS
                    + feather_drive.PORTAL_STAND_INS})
    return {"knightstour_sim.circuitpython": feather, "knightstour_sim.harness": harness, "web_py": page}


def modules(*roots, **named):
    """{dotted module name: path} for every .py under each of ``roots`` (folders named for their
    package) and ``named`` ({prefix: folder}); with neither, the whole tree (ROOTS). A package is
    its __init__."""
    found = {}
    for root in roots:
        found.update(_modules(root, os.path.basename(os.path.abspath(root))))
    for prefix, root in (named or ({} if roots else ROOTS)).items():
        found.update(_modules(root, prefix))
    return found


def _modules(root, prefix):
    found = {}
    for folder, _, names in os.walk(root):
        for name in names:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                dotted = ".".join([prefix] + os.path.relpath(path, root)[:-3].split(os.sep))
                found[dotted[:-len(".__init__")] if dotted.endswith(".__init__") else dotted] = path
    return found


def imports(found, flat=None):
    """{module: the modules of ``found`` it imports}, from every import statement in its source
    (at the top, in functions, under try), relative ones resolved; ``from p import m`` counts
    as importing p.m when m is a module, else p. In a folder of ``flat`` (default: flat_names()),
    a top-level name is a module beside it, or what the folder's table says."""
    flat = flat_names() if flat is None else flat
    edges = {name: set() for name in found}
    for name, path in found.items():
        package = name if path.endswith("__init__.py") else name.rsplit(".", 1)[0]
        beside = dict(flat.get(package, {}))
        beside.update({other.rsplit(".", 1)[1]: other for other in found if other.startswith(package + ".")
                       and package in flat})
        with open(path) as source:
            tree = ast.parse(source.read(), path)
        for node in ast.walk(tree):
            targets = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parent = package.split(".")
                    parent = parent[:len(parent) - (node.level - 1)]
                    base = ".".join(parent + ([node.module] if node.module else []))
                targets = [base + "." + alias.name if base + "." + alias.name in found else base
                           for alias in node.names]
            for target in targets:
                target = beside.get(target, target)
                if target in found and target != name:
                    edges[name].add(target)
    return edges


def circles(edges):
    """The import circles: each a list of modules, a -> b -> ... -> a (Tarjan's strongly connected
    components of more than one module; a module never imports itself here)."""
    index = {}
    low = {}
    stack = []
    on_stack = set()
    found = []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def layer(name, layers=LAYERS):
    """The index in ``layers`` of the layer ``name`` belongs to: that of its longest prefix."""
    best, length = 0, -1
    for i, (_, prefixes) in enumerate(layers):
        for prefix in prefixes:
            if (name == prefix or name.startswith(prefix + ".")) and len(prefix) > length:
                best, length = i, len(prefix)
    return best


def upward(edges, layers=LAYERS):
    """Every import that points up the layers, as "importer -> imported"."""
    return sorted("%s -> %s" % (a, b) for a in edges for b in edges[a] if layer(b, layers) > layer(a, layers))


def test_the_whole_tree_is_read():
    found = modules()
    for name in ("knightstour.app", "knightstour_desktop.cli", "knightstour_sim.chips.ili9341",
                 "knightstour_sim.circuitpython.busio", "knightstour_sim.tui", "web_py.web", "web_py.displayio"):
        assert name in found
    edges = imports(found)
    assert "knightstour_sim.chips.ili9341" in edges["web_py.web"]  # from ili9341 import ILI9341, on the page
    assert "knightstour_sim.circuitpython.displayio" in edges["web_py.displayio"]  # as _displayio_base
    assert "knightstour_sim.circuitpython.microcontroller" in edges["knightstour_sim.circuitpython.busio"]
    assert "knightstour_desktop.settings_toml" in edges["knightstour_sim.command"]


def test_both_packages_are_read():
    found = modules(*PACKAGES)
    assert "knightstour.hw.feather" in found and "knightstour_desktop.commands.deploy" in found
    assert "knightstour_desktop.pinmap" in found and not any(".commands" in name for name in found
                                                             if name.startswith("knightstour."))


def stands_in(name):
    """Whether ``name`` stands for one of CircuitPython's own modules (sim/circuitpython, web/py)."""
    return layer(name) == 0 and not name.startswith("knightstour_sim.chips")


def test_no_import_circle_in_the_tree():
    # The stand-ins may import each other both ways, as CircuitPython's C modules are one program
    # (displayio.release_displays() frees busdisplay's displays; a display's root_group must be a
    # displayio.Group).
    found = [group for group in circles(imports(modules())) if not all(stands_in(name) for name in group)]
    assert found == [], "import circles (each group imports itself back): %s" % found


def test_every_import_points_down_the_layers():
    assert upward(imports(modules())) == []


def test_circles_through_function_and_relative_imports_are_found(tmp_path):
    package = tmp_path / "toy"
    (package / "low").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "low" / "__init__.py").write_text("")
    (package / "low" / "a.py").write_text("def f():\n    from ..top import g\n")
    (package / "top.py").write_text("from .low import a\n\ndef g():\n    pass\n")
    (package / "lone.py").write_text("import toy.top\n")
    found = modules(str(package))
    assert circles(imports(found)) == [["toy.low.a", "toy.top"]]
    (package / "low" / "a.py").write_text("def f():\n    pass\n")
    assert circles(imports(modules(str(package)))) == []


def bad_tree(tmp_path, stand_in_source):
    """A small tree shaped like ours, its stand-in's source given: its modules and their imports."""
    for path, text in {"toy/__init__.py": "", "toy/core.py": "", "toy/hw/__init__.py": "",
                       "toy/hw/feather.py": "from toy import core\n", "sim/__init__.py": "",
                       "sim/command.py": "from toy.hw import feather\n", "sim/stand_ins/__init__.py": "",
                       "sim/stand_ins/board.py": "import busio\n", "sim/stand_ins/busio.py": stand_in_source}.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text)
    found = modules(toy=str(tmp_path / "toy"), sim=str(tmp_path / "sim"))
    return imports(found, flat={"sim.stand_ins": {}})


BAD_LAYERS = (("stand-ins", ("sim.stand_ins",)), ("core", ("toy",)), ("entry points", ("toy.hw",)),
              ("front end", ("sim",)))


def test_a_stand_in_importing_an_entry_point_is_found(tmp_path):
    edges = bad_tree(tmp_path, "def f():\n    from toy.hw.feather import run\n")
    assert edges["sim.stand_ins.board"] == {"sim.stand_ins.busio"}  # a top-level name beside it
    assert upward(edges, BAD_LAYERS) == ["sim.stand_ins.busio -> toy.hw.feather"]
    assert upward(bad_tree(tmp_path, "import struct\n"), BAD_LAYERS) == []  # the front end may import the toy


@pytest.mark.parametrize("name, expected", [
    ("knightstour.app", "core"), ("knightstour.hw.views.tft", "views"),
    ("knightstour.hw.feather", "entry points"), ("knightstour.hw.wiring", "wiring"),
    ("knightstour_desktop.settings_toml", "desktop"),
    ("knightstour_desktop.commands.run", "desktop commands"),
    ("knightstour_sim.chips.max7219", "emulators and stand-ins"),
    ("knightstour_sim.circuitpython.displayio", "emulators and stand-ins"),
    ("web_py.displayio", "emulators and stand-ins"),
    ("knightstour_sim.harness.drive", "simulator"), ("knightstour_sim.command", "simulator"),
    ("knightstour_sim", "simulator"), ("web_py.web", "simulator"),
])
def test_layer_of_a_module(name, expected):
    assert LAYERS[layer(name)][0] == expected


def test_no_hw_module_is_long():
    long = {name: n for name, path in modules(*PACKAGES).items() if name.startswith("knightstour.hw")
            for n in [sum(1 for _ in open(path))] if n > 300}
    assert long == {}


def imports_between_test_files(tests):
    """["file -> module"] for each import, in every .py under ``tests``, of a module of ``tests`` itself
    other than its support package (tests/support/)."""
    local = {name[:-3] for name in os.listdir(tests) if name.endswith(".py")}
    local |= {name for name in os.listdir(tests) if os.path.isdir(os.path.join(tests, name))}
    support = os.path.join(tests, "support")
    if os.path.isdir(support):  # a support module by its own name: an old helper's import
        local |= {name[:-3] for name in os.listdir(support) if name.endswith(".py") and name != "__init__.py"}
    found = []
    for folder, _, names in os.walk(tests):
        for name in sorted(names):
            if not name.endswith(".py"):
                continue
            path = os.path.join(folder, name)
            with open(path) as source:
                tree = ast.parse(source.read(), path)
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    targets = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and not node.level:
                    targets = [node.module]
                else:
                    continue
                for target in targets:
                    top = target.split(".")[0]
                    if top in local and top != "support":
                        found.append("%s -> %s" % (os.path.relpath(path, tests), target))
    return sorted(found)


def test_no_test_file_imports_another():
    assert imports_between_test_files(TESTS) == [], "move what they share into tests/support/"


def test_a_test_file_importing_another_is_found(tmp_path):
    (tmp_path / "support").mkdir()
    (tmp_path / "support" / "__init__.py").write_text("")
    (tmp_path / "support" / "app.py").write_text("from test_a import helper\n")
    (tmp_path / "conftest.py").write_text("from support.app import x\n")
    (tmp_path / "test_a.py").write_text("import os\nfrom support import app\n\ndef helper():\n    pass\n")
    (tmp_path / "test_b.py").write_text("def test_b():\n    import test_a\n    from conftest import node\n")
    (tmp_path / "test_c.py").write_text("from app import x\nfrom support.app import y\n")
    assert imports_between_test_files(str(tmp_path)) == ["support/app.py -> test_a", "test_b.py -> conftest",
                                                          "test_b.py -> test_a", "test_c.py -> app"]


# How a file came about (an issue, a fix, a round of mutation testing, the edge cases found) is not
# what it checks.
NOT_BEHAVIOUR = ("issue", "edges", "helpers", "misc", "regression", "mutation", "bugs", "extra")


def test_test_files_are_named_for_what_they_check():
    names = [name for name in os.listdir(TESTS) if name.endswith(".py")]
    odd = [name for name in names if name != "conftest.py"
           and (not name.startswith("test_") or any(word in name for word in NOT_BEHAVIOUR))]
    assert odd == [], "test files are test_<what they check>.py; shared helpers go in tests/support/"


def listed_modules(text):
    """The paths docs/architecture.md lists under "Every module, layer by layer", by layer."""
    listed = {}
    section = text.split("## Every module, layer by layer", 1)[1]
    heading = None
    for line in section.splitlines():
        if line.startswith("### "):
            heading = line[4:].split(" (")[0]
        elif line.startswith("- `") and heading:
            listed[line[3:].split("`", 1)[0]] = heading
    return listed


def path_names():
    """{path from the clone's root: dotted module name} for every module of the tree."""
    top = os.path.abspath(ROOT)
    return {os.path.relpath(path, top).replace(os.sep, "/"): name for name, path in modules().items()}


def test_architecture_lists_every_module_in_its_layer():
    with open(os.path.join(ROOT, "docs", "architecture.md")) as doc:
        listed = listed_modules(doc.read())
    paths = path_names()
    assert sorted(set(paths) - set(listed)) == [], "modules docs/architecture.md does not list"
    assert sorted(set(listed) - set(paths)) == [], "docs/architecture.md lists modules that are not there"
    misplaced = ["%s: listed under %s, in %s" % (path, listed[path], LAYERS[layer(name)][0])
                 for path, name in paths.items() if listed[path].lower() != LAYERS[layer(name)][0]]
    assert misplaced == []


def test_test_names_read_as_a_line_not_a_paragraph():
    long = []
    for name in sorted(os.listdir(TESTS)):
        if name.endswith(".py"):
            with open(os.path.join(TESTS, name)) as source:
                tree = ast.parse(source.read())
            long += ["%s: %s" % (name, node.name) for node in ast.walk(tree)
                     if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_")
                     and len(node.name) > 64]
    assert long == [], "test names of at most 64 characters (the docstring can say the rest)"
