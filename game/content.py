"""Bundled scenarios and starting a battle from one (headless parts first, then the window).

Scenarios are the Tiled maps in `maps/`; a map that fails to load is listed with its error
instead of breaking the menu.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.engine import BattleSetup

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"


@dataclass
class ScenarioEntry:
    title: str
    path: Path
    ruleset: str = "fallen_empire"
    description: str = ""
    sides: list[str] = field(default_factory=list)


def bundled_scenarios(folder: Path = MAPS) -> list[ScenarioEntry]:
    from game.maps import MapError, load_map

    out = []
    for path in sorted(folder.glob("*.tmx")):
        try:
            sc = load_map(path)
        except MapError:
            continue
        out.append(ScenarioEntry(sc.title or path.stem, path, sc.ruleset, sc.description,
                                 [s.id for s in sc.setup.sides]))
    return out


def find_scenario(name: str) -> Path:
    """A map by path, or by the name of a bundled map ("duel" → maps/duel.tmx)."""
    p = Path(name)
    if p.exists():
        return p
    for candidate in (MAPS / name, MAPS / f"{name}.tmx"):
        if candidate.exists():
            return candidate
    raise FileNotFoundError(f"{name}: no such map (bundled: "
                            f"{', '.join(sorted(x.stem for x in MAPS.glob('*.tmx')))})")


def load_setup(path: Path, ruleset: str | None = None, seed: int = 0) -> tuple[BattleSetup, Any]:
    from game.maps import load_map

    sc = load_map(path, ruleset=ruleset, seed=seed)
    return sc.setup, sc


def start_battle(app: Any, entry: ScenarioEntry, ruleset: str, players: list[str],
                 on_exit: Callable[[], Any] | None = None, seed: int | None = None) -> Any:
    """Open the battle scene for a scenario; `players` says who plays each side, in order."""
    import random

    from game.render.snapshot import hex_size_for
    from game.render.tiles import painter_for
    from game.turns import TurnManager
    from game.ui.battle_scene import BattleScene

    seed = random.SystemRandom().randrange(2**31) if seed is None else seed
    setup, sc = load_setup(entry.path, ruleset, seed)
    if len(players) < len(setup.sides):
        players = players + ["human"] * (len(setup.sides) - len(players))
    seats = {}
    for i, (side, who) in enumerate(zip(setup.sides, players, strict=False)):
        seats[side.id] = make_seat(side.id, side.name or f"Player {i + 1}", who, seed + i)
    tm = TurnManager(setup, seats)
    from game.saves import start_autosave
    from game.undo import UndoStack, undo_mode

    mode = undo_mode(sc.properties.get("undo"))
    controllers = {side: (f"human:{seat.name or side}" if seat.human else
                          f"ai:{seat.name.rpartition('computer: ')[2].rstrip(')')}")
                   for side, seat in seats.items()}
    writer = start_autosave(tm, setup=setup, scenario_path=entry.path,
                            controllers=controllers, undo=mode)
    undo = UndoStack.for_turn_manager(tm, mode=mode, writer=writer)
    return BattleScene(app, tm, title=sc.title, painter=painter_for(sc),
                       orientation=sc.orientation, hex_size=hex_size_for(sc), on_exit=on_exit,
                       writer=writer, undo=undo)


def make_seat(side: str, name: str, who: str, seed: int) -> Any:
    """A seat for "human" or a computer player ("ai", "ai:tactician", "greedy" …); the
    computer thinks in a worker thread at a readable pace, so the window never waits.
    ValueError names the known players for anything else."""
    from game.turns import HumanController, Seat

    if who.strip().lower() == "human":
        return Seat(side, HumanController(), True, name)
    from game.ai import make_controller, parse_spec
    from game.threaded import ThreadedController

    level = parse_spec(who)
    return Seat(side, ThreadedController(make_controller(level, seed), min_think_s=0.25),
                False, f"{name} (computer: {level})")


def resume_saved(app: Any, path: Path | str, on_exit: Callable[[], Any] | None = None) -> Any:
    """The battle scene for a save, carrying on where it stopped and appending to it.
    Raises game.saves.SaveError (one line) if the save cannot be trusted."""
    from game.maps import MapError, load_map
    from game.render.snapshot import hex_size_for
    from game.render.tiles import painter_for
    from game.saves import load_save, resume_battle, seats_from_header
    from game.threaded import ThreadedController
    from game.ui.battle_scene import BattleScene
    from game.undo import UndoStack

    header = load_save(path).header

    def computer(side: str, level: str) -> Any:
        from game.ai import make_controller

        return ThreadedController(make_controller(level or "tactician", header.seed),
                                  min_think_s=0.25)

    loaded, tm, writer = resume_battle(path, seats_from_header(header, ai=computer))
    undo = UndoStack.from_loaded(loaded, writer)
    undo.attach(tm)
    kwargs: dict[str, Any] = {"orientation": "pointy" if loaded.setup.board.stagger_axis == "y"
                              else "flat"}
    where = loaded.header.scenario.path
    if where and Path(where).is_file():  # the map's art, if the map is still there
        try:
            sc = load_map(where, ruleset=loaded.header.ruleset, seed=loaded.header.seed)
            kwargs = {"painter": painter_for(sc), "orientation": sc.orientation,
                      "hex_size": hex_size_for(sc)}
        except MapError:
            pass
    scene = BattleScene(app, tm, title=loaded.header.scenario.title or loaded.setup.title,
                        on_exit=on_exit, writer=writer, undo=undo, **kwargs)
    scene.message = " ".join(loaded.notices)
    return scene
