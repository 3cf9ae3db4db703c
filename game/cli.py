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

from game.cli_usage import misplaced_option


class UsageError(Exception):
    """Bad input from the command line: printed as one line, exit status 2."""


def _cmd_rulesets(args: argparse.Namespace) -> int:
    from rules.engine import catalogue

    for rid, name, source in catalogue():
        print(f"{rid}\t{name}\t{source}")
    return 0


def _cmd_demo(args: argparse.Namespace) -> int:
    """Narrate a whole battle between two random players: the engine, end to end."""
    from rules.engine import ruleset_of
    from rules.playout import random_playout
    from rules.scenarios import demo_setup
    from rules.wording import Words

    try:
        ruleset_of(args.ruleset)
    except KeyError as exc:
        raise UsageError(str(exc.args[0])) from None
    seed = args.seed if args.seed is not None else _fresh_seed()
    setup = demo_setup(args.ruleset, seed=seed)
    play = random_playout(setup, seed=seed)  # a broken data table is said before anything
    print(f"Seed {seed} (flank demo --ruleset {args.ruleset} --seed {seed} plays this battle "
          "again)")
    words = Words.of(play.final)  # the figures' and sides' names, the board's compass
    for event in play.events:
        line = words.say(event)
        if line:
            print(line)
    return 0


def _fresh_seed() -> int:
    """A different battle each time `flank demo` runs without --seed; small enough to type."""
    import secrets

    return secrets.randbelow(1_000_000)


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


def _load(path: str, ruleset: str | None, seed: int, to_play: bool = False) -> object:
    from game.maps import MapError, load_map

    try:
        return load_map(path, ruleset=ruleset, seed=seed, to_play=to_play)
    except MapError as exc:
        raise UsageError(str(exc)) from None


def _cmd_validate(args: argparse.Namespace) -> int:
    """Maps, saves and rules data tables checked headless (see game.cli_validate)."""
    from game.cli_validate import run

    return run(args)


def _cmd_replay(args: argparse.Namespace) -> int:
    """Check a save by deciding every command again (--verify), or watch it in the window."""
    from game.saves import SaveError, load_save, verify_save

    _refuse_a_list(args.save)
    if not args.verify:
        from game.ui.menu_scene import MenuScene
        from game.ui.replay_scene import open_replay

        try:
            return open_replay(args.save, frames=args.frames, screenshot=args.screenshot,
                               back=MenuScene)
        except SaveError as exc:
            raise UsageError(str(exc)) from None
    try:
        loaded = load_save(args.save)
    except SaveError as exc:
        raise UsageError(str(exc)) from None
    for notice in loaded.notices:
        print(f"{args.save}: note: {notice}", file=sys.stderr)
    result = verify_save(loaded)
    if result.divergence is not None:
        print(f"{args.save}: {result.divergence.describe()}")
        return 2
    undone = f" ({result.undone} undone on the way)" if result.undone else ""
    print(f"{args.save}: OK: {result.steps} steps{undone} and {result.events} events decided "
          f"again; final state {result.final_hash} matches")
    return 0


def _refuse_a_list(path: str) -> None:
    """A List's tournament file given to `flank replay` is not a broken save: say what it
    is and the command that opens it (its standings, the bouts still to ride), and where
    the bouts a person rode are kept, each a battle `flank replay` does show."""
    import json

    from game.lists.store import FORMAT, MAX_BYTES, SUFFIX, bout_folder

    file = Path(path)
    kind = ""
    try:
        if file.is_file() and file.stat().st_size <= MAX_BYTES:
            data = json.loads(file.read_text(encoding="utf-8"))
            kind = data.get("format", "") if isinstance(data, dict) else ""
    except (OSError, ValueError, RecursionError):
        pass
    if kind != FORMAT and not path.endswith(SUFFIX):
        return
    rode = sorted(str(f) for f in bout_folder(file).glob("*.flank")) \
        if path.endswith(SUFFIX) else []
    bouts = (f"; a bout a person rode is a battle of its own: flank replay {rode[0]}"
             if rode else "")
    raise UsageError(f"{path} is a List (a tournament file), not a battle: open it with "
                     f"flank joust --load {path}{bouts}")


