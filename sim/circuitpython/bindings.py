"""What CircuitPython 10 defines, of the modules the stand-ins stand in for, for what the toy and
its libraries use: the names each module holds, each class's methods, properties and the
parameters of each call, written down from CircuitPython 10.0.3's shared-bindings/ (the
allowed_args arrays and locals_dict tables) and ports/*/boards/*/pins.c.

    TABLE[module][name] = a call: the parameter names in order, "*" before the keyword-only ones
                          a class: {its name: a call or None (a property, a constant), "()": its
                          constructor's parameters}
                          None: a constant (FONT, board_id, a pin)

tests/test_circuitpython_bindings.py holds every stand-in (sim/circuitpython, and web/py's) to
this: the same names and parameters, nothing more and nothing missing. HARNESS names what the
harness adds for its own use (the chip models on a pin, the records of what was drawn); a
stand-in keeps everything else of its own behind a leading underscore. The board module's pins,
bus singletons and DISPLAY come from the board's definition (sim/boards: pins.c, per board)."""

TABLE = {
    "board": {"board_id": None},  # and each board's pins, buses and DISPLAY: its definition (sim/boards)
    "microcontroller": {"Pin": {}},
    "digitalio": {
        "DigitalInOut": {
            "()": ("pin",),
            "deinit": (), "__enter__": (), "__exit__": ("*args",),
            "switch_to_output": ("value", "drive_mode"), "switch_to_input": ("pull",),
            "direction": None, "value": None, "drive_mode": None, "pull": None,
        },
        "Direction": {"INPUT": None, "OUTPUT": None},
        "DriveMode": {"PUSH_PULL": None, "OPEN_DRAIN": None},
        "Pull": {"UP": None, "DOWN": None},
    },
    "pwmio": {
        "PWMOut": {
            "()": ("pin", "*", "duty_cycle", "frequency", "variable_frequency"),
            "deinit": (), "__enter__": (), "__exit__": ("*args",),
            "duty_cycle": None, "frequency": None,
        },
    },
    "busio": {
        "SPI": {
            "()": ("clock", "MOSI", "MISO", "*", "half_duplex"),
            "deinit": (), "__enter__": (), "__exit__": ("*args",), "try_lock": (), "unlock": (),
            "configure": ("*", "baudrate", "polarity", "phase", "bits"),
            "write": ("buffer", "*", "start", "end"),
            "readinto": ("buffer", "*", "start", "end", "write_value"),
            "write_readinto": ("out_buffer", "in_buffer", "*", "out_start", "out_end", "in_start", "in_end"),
            "frequency": None,
        },
        "I2C": {
            "()": ("scl", "sda", "*", "frequency", "timeout"),
            "deinit": (), "__enter__": (), "__exit__": ("*args",), "try_lock": (), "unlock": (),
            "probe": ("address",), "scan": (),
            "readfrom_into": ("address", "buffer", "*", "start", "end"),
            "writeto": ("address", "buffer", "*", "start", "end"),
            "writeto_then_readfrom": ("address", "out_buffer", "in_buffer", "*", "out_start", "out_end",
                                      "in_start", "in_end"),
        },
    },
    "fourwire": {
        "FourWire": {
            "()": ("spi_bus", "*", "command", "chip_select", "reset", "baudrate", "polarity", "phase"),
            "reset": (), "send": ("command", "data", "*", "toggle_every_byte"),
        },
    },
    "busdisplay": {
        "BusDisplay": {
            "()": ("display_bus", "init_sequence", "*", "width", "height", "colstart", "rowstart", "rotation",
                   "color_depth", "grayscale", "pixels_in_byte_share_row", "bytes_per_cell",
                   "reverse_pixels_in_byte", "reverse_bytes_in_word", "set_column_command", "set_row_command",
                   "write_ram_command", "backlight_pin", "brightness_command", "brightness",
                   "single_byte_bounds", "data_as_commands", "auto_refresh", "native_frames_per_second",
                   "backlight_on_high", "SH1107_addressing", "backlight_pwm_frequency"),
            "show": ("group",),  # still there, to raise AttributeError: ".show(x) removed. Use .root_group = x"
            "refresh": ("*", "target_frames_per_second", "minimum_frames_per_second"),
            "fill_row": ("y", "buffer"),
            "auto_refresh": None, "brightness": None, "width": None, "height": None, "rotation": None,
            "bus": None, "root_group": None,
        },
    },
    "displayio": {
        "release_displays": (),
        "Bitmap": {
            "()": ("width", "height", "value_count"),
            "width": None, "height": None, "bits_per_value": None,
            "fill": ("value",), "dirty": ("x1", "y1", "x2", "y2"), "deinit": (),
            "__getitem__": ("index",), "__setitem__": ("index", "value"),
        },
        "Palette": {
            "()": ("color_count", "*", "dither"),
            "dither": None, "make_transparent": ("palette_index",), "make_opaque": ("palette_index",),
            "is_transparent": ("palette_index",),
            "__len__": (), "__getitem__": ("index",), "__setitem__": ("index", "value"),
        },
        "TileGrid": {
            "()": ("bitmap", "*", "pixel_shader", "width", "height", "tile_width", "tile_height", "default_tile",
                   "x", "y"),
            "hidden": None, "x": None, "y": None, "width": None, "height": None, "tile_width": None,
            "tile_height": None, "pixel_shader": None, "bitmap": None,
            "__getitem__": ("index",), "__setitem__": ("index", "value"),
        },
        "Group": {
            "()": ("*", "scale", "x", "y"),
            "hidden": None, "scale": None, "x": None, "y": None,
            "append": ("layer",), "insert": ("index", "layer"), "index": ("layer",), "pop": ("i",),
            "remove": ("layer",), "sort": ("*", "key", "reverse"),
            "__len__": (), "__getitem__": ("index",), "__setitem__": ("index", "value"), "__delitem__": ("index",),
        },
    },
    "analogio": {
        "AnalogIn": {
            "()": ("pin",),
            "deinit": (), "__enter__": (), "__exit__": ("*args",), "value": None, "reference_voltage": None,
        },
    },
    "audiocore": {
        "RawSample": {
            "()": ("buffer", "*", "channel_count", "sample_rate", "single_buffer"),
            "deinit": (), "__enter__": (), "__exit__": ("*args",),
            "sample_rate": None, "bits_per_sample": None, "channel_count": None,
        },
    },
    "audioio": {
        "AudioOut": {
            "()": ("left_channel", "*", "right_channel", "quiescent_value"),
            "deinit": (), "__enter__": (), "__exit__": ("*args",), "play": ("sample", "*", "loop"), "stop": (),
            "pause": (), "resume": (), "playing": None, "paused": None,
        },
    },
    "bitmaptools": {"fill_region": ("dest_bitmap", "x1", "y1", "x2", "y2", "value")},
    "supervisor": {"ticks_ms": ()},
    "terminalio": {"FONT": None},
}

# What the harness adds (not CircuitPython's): a pin's chip model and the level on its wire; the
# __new__ that hands out a display bus or a display from static storage, as a board's
# allocate_display_bus and allocate_display_or_raise.
HARNESS = {
    "microcontroller": {"Pin": {"()", "chip", "level", "board_level", "analog", "drive", "__repr__", "name", "id",
                                "idle", "watch", "board_drive", "board_pull"}},
    "fourwire": {"FourWire": {"__new__"}},
    "busdisplay": {"BusDisplay": {"__new__"}},
    "supervisor": {"now_ms"},
}
