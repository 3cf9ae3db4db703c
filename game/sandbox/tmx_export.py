"""A sandbox position as a Tiled scenario (`.tmx`) that Tiled opens and `game.maps.load_map`
loads back to the same board, sides, figures and options.

    export_tmx(state_or_setup, "out/ambush.tmx", "Ambush")   # -> TmxExport (path, notes ...)

The .tmx is written as `maps/make_maps.py` writes the bundled maps (docs/MAPS.md): one CSV
tile layer `terrain` drawn with the bundled tileset (`assets/terrain_pointy.tsx` or
`terrain_flat.tsx`), an object layer `units` (a point at each hex centre with its
`col`/`row`, `side`, `template`, `facing`, `name` and, where not his template's, `skills`),
the map properties `title`, `description`, `ruleset`, `feet_per_hex`, `victory`, `pc_side`,
`side.<id>` and `option.<key>`. `game.maps.load_map` reads it back to the same board, sides,
figures and options (checked after writing). The tileset is referenced by a relative path to
Flank's `assets/` folder (the map loader allows that one way out of the map's folder); with
`copy_tilesets=True`, or when no relative path exists (another drive), the .tsx and its .png
are copied beside the map. A terrain the bundled tiles do not have (a map's own tileset)
gets a small tileset embedded in the map: the bundled picture of the nearest kind, with that
terrain's properties.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from game.maps import MAX_MAP_SIDE, HexTiling, MapError, load_map
from game.sandbox.common import ExportError
from game.sandbox.ruleset_parts import default_name
from game.sandbox.tileset import BundledTileset, bundled_tileset
from rules.engine import BattleSetup, initial_state, ruleset_of
from rules.hexgrid import Hex, hex_to_offset
from rules.state import DEAD, GONE, Battle, Board, Terrain

TILED_VERSION = ("1.10", "1.10.2")  # as assets/make_tiles.py and maps/make_maps.py write


@dataclass(frozen=True)
class TmxExport:
    """What `export_tmx` wrote, and what the map could not hold."""

    path: Path
    tileset: str  # the tileset reference written in the map
    copied: tuple[Path, ...]  # tileset files copied beside the map
    shift: tuple[int, int]  # (dq, dr) added to every hex so that Tiled's columns and rows
    #                         count from 0 (0, 0 for any board read from a map)
    notes: tuple[str, ...]  # what a .tmx cannot hold (edits, dead figures, list options ...)


# --- what goes in the map ------------------------------------------------------------------


@dataclass(frozen=True)
class _Figure:
    id: str
    side: str
    template: str
    name: str
    pos: Hex
    facing: int
    skills: tuple[str, ...] | None = None  # written only where not the template's own


def _default_names(ruleset: str, units: Iterable[Any]) -> dict[str, str]:
    rs = ruleset_of(ruleset)
    return {u.id: default_name(rs, u.template) for u in units}


def _from_setup(setup: BattleSetup) -> tuple[Board, list[Any], list[_Figure], dict[str, Any],
                                              list[str]]:
    notes = [f"{s.id}: overrides {', '.join(sorted(set(s.overrides) - {'skills'}))} are "
             "not part of a .tmx map" for s in setup.units if set(s.overrides) - {"skills"}]
    # An empty name cannot be written (Tiled's reader turns an empty property into "None"):
    # a figure without one gets its template's name, as the ruleset would give it.
    defaults = _default_names(setup.ruleset, setup.units)
    figures = [_Figure(s.id, s.side, s.template, s.name or defaults.get(s.id) or s.id,
                       Hex(*s.pos), s.facing,
                       _skills(setup.ruleset, s.template, s.overrides.get("skills"), notes,
                               s.id)) for s in setup.units]
    return setup.board.build(), list(setup.sides), figures, dict(setup.options), notes


def _from_state(state: Battle) -> tuple[Board, list[Any], list[_Figure], dict[str, Any],
                                         list[str]]:
    notes: list[str] = []
    figures = []
    for u in state.units:
        if u.pos is None or u.status in (DEAD, GONE):
            notes.append(f"{u.id} is {u.condition or u.status}: left out of the map")
            continue
        figures.append(_Figure(u.id, u.side, u.template, u.name or u.id, u.pos, u.facing,
                               _skills(state.ruleset, u.template, getattr(u, "skills", None),
                                       notes, u.id)))
    return state.board, list(state.sides), figures, dict(state.options), notes


def _skills(ruleset: str, template: str, given: Any, notes: list[str], uid: str
            ) -> tuple[str, ...] | None:
    """A figure's skills for the map's `skills` property (docs/MAPS.md), when they are not
    his template's own (a GM's edit, a scenario's override); None to write none."""
    if not isinstance(given, (list, tuple)) or not all(isinstance(x, str) for x in given):
        return None
    tpl = getattr(ruleset_of(ruleset).tables(), "units", {}).get(template)
    if tuple(given) == tuple(getattr(tpl, "skills", ())):
        return None
    if not given:  # an empty property reads back as "None" in Tiled's reader
        notes.append(f"{uid}: no skills at all is not part of a .tmx map (he keeps his "
                     "template's)")
        return None
    return tuple(given)


