"""The machine a benchmark ran on (CPU, cores, Python, OS), printed above its figures."""

import os
import platform
import sys


def describe():
    """One line: the CPU, its cores, the Python and the platform."""
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
