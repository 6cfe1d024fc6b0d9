"""Running mutants under pytest: a plugin that replaces pytest's test loop (tools/mutation.py).

Pytest collects the tests once; a first forked child runs every test once
untraced (its time) and once with line tracing (which lines of the modules it
reaches), cached in .venv/mutation-baseline.json per test file until that file
or any code or helper changes. Then, for each mutant, a forked child executes
the mutated module, swaps the mutated functions' code (and changed constants)
into the live module, and runs the tests that reach the mutated line (any test
of the module for module-level code), quickest first, up to --budget seconds of
their own time, stopping at the first failure. A child that outlives its limit
(--timeout-base + --timeout-factor times its tests' time) is killed and counted
as "timed out".
"""

import hashlib
import importlib
import json
import os
import signal
import sys
import time

from mutation_mutants import (
    MODULES,
    ROOT,
    Broken,
    apply_mutant,
    module_path,
    mutants,
    mutated_code,
    package_of,
)

BASELINE_CACHE = os.path.join(ROOT, ".venv", "mutation-baseline.json")
CACHE_VERSION = 2


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
    files = {module_path(m): m for m in targets}
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
            # imported here if the tests load it only when it is used (play.py: at the first game)
            live = importlib.import_module(package_of(mutant["module"]) + "." + mutant["module"])
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