def _edits_lost(state: Battle, setup: BattleSetup) -> list[str]:
    """Figures whose statistics differ from a fresh one of their template (a GM's edits,
    wounds): a map cannot hold that, so say so."""
    try:
        fresh = {u.id: u for u in initial_state(setup).units}
    except (ValueError, KeyError, TypeError):
        return []
    resets = set()
    out = []
    for u in state.units:
        f = fresh.get(u.id)
        if f is None or type(f) is not type(u):
            continue
        resets = set(getattr(type(u), "ROUND_RESET", {}))
        changed = [fl.name for fl in fields(u) if fl.name not in resets | {"pos", "facing"}
                   and getattr(u, fl.name) != getattr(f, fl.name)]
        if changed:
            out.append(f"{u.id}: {', '.join(changed)} differ from its template and are not "
                       "part of a .tmx map (it loads fresh)")
    return out


def _prop(name: str, value: Any, indent: str) -> str | None:
    if isinstance(value, bool):
        kind, text = ' type="bool"', "true" if value else "false"
    elif isinstance(value, int):
        kind, text = ' type="int"', str(value)
    elif isinstance(value, float):
        kind, text = ' type="float"', repr(value)
    elif isinstance(value, str):
        kind, text = "", value
    elif isinstance(value, (list, tuple)) and all(
            isinstance(v, (int, str)) and not isinstance(v, bool) for v in value):
        kind, text = "", json.dumps(list(value))  # game.maps reads "[5, 6]" back as a list
    else:
        return None
    return f'{indent}<property name="{_attr(name)}"{kind} value="{_attr(text)}"/>'


def _attr(value: object) -> str:
    text = str(value)
    for a, b in (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;"),
                 ("\n", "&#10;"), ("\t", "&#9;"), ("\r", "&#13;")):
        text = text.replace(a, b)
    return text


def _number(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:g}"


def _shift_for(hexes: Sequence[Hex], axis: str, index: str) -> Hex:
    """The translation that brings every hex to a column and row of 0 or more."""
    rows_first = axis == "y"
    t = Hex(0, 0)
    if rows_first:
        t = Hex(0, -min(h.r for h in hexes))
        cols = [hex_to_offset(h + t, axis, index)[0] for h in hexes]  # type: ignore[arg-type]
        return Hex(t.q - min(cols), t.r)
    t = Hex(-min(h.q for h in hexes), 0)
    rows = [hex_to_offset(h + t, axis, index)[1] for h in hexes]  # type: ignore[arg-type]
    return Hex(t.q, t.r - min(rows))


