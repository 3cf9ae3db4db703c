"""Save as scenario: a map someone made in Tiled, written back with Flank's properties filled
in, so that it passes ``flank validate --strict`` and keeps its own art.

    save_as_scenario(state, scenario, "maps/found_scenario.tmx")   # -> TmxExport

`export_tmx` draws a position anew with the bundled tiles; this keeps the GM's map as it is
(its tilesets, layers, pictures, other properties and objects) and fills in only what Flank
needs:

* each tile read as open ground (`Scenario.open_ground`) gets the tile property
  ``terrain = grass``, the rules' plain ground, and each tile whose class or property named
  its terrain ("Ocean" read as water, `Scenario.named_ground`) gets that terrain written out
  (``terrain``, ``move_cost``, ``cover``, ``impassable``, ``elevation``); a tileset kept in a
  `.tsx` of its own is embedded in the map for that, so the GM's `.tsx` is never changed;
* the map properties ``ruleset``, ``feet_per_hex``, ``title``, ``victory``, the sides' names,
  ``pc_side`` and the rulings in force (``option.<key>``) are set, the others kept;
* the ``units`` object layer is written anew with the figures on the board (each a point at
  its hex's centre with ``col``/``row``, ``side``, ``template``, ``facing``, ``name``).

The properties and figures are those `export_tmx` writes (made by it in a scratch folder, so
the two never disagree); the result is loaded back strictly and compared with that export,
and written whole or not at all.  Paths in the map are rewritten relative to where it is
saved; the map loader allows them only inside that folder or Flank's `assets/`, so save
beside the original map (the default of `Sandbox.save_as_scenario`).
"""

from __future__ import annotations

import copy
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET
from xml.etree.ElementTree import Element

import defusedxml.ElementTree as SafeET

from game.maps import ASSETS_DIR, MAX_FILE_BYTES, OPEN_GROUND, MapError, Scenario, load_map
from game.sandbox.common import ExportError
from game.sandbox.tmx_export import TmxExport, export_tmx
from rules.engine import TerrainSpec
from rules.state import Battle

# Properties the written map takes from the position; the GM's own values for these go.
_REPLACED_PREFIXES = ("side.", "option.")
_REPLACED = frozenset({"title", "description", "ruleset", "feet_per_hex", "victory",
                       "pc_side"})


