"""What each sandbox overlay shows, as plain data: the window only paints it.

Headless (no pygame).  Every function reads a `Battle` and returns hexes, unit ids and words;
none changes anything, and all of them are cheap enough to call every time the GM points at
something.  A `unit` argument may be a unit id or the unit itself.

    threatened_by_side(state)            {side: {hex: (unit ids threatening it)}}
    reach_rings(state, unit)             {distance: frozenset of hexes} out to its melee reach
    facing_arcs(state, unit, radius)     {hex: "front" | "flank" | "rear"} around the unit
    who_can_hit(state, hex, side)        [Striker] -- who could strike a figure standing there
    path_reactions(state, unit, path)    [(hex, reactor id, trigger)] -- the ruleset's hook
    flanked_by(state, target)            [(unit id, arc)] -- foes able to strike it, by arc

How the window paints them (suggested): threat as a tint per side with the count of
threateners; reach rings as one outline per distance; arcs as three tints; `who_can_hit` as
lines from each striker to the hex (solid for melee, dashed for missiles) with the weapon in a
tooltip; path reactions as the `Overlays.provoking` marks (hex -> reactor names); flankers as
arrows into the target coloured by arc.

Geometry is `rules.positioning` (R-POS-REACH, R-POS-THREAT, R-POS-ARC): a fighting unit
threatens every hex within its melee reach, all around; the arc only says what a blow is worth.
Missile reach is read from the ruleset's weapon table (see `strikes_of`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.engine import ruleset_of
from rules.hexgrid import Hex, disk, line
from rules.positioning import arc, threat_map, threatened_hexes, threatens, unit_reach
from rules.state import Battle, Unit

__all__ = [
    "Striker", "facing_arcs", "flanked_by", "path_reactions", "reach_rings", "strikes_of",
    "threatened_by_side", "who_can_hit",
]

HexLike = Hex | tuple[int, int]
UnitLike = str | Unit


def _unit(state: Battle, unit: UnitLike) -> Unit:
    return state.unit(unit) if isinstance(unit, str) else unit


def _hex(h: HexLike) -> Hex:
    return h if isinstance(h, Hex) else Hex(int(h[0]), int(h[1]))


# --- threat, reach and arcs ----------------------------------------------------------------


def threatened_by_side(state: Battle) -> dict[str, dict[Hex, tuple[str, ...]]]:
    """Every side's threatened hexes with the ids of the units threatening each (R-POS-THREAT).
    Sides with no fighting unit map to an empty dict."""
    return {s.id: threat_map(state, s.id) for s in state.sides}


def reach_rings(state: Battle, unit: UnitLike) -> dict[int, frozenset[Hex]]:
    """The unit's melee reach as rings: distance (1 = adjacent) -> the board hexes at that
    distance it threatens.  A pikeman (10 ft on a 5-ft board, R-POS-REACH) has rings 1 and 2;
    a unit that cannot fight has none."""
    u = _unit(state, unit)
    hexes = threatened_hexes(state, u)
    if not hexes or u.pos is None:
        return {}
    out: dict[int, set[Hex]] = {}
    for h in hexes:
        out.setdefault(u.pos.distance(h), set()).add(h)
    return {d: frozenset(out[d]) for d in sorted(out)}


def facing_arcs(state: Battle, unit: UnitLike, radius: int = 1) -> dict[Hex, str]:
    """The arc ("front", "flank" or "rear", R-POS-ARC) of every board hex within `radius` of
    the unit (its own hex left out).  Adjacent: 3 front, 2 flank, 1 rear.  A ruleset that
    marks the arcs its own way (`Ruleset.arc_marks`: under ZeFRS, where his shield guards)
    gives its marks instead."""
    u = _unit(state, unit)
    if u.pos is None:
        return {}
    hexes = [h for h in sorted(disk(u.pos, max(0, radius))) if h != u.pos and h in state.board]
    marks = ruleset_of(state).arc_marks(state, u.id, hexes)
    return marks if marks is not None else {h: arc(u, h) for h in hexes}


# --- who can strike where ------------------------------------------------------------------


@dataclass(frozen=True)
class Striker:
    """One way a unit could strike a figure on a hex."""

    unit: str
    weapon: str  # the weapon's name ("Pike", "Light crossbow"; "unarmed" without one)
    kind: str  # "melee" or "missile"
    reach_hexes: int  # melee reach or missile range, in hexes
    reach_ft: int  # the same in feet
    distance: int  # hexes from the striker to the hex

    def describe(self) -> str:
        what = "reach" if self.kind == "melee" else "range"
        return (f"{self.unit}: {self.weapon} ({self.kind}, {what} {self.reach_ft} ft = "
                f"{self.reach_hexes} hex{'es' if self.reach_hexes != 1 else ''}), "
                f"{self.distance} away")


def _weapon(tables: Any, key: str) -> Any:
    if tables is None or not key:
        return None
    return getattr(tables, "weapons", {}).get(key)


def _missile_range_ft(state: Battle, weapon: Any, tables: Any) -> int:
    """A missile weapon's range in feet: `range_ft`, or `range_in` scale inches times the
    ruleset's `feet_per_inch` ruling (Fallen Empire, R-FE-SCALE)."""
    feet = int(getattr(weapon, "range_ft", 0) or 0)
    if feet:
        return feet
    inches = int(getattr(weapon, "range_in", 0) or 0)
    if not inches:
        return 0
    config = getattr(tables, "config", None)
    per_inch = state.option("feet_per_inch", getattr(config, "feet_per_inch", 5))
    return inches * int(per_inch)