def _tileset_ref(ts: BundledTileset, out_dir: Path, copy: bool) -> tuple[str, str, list[Path]]:
    """(tsx reference, png reference for embedded tilesets, files copied)."""
    if not copy:
        try:
            return (Path(os.path.relpath(ts.tsx, out_dir)).as_posix(),
                    Path(os.path.relpath(ts.png, out_dir)).as_posix(), [])
        except ValueError:  # another drive: no relative path
            pass
    copied = []
    for src in (ts.tsx, ts.png):
        dst = out_dir / src.name
        if dst.exists():
            if dst.read_bytes() != src.read_bytes():
                raise ExportError(f"{dst}: a different file of that name is already there; "
                                  "export to another folder")
            continue
        shutil.copyfile(src, dst)
        copied.append(dst)
    return ts.tsx.name, ts.png.name, copied


def export_tmx(state_or_setup: Battle | BattleSetup, path: str | Path, title: str | None = None,
               orientation: str | None = None, *, description: str = "",
               victory: str = "last_side_standing", copy_tilesets: bool = False,
               verify: bool = True) -> TmxExport:
    """Write the position as a scenario `.tmx` that Tiled opens and `load_map` loads back.

    `orientation` "pointy" or "flat" (default: the board's own stagger axis; the other one
    redraws the same hexes with flat or pointy tops).  From a battle state, the figures on the
    board are written (dead and gone ones left out) with the rulings in force as
    `option.<key>`; from a set-up, its figures and options.  Whatever a map cannot hold
    (edited statistics, options that are lists) is named in `notes`.  With `verify`, the
    written map is loaded back and compared; the file is written whole or not at all.
    Raises ExportError."""
    out = Path(path)
    if out.suffix.lower() != ".tmx":
        raise ExportError(f"{out}: a Tiled map's name ends in .tmx")
    out_dir = out.parent.resolve()
    if not out_dir.is_dir():
        raise ExportError(f"{out.parent}: no such folder")
    is_state = isinstance(state_or_setup, Battle)
    if is_state:
        board, sides, figures, options, notes = _from_state(state_or_setup)  # type: ignore[arg-type]
        ruleset = state_or_setup.ruleset
        title = title or state_or_setup.title or out.stem
    else:
        board, sides, figures, options, notes = _from_setup(state_or_setup)  # type: ignore[arg-type]
        ruleset = state_or_setup.ruleset
        title = title or state_or_setup.title or out.stem
    if orientation not in (None, "pointy", "flat"):
        raise ExportError(f"orientation must be 'pointy' or 'flat', not {orientation!r}")
    axis = {"pointy": "y", "flat": "x", None: board.stagger_axis}[orientation]
    index = board.stagger_index
    orient = "pointy" if axis == "y" else "flat"
    hexes = [h for h, _ in board.cells]
    if not hexes:
        raise ExportError("the board has no hexes")

    # Tiled's columns and rows count from 0: move the board if it reaches below.
    offsets = {h: hex_to_offset(h, axis, index) for h in hexes}  # type: ignore[arg-type]
    shift = Hex(0, 0)
    if min(min(c, r) for c, r in offsets.values()) < 0:
        shift = _shift_for(hexes, axis, index)
        offsets = {h: hex_to_offset(h + shift, axis, index)  # type: ignore[arg-type]
                   for h in hexes}
    width = max(c for c, _ in offsets.values()) + 1
    height = max(r for _, r in offsets.values()) + 1
    if shift == Hex(0, 0) and axis == board.stagger_axis:
        width, height = max(width, board.width), max(height, board.height)
    if width > MAX_MAP_SIDE or height > MAX_MAP_SIDE:
        raise ExportError(f"the board is {width}×{height} hexes in Tiled's columns and rows; "
                          f"a map may have at most {MAX_MAP_SIDE}×{MAX_MAP_SIDE}")
    if shift != Hex(0, 0):
        notes.append(f"every hex moved by (q {shift.q:+d}, r {shift.r:+d}) so that Tiled's "
                     "columns and rows start at 0")

    # Terrain -> tiles: the bundled tileset, and one small embedded tileset per other terrain.
    ts = bundled_tileset(orient)
    custom: dict[Terrain, int] = {}  # terrain -> firstgid of its embedded tileset
    gid_of: dict[Terrain, int] = {}
    for _, t in board.cells:
        if t in gid_of:
            continue
        if t in ts.terrains:
            gid_of[t] = 1 + ts.terrains[t]
        else:
            first = 1 + ts.count * (len(custom) + 1)
            custom[t] = first
            gid_of[t] = first + ts.kinds.get(t.kind, 0)
    if len(custom) > 60:
        raise ExportError(f"the board has {len(custom)} terrains the bundled tiles do not have; "
                          "at most 60 can be written")
    tsx_ref, png_ref, copied = _tileset_ref(ts, out_dir, copy_tilesets)

    grid = [["0"] * width for _ in range(height)]
    for h, t in board.cells:
        c, r = offsets[h]
        grid[r][c] = str(gid_of[t])

    # Sides and figures: the loader orders sides by their first figure.
    side_ids = [s.id for s in sides]
    with_units = {f.side for f in figures}
    for s in sides:
        if s.id not in with_units:
            notes.append(f"side {s.id} has no figures: a map knows sides only by their figures")
    order = [f.side for f in figures]
    firsts = list(dict.fromkeys(order))
    if firsts != [s for s in side_ids if s in with_units]:
        figures = sorted(figures, key=lambda f: (side_ids.index(f.side), f.id))
    pcs = [s.id for s in sides if s.player_characters and s.id in with_units]
    if len(pcs) > 1:
        notes.append(f"several player-character sides ({', '.join(pcs)}): a map has one "
                     f"pc_side; {pcs[0]} is written")

    props: dict[str, Any] = {"title": title, "ruleset": ruleset,
                             "feet_per_hex": board.feet_per_hex, "victory": victory}
    if description:
        props["description"] = description
    if pcs:
        props["pc_side"] = pcs[0]
    for s in sides:
        if s.id in with_units:
            props[f"side.{s.id}"] = s.name or s.id
    option_lines = []
    for key, value in sorted(options.items()):
        line = _prop(f"option.{key}", value, "  ")
        if line is None:
            notes.append(f"ruling {key} = {value!r} cannot be a Tiled property; left out")
        else:
            option_lines.append((f"option.{key}", line))

    tw, th = ts.tile_width, ts.tile_height
    side_len = (th if axis == "y" else tw) // 2
    tiling = HexTiling(tw, th, side_len, axis, index)
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="{TILED_VERSION[0]}" tiledversion="{TILED_VERSION[1]}" '
        f'orientation="hexagonal" renderorder="right-down" width="{width}" height="{height}" '
        f'tilewidth="{tw}" tileheight="{th}" infinite="0" hexsidelength="{side_len}" '
        f'staggeraxis="{axis}" staggerindex="{index}" nextlayerid="3" '
        f'nextobjectid="{len(figures) + 1}">',
        " <properties>",
    ]
    every = sorted([(k, _prop(k, v, "  ")) for k, v in props.items()] + option_lines)
    lines += [line for _, line in every if line is not None]
    lines.append(" </properties>")
    lines.append(f' <tileset firstgid="1" source="{_attr(tsx_ref)}"/>')
    for n, (t, first) in enumerate(sorted(custom.items(), key=lambda kv: kv[1]), start=1):
        tid = ts.kinds.get(t.kind, 0)
        lines += [
            f' <tileset firstgid="{first}" name="flank_terrain_{n}" tilewidth="{tw}" '
            f'tileheight="{th}" tilecount="{ts.count}" columns="{ts.columns}">',
            f'  <image source="{_attr(png_ref)}" width="{ts.image_width}" '
            f'height="{ts.image_height}"/>',
            f'  <tile id="{tid}">', "   <properties>",
            f'    <property name="cover" type="bool" value="{str(t.cover).lower()}"/>',
            f'    <property name="elevation" type="int" value="{t.elevation}"/>',
            f'    <property name="impassable" type="bool" value="{str(t.impassable).lower()}"/>',
            f'    <property name="move_cost" type="int" value="{t.move_cost}"/>',
            f'    <property name="terrain" value="{_attr(t.kind)}"/>',
            "   </properties>", "  </tile>", " </tileset>",
        ]
    lines += [f' <layer id="1" name="terrain" width="{width}" height="{height}">',
              '  <data encoding="csv">', ",\n".join(",".join(row) for row in grid), "</data>",
              " </layer>", ' <objectgroup id="2" name="units">']
    for oid, f in enumerate(figures, start=1):
        c, r = hex_to_offset(f.pos + shift, axis, index)  # type: ignore[arg-type]
        if (f.pos not in board) or not (0 <= c < width and 0 <= r < height):
            raise ExportError(f"{f.id} stands at {tuple(f.pos)}, off the board")
        x, y = tiling.tile_center(c, r)
        lines.append(f'  <object id="{oid}" name="{_attr(f.id)}" type="unit" x="{_number(x)}" '
                     f'y="{_number(y)}">')
        uprops: dict[str, Any] = {"col": c, "row": r, "side": f.side, "template": f.template,
                                  "facing": f.facing}
        if f.name != f.id:  # without the property the loader names a figure by its id
            uprops["name"] = f.name
        if f.skills:
            uprops["skills"] = ", ".join(f.skills)
        lines.append("   <properties>")
        lines += [line for k in sorted(uprops) if (line := _prop(k, uprops[k], "    "))
                  is not None]
        lines += ["   </properties>", "   <point/>", "  </object>"]
    lines += [" </objectgroup>", "</map>"]

    tmp = out.with_name(out.name + ".part")
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    try:
        loaded = (_verify(tmp, out, ruleset, board, figures, shift, options, option_lines)
                  if verify else None)
        os.replace(tmp, out)
    finally:
        if tmp.exists():
            tmp.unlink()
    if is_state and loaded is not None:
        notes += _edits_lost(state_or_setup, loaded)  # type: ignore[arg-type]
    return TmxExport(out, tsx_ref, tuple(copied), (shift.q, shift.r), tuple(notes))


