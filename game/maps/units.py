"""The `units` object layer: each figure's side, template, name, facing and hex, checked
against the ruleset's templates and the board (no unit off the map, on impassable ground or
on another's hex), and its `set.<field>` changes to the template (the scenario's overrides,
which the ruleset checks as it builds the figure).
"""

from __future__ import annotations

import math
from typing import Any
from xml.etree.ElementTree import Element

from game.maps.base import MAX_ID_LENGTH, _q
from game.maps.options import _IDENT, _as_int, _facing, _json_list
from game.maps.safety import _SafetyPass
from game.maps.tiled import _pytmx
from game.maps.tiling import HexTiling
from rules.engine import TerrainSpec, UnitSpec
from rules.hexgrid import Hex, direction_name, offset_to_hex

SET = "set."  # a unit property that changes the figure's template for this scenario
# What a figure's own properties (or the map) say; `set.` cannot say it again.
OWN_PROPERTIES = frozenset({"id", "side", "template", "name", "pos", "facing", "col", "row",
                            "skills"})


class _UnitsLayer(_SafetyPass):
    """The figures of the `units` layer, named in messages as the safety pass names objects."""

    def units(self, root: Element, tm: Any, tiling: HexTiling,
              terrain_at: dict[Hex, TerrainSpec], templates: list[str],
              rules_id: str) -> tuple[list[UnitSpec], list[str]]:
        pytmx = _pytmx()
        parents = {child: parent for parent in root.iter() for child in parent}
        groups = list(zip([g for g in tm.layers if isinstance(g, pytmx.TiledObjectGroup)],
                          list(root.iter("objectgroup")), strict=True))
        known = set(templates)
        flat = tiling.stagger_axis == "x"
        units: list[UnitSpec] = []
        sides: list[str] = []
        ids: set[str] = set()
        taken: dict[Hex, str] = {}
        for group, xml in groups:
            if (group.name or "").strip().casefold() != "units":
                continue
            dx = dy = 0.0
            node: Element | None = xml
            while node is not None and node is not root:
                dx += float(node.get("offsetx", 0))
                dy += float(node.get("offsety", 0))
                node = parents.get(node)
            for obj, obj_xml in zip(group, xml.findall("object"), strict=True):
                label = self.where(obj_xml)
                p = obj.properties
                for key in ("side", "template"):
                    if key not in p or not isinstance(p[key], str) or not p[key].strip():
                        raise self.fail(f"{label}: the property {key!r} is missing or empty")
                if obj_xml.get("template"):
                    raise self.fail(f"{label}: object templates (.tx) are not supported")
                side, template = p["side"].strip(), p["template"].strip()
                if len(side) > MAX_ID_LENGTH:
                    raise self.fail(f"{label}: side {_q(side)} is longer than {MAX_ID_LENGTH} "
                                    "letters")
                if known and template not in known:
                    raise self.fail(f"{label}: template {_q(template)} is not a unit of the "
                                    f"{rules_id} rules")
                facing = _facing(p.get("facing", 0), flat)
                if facing is None:
                    raise self.fail(f"{label}: facing must be 0 to 5 (or "
                                    f"{', '.join(direction_name(d, flat) for d in range(6))}), "
                                    f"not {_q(p.get('facing'))}")
                col, row = self.unit_tile(obj, obj_xml, p, label, tiling, dx, dy)
                if not (0 <= col < self.width and 0 <= row < self.height):
                    raise self.fail(f"{label} is off the map at col {col}, row {row} (the map "
                                    f"is {self.width}×{self.height})")
                h = offset_to_hex(col, row, tiling.stagger_axis,  # type: ignore[arg-type]
                                  tiling.stagger_index)  # type: ignore[arg-type]
                terrain = terrain_at.get(h)
                if terrain is None:
                    raise self.fail(f"{label} is off the map at col {col}, row {row}: that "
                                    "hex has no tile")
                if terrain.impassable:
                    raise self.fail(f"{label} stands on impassable {terrain.kind} at col {col}, "
                                    f"row {row}")
                uid = (obj.name or "").strip() or f"{template}_{obj_xml.get('id', len(units))}"
                if len(uid) > MAX_ID_LENGTH:
                    raise self.fail(f"{label}: the name is longer than {MAX_ID_LENGTH} letters")
                if uid in ids:
                    raise self.fail(f"{label}: another unit is already called {_q(uid)}")
                if h in taken:
                    raise self.fail(f"{label} and {taken[h]} both stand at col {col}, row {row}")
                name = p.get("name") or obj.name or ""
                ids.add(uid)
                taken[h] = label
                if side not in sides:
                    sides.append(side)
                units.append(UnitSpec(id=uid, side=side, template=template,
                                      name=str(name)[:80], pos=(h.q, h.r), facing=facing,
                                      overrides=self.unit_overrides(p, label)))
        return units, sides

    def unit_overrides(self, p: dict[str, Any], label: str) -> dict[str, Any]:
        """The object's `set.<field>` properties: this scenario's changes to the figure's
        template (`set.weapon` = great_axe, `set.two_weapons` = true; a list written as
        JSON text, `set.armour` = ["armet"]), and its `skills`, names separated by commas
        ("weapon training, martial arts"), for a ruleset whose figures have skills.  The
        ruleset builds the figure with them and refuses a field it has not, a skill it does
        not know, or a kit its rules forbid (`Ruleset.unit_refusal`), when the scenario is
        set up, in one line naming the figure."""
        out: dict[str, Any] = {}
        for key, value in p.items():
            if not key.startswith(SET):
                continue
            name = key[len(SET):]
            if not _IDENT.fullmatch(name):
                raise self.fail(f"{label}: property {_q(key)} is not set.<field> with a field "
                                "name such as set.weapon")
            if name in OWN_PROPERTIES:
                raise self.fail(f"{label}: property {_q(key)}: give the {name} as the "
                                f"object's own {_q(name)} property")
            if isinstance(value, str) and value.strip().startswith("["):
                parsed = _json_list(value)
                if parsed is None:
                    raise self.fail(f"{label}: property {_q(key)}: {_q(value)} is not a list "
                                    'like ["armet", "chausses"]')
                value = parsed
            out[name] = value
        if "skills" in p:
            given = p["skills"]
            if not isinstance(given, str):
                raise self.fail(f"{label}: skills must be text, names separated by commas, "
                                f"not {_q(given)}")
            out["skills"] = [s.strip() for s in given.split(",") if s.strip()]
        return out

    def unit_tile(self, obj: Any, xml: Element, p: dict[str, Any], label: str,
                  tiling: HexTiling, dx: float, dy: float) -> tuple[int, int]:
        """The tile an object stands on: its `col`/`row` properties, else its position."""
        if "col" in p or "row" in p:
            if "col" not in p or "row" not in p:
                missing = "row" if "col" in p else "col"
                raise self.fail(f"{label}: it has {'col' if missing == 'row' else 'row'} but "
                                f"no {missing}")
            col, row = _as_int(p["col"]), _as_int(p["row"])
            if col is None or row is None:
                raise self.fail(f"{label}: col and row must be whole numbers, not "
                                f"{_q(p['col'])} and {_q(p['row'])}")
            return col, row
        # Tiled stores a rectangle, ellipse or text by its top-left corner and a tile object
        # by its bottom-left (pytmx has already moved that to the top-left); either way the
        # unit stands where the middle of its box is.  Points and polygons stand at their
        # position.  Rotation turns the box about Tiled's stored corner.
        x, y = float(obj.x), float(obj.y)
        w, h = float(obj.width or 0), float(obj.height or 0)
        if "points" in vars(obj) or xml.find("point") is not None:
            w = h = 0.0
        if obj.gid:
            ox, oy, cx, cy = x, y + h, w / 2, -h / 2
        else:
            ox, oy, cx, cy = x, y, w / 2, h / 2
        turn = math.radians(float(obj.rotation or 0))
        px = ox + cx * math.cos(turn) - cy * math.sin(turn) + dx
        py = oy + cx * math.sin(turn) + cy * math.cos(turn) + dy
        if not (math.isfinite(px) and math.isfinite(py)):
            raise self.fail(f"{label}: its position is not a number")
        return tiling.tile_at(px, py)
