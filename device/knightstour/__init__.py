"""knightstour: a Knight's Tour desk toy. The core runs unchanged on CircuitPython and CPython."""

__version__ = "0.1.0"
