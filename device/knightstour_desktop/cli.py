"""The `knights-tour` console command (desktop and Raspberry Pi only; not copied to a Feather).

Each subcommand lives in its own module with ``add_arguments(parser)`` and
``run(args) -> exit code``; they are imported only when used.
"""

import argparse
import errno
import importlib
import os
import signal
import sys

# Only the standard library at import: the toy's modules load in main(), once Ctrl-C is handled.


def _interrupted(signum, frame):
    os._exit(130)  # nothing is written yet (or all is): stop at once, without Python's traceback


def _is_command():
    """True when this process is the knights-tour command, not a test calling main()."""
    return os.path.basename(sys.argv[0]).startswith("knights-tour")


COMMANDS = (
    ("solve", "knightstour_desktop.commands.solve", "solve one tour and print the board"),
    ("orders", "knightstour_desktop.commands.orders", "analyse check orders; write the super orders"),
    ("sim", "knightstour_sim.command", "run the toy in the terminal simulator"),
    ("run", "knightstour_desktop.commands.run", "run the toy on a Raspberry Pi's real hardware"),
    ("deploy", "knightstour_desktop.commands.deploy_command", "copy the toy onto a board (its CIRCUITPY drive, or Wi-Fi: --host)"),
    ("bundle", "knightstour_desktop.commands.bundle", "write the toy as a zip to copy onto a CIRCUITPY drive by hand"),
    ("web", "knightstour_sim.web", "build or serve the toy as a web page (the Feather's code in the browser)"),
)


_FULL = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO)


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # "--tap -5,-5", "--speed -.5": a word starting with - and a digit is an option's value
        # (argparse would take -5,-5 for an option), so that its own check names what is accepted.
        import re

        self._negative_number_matcher = re.compile(r"^-\.?\d")

    def parse_known_args(self, args=None, namespace=None):
        namespace, extra = super().parse_known_args(args, namespace)
        command = getattr(self, "commands", {}).get(getattr(namespace, "command", None))
        if extra and command is not None:  # words the subcommand does not know: its name in the error
            command.error("unrecognized arguments: %s" % " ".join(extra))
        return namespace, extra

    def error(self, message):
        self.exit(2, "%s: error: %s (see --help)\n" % (self.prog, message))


def build_parser():
    from knightstour import __version__

    parser = _Parser(prog="knights-tour", description="A Knight's Tour desk toy.")
    parser.add_argument("--version", action="version", version="knights-tour " + __version__)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    subparsers.required = True
    for name, module_name, help_text in COMMANDS:
        module = importlib.import_module(module_name)  # stdlib only at import: extras load when used
        sub = subparsers.add_parser(name, prog="knights-tour " + name, help=help_text, description=help_text)
        module.add_arguments(sub)
        sub.set_defaults(_run=module.run)
    parser.commands = subparsers.choices
    return parser


def main(argv=None):
    """The command: its exit code. Ctrl-C from here on exits 130 without a traceback."""
    try:
        signal.signal(signal.SIGINT, signal.default_int_handler)  # Ctrl-C: KeyboardInterrupt, exit 130
    except ValueError:  # not the main thread: it keeps what it has
        pass
    try:
        return _main(argv)
    finally:
        if _is_command() and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            signal.signal(signal.SIGINT, _interrupted)  # and while the interpreter shuts down


def _main(argv):
    try:
        from .commands.output import OutputError
        from .errors import UserError

        parser = build_parser()
        args = parser.parse_args(argv)
    except KeyboardInterrupt:
        return 130
    try:
        code = args._run(args)
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        # The reader went away (| head): stop quietly, as command-line tools do.
        _drop_stdout()
        return 0
    except KeyboardInterrupt:
        return 130
    except UserError as exc:
        # One line per thing wrong (several settings can be bad at once). Any other exception is
        # a bug: its traceback shows.
        for line in str(exc).split("\n"):
            print("knights-tour %s: error: %s" % (args.command, line), file=sys.stderr)
        return 2
    except OutputError as exc:
        print("knights-tour %s: error: %s" % (args.command, exc), file=sys.stderr)
        return 1
    except OSError as exc:
        if exc.errno not in _FULL:
            raise
        # Standard output on a full device (> /dev/full, a full disk).
        _drop_stdout()
        print("knights-tour %s: error: cannot write the output: %s" % (args.command, exc.strerror),
              file=sys.stderr)
        return 1


def _drop_stdout():
    """Point stdout at /dev/null, so the interpreter's last flush of what could not be
    written raises nothing more."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


if __name__ == "__main__":
    sys.exit(main())
