"""A ZeFRS mass battle drawn in Tiled: an orthogonal map of 5 × 7 squares (ZEF-61) whose
`units` object layer places units of fighters and each side's commander, and whose map
property `mode = "mass"` says what it is.  Headless.

Why a reader of its own: a hex map's pixel geometry, facings and one-figure-a-hex checks do
not fit a grid of 100-ft squares, but a stranger's file is as dangerous either way, so the
same safety pass, layer checks and pytmx step run first (game/maps/safety.py, layers.py,
tiled.py); only the last step, the scenario, is the grid's.  Problems are the same one-line
`MapError`s, "PATH: where: what is wrong".

Map properties: `mode` "mass" (required), `ruleset` (zefrs, the only one with mass combat),
`title`, `description`, `side.<id>` (a side's name), `pc_side`, `option.<key>`.
Objects of the `units` layer (a square is the object's middle, or its `col`/`row`):
  a unit:       `side`, `troop` (a troop type of the mass tables), `fighters`; optional
                `facing` (0-3 or north, east, south, west), `leader` (a ZeFRS figure),
                `leader_name`, `slot` (left, centre, right, reserve), `talent`, `will`,
                `armour`, `name`; the object's name is its id
  a commander:  `side`, `role` "commander", `template` (a ZeFRS figure), `name`
"""

from __future__ import annotations

from typing import Any
from xml.etree.ElementTree import Element

from pydantic import ValidationError

from game.maps.base import MAX_ID_LENGTH, _q
from game.maps.options import _as_int, _Options
from game.maps.scenario import Scenario
from game.maps.terrain import _Terrain
from game.maps.tiled import _pytmx, _TiledStep
from game.maps.tiling import HexTiling
from rules.engine import BattleSetup, BoardSpec, SideSpec, TerrainSpec, UnitSpec, initial_state
from rules.hexgrid import Hex, hex_to_offset
from rules.rulings import OptionProblem

__all__ = ["GRID", "is_mass_map", "read_grid"]

GRID = (5, 7)
FACING_NAMES = ("north", "east", "south", "west")
_UNIT_KEYS = {"side", "troop", "fighters", "facing", "leader", "leader_name", "slot",
              "talent", "will", "armour", "name", "col", "row"}
_COMMANDER_KEYS = {"side", "role", "template", "name", "col", "row"}


def is_mass_map(root: Element) -> bool:
    """An orthogonal map whose property `mode` is "mass": a mass battle's grid."""
    if root.get("orientation", "orthogonal") != "orthogonal":
        return False
    props = root.find("properties")
    return props is not None and any(p.get("name") == "mode" and p.get("value") == "mass"
                                     for p in props.findall("property"))


