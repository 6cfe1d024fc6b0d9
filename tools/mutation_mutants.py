"""The mutants of a module, and how one gets into the live module (tools/mutation.py runs them).

Each mutant is one small change to one module's syntax tree: a comparison flipped
(< <=, > >=, == !=, in / not in, is / is not), a number off by one (n -> n + 1,
True <-> False), ``and`` <-> ``or``, ``+`` <-> ``-`` (also ``+=`` ``-=``), or a
condition negated (if, while, a conditional expression, a comprehension's if).
The set depends only on the source, so every run makes the same mutants.
Functions compiled by numba get none (see _skipped).
"""

import ast
import copy
import os
import sys
import types

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DESKTOP_MODULES = ("analysis",)  # in knightstour_desktop (the board never runs it); the rest in knightstour
GROUPS = (
    ("core", ("board", "tour", "rules", "orders", "warnsdorff", "search", "analysis", "pacing")),
    ("app", ("app", "events", "tours", "play", "rng", "settings")),
)
MODULES = [name for _, names in GROUPS for name in names]


def package_of(module):
    return "knightstour_desktop" if module in DESKTOP_MODULES else "knightstour"


def module_path(module):
    return os.path.join(ROOT, "device", package_of(module), module + ".py")

COMPARE_SWAP = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}
BINOP_SWAP = {ast.Add: ast.Sub, ast.Sub: ast.Add}


def _nodes(tree):
    """Every node in a fixed order (depth first, source order)."""
    out = []

    def visit(node):
        out.append(node)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return out


def _skipped(tree):
    """Nodes not worth mutating: docstrings, annotations, the __main__ block."""
    skip = set()

    def drop(node):
        for each in ast.walk(node):
            skip.add(id(each))

    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            if isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
                drop(body[0])
        for field in ("annotation", "returns"):
            if getattr(node, field, None) is not None:
                drop(getattr(node, field))
        if isinstance(node, ast.If) and "__name__" in ast.unparse(node.test):
            drop(node)
    # Functions compiled by numba (@njit, analysis._follow) are left out, with the module constants
    # they read (analysis.STUCK, COMPLETE, CLOSED): line tracing cannot see inside compiled code, so
    # no test would be picked for them; numba's cache is keyed on the bytecode, not the constants,
    # so a changed number would still run the old compiled code; and the function cannot run as
    # plain Python instead (its int8 arithmetic overflows). Such a mutant would be a survivor or a
    # kill by accident, so none is made and none is counted.
    compiled = [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)
                and any("jit" in ast.unparse(d) for d in node.decorator_list)]
    read = set()
    for function in compiled:
        drop(function)
        read.update(n.id for n in ast.walk(function) if isinstance(n, ast.Name))
    for node in tree.body:
        if isinstance(node, ast.Assign) and read.intersection(
                n.id for target in node.targets for n in ast.walk(target) if isinstance(n, ast.Name)):
            drop(node)
    return skip


def _kinds(node):
    """(kind, argument) pairs: the mutations that apply to this node."""
    if isinstance(node, ast.Compare):
        return [("compare", i) for i, op in enumerate(node.ops) if type(op) in COMPARE_SWAP]
    if isinstance(node, ast.Constant):
        if isinstance(node.value, bool):
            return [("bool", None)]
        if isinstance(node.value, (int, float)):
            return [("number", None)]
        return []
    if isinstance(node, ast.BoolOp):
        return [("boolop", None)]
    if isinstance(node, (ast.BinOp, ast.AugAssign)) and type(node.op) in BINOP_SWAP:
        return [("arith", None)]
    if isinstance(node, (ast.If, ast.While, ast.IfExp)):
        return [("negate", None)]
    if isinstance(node, ast.comprehension):
        return [("negate-if", i) for i in range(len(node.ifs))]
    return []


def _apply(node, kind, arg):
    """Mutate ``node`` in place; return (before, after) source text."""
    if kind == "negate":
        before = ast.unparse(node.test)
        node.test = ast.UnaryOp(op=ast.Not(), operand=node.test)
        return before, ast.unparse(node.test)
    if kind == "negate-if":
        before = ast.unparse(node.ifs[arg])
        node.ifs[arg] = ast.UnaryOp(op=ast.Not(), operand=node.ifs[arg])
        return before, ast.unparse(node.ifs[arg])
    before = ast.unparse(node)
    if kind == "compare":
        node.ops[arg] = COMPARE_SWAP[type(node.ops[arg])]()
    elif kind == "bool":
        node.value = not node.value
    elif kind == "number":
        node.value = node.value + 1
    elif kind == "boolop":
        node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
    elif kind == "arith":
        node.op = BINOP_SWAP[type(node.op)]()
    return before, ast.unparse(node)


