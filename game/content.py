"""Bundled scenarios, and the seats that play them: headless.

Scenarios are the Tiled maps in `maps/`; a map that fails to load is listed with its error
instead of breaking the menu.  Opening one in the window is `game.ui.launch`.

Nobody asked, a person plays the scenario's players' side against the computer (see
`default_players`): a newcomer's first battle has an opponent, and hot-seat is a choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.engine import BattleSetup

ROOT = Path(__file__).resolve().parent.parent
# Who sits at a side: a person, or the computer's default player (as `flank play --sides`).
PERSON = "human"
COMPUTER = "ai:tactician"
MAPS = ROOT / "maps"


@dataclass
class ScenarioEntry:
    title: str
    path: Path
    ruleset: str = "fallen_empire"
    description: str = ""
    sides: list[str] = field(default_factory=list)  # side ids, in the map's order
    side_names: list[str] = field(default_factory=list)  # the names a player reads
    player_side: str | None = None  # the map's `pc_side`: the players' characters

    @classmethod
    def of(cls, sc: Any, path: Path | str | None = None) -> ScenarioEntry:
        """The entry for a loaded map (a `game.maps.Scenario`)."""
        return cls(sc.title or Path(sc.path).stem, Path(path or sc.path), sc.ruleset,
                   sc.description, [s.id for s in sc.setup.sides],
                   [s.name or s.id for s in sc.setup.sides], sc.pc_side)

    def default_players(self) -> list[str]:
        """Who plays each side when nobody said (see `default_players`)."""
        return default_players(self.sides, self.player_side)

    def players(self, sides: str | None) -> list[str]:
        """Who plays each side, as `--sides` says ("human,ai"), else the default; a list
        of the wrong length is a ValueError that says so."""
        named = [s.strip() for s in sides.split(",")] if sides else []
        if not named:
            return self.default_players()
        if len(named) != len(self.sides):
            raise ValueError(f"--sides names {len(named)} players but the map has "
                             f"{len(self.sides)} sides")
        return named


def default_players(sides: Sequence[str], player_side: str | None = None) -> list[str]:
    """One player per side, in order: a person on the players' side (the map's `pc_side`,
    else the first side) and the computer's best player on every other, as `flank joust`
    seats a person against the computer."""
    person = player_side if player_side in sides else (sides[0] if sides else None)
    return [PERSON if side == person else COMPUTER for side in sides]


def bundled_scenarios(folder: Path = MAPS) -> list[ScenarioEntry]:
    from game.maps import MapError, load_map

    out = []
    # the ZeFRS mass battles' grids are kept in a folder of their own (maps/mass/)
    for path in [*sorted(folder.glob("*.tmx")), *sorted(folder.glob("mass/*.tmx"))]:
        try:
            sc = load_map(path)
        except MapError:
            continue
        out.append(ScenarioEntry.of(sc, path))
    return out


def find_scenario(name: str) -> Path:
    """A map by path, or by the name of a bundled map ("duel" → maps/duel.tmx)."""
    p = Path(name)
    if p.exists():
        return p
    for candidate in (MAPS / name, MAPS / f"{name}.tmx", MAPS / "mass" / f"{name}.tmx"):
        if candidate.exists():
            return candidate
    raise FileNotFoundError(f"{name}: no such map (bundled: {', '.join(bundled_names())})")


def bundled_names() -> list[str]:
    """The names a bundled map is opened by: the skirmish maps and the ZeFRS mass battles'
    grids of maps/mass/ (found by `find_scenario` alike)."""
    return sorted({x.stem for x in (*MAPS.glob("*.tmx"), *MAPS.glob("mass/*.tmx"))})


def chosen_map(path: str | Path) -> None:
    """The player opened the map at `path` himself (a battle or a sandbox on it): a save
    of a battle on it may open it again (`game.saves.map_path`).  The bundled maps need no
    remembering."""
    from game import settings

    if not Path(path).resolve().is_relative_to(MAPS):
        settings.remember_map_folder(path)


def load_setup(path: Path, ruleset: str | None = None, seed: int = 0) -> tuple[BattleSetup, Any]:
    from game.maps import load_map

    sc = load_map(path, ruleset=ruleset, seed=seed)
    return sc.setup, sc


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
