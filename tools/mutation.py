"""Mutation testing for the core and the app: does some test fail when the code is wrong?

Run: ./test --mutation [--module pacing ...] [--jobs 2] [--list]
     (or .venv/bin/python tools/mutation.py ...)

Each mutant is one small change to one module's syntax tree: a comparison flipped
(< <=, > >=, == !=, in / not in, is / is not), a number off by one (n -> n + 1,
True <-> False), ``and`` <-> ``or``, ``+`` <-> ``-`` (also ``+=`` ``-=``), or a
condition negated (if, while, a conditional expression, a comprehension's if).
The set depends only on the source, so every run makes the same mutants.

How a mutant is run: pytest collects the tests once; a first forked child runs
every test once untraced (its time) and once with line tracing (which lines of
the modules it reaches), cached in .venv/mutation-baseline.json per test file
until that file or any code or helper changes. Then, for each mutant, a forked
child executes the mutated module, swaps the mutated functions' code (and
changed constants) into the live module, and runs the tests that reach the
mutated line (any test of the module for module-level code), quickest first,
up to --budget seconds of their own time, stopping at the first failure. A
child that outlives its limit (--timeout-base + --timeout-factor times its
tests' time) is killed and counted as "timed out"; the score counts killed and
timed out mutants as caught. Tests that run the code in another process (the
CLI in a subprocess, MicroPython under node) cannot see a mutant and are left
out, as is the 10000-tour memory test. The mutants are the same on every run;
which tests each one gets depends on the measured times, so on a much slower
or faster machine a borderline survivor may turn up or go.

Prints killed / survived / timed out per module, the score per group (core,
app), and every survivor as file:line: original -> mutant.
"""

import argparse
import ast
import copy
import hashlib
import json
import os
import signal
import sys
import time
import types

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE_DIR = os.path.join(ROOT, "device", "knightstour")
GROUPS = (
    ("core", ("board", "tour", "rules", "orders", "solver", "search", "analysis", "pacing")),
    ("app", ("app", "events", "tours", "play", "settings")),
)
MODULES = [name for _, names in GROUPS for name in names]
# Tests that only drive the code in another process (node, mpy-cross, shell scripts), and
# the memory test (10000 tours: minutes per mutant, and it checks memory, not behaviour).
SKIP_TESTS = ("test_micropython.py", "test_hw_micropython.py", "test_mpy_cross.py", "test_pi_install.py",
              "test_app_memory.py")
BASELINE_CACHE = os.path.join(ROOT, ".venv", "mutation-baseline.json")
CACHE_VERSION = 2

COMPARE_SWAP = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}
BINOP_SWAP = {ast.Add: ast.Sub, ast.Sub: ast.Add}


# ---------------------------------------------------------------- mutants

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
    path = os.path.join(PACKAGE_DIR, module + ".py")
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
    path = os.path.join(PACKAGE_DIR, module + ".py")
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


# ---------------------------------------------------------------- running tests in forked children

def _quiet():
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)


def _run_items(items):
    """Run items in order; True when all pass."""
    from _pytest.runner import runtestprotocol

    for i, item in enumerate(items):
        following = items[i + 1] if i + 1 < len(items) else None
        for report in runtestprotocol(item, log=False, nextitem=following):
            if report.failed:
                return False
    return True


