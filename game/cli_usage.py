"""The one line a newcomer gets for an option typed in the wrong place.

`flank --ruleset bogus` or `flank demo --sides ai,ai` would otherwise get argparse's "unrecognized
arguments"; this finds the commands that do take the option and says how to type it
("flank: --ruleset belongs to a command: flank play MAP --ruleset ID (also demo, …)").
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._subparsers._group_actions if parser._subparsers else ():
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


_PLACEHOLDER = {"ruleset": "id"}  # what an option's value is called where its name says less


def _usage_with(name: str, command: argparse.ArgumentParser, option: str) -> str | None:
    """`flank play MAP --ruleset RULESET`: the command's positionals and the option as a
    newcomer would type them, or None if the command does not take the option."""
    words = [f"flank {name}"]
    found = None
    for action in command._actions:
        if not action.option_strings and action.nargs != argparse.SUPPRESS:
            words.append(str(action.metavar or action.dest).upper())
        elif option in action.option_strings and action.help != argparse.SUPPRESS:
            found = action
    if found is None:
        return None
    words.append(option)
    if found.nargs != 0:  # a metavar is written as the help writes it ("WIDTHxHEIGHT")
        words.append(str(found.metavar or _PLACEHOLDER.get(found.dest, found.dest).upper()))
    return " ".join(words)


def misplaced_option(parser: argparse.ArgumentParser, argv: Sequence[str]) -> str | None:
    """One line for an option given where it does not belong: before the command
    (`flank --ruleset bogus`) or to a command that does not take it (`flank demo --sides
    ai,ai`), naming the commands that do.  None if every option is in its place."""
    commands = _commands(parser)
    command = None
    for word in argv:
        if word in commands and command is None:
            command = word
            continue
        if not word.startswith("--") or word == "--help":
            continue
        option = word.split("=", 1)[0]
        here = commands[command] if command else parser
        if any(option in a.option_strings for a in here._actions):
            continue
        takers = [(n, u) for n, c in commands.items() if (u := _usage_with(n, c, option))]
        takers.sort(key=lambda t: t[0] != "play")  # the command a newcomer wants first
        if not takers:
            return None
        others = [n for n, _ in takers[1:]]
        also = f" (also {', '.join(others)})" if others else ""
        where = "a command" if command is None else "another command"
        return f"flank: {option} belongs to {where}: {takers[0][1]}{also}"
    return None
