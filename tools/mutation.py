"""Mutation testing for the core and the app: does some test fail when the code is wrong?

Run: ./test --mutation [--module pacing ...] [--jobs 2] [--list]
     (or .venv/bin/python tools/mutation.py ...)

The mutants (one small change each: a comparison flipped, a number off by one,
``and`` <-> ``or``, ``+`` <-> ``-``, a condition negated) come from
mutation_mutants.py; mutation_runner.py runs each in a forked child against the
tests that reach its line. The score counts killed and timed out mutants as
caught. Tests that run the code in another process (the CLI in a subprocess,
MicroPython under node) cannot see a mutant and are left out, as is the
10000-tour memory test. The mutants are the same on every run; which tests each
one gets depends on the measured times, so on a much slower or faster machine a
borderline survivor may turn up or go.

Prints killed / survived / timed out per module, the score per group (core,
app), and every survivor as file:line: original -> mutant.
"""

import argparse
import json
import os
import signal
import sys
import time

from mutation_mutants import GROUPS, MODULES, ROOT, mutants, package_of
from mutation_runner import Runner

# Tests that only drive the code in another process (node, mpy-cross, shell scripts), and
# the memory test (10000 tours: minutes per mutant, and it checks memory, not behaviour).
SKIP_TESTS = ("test_micropython.py", "test_hw_micropython.py", "test_mpy_cross.py", "test_pi_install.py",
              "test_app_memory.py")


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
            print("  device/%s/%s.py:%d  %s  ->  %s%s" % (
                package_of(r["module"]), r["module"], r["line"], r["before"], r["after"], note))
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
