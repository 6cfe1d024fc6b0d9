"""The `knights-tour` console command (desktop and Raspberry Pi only; not copied to a Feather).

Each subcommand lives in its own module with ``add_arguments(parser)`` and
``run(args) -> exit code``; they are imported only when used.
"""

import argparse
import importlib
import sys

from . import __version__

COMMANDS = (
    ("solve", "knightstour.commands.solve", "solve one tour and print the board"),
    ("orders", "knightstour.commands.orders", "analyse check orders; write the super orders"),
    ("sim", "knightstour_sim.command", "run the toy in the terminal simulator"),
    ("run", "knightstour.commands.run", "run the toy on a Raspberry Pi's real hardware"),
    ("deploy", "knightstour.commands.deploy", "copy the toy onto a Feather's CIRCUITPY drive"),
)


class UsageError(Exception):
    """Bad input: printed as one line, exit code 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        self.exit(2, "knights-tour: error: %s (see --help)\n" % message)


def build_parser():
    parser = _Parser(prog="knights-tour", description="A Knight's Tour desk toy.")
    parser.add_argument("--version", action="version", version="knights-tour " + __version__)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    subparsers.required = True
    for name, module_name, help_text in COMMANDS:
        module = importlib.import_module(module_name)  # stdlib only at import: extras load when used
        sub = subparsers.add_parser(name, help=help_text, description=help_text)
        module.add_arguments(sub)
        sub.set_defaults(_run=module.run)
    return parser


def main(argv=None):
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args._run(args)
    except BrokenPipeError:
        # The reader went away (| head): stop quietly, as command-line tools do.
        sys.stderr.close()
        return 0
    except (UsageError, ValueError) as exc:
        # One line per thing wrong (several settings can be bad at once).
        for line in str(exc).split("\n"):
            print("knights-tour %s: error: %s" % (args.command, line), file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