def _baseline(items, targets, out_path):
    """Child: run every item once, tracing lines in the target files; write json to out_path."""
    files = {os.path.join(PACKAGE_DIR, m + ".py"): m for m in targets}
    from _pytest.runner import runtestprotocol

    result = {}
    for i, item in enumerate(items):
        hits = {}

        def local(frame, event, arg, hits=hits):
            if event == "line":
                hits.setdefault(files[frame.f_code.co_filename], set()).add(frame.f_lineno)
            return local

        def global_(frame, event, arg, hits=hits):
            if frame.f_code.co_filename in files:
                hits.setdefault(files[frame.f_code.co_filename], set()).add(frame.f_lineno)
                return local
            return None

        following = items[i + 1] if i + 1 < len(items) else None
        # Once untraced for its time (tracing slows some tests tenfold), once traced for its lines.
        began = time.perf_counter()
        reports = runtestprotocol(item, log=False, nextitem=None)
        seconds = time.perf_counter() - began
        sys.settrace(global_)
        try:
            reports += runtestprotocol(item, log=False, nextitem=following)
        finally:
            sys.settrace(None)
        result[item.nodeid] = {
            "ok": not any(r.failed for r in reports),
            "seconds": seconds,
            "lines": {m: sorted(v) for m, v in hits.items()},
        }
    with open(out_path, "w") as f:
        json.dump(result, f)


def _digest(paths):
    digest = hashlib.sha256()
    for full in paths:
        digest.update(os.path.relpath(full, ROOT).encode())
        with open(full, "rb") as f:
            digest.update(f.read())
    return digest.hexdigest()


def _shared_key():
    """What every test's trace depends on: the code, the test helpers, the project file."""
    paths = [os.path.join(ROOT, "pyproject.toml")]
    for top in ("device", "sim", "tests"):
        for folder, dirs, names in sorted(os.walk(os.path.join(ROOT, top))):
            dirs.sort()
            for name in sorted(names):
                if name.endswith((".py", ".toml")) and not (top == "tests" and name.startswith("test_")):
                    paths.append(os.path.join(folder, name))
    return _digest(paths)


def _kill(pid):
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        pass
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass


