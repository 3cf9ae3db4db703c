"""Bundled scenarios, and the seats that play them: headless.

Scenarios are the Tiled maps in `maps/`; a map that fails to load is listed with its error
instead of breaking the menu.  Opening one in the window is `game.ui.launch`.
"""

from __future__ import annotations

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