class _GridReader(_Terrain, _TiledStep, _Options):
    def read(self, ruleset: str | None, seed: int) -> Scenario:
        data = self.read_bytes(self.file, "")
        self.file = self.file.resolve()
        from game.maps.base import ASSETS_DIR

        self.roots = [self.file.parent] + ([ASSETS_DIR] if ASSETS_DIR.is_dir() else [])
        root = self.parse(data, "")
        if root.get("infinite", "0").strip() not in ("0", "false", ""):
            raise self.fail("infinite maps are not supported; turn off 'Infinite' in Tiled")
        self.width = self.attr_int(root, "width", "map", lo=1)
        self.height = self.attr_int(root, "height", "map", lo=1)
        if (self.width, self.height) != GRID:
            raise self.fail(f"a mass battle is fought on a grid of 5 × 7 squares (ZEF-61), "
                            f"not {self.width} × {self.height}")
        tw = self.attr_int(root, "tilewidth", "map", lo=2, hi=4096)
        th = self.attr_int(root, "tileheight", "map", lo=2, hi=4096)
        self.sweep(root, "")
        for tree, prefix in self.load_tilesets(root):
            self.sweep(tree, prefix)
        self.check_sources(root, self.file.parent, "")
        self.check_layers(root, self.width, self.height)
        tm = self.pytmx_map(root)
        return self.build_grid(root, tm, HexTiling(tw, th, 0), ruleset, seed)

    def build_grid(self, root: Element, tm: Any, tiling: HexTiling, ruleset: str | None,
                   seed: int) -> Scenario:
        props = dict(tm.properties)
        rules_id = ruleset or props.get("ruleset", "zefrs")
        if rules_id != "zefrs":
            raise self.fail(f"map property 'ruleset': mass battles on a grid are ZeFRS's "
                            f"(ZEF-58..80), not {_q(rules_id)}")
        terrain, tiles, art = self.hexes(root, tm, tiling)
        squares: dict[tuple[int, int], TerrainSpec] = {}
        for h, spec in terrain.items():
            squares[hex_to_offset(h, "y", "odd")] = spec
        if len(squares) != GRID[0] * GRID[1]:
            raise self.fail("every square of the 5 × 7 grid needs a tile (a square with no "
                            "tile is not on the battlefield)")
        title = props.get("title", self.file.stem)
        description = props.get("description", "")
        for key, value in (("title", title), ("description", description)):
            if not isinstance(value, str):
                raise self.fail(f"map property {key!r} must be text, not {_q(value)}")
        units, sides = self.grid_units(root, tm, tiling)
        if len(sides) != 2:
            raise self.fail(f"a mass battle is between two sides (ZEF-58); the units layer "
                            f"has {len(sides)}: {', '.join(sides) or 'none'}")
        pc_side = props.get("pc_side", sides[0])
        if pc_side not in sides:
            raise self.fail(f"map property 'pc_side' names side {_q(pc_side)}, which has no "
                            "units")
        ordered = [pc_side, *(s for s in sides if s != pc_side)]  # side A: the players'
        side_specs = tuple(SideSpec(id=s, name=str(props.get(f"side.{s}", s))[:80],
                                    player_characters=s == pc_side) for s in ordered)
        options = {**self.options(props), "mode": "mass"}
        palette: dict[str, TerrainSpec] = {}
        cells = []
        for (x, y), spec in sorted(squares.items(), key=lambda kv: (kv[0][1], kv[0][0])):
            palette.setdefault(spec.kind, spec)
            cells.append((x, y, spec.kind))
        try:
            board = BoardSpec(width=GRID[0], height=GRID[1], feet_per_hex=100,
                              palette=palette, cells=tuple(cells))
            setup = BattleSetup(ruleset="zefrs", seed=seed, title=str(title)[:200],
                                board=board, sides=side_specs, units=tuple(units),
                                options=options)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err.get("loc", ()))
            raise self.fail(f"the scenario is not valid: {where}: {err['msg']}") from None
        try:
            state = initial_state(setup)
        except OptionProblem as exc:
            raise self.fail(f"map property option.{exc.key}: {exc.problem}") from None
        except (ValueError, KeyError, TypeError) as exc:
            raise self.fail(f"the ZeFRS mass rules refuse this scenario: "
                            f"{exc.args[0] if exc.args else exc}") from None
        setup = setup.model_copy(update={"options": dict(state.options)})
        grid_tiles = {Hex(*hex_to_offset(h, "y", "odd")): a for h, a in tiles.items()}
        grid_art = {Hex(*hex_to_offset(h, "y", "odd")): a for h, a in art.items()}
        return Scenario(
            path=self.shown, title=str(title), description=str(description),
            ruleset="zefrs", feet_per_hex=100, victory="last_side_standing",
            sides=tuple(ordered), pc_side=pc_side, setup=setup, orientation="square",
            stagger_axis="y", stagger_index="odd", tile_width=tiling.tile_width,
            tile_height=tiling.tile_height, hexside_length=0, width=GRID[0], height=GRID[1],
            tiles=grid_tiles, art=grid_art, properties=props,
            open_ground=self.open_ground, warnings=())

    def grid_units(self, root: Element, tm: Any, tiling: HexTiling
                   ) -> tuple[list[UnitSpec], list[str]]:
        pytmx = _pytmx()
        groups = list(zip([g for g in tm.layers if isinstance(g, pytmx.TiledObjectGroup)],
                          list(root.iter("objectgroup")), strict=True))
        units: list[UnitSpec] = []
        sides: list[str] = []
        ids: set[str] = set()
        for group, xml in groups:
            if (group.name or "").strip().casefold() != "units":
                continue
            for obj, obj_xml in zip(group, xml.findall("object"), strict=True):
                label = self.where(obj_xml)
                p = dict(obj.properties)
                side = p.get("side")
                if not isinstance(side, str) or not side.strip():
                    raise self.fail(f"{label}: the property 'side' is missing or empty")
                side = side.strip()[:MAX_ID_LENGTH]
                uid = (obj.name or "").strip()
                if not uid:
                    raise self.fail(f"{label}: give it a name in Tiled: the name is its id")
                if len(uid) > MAX_ID_LENGTH:
                    raise self.fail(f"{label}: the name is longer than {MAX_ID_LENGTH} letters")
                if uid in ids:
                    raise self.fail(f"{label}: another unit is already called {_q(uid)}")
                ids.add(uid)
                x, y = self._square(obj, p, label, tiling)
                if side not in sides:
                    sides.append(side)
                units.append(self._spec(uid, side, p, (x, y), label))
        return units, sides

    def _square(self, obj: Any, p: dict[str, Any], label: str, tiling: HexTiling
                ) -> tuple[int, int]:
        if "col" in p or "row" in p:
            col, row = _as_int(p.get("col")), _as_int(p.get("row"))
            if col is None or row is None:
                raise self.fail(f"{label}: col and row must both be whole numbers")
        else:
            cx = float(obj.x) + float(obj.width or 0) / 2
            cy = float(obj.y) + float(obj.height or 0) / 2
            if obj.gid:
                cy -= float(obj.height or 0)
            col, row = int(cx // tiling.tile_width), int(cy // tiling.tile_height)
        if not (0 <= col < GRID[0] and 0 <= row < GRID[1]):
            raise self.fail(f"{label} is off the grid at col {col}, row {row} (the grid is "
                            "5 × 7 squares)")
        return col, row

    def _spec(self, uid: str, side: str, p: dict[str, Any], square: tuple[int, int],
              label: str) -> UnitSpec:
        if p.get("role") == "commander":
            unknown = sorted(set(p) - _COMMANDER_KEYS)
            if unknown:
                raise self.fail(f"{label}: a commander takes side, role, template and name, "
                                f"not {', '.join(unknown)}")
            template = p.get("template")
            if not isinstance(template, str) or not template:
                raise self.fail(f"{label}: a commander needs 'template', the ZeFRS figure he is")
            return UnitSpec(id=uid, side=side, template=template, name=str(p.get("name", ""))[:80],
                            pos=square, overrides={"role": "commander"})
        if "role" in p:
            raise self.fail(f"{label}: role is \"commander\" or absent, not {_q(p['role'])}")
        unknown = sorted(set(p) - _UNIT_KEYS)
        if unknown:
            raise self.fail(f"{label}: a unit has no property {', '.join(unknown)} (it takes "
                            f"{', '.join(sorted(_UNIT_KEYS))})")
        troop = p.get("troop")
        if not isinstance(troop, str) or not troop:
            raise self.fail(f"{label}: the property 'troop' is missing (a troop type of the "
                            "mass tables, e.g. pikemen)")
        fighters = _as_int(p.get("fighters"))
        if fighters is None or fighters < 1:
            raise self.fail(f"{label}: 'fighters' must be a whole number from 1, not "
                            f"{_q(p.get('fighters'))}")
        facing = self._facing(p.get("facing", 0), label)
        over: dict[str, Any] = {"fighters": fighters}
        for key in ("leader", "leader_name", "slot", "name"):
            if key in p:
                over[key] = str(p[key])
        for key in ("talent", "will", "armour"):
            if key in p:
                value = _as_int(p[key])
                if value is None:
                    raise self.fail(f"{label}: {key!r} must be a whole number, not "
                                    f"{_q(p[key])}")
                over[key] = value
        return UnitSpec(id=uid, side=side, template=troop, pos=square, facing=facing,
                        overrides=over)

    def _facing(self, value: Any, label: str) -> int:
        n = _as_int(value)
        if n is not None and 0 <= n <= 3:
            return n
        if isinstance(value, str) and value.strip().lower() in FACING_NAMES:
            return FACING_NAMES.index(value.strip().lower())
        raise self.fail(f"{label}: facing on the grid is 0-3 or north, east, south, west, not "
                        f"{_q(value)}")


def read_grid(path: Any, strict: bool, ruleset: str | None, seed: int) -> Scenario:
    """Read a mass battle's grid map (module docstring); MapError, one line, if bad."""
    return _GridReader(path, strict).read(ruleset, seed)
