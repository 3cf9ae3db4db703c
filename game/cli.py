"""`flank ...`: the command line.

Headless subcommands never import pygame, so they run on a machine with no display.  Bad
input (an unknown ruleset, a missing file) gets one line naming what is wrong and exit
status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path


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


def _resolve_map(name: str) -> str:
    from game.content import find_scenario

    try:
        return str(find_scenario(name))
    except FileNotFoundError as exc:
        raise UsageError(str(exc)) from None


def _check_ruleset(ruleset: str | None) -> None:
    if ruleset is None:
        return
    from rules.engine import ruleset_of

    try:
        ruleset_of(ruleset)
    except KeyError as exc:
        raise UsageError(str(exc.args[0])) from None


def _load(path: str, ruleset: str | None, seed: int) -> object:
    from game.maps import MapError, load_map

    try:
        return load_map(path, ruleset=ruleset, seed=seed)
    except MapError as exc:
        raise UsageError(str(exc)) from None


def _cmd_validate(args: argparse.Namespace) -> int:
    from game.maps import validate_paths

    problems = validate_paths(args.paths)
    for line in problems:
        print(line)
    if problems:
        return 2
    print(f"{len(args.paths)} path(s) checked: all valid")
    return 0


def _cmd_screenshot(args: argparse.Namespace) -> int:
    """Render a scenario to a PNG without a window (SDL's dummy video driver)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    _check_ruleset(args.ruleset)
    try:
        w, h = (int(x) for x in args.size.lower().split("x"))
        if not (64 <= w <= 8192 and 64 <= h <= 8192):
            raise ValueError
    except ValueError:
        raise UsageError(f"--size {args.size!r}: give WIDTHxHEIGHT, e.g. 1280x800") from None
    sc = _load(_resolve_map(args.map), args.ruleset, 0)
    from game.render.snapshot import render_scenario

    try:
        render_scenario(sc, (w, h), args.overlay, args.out)
    except OSError as exc:
        raise UsageError(f"--out {args.out}: {exc.strerror or exc}") from None
    print(f"wrote {args.out}")
    return 0


def _cmd_play(args: argparse.Namespace) -> int:
    _check_ruleset(args.ruleset)
    path = _resolve_map(args.map)
    sc = _load(path, args.ruleset, 0)
    sides = [s.strip() for s in args.sides.split(",")] if args.sides else []
    n_sides = len(sc.setup.sides)  # type: ignore[attr-defined]
    if sides and len(sides) != n_sides:
        raise UsageError(f"--sides names {len(sides)} players but the map has {n_sides} sides")
    from game.app import App
    from game.content import ScenarioEntry, start_battle
    from game.ui.menu_scene import MenuScene

    app = App()
    entry = ScenarioEntry(sc.title, Path(path), sc.ruleset, sc.description,  # type: ignore
                          [x.id for x in sc.setup.sides])  # type: ignore[attr-defined]
    try:
        scene = start_battle(app, entry, args.ruleset or entry.ruleset, sides or [],
                             on_exit=lambda: MenuScene(app), seed=args.seed)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    app.switch(scene)
    app.run(screenshot=args.screenshot, frames=args.frames)
    return 0


def _cmd_menu(args: argparse.Namespace) -> int:
    from game.app import App
    from game.ui.menu_scene import MenuScene

    app = App()
    app.switch(MenuScene(app))
    app.run(screenshot=args.screenshot, frames=args.frames)
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
    p = sub.add_parser("play", help="play a scenario in the window")
    p.add_argument("map", help="a .tmx map, or the name of a bundled one (e.g. duel)")
    p.add_argument("--ruleset", default=None, help="override the map's ruleset")
    p.add_argument("--sides", default="", help="who plays each side, e.g. human,human")
    p.add_argument("--seed", type=int, default=None)
    _window_options(p)
    p.set_defaults(run=_cmd_play)
    p = sub.add_parser("screenshot", help="render a scenario to a PNG (no window needed)")
    p.add_argument("map")
    p.add_argument("--out", required=True)
    p.add_argument("--size", default="1280x800")
    p.add_argument("--overlay", choices=["none", "threat", "reach", "facing"], default="none")
    p.add_argument("--ruleset", default=None)
    p.set_defaults(run=_cmd_screenshot)
    p = sub.add_parser("validate", help="check maps (and folders of maps); exit 2 if any is bad")
    p.add_argument("paths", nargs="+")
    p.set_defaults(run=_cmd_validate)
    return parser


def _window_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--frames", type=int, default=None, help=argparse.SUPPRESS)
    p.add_argument("--screenshot", default=None, help=argparse.SUPPRESS)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        if argv is None and len(sys.argv) > 1:
            parser.print_help()
            return 0
        args.command = "menu"
        args.frames = args.screenshot = None
        args.run = _cmd_menu
    try:
        return int(args.run(args))
    except UsageError as exc:
        print(f"flank {args.command}: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