def _read_xml(file: Path) -> Element:
    """A file the map loader has already checked, read again with the same caution."""
    try:
        with open(file, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise ExportError(f"{file}: cannot be read ({exc.strerror or exc})") from None
    if len(data) > MAX_FILE_BYTES:
        raise ExportError(f"{file}: larger than {MAX_FILE_BYTES // (1024 * 1024)} MiB")
    try:
        return SafeET.fromstring(data, forbid_dtd=False, forbid_entities=True,
                                 forbid_external=True)
    except Exception as exc:  # defusedxml's refusals and ParseError alike
        raise ExportError(f"{file}: cannot be read again ({exc})") from None


def _relative(source: str, base: Path, out_dir: Path, roots: list[Path]) -> str:
    """`source` (relative to `base`) as a path relative to `out_dir`, if it stays inside."""
    target = (base / source).resolve()
    if not any(target.is_relative_to(r) for r in roots):
        raise ExportError(f"{source!r} is outside the map's folder and Flank's assets folder")
    try:
        return Path(os.path.relpath(target, out_dir)).as_posix()
    except ValueError:  # another drive
        raise ExportError(f"{source!r} cannot be reached from {out_dir}; save the scenario "
                          "beside the map") from None


def _rebase(root: Element, base: Path, out_dir: Path, roots: list[Path]) -> None:
    """Every path in a map or tileset tree made relative to `out_dir` instead of `base`."""
    for elem in root.iter():
        if elem.tag in ("tileset", "image") and elem.get("source"):
            elem.set("source", _relative(elem.get("source", ""), base, out_dir, roots))
        if elem.tag == "object" and elem.get("template"):
            elem.set("template", _relative(elem.get("template", ""), base, out_dir, roots))


def _embedded(elem: Element, base: Path, out_dir: Path, roots: list[Path]) -> Element:
    """A `<tileset source="x.tsx">` as the same tileset written inside the map."""
    source = elem.get("source", "")
    tsx = (base / source).resolve()
    tree = _read_xml(tsx)
    _rebase(tree, tsx.parent, out_dir, roots)
    out = Element("tileset", {"firstgid": elem.get("firstgid", "1")})
    for key, value in tree.items():
        if key not in ("version", "tiledversion"):
            out.set(key, value)
    out.extend(copy.deepcopy(list(tree)))
    return out


def _give_terrain(tileset: Element, tile_id: int, terrain: TerrainSpec) -> None:
    """Tile `tile_id` of an embedded tileset gets the properties of `terrain` (``terrain``,
    and those of the others that are not the rules' defaults)."""
    tiles = tileset.findall("tile")
    tile = next((t for t in tiles if t.get("id") == str(tile_id)), None)
    if tile is None:
        tile = Element("tile", {"id": str(tile_id)})
        later = [t for t in tiles if int(t.get("id", "0")) > tile_id]
        wang = tileset.find("wangsets")
        before = later[0] if later else wang
        index = list(tileset).index(before) if before is not None else len(tileset)
        tileset.insert(index, tile)
    props = tile.find("properties")
    if props is None:
        props = Element("properties")
        tile.insert(0, props)
    given = {"terrain": ("string", terrain.kind)}
    for key, default in (("move_cost", 1), ("elevation", 0)):
        if getattr(terrain, key) != default:
            given[key] = ("int", str(getattr(terrain, key)))
    for key in ("cover", "impassable"):
        if getattr(terrain, key):
            given[key] = ("bool", "true")
    for prop in props.findall("property"):
        if prop.get("name") in given:
            props.remove(prop)
    for name, (kind, value) in given.items():
        attrs = {"name": name, "value": value} if kind == "string" else {
            "name": name, "type": kind, "value": value}
        ET.SubElement(props, "property", attrs)


def _map_properties(root: Element, written: Element | None) -> None:
    """The map's own properties, with Flank's replaced by those of the position."""
    props = root.find("properties")
    if props is None:
        props = Element("properties")
        after = root.find("editorsettings")
        root.insert(list(root).index(after) + 1 if after is not None else 0, props)
    for prop in list(props):
        name = prop.get("name", "")
        if name in _REPLACED or name.startswith(_REPLACED_PREFIXES):
            props.remove(prop)
    if written is not None:
        props.extend(copy.deepcopy(list(written)))
    ordered = sorted(props, key=lambda p: p.get("name", ""))
    for prop in list(props):
        props.remove(prop)
    props.extend(ordered)


def _units_layer(root: Element, written: Element | None, scenario: Scenario) -> None:
    """The map's `units` layers replaced by the position's figures, placed on its own tiles."""
    for parent in root.iter():
        for child in list(parent):
            if child.tag == "objectgroup" and child.get("name", "").strip().casefold() == "units":
                parent.remove(child)
    layer_id = int(root.get("nextlayerid", "0") or 0) or 1 + max(
        (int(e.get("id", "0")) for e in root.iter() if e.tag in (
            "layer", "objectgroup", "imagelayer", "group")), default=0)
    next_object = int(root.get("nextobjectid", "0") or 0) or 1 + max(
        (int(e.get("id", "0")) for e in root.iter("object")), default=0)
    group = Element("objectgroup", {"id": str(layer_id), "name": "units"})
    tiling = scenario.tiling
    for obj in (written.findall("object") if written is not None else []):
        new = copy.deepcopy(obj)
        values = {p.get("name"): p.get("value") for p in new.iter("property")}
        x, y = tiling.tile_center(int(values["col"] or 0), int(values["row"] or 0))
        new.set("id", str(next_object))
        new.set("x", _number(x))
        new.set("y", _number(y))
        next_object += 1
        group.append(new)
    root.append(group)
    root.set("nextlayerid", str(layer_id + 1))
    root.set("nextobjectid", str(next_object))


def _number(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:g}"


def _same(a: Scenario, b: Scenario) -> str | None:
    """What differs between the scenario written and the one `export_tmx` made, or None."""
    if dict(a.setup.board.build().cells) != dict(b.setup.board.build().cells):
        return "the board"
    if (a.ruleset, a.feet_per_hex, a.victory, a.pc_side) != (
            b.ruleset, b.feet_per_hex, b.victory, b.pc_side):
        return "the map's properties"
    units = [sorted((u.id, u.side, u.template, u.name, u.pos, u.facing) for u in s.setup.units)
             for s in (a, b)]
    if units[0] != units[1] or a.setup.sides != b.setup.sides:
        return "the figures"
    if a.setup.options != b.setup.options:
        return "the rulings"
    return None


def save_as_scenario(state: Battle, scenario: Scenario, path: str | Path,
                     title: str | None = None, **export: Any) -> TmxExport:
    """Write the map `scenario` was read from back to `path` as a scenario of the position
    `state`: Flank's properties filled in, its own art kept (see the module's docstring).
    `export` goes to `export_tmx` (description, victory).  Raises ExportError."""
    out = Path(path)
    if out.suffix.lower() != ".tmx":
        raise ExportError(f"{out}: a Tiled map's name ends in .tmx")
    out_dir = out.parent.resolve()
    if not out_dir.is_dir():
        raise ExportError(f"{out.parent}: no such folder")
    source = Path(scenario.path).resolve()
    roots = [source.parent] + ([ASSETS_DIR] if ASSETS_DIR.is_dir() else [])
    if state.board.stagger_axis != scenario.stagger_axis:  # pragma: no cover - one board
        raise ExportError("the board is not the map's")

    with tempfile.TemporaryDirectory(prefix="flank-scenario-") as scratch:
        made = export_tmx(state, Path(scratch) / "position.tmx", title or scenario.title,
                          **export)
        written = _read_xml(made.path)
        try:
            want = load_map(made.path, strict=True)
        except MapError as exc:  # pragma: no cover - export_tmx has checked it
            raise ExportError(f"{out}: {exc.problem}") from None
    if made.shift != (0, 0):  # pragma: no cover - a board read from a map starts at 0, 0
        raise ExportError(f"{out}: the board does not fit the map's columns and rows")

    root = _read_xml(source)
    _rebase(root, source.parent, out_dir, roots)
    kind = OPEN_GROUND.kind  # the rules' plain ground
    firsts = sorted(((int(t.get("firstgid", "1")), t) for t in root.findall("tileset")),
                    key=lambda ft: ft[0])
    filled = [(t.gid, OPEN_GROUND) for t in scenario.open_ground] + [
        (t.gid, t.terrain) for t in scenario.named_ground]
    for gid, terrain in filled:
        first, elem = max(((f, t) for f, t in firsts if f <= gid), key=lambda ft: ft[0])
        if elem.get("source"):
            inline = _embedded(elem, out_dir, out_dir, roots)
            root.insert(list(root).index(elem), inline)
            root.remove(elem)
            firsts = [(f, inline if t is elem else t) for f, t in firsts]
            elem = inline
        _give_terrain(elem, gid - first, terrain)
    _map_properties(root, written.find("properties"))
    _units_layer(root, written.find("objectgroup"), scenario)
    ET.indent(root, space=" ")

    tmp = out.with_name(out.name + ".part")
    probe = out.with_name(f".{out.stem}.verify.tmx")
    try:
        tmp.write_text('<?xml version="1.0" encoding="UTF-8"?>\n'
                       + ET.tostring(root, encoding="unicode").replace(" />", "/>") + "\n",
                       encoding="utf-8")  # Tiled's "/>"; no attribute or text holds a ">"
        shutil.copyfile(tmp, probe)
        try:
            got = load_map(probe, strict=True)
        except MapError as exc:
            raise ExportError(f"{out}: the written map does not load back: "
                              f"{exc.problem}") from None
        differs = _same(got, want)
        if differs is not None:
            raise ExportError(f"{out}: {differs} did not load back the same")
        os.replace(tmp, out)
    except OSError as exc:
        raise ExportError(f"{out}: cannot be written ({exc.strerror or exc})") from None
    finally:
        for leftover in (tmp, probe):
            leftover.unlink(missing_ok=True)
    notes = list(made.notes)
    if scenario.open_ground:
        n = len(scenario.open_ground)
        notes.append(f"{n} {'tile' if n == 1 else 'tiles'} that named no terrain now name "
                     f"{kind!r}")
    if scenario.named_ground:
        n = len(scenario.named_ground)
        notes.append("1 tile read by its name now carries its terrain as Flank's properties"
                     if n == 1 else f"{n} tiles read by their names now carry their terrains "
                     "as Flank's properties")
    return TmxExport(out, "", (), (0, 0), tuple(notes))
