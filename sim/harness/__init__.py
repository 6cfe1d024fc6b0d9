"""knightstour_sim.harness (CPython, but feather.py): runs device/code.py whole on the stand-ins of
sim/circuitpython under the 32-bit MicroPython WebAssembly port. drive.py lays out a CIRCUITPY drive
and runs it; feather.py is the script run.mjs runs beside the stand-ins (MicroPython); game.py is a
whole game by touch as presses."""
