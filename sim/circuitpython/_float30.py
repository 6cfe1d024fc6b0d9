"""float30(): a float as CircuitPython keeps it on a 32-bit board (the harness's CONFIG["float30"])."""


def float30(x):
    """``x`` as CircuitPython keeps a float on a 32-bit board: a single-precision float (rounded to
    nearest) whose two lowest bits are dropped (py/obj.h, MICROPY_OBJ_REPR_C: 22-bit mantissa)."""
    import struct

    bits = struct.unpack("<I", struct.pack("<f", x))[0] & ~3
    return struct.unpack("<f", struct.pack("<I", bits))[0]
