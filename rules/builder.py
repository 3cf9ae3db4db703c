"""Build a battle set-up in a few lines: the way tests, benchmarks and the sandbox describe a
position ("a spearman at (0,0) facing east, an orc charging from six hexes away").

    setup = (Scenario("fallen_empire", seed=7)
             .side("pcs", player_characters=True).side("orcs")
             .unit("spear", "man_at_arms_spear", "pcs", (0, 0), facing=0)
             .unit("orc", "orc", "orcs", (6, 0), facing=3)
             .options(surprise_enabled=False)
             .build())
"""

from __future__ import annotations

from typing import Any

from rules.engine import BattleSetup, BoardSpec, SideSpec, TerrainSpec, UnitSpec
from rules.hexgrid import Hex, spiral


class Scenario:
    def __init__(self, ruleset: str, seed: int = 0, radius: int = 12, title: str = "") -> None:
        self.ruleset = ruleset
        self.seed = seed
        self.title = title or "test position"
        self.radius = radius
        self._sides: list[SideSpec] = []
        self._units: list[UnitSpec] = []
        self._options: dict[str, Any] = {}
        self._terrain: dict[Hex, str] = {}
        self._palette: dict[str, TerrainSpec] = {"grass": TerrainSpec()}

    def side(self, side_id: str, player_characters: bool = False) -> Scenario:
        self._sides.append(SideSpec(id=side_id, name=side_id,
                                    player_characters=player_characters))
        return self

    def unit(self, unit_id: str, template: str, side: str, at: tuple[int, int],
             facing: int = 0, **overrides: Any) -> Scenario:
        self._units.append(UnitSpec(id=unit_id, side=side, template=template, pos=at,
                                    facing=facing, overrides=overrides))
        return self

    def terrain(self, at: tuple[int, int], kind: str, **spec: Any) -> Scenario:
        if kind not in self._palette:
            self._palette[kind] = TerrainSpec(kind=kind, **spec)
        self._terrain[Hex(*at)] = kind
        return self

    def options(self, **options: Any) -> Scenario:
        self._options.update(options)
        return self

    def build(self) -> BattleSetup:
        cells = tuple((h.q, h.r, self._terrain.get(h, "grass"))
                      for h in sorted(spiral(Hex(0, 0), self.radius)))
        board = BoardSpec(width=2 * self.radius + 1, height=2 * self.radius + 1,
                          palette=self._palette, cells=cells)
        return BattleSetup(ruleset=self.ruleset, seed=self.seed, title=self.title, board=board,
                           sides=tuple(self._sides), units=tuple(self._units),
                           options=self._options)
