"""What the benchmarks ran on, printed above their figures."""

import os
import platform
import sys


def describe():
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return "%s, %d cores; %s %s on %s" % (
        cpu, os.cpu_count() or 1, platform.python_implementation(), sys.version.split()[0], platform.platform())
