"""`flank ...`: the command line.

Headless subcommands never import pygame, so they run on a machine with no display.  Bad
input (an unknown ruleset, a missing file) gets one line naming what is wrong and exit
status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


class UsageError(Exception):
    """Bad input from the command line: printed as one line, exit status 2."""


def _cmd_rulesets(args: argparse.Namespace) -> int:
    from rules.systems import CATALOGUE

    for rid, name, source in CATALOGUE:
        print(f"{rid}\t{name}\t{source}")
    return 0


def _cmd_demo(args: argparse.Namespace) -> int:
    """Narrate a whole battle between two random players: the engine, end to end."""
    from rules.engine import ruleset_of
    from rules.playout import random_playout
    from rules.scenarios import demo_setup

    try:
        ruleset_of(args.ruleset)
    except KeyError as exc:
        raise UsageError(str(exc.args[0])) from None
    setup = demo_setup(args.ruleset, seed=args.seed)
    play = random_playout(setup, seed=args.seed)
    for event in play.events:
        line = event.narrate()
        if line:
            print(line)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="flank",
        description="Flank: tactical hex-grid battles under old-school tabletop rules.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    p = sub.add_parser("rulesets", help="list the rulesets: id, name, source text")
    p.set_defaults(run=_cmd_rulesets)
    p = sub.add_parser("demo", help="narrate a battle between two random players (headless)")
    p.add_argument("--ruleset", default="fallen_empire")
    p.add_argument("--seed", type=int, default=1)
    p.set_defaults(run=_cmd_demo)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help()
        return 0
    try:
        return int(args.run(args))
    except UsageError as exc:
        print(f"flank {args.command}: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
