"""Bundled scenarios, and the seats that play them: headless.

Scenarios are the Tiled maps in `maps/`; a map that fails to load is left out instead of
breaking the menu, and so is a map whose `menu` property is false (the 128 × 128 stress map,
kept for `bench/`: `flank play stress_128` still opens it).  Each map is read once and kept
until its file changes, so the menu opened again after a battle reads nothing.  Opening one
in the window is `game.ui.launch`.

Nobody asked, a person plays the scenario's players' side against the computer (see
`default_players`): a newcomer's first battle has an opponent, and hot-seat is a choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from xml.etree.ElementTree import ParseError

if TYPE_CHECKING:  # the rules are loaded by the first map read, not by this module (the
    from rules.engine import BattleSetup  # loading screen imports it before its first step)

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
    scenario: Any = field(default=None, repr=False, compare=False)  # the map as read
    _facts: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def of(cls, sc: Any, path: Path | str | None = None) -> ScenarioEntry:
        """The entry for a loaded map (a `game.maps.Scenario`)."""
        return cls(sc.title or Path(sc.path).stem, Path(path or sc.path), sc.ruleset,
                   sc.description, [s.id for s in sc.setup.sides],
                   [s.name or s.id for s in sc.setup.sides], sc.pc_side, sc)

    def facts(self, ruleset: str | None = None) -> Any:
        """Its sides' figures, size and balance as it opens under `ruleset` (the map's own
        when None): a `game.scenario_facts.ScenarioFacts`, or None when it does not open
        under that ruleset or the map was not kept.  Worked out once a ruleset."""
        from game.scenario_facts import facts_of

        key = ruleset or self.ruleset
        if key not in self._facts:
            self._facts[key] = None if self.scenario is None else facts_of(self.scenario, key)
        return self._facts[key]

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


def scenario_files(folder: Path = MAPS) -> list[Path]:
    """The maps the menu offers, in its order; the ZeFRS mass battles' grids are kept in a
    folder of their own (maps/mass/) and come last."""
    return [*sorted(folder.glob("*.tmx")), *sorted(folder.glob("mass/*.tmx"))]


def _not_for_the_menu(path: Path) -> bool:
    """The map's own properties (read up to its first tileset or layer, not its 16,000
    hexes) say `menu` = false."""
    import defusedxml.ElementTree as SafeET

    try:
        for _event, el in SafeET.iterparse(str(path), events=("start",)):
            if el.tag in ("tileset", "layer", "objectgroup", "group", "imagelayer"):
                return False
            if el.tag == "property" and el.get("name") == "menu":
                return (el.get("value") or "").strip().lower() == "false"
    except (ParseError, ValueError, OSError):  # a broken file is for `load_map` to name
        return False
    return False


# path -> (the file's size and time when read, its entry or None: a map left out)
_read: dict[Path, tuple[tuple[int, int], ScenarioEntry | None]] = {}


def scenario_entry(path: Path) -> ScenarioEntry | None:
    """The menu's entry for the map at `path`, read once while the file stays the same;
    None for a map that does not load or says it is not for the menu (`menu` = false)."""
    from game.maps import MapError, load_map

    try:
        st = path.stat()
    except OSError:
        return None
    stamp = (st.st_size, st.st_mtime_ns)
    kept = _read.get(path)
    if kept is not None and kept[0] == stamp:
        return kept[1]
    entry: ScenarioEntry | None = None
    try:
        sc = None if _not_for_the_menu(path) else load_map(path)
    except MapError:
        sc = None
    if sc is not None and sc.properties.get("menu", True) is not False:
        entry = ScenarioEntry.of(sc, path)
    _read[path] = (stamp, entry)
    return entry


def bundled_scenarios(folder: Path = MAPS) -> list[ScenarioEntry]:
    """The scenarios a player picks from in the menu (see the module's docstring)."""
    return [e for e in map(scenario_entry, scenario_files(folder)) if e is not None]


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