def _function_spans(tree):
    """(first line, last line) of every function body, for telling module-level code apart."""
    spans = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            body = node.body if isinstance(node.body, list) else [node.body]
            spans.append((body[0].lineno, body[-1].end_lineno))
    return spans


def mutants(module):
    """The module's mutants, in a fixed order: dicts with index, line, before, after, lines, local."""
    path = module_path(module)
    with open(path) as f:
        source = f.read()
    tree = ast.parse(source)
    skip = _skipped(tree)
    spans = _function_spans(tree)
    out = []
    for index, node in enumerate(_nodes(tree)):
        if id(node) in skip:
            continue
        for kind, arg in _kinds(node):
            line = getattr(node, "lineno", None)
            if line is None:  # a comprehension: use its target's line
                line = node.target.lineno
            before, after = _apply(copy.deepcopy(node), kind, arg)
            end = getattr(node, "end_lineno", None) or line
            if isinstance(node, (ast.If, ast.While)):
                line, end = node.test.lineno, node.test.end_lineno
            local = any(a <= line and end <= b for a, b in spans)
            out.append({
                "module": module, "node": index, "kind": kind, "arg": arg, "line": line,
                "lines": list(range(line, end + 1)), "local": local,
                "before": before, "after": after,
            })
    return out


def mutated_code(module, mutant):
    path = module_path(module)
    with open(path) as f:
        tree = ast.parse(f.read())
    node = _nodes(tree)[mutant["node"]]
    _apply(node, mutant["kind"], mutant["arg"])
    ast.fix_missing_locations(tree)
    return compile(tree, path, "exec")


# ---------------------------------------------------------------- applying a mutant to the live module

def _swap_function(old, new):
    old.__code__ = new.__code__
    old.__defaults__ = new.__defaults__
    old.__kwdefaults__ = new.__kwdefaults__


def _same(a, b):
    if type(a) is not type(b):
        return False
    try:
        return bool(a == b)
    except Exception:
        return a is b


def _patch_class(old, new, seen):
    if id(old) in seen:
        return
    seen.add(id(old))
    for name, value in vars(new).items():
        if name in ("__dict__", "__weakref__", "__doc__", "__module__", "__qualname__"):
            continue
        current = vars(old).get(name)
        if isinstance(value, types.FunctionType) and isinstance(current, types.FunctionType):
            _swap_function(current, value)
        elif isinstance(value, (staticmethod, classmethod)) and type(current) is type(value):
            _swap_function(current.__func__, value.__func__)
        elif isinstance(value, property) and isinstance(current, property):
            for part in ("fget", "fset", "fdel"):
                if getattr(value, part) is not None and getattr(current, part) is not None:
                    _swap_function(getattr(current, part), getattr(value, part))
        elif isinstance(value, type) and isinstance(current, type):
            _patch_class(current, value, seen)
        elif not _same(current, value):
            setattr(old, name, value)


class Broken(Exception):
    """The mutated module does not even import: any test of it fails."""


def apply_mutant(live, code):
    """Run the mutated module and move what changed into the live module (its objects stay the same)."""
    fresh = {"__name__": live.__name__, "__file__": live.__file__, "__package__": live.__package__,
             "__builtins__": __builtins__}
    try:
        exec(code, fresh)
    except Exception:
        raise Broken() from None
    seen = set()
    for name, value in fresh.items():
        if name.startswith("__"):
            continue
        current = live.__dict__.get(name)
        if hasattr(current, "py_func"):
            continue  # numba-compiled: never mutated (see _skipped), so the live one is kept as it is
        if isinstance(value, types.FunctionType) and isinstance(current, types.FunctionType):
            if value.__module__ == live.__name__:
                _swap_function(current, value)
        elif isinstance(value, type) and isinstance(current, type):
            if value.__module__ == live.__name__:
                _patch_class(current, value, seen)
        elif isinstance(value, types.ModuleType):
            continue
        elif not _same(current, value):
            # A changed constant: rebind it here and wherever it was imported by name.
            for other in list(sys.modules.values()):
                if other is not live and getattr(other, name, None) is current and current is not None:
                    try:
                        setattr(other, name, value)
                    except Exception:
                        pass
            setattr(live, name, value)