class Runner:
    """A pytest plugin: collection as usual, then our loop in place of pytest's."""

    def __init__(self, options):
        self.options = options
        self.results = []

    def pytest_runtestloop(self, session):
        if session.testsfailed or not session.items:
            return None
        # Our own lines go to the terminal; each test's output is still captured (and dropped).
        session.config.pluginmanager.getplugin("capturemanager").suspend_global_capture(in_=True)
        items = session.items
        by_id = {item.nodeid: item for item in items}
        baseline = self.baseline(items)
        broken = [nodeid for nodeid, b in baseline.items() if not b["ok"]]
        if broken:
            print("these tests fail without a mutant and are not used:", *broken, sep="\n  ")
        work = []
        for module in self.options.modules:
            for mutant in mutants(module):
                chosen = self.tests_for(mutant, baseline, self.options.budget)
                work.append((mutant, [by_id[n] for n in chosen if n in by_id],
                             sum(baseline[n]["seconds"] for n in chosen)))
        print("%d mutants in %s" % (len(work), ", ".join(self.options.modules)), flush=True)
        self.run_all(work)
        return True

    def baseline(self, items):
        """Per test: passed, seconds, lines reached; cached per test file until it or the code changes."""
        shared = _shared_key()
        cached = {}
        if os.path.exists(BASELINE_CACHE):
            with open(BASELINE_CACHE) as f:
                stored = json.load(f)
            if stored.get("version") == CACHE_VERSION:
                cached = stored["files"]
        by_file = {}
        for item in items:
            by_file.setdefault(str(item.path), []).append(item)
        files, stale = {}, []
        for path, file_items in sorted(by_file.items()):
            key = _digest([path]) + shared
            entry = cached.get(os.path.relpath(path, ROOT))
            if (entry and entry["key"] == key and set(entry["tests"]) == {i.nodeid for i in file_items}
                    and all(t["ok"] for t in entry["tests"].values())):
                files[os.path.relpath(path, ROOT)] = entry
            else:
                stale.extend(file_items)
                files[os.path.relpath(path, ROOT)] = {"key": key, "tests": {}}
        if stale:
            print("tracing which tests reach which lines (%d tests; cached afterwards) ..." % len(stale),
                  flush=True)
            out_path = BASELINE_CACHE + ".part"
            pid = os.fork()
            if pid == 0:
                code = 1
                try:
                    _quiet()
                    _baseline(stale, MODULES, out_path)
                    code = 0
                finally:
                    os._exit(code)
            _, status = os.waitpid(pid, 0)
            if os.waitstatus_to_exitcode(status) != 0:
                raise SystemExit("the tracing run failed")
            with open(out_path) as f:
                traced = json.load(f)
            os.remove(out_path)
            for item in stale:
                files[os.path.relpath(str(item.path), ROOT)]["tests"][item.nodeid] = traced[item.nodeid]
            with open(BASELINE_CACHE, "w") as f:
                json.dump({"version": CACHE_VERSION, "files": files}, f)
        tests = {}
        for entry in files.values():
            tests.update(entry["tests"])
        return tests

    @staticmethod
    def tests_for(mutant, baseline, budget):
        module = mutant["module"]
        wanted = set(mutant["lines"])
        chosen = []
        for nodeid, b in baseline.items():
            if not b["ok"]:
                continue
            lines = b["lines"].get(module)
            if not lines:
                continue
            # Module-level code (constants, defaults) runs at import: any test of the module may see it.
            if not mutant["local"] or wanted.intersection(lines):
                chosen.append(nodeid)
        chosen.sort(key=lambda n: (baseline[n]["seconds"], n))
        # The quickest tests first, up to the time budget (at least one test).
        kept, seconds = [], 0.0
        for nodeid in chosen:
            if kept and seconds + baseline[nodeid]["seconds"] > budget:
                break
            kept.append(nodeid)
            seconds += baseline[nodeid]["seconds"]
        return kept

    def run_all(self, work):
        running = {}  # pid -> (mutant, started, limit)
        try:
            self.run_queue(work, running)
        finally:
            for pid in running:
                _kill(pid)

    def run_queue(self, work, running):
        jobs = self.options.jobs
        queue = list(work)
        total = len(queue)
        done = 0
        while queue or running:
            while queue and len(running) < jobs:
                mutant, items, seconds = queue.pop(0)
                if not items:
                    self.record(mutant, "no tests")
                    done += 1
                    continue
                limit = self.options.timeout_base + self.options.timeout_factor * seconds
                pid = os.fork()
                if pid == 0:
                    self.child(mutant, items)
                running[pid] = (mutant, time.monotonic(), limit)
            finished = []
            for pid, (mutant, started, limit) in running.items():
                got, status = os.waitpid(pid, os.WNOHANG)
                if got:
                    code = os.waitstatus_to_exitcode(status)
                    outcome = {0: "survived", 1: "killed"}.get(code, "killed")
                    if code not in (0, 1, 3):
                        outcome = "killed"  # crashed (e.g. a recursion blow-up): caught
                    if code == 3:
                        outcome = "error"
                    self.record(mutant, outcome)
                    finished.append(pid)
                elif time.monotonic() - started > limit:
                    _kill(pid)
                    self.record(mutant, "timed out")
                    finished.append(pid)
            for pid in finished:
                del running[pid]
                done += 1
                if done % 50 == 0 or done == total:
                    print("  %d/%d" % (done, total), flush=True)
            if not finished:
                time.sleep(0.005)

    def child(self, mutant, items):
        code = 3
        try:
            os.setpgid(0, 0)
            _quiet()
            live = sys.modules["knightstour." + mutant["module"]]
            apply_mutant(live, mutated_code(mutant["module"], mutant))
            code = 2
            code = 0 if _run_items(items) else 1
        except Broken:
            code = 1
        except BaseException:
            code = 1 if code == 2 else 3
        finally:
            os._exit(code)

    def record(self, mutant, outcome):
        self.results.append(dict(mutant, outcome=outcome))
        if self.options.verbose and outcome not in ("killed", "timed out"):
            print("  %s: %s:%d  %s  ->  %s" % (outcome, mutant["module"], mutant["line"],
                                              mutant["before"], mutant["after"]), flush=True)


# ---------------------------------------------------------------- report

