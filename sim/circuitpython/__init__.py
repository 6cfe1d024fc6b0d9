"""CircuitPython stand-ins for MicroPython (see README.md); drive.py runs them from CPython."""
