"""``flank joust``: one bout on the tournament field, or a List of 4 to 16 knights (FE-44..54).

    flank joust                                   a person against the computer, one bout
    flank joust --sides ai,ai --stakes black-knight --helm-tipping
    flank joust --entrants 8 --format elimination --sides human,human
    flank joust --load SAVES/2025…-sir-aldric-s-list.tournament.json

Everything the command line says is checked here before a window opens, and bad input is one
line naming what is wrong (`JoustUsage`, exit status 2 through `game.cli`).  Only `run`'s
last steps import pygame.
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

FORMATS = {"swiss": "swiss", "elimination": "single_elimination",
           "single-elimination": "single_elimination", "single_elimination": "single_elimination"}
HOSTS = ("lawful", "neutral", "chaotic")
STAKES = {"black-knight": True, "black_knight": True, "none": False}


class JoustUsage(Exception):
    """Bad input to ``flank joust``: one line."""


@dataclass(frozen=True)
class JoustArgs:
    field: str
    riders: tuple[str, ...]
    entrants: int | None
    method: str | None
    host: str
    black_knight: bool
    helm_tipping: bool
    seed: int
    load: str | None


def _riders(text: str | None, most: int, what: str) -> tuple[str, ...]:
    from game.lists import check_rider

    if text is None or not text.strip():
        return ()
    names = [t.strip() for t in text.split(",")]
    if len(names) > most:
        raise JoustUsage(f"--sides names {len(names)} riders but {what}")
    try:
        return tuple(check_rider(n) for n in names)
    except ValueError as exc:
        raise JoustUsage(f"--sides: {exc}") from None


def parse(args: argparse.Namespace) -> JoustArgs:
    """The command line's wishes, checked (JoustUsage names the first thing wrong)."""
    from game.lists import check_count
    from game.lists.bout import FIELD, field_setup

    if args.ruleset is not None and args.ruleset != "fallen_empire":
        from rules.engine import ruleset_of

        try:
            ruleset_of(args.ruleset)
        except KeyError as exc:
            raise JoustUsage(str(exc.args[0])) from None
        raise JoustUsage(f"--ruleset {args.ruleset}: the joust is Fallen Empire's (FE-44..FE-54)"
                         "; give --ruleset fallen_empire or leave it out")
    list_only = [flag for flag, value in (("--format", args.format), ("--host", args.host))
                 if value is not None]
    if args.load is not None:
        extra = [f for f, v in (("--entrants", args.entrants), ("--sides", args.sides),
                                ("--stakes", args.stakes), ("MAP", args.map)) if v is not None]
        if extra or list_only or args.helm_tipping:
            raise JoustUsage(f"--load carries on a List as it was set up: leave out "
                             f"{(extra + list_only or ['--helm-tipping'])[0]}")
        if not Path(args.load).is_file():
            raise JoustUsage(f"--load {args.load}: no such tournament file")
        return JoustArgs("", (), None, None, "lawful", False, False, 0, args.load)
    entrants = None
    if args.entrants is not None:
        try:
            entrants = check_count(int(args.entrants))
        except ValueError:
            raise JoustUsage(f"--entrants {args.entrants}: a List has 4 to 16 entrants") from None
    elif list_only:
        raise JoustUsage(f"{list_only[0]} is for a List: give --entrants N (4 to 16) too")
    method = None
    if args.format is not None:
        method = FORMATS.get(args.format.strip().lower())
        if method is None:
            raise JoustUsage(f"--format {args.format}: swiss or elimination")
    host = (args.host or "lawful").strip().lower()
    if host not in HOSTS:
        raise JoustUsage(f"--host {args.host}: lawful, neutral or chaotic")
    stakes = False
    if args.stakes is not None:
        if args.stakes.strip().lower() not in STAKES:
            raise JoustUsage(f"--stakes {args.stakes}: the only stakes are black-knight "
                             "(FE-54)")
        stakes = STAKES[args.stakes.strip().lower()]
    try:
        seed = random.SystemRandom().randrange(2**31) if args.seed is None else int(args.seed)
        if not 0 <= seed < 2**63:
            raise ValueError
    except ValueError:
        raise JoustUsage(f"--seed {args.seed}: a whole number from 0") from None
    field = args.map or FIELD
    try:
        field = str(field_setup(field)[1])
    except ValueError as exc:
        raise JoustUsage(str(exc)) from None
    if entrants is None:
        riders = _riders(args.sides, 2, "a joust has two riders") or ("human", "ai:tactician")
        if len(riders) != 2:
            raise JoustUsage(f"--sides names {len(riders)} rider but a joust has two")
    else:
        riders = _riders(args.sides, entrants, f"the List has {entrants} entrants")
        riders = riders if args.sides is not None else ("human",)
    return JoustArgs(field, riders, entrants, method, host, stakes, args.helm_tipping, seed,
                     None)


def run(args: argparse.Namespace) -> int:
    """Check the command line, then open the bout or the List in the window."""
    from game.lists import ListSession, TournamentError, default_roster

    plan = parse(args)
    _check_saving(plan.load)
    session = None
    if plan.load is not None:
        try:
            session = ListSession.load(plan.load)
        except TournamentError as exc:
            raise JoustUsage(str(exc)) from None
    elif plan.entrants is not None:
        roster = default_roster(plan.entrants, plan.riders, black_knight=plan.black_knight)
        try:
            session = ListSession.new(
                roster, method=plan.method, host=plan.host, seed=plan.seed,
                helm_tipping=plan.helm_tipping,
                stakes="black_knight" if plan.black_knight else "none", field=plan.field)
        except (ValueError, OSError) as exc:
            raise JoustUsage(str(exc)) from None
    return _window(plan, session, args)


def _check_saving(load: str | None) -> None:
    """Before the window opens: the bout's save, and a List's file, must be writable (in
    the save folder, or beside the tournament file carried on)."""
    from game.saves import check_save_folder

    try:
        check_save_folder(Path(load).parent if load else None)
    except OSError as exc:
        raise JoustUsage(f"cannot save the joust: {exc}") from None


def _window(plan: JoustArgs, session: Any, args: argparse.Namespace) -> int:
    from game.app import App
    from game.ui.menu_scene import MenuScene

    app = App()
    if session is not None:
        from game.ui.lists_scene import ListsScene

        scene: Any = ListsScene(app, session, on_exit=lambda: MenuScene(app))
    else:
        from game.lists.bout import field_setup, single_bout_setup
        from game.ui.launch import open_setup

        field, path = field_setup(plan.field)
        setup = single_bout_setup(field, plan.seed, helm_tipping=plan.helm_tipping,
                                  black_knight=plan.black_knight)
        try:
            scene = open_setup(app, setup, list(plan.riders), title=setup.title or "The joust",
                               scenario_path=path, on_exit=lambda: MenuScene(app))
        except (ValueError, LookupError) as exc:  # LookupError: no screen for the lists
            raise JoustUsage(str(exc)) from None
    app.switch(scene)
    app.run(screenshot=args.screenshot, frames=args.frames)
    return 0
