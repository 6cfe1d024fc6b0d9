"""The tree's shape, where import-linter cannot see it. The layers themselves (every import
pointing down, no import circle) are import-linter's contracts in pyproject.toml, which ./test
runs (`lint-imports`); here: the files that run as top-level modules (the stand-ins of
sim/circuitpython/ and web/py/, on the stand-in drive and on the page) import nothing of the toy
or of their harness, docs/architecture.md lists every module in its layer, hw/'s modules stay
short, and the tests' own rules: no test file imports another (shared helpers live in
tests/support/), and test files and tests are named for what they check."""

import ast
import os

import pytest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir)
DEVICE = os.path.join(ROOT, "device")
TESTS = os.path.dirname(os.path.abspath(__file__))
# {dotted prefix: folder}: the packages, and web/py, whose files the page loads as top-level modules.
ROOTS = {"knightstour": os.path.join(DEVICE, "knightstour"),
         "knightstour_desktop": os.path.join(DEVICE, "knightstour_desktop"),
         "knightstour_sim": os.path.join(ROOT, "sim"), "web_py": os.path.join(ROOT, "web", "py")}
PACKAGES = (ROOTS["knightstour"], ROOTS["knightstour_desktop"])

# The layers as docs/architecture.md's headings name them, lowest first, each with the prefixes of its
# modules (a module is in the layer of its longest prefix); pyproject.toml's contracts hold them.
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


def layer(name, layers=LAYERS):
    """The index in ``layers`` of the layer ``name`` belongs to: that of its longest prefix."""
    best, length = 0, -1
    for i, (_, prefixes) in enumerate(layers):
        for prefix in prefixes:
            if (name == prefix or name.startswith(prefix + ".")) and len(prefix) > length:
                best, length = i, len(prefix)
    return best


# The folders whose files run side by side as top-level modules, and their harness: the files that
# may import the toy (the rest are stand-ins for CircuitPython's modules).
FLAT = {os.path.join(ROOT, "sim", "circuitpython"): (),
        os.path.join(ROOT, "web", "py"): ("web",)}
TOY = ("knightstour", "knightstour_desktop", "knightstour_sim")


def absolute_imports(path):
    """The modules the file at ``path`` imports by absolute name, at the top or in a function."""
    with open(path) as source:
        tree = ast.parse(source.read(), path)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            found.append(node.module)
    return found


def flat_imports_upward(folder, harness):
    """["file -> module"]: each import, at the top or in a function, by a stand-in of ``folder`` (a
    file not in ``harness``) of the toy's packages or of the harness."""
    found = []
    for name in sorted(os.listdir(folder)):
        if name.endswith(".py") and name[:-3] not in harness:
            found += ["%s -> %s" % (name, target) for target in absolute_imports(os.path.join(folder, name))
                      if target.split(".")[0] in TOY + harness]
    return found


@pytest.mark.parametrize("folder", sorted(FLAT))
def test_flat_stand_ins_import_nothing_of_the_toy_or_their_harness(folder):
    assert flat_imports_upward(folder, FLAT[folder]) == []


def test_a_flat_stand_in_importing_up_is_found(tmp_path):
    (tmp_path / "busio.py").write_text("import board\n\ndef f():\n    from knightstour.hw import feather\n")
    (tmp_path / "board.py").write_text("import feather\n")
    (tmp_path / "feather.py").write_text("import knightstour\n")
    assert flat_imports_upward(str(tmp_path), ("feather",)) == ["board.py -> feather",
                                                                 "busio.py -> knightstour.hw"]


def test_both_packages_are_read():
    found = modules(*PACKAGES)
    assert "knightstour.hw.feather" in found and "knightstour_desktop.commands.deploy" in found
    assert "knightstour_desktop.pinmap" in found and not any(".commands" in name for name in found
                                                             if name.startswith("knightstour."))


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
            for target in absolute_imports(path):
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