def _clear_line(state: Battle, a: Hex, b: Hex) -> bool:
    """No impassable hex (a wall) between the two (R-FE-LOS; the ends do not count)."""
    for h in line(a, b)[1:-1]:
        t = state.board.terrain(h)
        if t is None or t.impassable:
            return False
    return True


def strikes_of(state: Battle, unit: UnitLike) -> list[tuple[str, str, int, int]]:
    """How `unit` can strike: [(weapon name, "melee"|"missile", reach or range in hexes, in
    feet)].  Melee reach is the unit's own `reach_ft` (R-POS-REACH); a missile weapon is the
    unit's `missile` field looked up in the ruleset's weapon table.

    A ruleset may supply this itself with a `strikes(state, unit_id)` method returning the
    same list; then that is used instead of reading its tables."""
    u = _unit(state, unit)
    rs = ruleset_of(state)
    hook = getattr(rs, "strikes", None)
    if callable(hook):
        return list(hook(state, u.id))
    tables = rs.tables()
    fph = state.board.feet_per_hex
    out: list[tuple[str, str, int, int]] = []
    melee = _weapon(tables, getattr(u, "weapon", ""))
    out.append((melee.name if melee is not None else "unarmed", "melee",
                unit_reach(state, u), u.reach_ft))
    missile = _weapon(tables, getattr(u, "missile", ""))
    if missile is not None:
        feet = _missile_range_ft(state, missile, tables)
        if feet:
            out.append((missile.name, "missile", feet // fph, feet))
    return out


def who_can_hit(state: Battle, at: HexLike, side: str | None = None) -> list[Striker]:
    """Who could strike a figure standing on `at`, and with what.

    `side` is the side of that figure: only units of other sides are listed.  None: the side
    of whoever stands there, or -- on an empty hex -- every fighting unit of every side (what
    would reach a figure put there).  Melee: the unit threatens the hex (R-POS-THREAT).
    Missile: within the weapon's range with no impassable hex in between (R-FE-LOS); whether
    a ruleset lets it shoot now (declared action, engaged, mounted) is not checked -- this is
    the map of what can reach, for the GM.  Nearest first, then by unit id."""
    h = _hex(at)
    occupant = state.unit_at(h)
    if side is None and occupant is not None:
        side = occupant.side
    out: list[Striker] = []
    for u in state.units:
        if not u.fighting or u.pos is None or u.pos == h:
            continue
        if side is not None and u.side == side:
            continue
        dist = u.pos.distance(h)
        for weapon, kind, hexes, feet in strikes_of(state, u):
            if kind == "melee":
                ok = threatens(state, u, h)
            else:
                ok = 1 <= dist <= hexes and _clear_line(state, u.pos, h)
            if ok:
                out.append(Striker(u.id, weapon, kind, hexes, feet, dist))
    return sorted(out, key=lambda s: (s.distance, s.unit, s.kind))


# --- paths and flanks ----------------------------------------------------------------------


def path_reactions(state: Battle, unit: UnitLike, path: list[HexLike] | tuple[HexLike, ...]
                   ) -> list[tuple[Hex, str, str]]:
    """Which hexes of `path` (the unit's own hex first) would provoke whose reaction, as
    (hex the mover leaves, reactor id, trigger), from the ruleset's own `path_reactions`
    hook (Fallen Empire FE-11/FE-14, Empress EMP-55/57).  The hex is `path[step]`, as the
    battle screen marks it."""
    u = _unit(state, unit)
    hexes = [_hex(h) for h in path]
    if len(hexes) < 2:
        return []
    found = ruleset_of(state).path_reactions(state, u.id, hexes)
    return [(hexes[step], reactor, trigger) for step, reactor, trigger in found]


def flanked_by(state: Battle, target: UnitLike) -> list[tuple[str, str]]:
    """Foes able to strike `target` in melee now (they threaten its hex, R-POS-THREAT) and the
    arc of the target each stands in (R-POS-ARC): [(unit id, "front"|"flank"|"rear")], rear
    first, then flank, then front, then by id."""
    t = _unit(state, target)
    if t.pos is None:
        return []
    order = {"rear": 0, "flank": 1, "front": 2}
    out = [(u.id, arc(t, u.pos)) for u in state.units
           if u.side != t.side and u.pos is not None and threatens(state, u, t.pos)]
    return sorted(out, key=lambda p: (order[p[1]], p[0]))
