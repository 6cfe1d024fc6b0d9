"""The packages' shape (docs/architecture.md): no import circles anywhere in device/knightstour
and device/knightstour_desktop, imports inside functions included, and every import pointing down
the layers: the board's package (the core, then hw/'s layers) never imports the desktop's."""

import ast
import os

import pytest

DEVICE = os.path.join(os.path.dirname(__file__), os.pardir, "device")
PACKAGES = tuple(os.path.join(DEVICE, name) for name in ("knightstour", "knightstour_desktop"))

# The layers, lowest first: the core (knightstour.*), hw/'s layers, then the desktop package (its
# settings reader, analysis, recording ports, pin table), its commands and the command line.
LAYERS = ("knightstour", "knightstour.hw.chips", "knightstour.hw.views", "knightstour.hw.inputs",
          "knightstour.hw.wiring", "knightstour.hw", "knightstour_desktop", "knightstour_desktop.commands",
          "knightstour_desktop.cli")


def modules(*roots):
    """{dotted module name: path} for every .py under each of ``roots`` (default: both packages;
    a package is its __init__)."""
    found = {}
    for root in roots or PACKAGES:
        found.update(_modules(root))
    return found


def _modules(root):
    found = {}
    top = os.path.dirname(os.path.abspath(root))
    for folder, _, names in os.walk(root):
        for name in names:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                dotted = os.path.relpath(path, top)[:-3].replace(os.sep, ".")
                found[dotted[:-len(".__init__")] if dotted.endswith(".__init__") else dotted] = path
    return found


def imports(found):
    """{module: the package's modules it imports}, from every import statement in its source
    (at the top, in functions, under try), relative ones resolved; ``from p import m`` counts
    as importing p.m when m is a module, else p."""
    edges = {name: set() for name in found}
    for name, path in found.items():
        package = name if path.endswith("__init__.py") else name.rsplit(".", 1)[0]
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


def layer(name):
    """The index in LAYERS of the deepest layer ``name`` belongs to."""
    best = 0
    for i, prefix in enumerate(LAYERS):
        if name == prefix or name.startswith(prefix + "."):
            if len(prefix) >= len(LAYERS[best]):
                best = i
    return best


def test_both_packages_are_read():
    found = modules()
    assert "knightstour.hw.feather" in found and "knightstour_desktop.commands.deploy" in found
    assert "knightstour_desktop.pinmap" in found and not any(".commands" in name for name in found
                                                             if name.startswith("knightstour."))


def test_no_import_circle_in_the_package():
    found = circles(imports(modules()))
    assert found == [], "import circles (each group imports itself back): %s" % found


def test_every_import_points_down_the_layers():
    edges = imports(modules())
    upward = sorted("%s -> %s" % (a, b) for a in edges for b in edges[a] if layer(b) > layer(a))
    assert upward == []


def test_the_finder_sees_circles_through_function_level_and_relative_imports(tmp_path):
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


@pytest.mark.parametrize("name, expected", [
    ("knightstour.app", "knightstour"), ("knightstour.hw.views.tft", "knightstour.hw.views"),
    ("knightstour.hw.feather", "knightstour.hw"), ("knightstour.hw.wiring", "knightstour.hw.wiring"),
    ("knightstour_desktop.settings_toml", "knightstour_desktop"),
    ("knightstour_desktop.commands.run", "knightstour_desktop.commands"),
])
def test_layer_of_a_module(name, expected):
    assert LAYERS[layer(name)] == expected


def test_no_hw_module_is_long():
    long = {name: n for name, path in modules().items() if name.startswith("knightstour.hw")
            for n in [sum(1 for _ in open(path))] if n > 300}
    assert long == {}
