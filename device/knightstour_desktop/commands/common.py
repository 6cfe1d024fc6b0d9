"""Argument helpers shared by the subcommands."""

import argparse

from knightstour.board import Board
from knightstour.orders import parse_order
from knightstour.rng import Xorshift32
from knightstour.rules import RULES, check_rule
from knightstour.settings import as_given, find_key, parse_value
from knightstour.tours import random_start

from ..errors import UserError


def whole_number(least):
    """An argparse type: a whole number of at least ``least``; a refusal says what is accepted."""

    def parse(text):
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or value < least:
            raise argparse.ArgumentTypeError("bad value %s: give a whole number, at least %d" % (as_given(text), least))
        return value

    return parse


def seed_number(text):
    """An argparse type: a seed as the settings read one (any whole number, negative too)."""
    try:
        return parse_value(find_key("seed"), text)
    except ValueError:
        raise argparse.ArgumentTypeError("bad value %s: give a whole number, e.g. 1" % as_given(text)) from None


def add_board_arguments(parser, start=True):
    parser.add_argument("--size", default="8x8", metavar="WxH", help="board size WxH, 1x1 to 32x32 (default 8x8)")
    if start:
        parser.add_argument("--start", default="a1", metavar="SQUARE",
                            help="start square (c3 or 3,3) or random (default a1)")
    parser.add_argument("--rule", default="border", metavar="RULE",
                        help="tie-break rule: %s (default border)" % ", ".join(RULES))
    parser.add_argument("--seed", type=seed_number, default=None, metavar="N",
                        help="random seed, for a repeatable run: the toy's first tour for that seed (default none)")


def board_from(args):
    return user_value(Board.parse, args.size)


def user_value(parse, text):
    """``parse(text)``, its ValueError (the core's parsers say what is accepted) a UserError."""
    try:
        return parse(text)
    except ValueError as exc:
        raise UserError(str(exc)) from None


def rng_from(args):
    """The toy's own generator: a seed draws the start, the order and the ties as the toy does."""
    return Xorshift32(args.seed)


def start_from(args, board, rng):
    if str(args.start).strip().lower() == "random":
        return random_start(board, rng)
    try:
        return board.parse_square(args.start)
    except ValueError as exc:
        raise UserError("bad --start %s: %s, or random" % (as_given(args.start), str(exc).split(": ", 1)[1])) from None


def order_from(text, board, rule, rng):
    """A check order name; "super" picks one of the board's super orders at random."""
    if str(text).strip().lower() == "super":
        from knightstour.orders import super_orders
        from knightstour.orders_data import RULE, TABLE

        names = super_orders(board.size_name)
        if not names or rule != RULE:
            raise UserError("bad order 'super' for %s with rule %s: the super orders are computed for %s "
                             "with rule %s; give an order such as ahfdgceb instead"
                             % (board.size_name, rule, ", ".join(line.split()[0] for line in TABLE.strip().split("\n")), RULE))
        return names[rng.randrange(len(names))] if len(names) > 1 else names[0]  # as the toy draws
    user_value(parse_order, text)
    return str(text).strip().lower()


def rule_from(args):
    return user_value(check_rule, args.rule)
