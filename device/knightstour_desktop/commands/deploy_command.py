"""knights-tour deploy: onto a board's CIRCUITPY drive (deploy.py) or over Wi-Fi, through
CircuitPython's Web Workflow (web_deploy.py); either stops cleanly on a signal."""

import signal
import sys

from .deploy import add_arguments, deploy_to_drive
from .lock import Interrupted, Signals
from .web_deploy import deploy_over_web

__all__ = ["add_arguments", "run"]


def run(args):
    deploy = deploy_to_drive if args.host is None else deploy_over_web
    with Signals() as signals:
        try:
            code = deploy(args, signals)
            if signals.received is not None:  # after the last safe point: the deploy is done
                exc = Interrupted(signals.received)
                exc.outcome = "the new toy is in place"
                raise exc
            return code
        except Interrupted as exc:
            try:
                print("knights-tour deploy: stopped by %s: %s" % (signal.Signals(exc.signum).name, exc.outcome),
                      file=sys.stderr)
            except (OSError, ValueError):
                pass  # the terminal is gone (SIGHUP)
            return 128 + exc.signum