def report(results, modules):
    rows = []
    caught_by_group = {}
    print()
    print("%-10s %7s %8s %9s %7s %6s" % ("module", "killed", "survived", "timed out", "total", "score"))
    for group, names in GROUPS:
        group_total = group_caught = 0
        for name in names:
            if name not in modules:
                continue
            mine = [r for r in results if r["module"] == name]
            killed = sum(r["outcome"] == "killed" for r in mine)
            timed = sum(r["outcome"] == "timed out" for r in mine)
            survived = len(mine) - killed - timed
            score = 100.0 * (killed + timed) / len(mine) if mine else 100.0
            print("%-10s %7d %8d %9d %7d %5.1f%%" % (name, killed, survived, timed, len(mine), score))
            rows.append((name, killed, survived, timed, len(mine)))
            group_total += len(mine)
            group_caught += killed + timed
        if group_total:
            caught_by_group[group] = (group_caught, group_total)
            print("%-10s %35s %5.1f%%" % ("= " + group, "%d of %d caught" % (group_caught, group_total),
                                          100.0 * group_caught / group_total))
    survivors = [r for r in results if r["outcome"] not in ("killed", "timed out")]
    if survivors:
        print("\nsurvivors:")
        for r in sorted(survivors, key=lambda r: (MODULES.index(r["module"]), r["line"], r["node"])):
            note = "" if r["outcome"] == "survived" else "  [%s]" % r["outcome"]
            print("  device/knightstour/%s.py:%d  %s  ->  %s%s" % (
                r["module"], r["line"], r["before"], r["after"], note))
    return caught_by_group


def main(argv=None):
    parser = argparse.ArgumentParser(description="Mutation score of the core and the app modules.")
    parser.add_argument("--module", action="append", dest="modules", choices=MODULES,
                        help="only this module (repeat for several); default: all of them")
    parser.add_argument("--jobs", type=int, default=2, help="mutants run at once (default 2)")
    parser.add_argument("--list", action="store_true", help="print the mutants and exit")
    parser.add_argument("--verbose", action="store_true", help="print each survivor as it is found")
    parser.add_argument("--json", metavar="FILE", help="also write every mutant and its outcome here")
    parser.add_argument("--budget", type=float, default=5.0,
                        help="seconds of test time per mutant, quickest tests first (default 5)")
    parser.add_argument("--timeout-base", type=float, default=5.0, help="seconds (default 5)")
    parser.add_argument("--timeout-factor", type=float, default=5.0,
                        help="times the tests' own time (default 5)")
    parser.add_argument("--report", metavar="FILE", help="print the table and survivors of a saved --json run")
    options = parser.parse_args(argv)
    options.modules = options.modules or MODULES
    if options.report:
        with open(options.report) as f:
            results = json.load(f)
        report(results, sorted({r["module"] for r in results}, key=MODULES.index))
        return 0
    if options.list:
        for module in options.modules:
            for m in mutants(module):
                print("%s.py:%d  %s  ->  %s" % (module, m["line"], m["before"], m["after"]))
        return 0
    try:
        os.nice(10)
    except OSError:
        pass
    import pytest

    tests_dir = os.path.join(ROOT, "tests")
    files = sorted(os.path.join(tests_dir, f) for f in os.listdir(tests_dir)
                   if f.startswith("test_") and f.endswith(".py") and f not in SKIP_TESTS)
    runner = Runner(options)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # so the children are killed too
    began = time.monotonic()
    code = pytest.main(["-q", "-p", "no:cacheprovider", "--rootdir", ROOT] + files, plugins=[runner])
    if not runner.results:
        print("no mutants were run (pytest exit code %s)" % code)
        return 1
    report(runner.results, options.modules)
    if options.json:
        with open(options.json, "w") as f:
            json.dump(runner.results, f, indent=1)
    print("\n%d mutants in %.0f s" % (len(runner.results), time.monotonic() - began))
    return 0


if __name__ == "__main__":
    sys.exit(main())
