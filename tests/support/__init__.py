"""What the tests share, one module an idea. Test files import from here and never from one
another (tests/test_layers.py checks it); fixtures used by several files are in conftest.py.

- app: settings, apps and simulators made from a few values; a tour run to its end.
- analysis: the order analysis's verdict worked out from the reference tour.
- chips: emulated TFT rigs, bitmaps drawn by hand.
- contrast: WCAG's contrast of two colours.
- circuitpython_getenv: CircuitPython's settings.toml reader, the oracle for ours.
- cli: the run command on an emulated Pi.
- deploy: a drive's files as bytes; a stand-in CircuitPython mpy-cross.
- feather: code.py on the stand-in Feather at the heaps the toy needs.
- micropython: the 32-bit MicroPython WebAssembly port, run under node.
- ocr: the TFT's words read by tesseract.
- plain_https: https:// served by a plain-HTTP stand-in on loopback, for the download tests.
- reference: tours by brute force and by the book, sharing no code with the toy.
"""
