"""Step 3 of reading a map: the scenario.  Map properties name the ruleset, title, scale,
victory and the players' side; with the terrain and the units they make a `BattleSetup`,
handed to the ruleset's `initial_state` so a scenario that loads is one the engine will start.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from xml.etree.ElementTree import Element

from pydantic import ValidationError

from game.maps.base import NamedTile, OpenGroundTile, _q
from game.maps.options import _IDENT, _as_int, _Options
from game.maps.terrain import _Terrain, ground_warnings
from game.maps.tiling import HexTiling, TileArt
from game.maps.units import _UnitsLayer
from rules.engine import BattleSetup, BoardSpec, SideSpec, TerrainSpec, initial_state, ruleset_of
from rules.hexgrid import Hex, hex_to_offset, offset_to_hex
from rules.rulings import OptionProblem


@dataclass(frozen=True, eq=False)
class Scenario:
    """A map read from a .tmx file.  A map with units is a scenario: `setup` starts it."""

    path: str
    title: str
    description: str
    ruleset: str
    feet_per_hex: int
    victory: str
    sides: tuple[str, ...]  # side ids in order of first appearance in the units layer
    pc_side: str | None
    setup: BattleSetup
    orientation: str  # "pointy" (stagger axis y) or "flat" (stagger axis x)
    stagger_axis: str
    stagger_index: str
    tile_width: int
    tile_height: int
    hexside_length: int
    width: int  # in hexes, as in Tiled
    height: int
    tiles: dict[Hex, TileArt]  # per hex, the art of the tile that gives it its terrain
    art: dict[Hex, tuple[TileArt, ...]] = field(default_factory=dict)  # every tile, bottom first
    properties: dict[str, Any] = field(default_factory=dict)  # all map properties, as read
    # What a map made without Flank's properties was missing, and was filled in: the tiles
    # read as open ground, and one line for each thing (empty for a Flank map).
    open_ground: tuple[OpenGroundTile, ...] = ()
    warnings: tuple[str, ...] = ()
    # The tiles whose class or property named a terrain the names of the ground know
    # ("Ocean" is water; game/maps/terrain_names.py), with what they were read as.
    named_ground: tuple[NamedTile, ...] = ()

    @property
    def tiling(self) -> HexTiling:
        return HexTiling(self.tile_width, self.tile_height, self.hexside_length,
                         self.stagger_axis, self.stagger_index)

    @property
    def is_scenario(self) -> bool:
        return bool(self.setup.units)

    def hex_at(self, col: int, row: int) -> Hex:
        return offset_to_hex(col, row, self.stagger_axis, self.stagger_index)  # type: ignore[arg-type]

    def offset_of(self, h: Hex) -> tuple[int, int]:
        return hex_to_offset(h, self.stagger_axis, self.stagger_index)  # type: ignore[arg-type]


class _ScenarioBuilder(_Terrain, _UnitsLayer, _Options):
    """Step 3: terrain, units and map properties made into a `Scenario`."""

    def opening(self, setup: BattleSetup, has_units: bool, map_ruleset: Any) -> BattleSetup:
        """The set-up, its options checked and kept as the rules read them, after handing it
        to the ruleset as a battle would start (a scenario that loads is one that runs).

        Every `option.<key>` is checked by the ruleset's own model of it (the one the
        Rulings dialog uses) even on a map with nobody on it yet; an option the ruleset
        played does not have is refused, with a word on `--ruleset` when the map names
        another (R-FLANK-FOREIGN-OPTION)."""
        try:
            state = initial_state(setup)
        except OptionProblem as exc:
            raise self.fail(self.option_words(exc, setup.ruleset, map_ruleset)) from None
        except (ValueError, KeyError, TypeError) as exc:
            if not has_units:  # e.g. a joust field with no riders yet: nothing starts here
                return setup
            raise self.fail(f"the {self.rules_name(setup.ruleset)} rules refuse this scenario: "
                            f"{exc.args[0] if exc.args else exc}") from None
        return setup.model_copy(update={"options": dict(state.options)})

    @staticmethod
    def rules_name(ruleset_id: str) -> str:
        """The ruleset's own name ("Fallen Empire"), or its id if it cannot be had."""
        try:
            return ruleset_of(ruleset_id).name
        except LookupError:  # an unknown id was refused before; here words only
            return ruleset_id

    def option_words(self, exc: OptionProblem, played: str, map_ruleset: Any) -> str:
        words = f"map property option.{exc.key}: {exc.problem}"
        if exc.unknown and isinstance(map_ruleset, str) and map_ruleset != played:
            try:
                named = ruleset_of(map_ruleset).name
            except KeyError:
                named = map_ruleset
            words += (f" (the map's options are for {named}: play it under {named}, or "
                      "take the option out of the map)")
        return words

    def build(self, root: Element, tm: Any, tiling: HexTiling, ruleset: str | None,
              seed: int) -> Scenario:
        width, height = self.width, self.height
        axis, index = tiling.stagger_axis, tiling.stagger_index
        terrain_at, tiles, art = self.hexes(root, tm, tiling)

        props = dict(tm.properties)
        rules_id = ruleset if ruleset is not None else props.get("ruleset", "fallen_empire")
        if not isinstance(rules_id, str):
            raise self.fail(f"map property 'ruleset' is {_q(rules_id)}, not a name")
        try:
            rules = ruleset_of(rules_id)
        except KeyError:
            where = "" if ruleset is not None else "map property 'ruleset': "
            raise self.fail(f"{where}unknown ruleset {_q(rules_id)} (`flank rulesets` lists "
                            "them)") from None
        feet = _as_int(props.get("feet_per_hex", 5))
        if feet is None or not 1 <= feet <= 1000:
            raise self.fail(f"map property 'feet_per_hex' must be a whole number from 1 to "
                            f"1000, not {_q(props.get('feet_per_hex'))}")
        victory = props.get("victory", "last_side_standing")
        if not isinstance(victory, str) or not _IDENT.fullmatch(victory):
            raise self.fail(f"map property 'victory' must be a name like "
                            f"'last_side_standing', not {_q(victory)}")
        title = props.get("title", self.file.stem)
        description = props.get("description", "")
        for key, value in (("title", title), ("description", description)):
            if not isinstance(value, str):
                raise self.fail(f"map property {key!r} must be text, not {_q(value)}")

        units, sides = self.units(root, tm, tiling, terrain_at, rules.templates(), rules_id)
        pc_side = props.get("pc_side")
        notes: list[str] = []
        if pc_side is not None and (not isinstance(pc_side, str) or pc_side not in sides):
            if units or self.strict or not isinstance(pc_side, str):
                raise self.fail(f"map property 'pc_side' names side {_q(pc_side)}, which has "
                                "no units")
            # A scenario whose figures were all taken off: the sandbox places them again.
            notes.append(f"map property 'pc_side' names side {_q(pc_side)}, which has no "
                         "figures: left unset")
            pc_side = None
        side_specs = []
        for side in sides:
            name = props.get(f"side.{side}", side)
            side_specs.append(SideSpec(id=side, name=str(name)[:80],
                                       player_characters=side == pc_side))
        options = self.options(props)

        palette: dict[str, TerrainSpec] = {}
        keys: dict[TerrainSpec, str] = {}
        cells = []
        for h, spec in sorted(terrain_at.items()):
            if spec not in keys:
                key, n = spec.kind, 1
                while key in palette:  # the same kind with other properties
                    n += 1
                    key = f"{spec.kind}~{n}"
                keys[spec] = key
                palette[key] = spec
            cells.append((h.q, h.r, keys[spec]))
        try:
            board = BoardSpec(width=width, height=height, feet_per_hex=feet, stagger_axis=axis,
                              stagger_index=index, palette=palette, cells=tuple(cells))
            setup = BattleSetup(ruleset=rules_id, seed=seed, title=title[:200], board=board,
                                sides=tuple(side_specs), units=tuple(units), options=options)
        except ValidationError as exc:
            first_error = exc.errors()[0]
            where = ".".join(str(p) for p in first_error.get("loc", ()))
            raise self.fail(f"the scenario is not valid: {where}: {first_error['msg']}") from None
        setup = self.opening(setup, bool(units), props.get("ruleset", "fallen_empire"))

        return Scenario(
            path=self.shown, title=title, description=description, ruleset=rules_id,
            feet_per_hex=feet, victory=victory, sides=tuple(sides), pc_side=pc_side,
            setup=setup, orientation="flat" if axis == "x" else "pointy", stagger_axis=axis,
            stagger_index=index, tile_width=tiling.tile_width, tile_height=tiling.tile_height,
            hexside_length=tiling.hexside_length, width=width, height=height, tiles=tiles,
            art=art, properties=props, open_ground=self.open_ground,
            warnings=ground_warnings(self.open_ground, self.shown) + tuple(notes),
            named_ground=self.named_ground)