def _verify(tmp: Path, out: Path, ruleset: str, board: Board, figures: list[_Figure],
            shift: Hex, options: dict[str, Any], option_lines: list[tuple[str, str]]
            ) -> BattleSetup:
    """Load the written map and check it holds what was meant (a bug here is ours); the
    set-up it loads as."""
    # load_map wants a .tmx name; the .part file sits beside the target, same folder.
    probe = out.with_name(f".{out.stem}.verify.tmx")
    shutil.copyfile(tmp, probe)
    try:
        sc = load_map(probe)
    except MapError as exc:
        raise ExportError(f"{out}: the written map does not load back: {exc.problem}") from None
    finally:
        probe.unlink(missing_ok=True)
    got = sc.setup
    want_cells = {h + shift: t for h, t in board.cells}
    if dict(got.board.build().cells) != want_cells or got.ruleset != ruleset:
        raise ExportError(f"{out}: the board did not load back the same")
    want = sorted((f.id, f.side, f.template, f.name, (f.pos + shift), f.facing)
                  for f in figures)
    have = sorted((u.id, u.side, u.template, u.name, Hex(*u.pos), u.facing) for u in got.units)
    if want != have:
        raise ExportError(f"{out}: the figures did not load back the same")
    kept = {k[len("option."):] for k, _ in option_lines}
    if {k: v for k, v in got.options.items()} != {k: options[k] for k in kept}:
        raise ExportError(f"{out}: the rulings did not load back the same")
    return got
