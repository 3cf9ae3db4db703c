"""Everything needed to start a battle, as a scenario or a save file holds it: the board, the
sides, the figures and the GM's overrides, checked by pydantic as they are read.

Replaying a battle's events from its `BattleSetup` rebuilds any state, so the set-up is the
head of every save; `units_of` and `options_of` are the checks every ruleset makes when it
builds its opening state from one.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from rules.hexgrid import Hex
from rules.rulings import FlankSettings, OptionProblem, coerce_option
from rules.state import Board, Terrain


class TerrainSpec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: str = "grass"
    move_cost: int = Field(1, ge=1, le=100)
    cover: bool = False
    impassable: bool = False
    elevation: int = Field(0, ge=-1000, le=1000)


class BoardSpec(BaseModel):
    """The board as a setup or save file holds it: a palette of terrains and the cells."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    width: int = Field(ge=1, le=1024)
    height: int = Field(ge=1, le=1024)
    feet_per_hex: int = Field(5, ge=1, le=1000)
    stagger_axis: str = "y"
    stagger_index: str = "odd"
    palette: dict[str, TerrainSpec]
    cells: tuple[tuple[int, int, str], ...]  # (q, r, palette key)

    def build(self) -> Board:
        terrains = {k: Terrain(**v.model_dump()) for k, v in self.palette.items()}
        cells = tuple(sorted((Hex(q, r), terrains[k]) for q, r, k in self.cells))
        return Board(cells=cells, feet_per_hex=self.feet_per_hex, width=self.width,
                     height=self.height, stagger_axis=self.stagger_axis,
                     stagger_index=self.stagger_index)

    @classmethod
    def from_board(cls, board: Board) -> BoardSpec:
        palette: dict[str, TerrainSpec] = {}
        keys: dict[Terrain, str] = {}
        cells = []
        for h, t in board.cells:
            if t not in keys:
                key = t.kind if t.kind not in palette else f"{t.kind}{len(palette)}"
                keys[t] = key
                palette[key] = TerrainSpec(**{f: getattr(t, f) for f in TerrainSpec.model_fields})
            cells.append((h.q, h.r, keys[t]))
        return cls(width=board.width, height=board.height, feet_per_hex=board.feet_per_hex,
                   stagger_axis=board.stagger_axis, stagger_index=board.stagger_index,
                   palette=palette, cells=tuple(cells))


class SideSpec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(min_length=1, max_length=40)
    name: str = ""
    player_characters: bool = False


class UnitSpec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(min_length=1, max_length=40)
    side: str
    template: str
    name: str = ""
    pos: tuple[int, int]
    facing: int = Field(0, ge=0, le=5)
    overrides: dict[str, Any] = {}


class BattleSetup(BaseModel):
    """Everything needed to start a battle: replaying its events from here rebuilds any state."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    ruleset: str
    seed: int = Field(0, ge=0, lt=2**63)
    title: str = ""
    board: BoardSpec
    sides: tuple[SideSpec, ...]
    units: tuple[UnitSpec, ...]
    options: dict[str, Any] = {}


def units_of(setup: BattleSetup, board: Board, build: Any, refuse: Any = None
             ) -> tuple[Any, ...]:
    """The set-up's figures built by `build(spec)`, sorted by id, after the checks every
    ruleset makes: unique ids, known sides, one figure a hex, on a passable hex, and, with
    `refuse` (the ruleset's `Ruleset.unit_refusal`), each figure as built, overrides and
    all.  ValueError, one line naming the figure, for the first that fails."""
    side_ids = {s.id for s in setup.sides}
    units = []
    taken: dict[tuple[int, int], str] = {}
    for spec in setup.units:
        if any(u.id == spec.id for u in units):
            raise ValueError(f"two units are called {spec.id!r}")
        if spec.side not in side_ids:
            raise ValueError(f"unit {spec.id!r} is on side {spec.side!r}, which is not in the "
                             "battle")
        if spec.pos in taken:
            raise ValueError(f"units {taken[spec.pos]!r} and {spec.id!r} stand on the same "
                             f"hex {spec.pos}")
        taken[spec.pos] = spec.id
        unit = build(spec)
        why = refuse(unit) if refuse is not None else None
        if why:
            raise ValueError(why)
        if not board.passable(unit.pos):
            raise ValueError(f"unit {spec.id!r} stands on {spec.pos}, which is off the board "
                             "or impassable")
        units.append(unit)
    return tuple(sorted(units, key=lambda u: u.id))


def options_of(setup: BattleSetup, known: set[str], ruleset_name: str,
               config: BaseModel | None = None, more: type[BaseModel] | None = None
               ) -> tuple[tuple[str, Any], ...]:
    """The set-up's rulings overrides, each checked and stored as the rules will read it.

    A key the ruleset does not know is refused.  Flank's own settings (`max_rounds`) and, with
    `config` (the ruleset's `[config]` model), each of its rulings are checked by the model's
    type and range and kept in its plain JSON form (`rules.rulings.coerce_option`), so no
    save, scenario or script can start a battle on a value the rules cannot play; so are
    the options of `more` (a model of a mode's own options).  Other keys in `known` are the
    ruleset's to check.  Raises `rules.rulings.OptionProblem` (a ValueError) naming the
    option."""
    out = []
    for key in sorted(setup.options):
        value = setup.options[key]
        checked = key in FlankSettings.model_fields or (
            config is not None and key in type(config).model_fields)
        if checked:
            value = coerce_option(config, ruleset_name, key, value)
        elif more is not None and key in more.model_fields:
            value = coerce_option(more(), ruleset_name, key, value)
        elif key not in known:
            raise OptionProblem(key, f"unknown {ruleset_name} option {key!r}", unknown=True)
        out.append((key, value))
    return tuple(out)


def setup_sides(*ids: str) -> tuple[SideSpec, ...]:
    return tuple(SideSpec(id=i, name=i) for i in ids)
