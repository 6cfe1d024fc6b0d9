"""knightstour_desktop: what runs on a desktop or a Raspberry Pi and never on a board: the
`knights-tour` command and its subcommands, the settings-file reader, the order analysis, the
recording ports and the wiring documents' pin table. The board's package is knightstour."""