def _cmd_screenshot(args: argparse.Namespace) -> int:
    """Render a scenario to a PNG without a window (SDL's dummy video driver)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    _check_ruleset(args.ruleset)
    w, h = _picture_size(args.size)
    _check_out(args.out)
    sc = _load(_resolve_map(args.map), args.ruleset, 0)
    from game.render.snapshot import render_scenario

    try:
        render_scenario(sc, (w, h), args.overlay, args.out)
    except OSError as exc:
        raise UsageError(f"--out {args.out}: {exc.strerror or exc}") from None
    except RuntimeError as exc:  # pygame.error: the image could not be saved there
        raise UsageError(f"--out {args.out}: cannot write the picture there ({exc})") from None
    print(f"wrote {args.out}")
    return 0


SIZE_RANGE = (64, 8192)  # pixels each way a screenshot may be
PLAYER_WORDS = "ai (the computer's best), ai:tactician, ai:greedy, ai:random"
"""How the help names the computer's players: one spelling everywhere (`--sides` of play and
joust, `--players` of simulate); the bare name ("tactician") is taken as well."""


def _picture_size(text: str) -> tuple[int, int]:
    """--size WIDTHxHEIGHT in pixels; a size well typed but out of range is told which
    side is wrong and the range, not to type it again as it was."""
    parts = text.strip().lower().replace("×", "x").split("x")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise UsageError(f"--size {text}: give WIDTHxHEIGHT in pixels, e.g. 1280x800")
    w, h = (int(p) for p in parts)
    low, high = SIZE_RANGE
    wrong = [f"{name} {n} is too {'small' if n < low else 'large'}"
             for name, n in (("the width", w), ("the height", h)) if not low <= n <= high]
    if wrong:
        raise UsageError(f"--size {text}: {' and '.join(wrong)}; a picture is {low} to {high} "
                         "pixels each way, e.g. 1280x800")
    return w, h


def _check_out(out: str) -> None:
    """Refuse, in one line, a picture that could not be written: pygame would only say so
    after drawing, with a traceback."""
    import os

    path = Path(out)
    folder = path.parent
    if path.is_dir():
        raise UsageError(f"--out {out}: that is a folder; give a file name, e.g. "
                         f"{path / 'flank.png'}")
    if not folder.is_dir():
        raise UsageError(f"--out {out}: there is no folder {folder}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise UsageError(f"--out {out}: cannot write into the folder {folder}")


def _cmd_play(args: argparse.Namespace) -> int:
    _check_saving(args.load)
    if args.load:
        return _play_saved(args)
    if args.up_to_step is not None:
        raise UsageError("--up-to-step N goes with --load SAVE (the step to play on from)")
    if not args.map:
        raise UsageError("give a map to play (or --load SAVE)")
    _check_ruleset(args.ruleset)
    path = _resolve_map(args.map)
    sc = _load(path, args.ruleset, 0, to_play=True)
    from game.content import ScenarioEntry

    entry = ScenarioEntry.of(sc, path)
    try:  # as --sides says, else a person on the players' side against the computer
        sides = entry.players(args.sides)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    from game.app import App
    from game.ui.launch import start_battle
    from game.ui.menu_scene import MenuScene

    app = App()
    try:
        scene = start_battle(app, entry, args.ruleset or entry.ruleset, sides,
                             on_exit=lambda: MenuScene(app), seed=args.seed)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    app.switch(scene)
    app.run(screenshot=args.screenshot, frames=args.frames)
    return 0


def _check_saving(load: str | None) -> None:
    """Before the window opens: the battle must be able to save itself (in the save folder,
    or in the save it carries on).  One line naming the folder or file and the problem."""
    from game.saves import check_save_appendable, check_save_folder

    try:
        check_save_appendable(load) if load else check_save_folder()
    except OSError as exc:
        raise UsageError(f"cannot save the battle: {exc}") from None


def _play_saved(args: argparse.Namespace) -> int:
    """Resume a saved battle in the window: every command is decided again first, then the
    turn manager is built from the loaded state and history, and play goes on appending to
    the same save.  A save the rules part from is refused with the step, and how to load up
    to the step before; ``--up-to-step N`` does it, in a new save (the file stays as it was)."""
    from game.saves import SaveDiverges, SaveError, load_save, save_map, save_up_to

    path = args.load
    if args.up_to_step is not None:
        try:
            path = str(save_up_to(args.load, args.up_to_step))
        except SaveError as exc:
            raise UsageError(str(exc)) from None
        except OSError as exc:
            raise UsageError(f"{exc.filename or args.load}: cannot write the new save: "
                             f"{exc.strerror or exc}") from None
        print(f"{args.load}: loaded up to step {args.up_to_step} as a new save, {path} "
              "(this file is left as it was)", file=sys.stderr)
    try:  # before any window opens: a save refused is one line
        loaded = load_save(path, verify=True)
        save_map(loaded)  # its map only from a trusted folder (game.saves.map_path)
    except SaveDiverges as exc:
        raise UsageError(f"{exc}; {exc.hint()}") from None
    except SaveError as exc:
        raise UsageError(str(exc)) from None
    from game.app import App
    from game.ui.launch import resume_saved
    from game.ui.menu_scene import MenuScene

    app = App()
    try:
        scene = resume_saved(app, path, on_exit=lambda: MenuScene(app), loaded=loaded)
    except OSError as exc:
        raise UsageError(f"{path}: cannot write to the save: {exc.strerror or exc}"
                         ) from None
    if scene.message:
        print(f"{path}: note: {scene.message}", file=sys.stderr)
    app.switch(scene)
    app.at_close(scene.close)  # the save, and its notice if one is up, while pygame lives
    app.run(screenshot=args.screenshot, frames=args.frames)
    return 0


def _step_number(text: str) -> int:
    """--up-to-step: a step of the save, 0 (its start) or more."""
    if not text.strip().isdigit():
        raise argparse.ArgumentTypeError(f"{text!r}: give a step number, 0 or more")
    return int(text)


def _cmd_joust(args: argparse.Namespace) -> int:
    """A joust on the tournament field, or a List of 4 to 16 knights (see game.cli_joust)."""
    from game.cli_joust import JoustUsage, run

    try:
        return run(args)
    except JoustUsage as exc:
        raise UsageError(str(exc)) from None


def _cmd_sandbox(args: argparse.Namespace) -> int:
    """The GM sandbox on a map."""
    _check_ruleset(args.ruleset)
    path = _resolve_map(args.map)
    loaded = _load(path, None, 0)  # a broken map gets its one-line message here
    from game.content import chosen_map

    chosen_map(path)  # a save of a battle on it may draw it (game.saves.map_path)
    for warning in getattr(loaded, "warnings", ()):
        print(f"{path}: warning: {warning}", file=sys.stderr)
    from game.ui.launch import board_sandbox

    opener = board_sandbox(getattr(loaded, "setup", None))
    from game.app import App
    from game.sandbox import Sandbox, SandboxError
    from game.ui.menu_scene import MenuScene
    from game.ui.sandbox_scene import SandboxScene

    if opener is not None:  # a board of another kind brings its own sandbox (registry)
        app = App()
        try:
            app.switch(opener(app, path, on_exit=lambda: MenuScene(app)))
        except SandboxError as exc:
            raise UsageError(f"{path}: {exc}") from None
        app.run(screenshot=args.screenshot, frames=args.frames)
        return 0
    try:
        sandbox = Sandbox.from_map(path, ruleset=args.ruleset)
    except SandboxError as exc:
        raise UsageError(f"{path}: {exc}") from None
    app = App()
    scene = SandboxScene(app, sandbox, on_exit=lambda: MenuScene(app))
    report = sandbox.opening_report
    lines = list(report.lines()) if report is not None and not report.complete else []
    if lines or sandbox.notes:
        scene.message = " · ".join(lines + sandbox.notes)
    app.switch(scene)
    app.run(screenshot=args.screenshot, frames=args.frames)
    return 0


def _cmd_menu(args: argparse.Namespace) -> int:
    from game.app import App
    from game.ui.loading_scene import LoadingScene

    app = App()
    # A first frame at once, the slow loading step by step under it, then the front door
    # (the title); a key or a click there opens the menu.
    app.switch(LoadingScene(app))
    app.run(screenshot=args.screenshot, frames=args.frames)
    return 0


def _cmd_lessons(args: argparse.Namespace) -> int:
    """Check the lessons headless, or open one (see game.cli_lessons)."""
    from game.cli_lessons import LessonsUsage, run

    try:
        return run(args)
    except LessonsUsage as exc:
        raise UsageError(str(exc)) from None


def _cmd_simulate(args: argparse.Namespace) -> int:
    """AI-versus-AI games, headless, across CPU cores (see game.simulate)."""
    from game.simulate import SimulateUsage, main

    try:
        return main(args)
    except SimulateUsage as exc:
        raise UsageError(str(exc)) from None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="flank",
        description="Flank: tactical hex-grid battles under old-school tabletop rules.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    p = sub.add_parser("rulesets", help="list the rulesets: id, name, source text")
    p.set_defaults(run=_cmd_rulesets)
    p = sub.add_parser("demo", help="narrate a battle between two random players (headless)")
    p.add_argument("--ruleset", default="fallen_empire")
    p.add_argument("--seed", type=int, default=None,
                   help="play this battle (default: a new one each time, its seed printed)")
    p.set_defaults(run=_cmd_demo)
    p = sub.add_parser("play", help="play a scenario in the window")
    p.add_argument("map", nargs="?", default=None,
                   help="a .tmx map, or the name of a bundled one (e.g. duel)")
    p.add_argument("--load", metavar="SAVE", default=None,
                   help="resume a saved battle (a .flank save) instead of starting a map")
    p.add_argument("--up-to-step", metavar="N", type=_step_number, default=None,
                   help="with --load: play on from step N of the save (0: its start), "
                   "written as a new save; the save itself is left as it was")
    p.add_argument("--ruleset", default=None, help="override the map's ruleset")
    p.add_argument("--sides", default="", help="who plays each side, e.g. human,ai (human, "
                   f"{PLAYER_WORDS}; two or more humans play hot-seat; "
                   "default: you on the players' side, the computer (ai:tactician) on the "
                   "others)")
    p.add_argument("--seed", type=int, default=None, metavar="N",
                   help="the battle's dice: the same seed and the same choices play the same "
                   "battle again (default: new dice each time)")
    _window_options(p)
    p.set_defaults(run=_cmd_play)
    p = sub.add_parser("joust", help="a joust of two knights on the tournament field, or a "
                       "List of 4 to 16 (Fallen Empire)")
    p.add_argument("map", nargs="?", default=None,
                   help="a lists field (.tmx with option.mode = joust); default: tournament")
    p.add_argument("--ruleset", default=None, help="the joust is Fallen Empire's (the default)")
    p.add_argument("--sides", default=None, help="who rides, e.g. human,ai (human, ai, "
                   "ai:tactician, ai:greedy, ai:random); for a List, the first entrants' "
                   "riders, the rest the computer's (default: human,ai; a List: human)")
    p.add_argument("--entrants", default=None, metavar="N", help="hold a List of N knights "
                   "(4 to 16) instead of one bout")
    p.add_argument("--format", default=None, metavar="swiss|elimination",
                   help="how the List is ridden (default: the host's usual way, FE-45)")
    p.add_argument("--host", default=None, metavar="lawful|neutral|chaotic",
                   help="the host's alignment: Lawful and Neutral hosts hold Swiss rounds, "
                   "Chaotic ones single elimination (default lawful)")
    p.add_argument("--stakes", default=None, metavar="black-knight",
                   help="ride for the black knight's stakes (FE-54)")
    p.add_argument("--helm-tipping", action="store_true",
                   help="a triple tips the helm off instead of unhorsing (FE-52)")
    p.add_argument("--seed", default=None)
    p.add_argument("--load", metavar="TOURNAMENT", default=None,
                   help="carry on a List from its tournament file")
    _window_options(p)
    p.set_defaults(run=_cmd_joust)
    p = sub.add_parser("sandbox", help="the GM sandbox: set up and explain any position")
    p.add_argument("map", help="a .tmx map, or the name of a bundled one")
    p.add_argument("--ruleset", default=None, help="set the position up under this ruleset")
    _window_options(p)
    p.set_defaults(run=_cmd_sandbox)
    p = sub.add_parser("screenshot", help="render a scenario to a PNG (no window needed)")
    p.add_argument("map", help="a .tmx map, or the name of a bundled one (e.g. duel)")
    p.add_argument("--out", required=True, metavar="FILE.png",
                   help="the picture to write (its folder must exist)")
    p.add_argument("--size", default="1280x800", metavar="WIDTHxHEIGHT",
                   help=f"the picture's size in pixels, {SIZE_RANGE[0]} to {SIZE_RANGE[1]} "
                   "each way (default 1280x800)")
    p.add_argument("--overlay", choices=["none", "threat", "reach", "facing"], default="none",
                   help="draw a GM's overlay on the board: the hexes each side threatens, "
                   "what the figures reach, or which way they face (default none)")
    p.add_argument("--ruleset", default=None,
                   help="draw the scenario under this ruleset (default: the map's own)")
    p.set_defaults(run=_cmd_screenshot)
    p = sub.add_parser("validate", help="check maps, saves and rules data tables (and folders "
                       "of them); exit 2 if any is bad")
    p.add_argument("paths", nargs="+")
    p.add_argument("--ruleset", default=None,
                   help="the ruleset whose data tables a .toml file is (default: by its folder)")
    p.add_argument("--strict", action="store_true",
                   help="for scenario authors: a map missing Flank's properties (a tile that "
                   "names no terrain) is an error, not a warning")
    p.set_defaults(run=_cmd_validate)
    p = sub.add_parser("replay", help="replay a save: --verify decides every command again "
                       "(headless); without it, watch it in the window")
    p.add_argument("save", help="a .flank save")
    p.add_argument("--verify", action="store_true",
                   help="check that the rules give the recorded events, step by step")
    _window_options(p)
    p.set_defaults(run=_cmd_replay)
    p = sub.add_parser("simulate", help="AI-versus-AI games, headless, across CPU cores")
    p.add_argument("map", help="a .tmx map, or the name of a bundled one (e.g. duel)")
    p.add_argument("--ruleset", default=None, help="override the map's ruleset")
    p.add_argument("--players", required=True,
                   help=f"one computer player per side, e.g. ai:tactician,ai:greedy "
                   f"({PLAYER_WORDS})")
    p.add_argument("--games", default="100", help="how many games (default 100)")
    p.add_argument("--seed", default="0", help="base seed: the same seed plays the same games")
    p.add_argument("--jobs", default=None, help="worker processes (default: the CPU count)")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object (think_ms is wall-clock time and varies between "
                        "runs; everything else is fixed by --seed)")
    p.add_argument("--save-dir", default=None, help="write every game's save file here")
    p.set_defaults(run=_cmd_simulate)
    from game.cli_lessons import add_parser as add_lessons

    add_lessons(sub)
    sub.choices["lessons"].set_defaults(run=_cmd_lessons)
    return parser


def _window_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--frames", type=int, default=None, help=argparse.SUPPRESS)
    p.add_argument("--screenshot", default=None, help=argparse.SUPPRESS)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    hint = misplaced_option(parser, sys.argv[1:] if argv is None else argv)
    if hint is not None:
        print(hint, file=sys.stderr)
        return 2
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
    except Exception as exc:
        # A broken rules data table (a GM's edit of rules/systems/<id>/data.toml), found by
        # whichever command first loads it: one line naming the file and the key.
        from rules.data import DataError

        if not isinstance(exc, DataError):
            raise
        print(f"flank {args.command}: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
