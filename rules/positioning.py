"""Where units stand and what that means, for every ruleset.

This module knows geometry only: facing arcs, reach, which hexes a unit threatens, who is
engaged with whom, which steps of a path provoke whose reaction, how surrounded a unit is,
who stands beside whom, how far a charge ran.  What each fact is *worth* (a +2, a free
attack, a lost shield) is the ruleset's business.

Rulings it embodies (docs/RULINGS.md):
  R-POS-REACH    reach in hexes = reach in feet // feet per hex, at least 1 (5 ft = adjacent).
  R-POS-THREAT   a fighting unit threatens every hex within its melee reach, all around;
                 facing changes what an attack is worth, not whether it can be made.
  R-POS-ENGAGED  two enemies are engaged when either threatens the other's hex.
  R-POS-ARC      arcs come from `hexgrid.arc_of`: adjacent 3 front / 2 flank / 1 rear; at
                 range by angle, exactly 90° counts as front and exactly 150° as flank.
  R-POS-BLOCK    a unit may pass through hexes of fighting allies but not stop there, and
                 never through an enemy or impassable terrain; fallen bodies do not block.
  R-POS-PATH     among equally cheap paths a unit walks the straightest, then the one along
                 roads (`rules.paths`); the cost is the rules' alone.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rules.hexgrid import (
    DIRECTIONS,
    Hex,
    arc_of,
    disk,
)
from rules.paths import Paths, cheapest_paths
from rules.state import Battle, Board, Unit

FRONT, FLANK, REAR = "front", "flank", "rear"


def reach_hexes(reach_ft: int, feet_per_hex: int) -> int:
    """R-POS-REACH: how many hexes a reach in feet covers (never less than adjacent)."""
    return max(1, reach_ft // feet_per_hex)


def unit_reach(state: Battle, unit: Unit) -> int:
    return reach_hexes(unit.reach_ft, state.board.feet_per_hex)


def threatens(state: Battle, unit: Unit, h: Hex) -> bool:
    """R-POS-THREAT: could `unit` strike a foe standing on `h` in melee?"""
    if not unit.fighting or unit.pos is None or h == unit.pos:
        return False
    return unit.pos.distance(h) <= unit_reach(state, unit)


def threatened_hexes(state: Battle, unit: Unit) -> frozenset[Hex]:
    if not unit.fighting or unit.pos is None:
        return frozenset()
    board = state.board
    return frozenset(h for h in disk(unit.pos, unit_reach(state, unit))
                     if h != unit.pos and h in board)


def threats_to(state: Battle, h: Hex, side: str) -> tuple[Unit, ...]:
    """Enemies of `side` that threaten hex `h` (who could hit someone standing there)."""
    w = state.where
    return tuple(u for u in w.units(w.threats.get(h, ())) if u.side != side)


def threat_map(state: Battle, side: str) -> dict[Hex, tuple[str, ...]]:
    """Every hex threatened by `side`'s fighting units, with who threatens it."""
    out: dict[Hex, list[str]] = {}
    for u in state.units:
        if u.side == side:
            for h in sorted(threatened_hexes(state, u)):
                out.setdefault(h, []).append(u.id)
    return {h: tuple(ids) for h, ids in sorted(out.items())}


def engaged(state: Battle, a: Unit, b: Unit) -> bool:
    """R-POS-ENGAGED."""
    if a.side == b.side or a.pos is None or b.pos is None:
        return False
    return threatens(state, a, b.pos) or threatens(state, b, a.pos)


def engaged_with(state: Battle, unit: Unit) -> tuple[Unit, ...]:
    """R-POS-ENGAGED: the fighting enemies engaged with `unit`, in `Battle.units` order.
    Read from the state's index: those threatening its hex, and, if it fights, those
    standing within its own reach."""
    if unit.pos is None:
        return ()
    where = state.where
    found = {e.id: e for e in where.units(where.threats.get(unit.pos, ()))
             if e.side != unit.side}
    if unit.fighting:
        for e in where.fighting_near(unit.pos, unit_reach(state, unit)):
            if e.side != unit.side and e.pos != unit.pos:
                found[e.id] = e
    if len(found) > 1:
        return tuple(sorted(found.values(), key=lambda e: where.order.get(e.id, -1)))
    return tuple(found.values())


def is_engaged(state: Battle, unit: Unit) -> bool:
    return bool(engaged_with(state, unit))


def arc(defender: Unit, from_hex: Hex) -> str:
    """R-POS-ARC: the arc of `defender` that `from_hex` lies in (front, flank or rear)."""
    assert defender.pos is not None
    return arc_of(defender.facing, defender.pos, from_hex)


def adjacent_units(state: Battle, unit: Unit) -> tuple[Unit, ...]:
    """Units (not dead or gone) on the hexes next to `unit`, in `Battle.units` order."""
    if unit.pos is None:
        return ()
    return tuple(state.where.standing_around(unit.pos))


def surrounders(state: Battle, target: Unit) -> tuple[Unit, ...]:
    """Fighting enemies in the hexes around `target` (the places that encircle it)."""
    return tuple(u for u in adjacent_units(state, target)
                 if u.side != target.side and u.fighting)


def beside(state: Battle, unit: Unit, qualifies: Callable[[Unit], bool]
           ) -> tuple[Unit, ...]:
    """Allies next to `unit` for which `qualifies` holds (shieldmates, shield walls)."""
    return tuple(u for u in adjacent_units(state, unit)
                 if u.side == unit.side and u.id != unit.id and qualifies(u))


def in_line(a: Unit, b: Unit) -> bool:
    """Side by side in one rank: adjacent, facing the same way, neither ahead of nor behind
    the other (a hex rank zigzags, so rank-mates sit at hexsides facing±1 or facing±2)."""
    if a.pos is None or b.pos is None or a.facing != b.facing:
        return False
    d = a.pos.direction_to(b.pos)
    return d is not None and (d - a.facing) % 6 in (1, 2, 4, 5)


# --- paths and their reactions -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Trigger:
    """Step `step` of a path (leaving path[step] for path[step+1]) provokes `reactor`."""

    step: int
    reactor: str
    kind: str  # "leave" | "pass" | "enter_reach"


def path_triggers(state: Battle, mover: Unit, path: list[Hex] | tuple[Hex, ...],
                  kinds: Iterable[str]) -> list[Trigger]:
    """Which steps of `path` would provoke whose reaction, in path order, once per reactor.

    kinds:
      leave        the mover leaves a hex the reactor threatens for one it does not
      pass         the mover leaves a threatened hex it entered during this move
                   ("moves right past you": FE-11 reading (a), ER attack of opportunity)
      enter_reach  the mover steps into the reach of a reactor whose reach is longer than
                   the mover's own (Empress reach disadvantage)
    """
    wanted = set(kinds)
    want_leave, want_pass, want_enter = ("leave" in wanted, "pass" in wanted,
                                         "enter_reach" in wanted)
    seen: set[str] = set()
    out: list[Trigger] = []
    fph = state.board.feet_per_hex
    # (id, hex, reach in hexes) of every fighting enemy: what `threatens` reads, read once.
    enemies = [(u.id, u.pos, reach_hexes(u.reach_ft, fph)) for u in state.units
               if u.side != mover.side and u.fighting and u.pos is not None]
    mover_reach = unit_reach(state, mover)
    for i in range(len(path) - 1):
        here, nxt = path[i], path[i + 1]
        hq, hr = here
        nq, nr = nxt
        for eid, epos, er in enemies:
            if eid in seen:
                continue
            eq, erow = epos
            dq, dr = hq - eq, hr - erow
            t_here = (dq or dr) and (abs(dq) + abs(dr) + abs(dq + dr)) // 2 <= er
            dq, dr = nq - eq, nr - erow
            t_next = (dq or dr) and (abs(dq) + abs(dr) + abs(dq + dr)) // 2 <= er
            kind = None
            if want_leave and t_here and not t_next:
                kind = "leave"
            elif want_pass and t_here and i > 0:
                kind = "pass"
            elif want_enter and t_next and not t_here and er > mover_reach:
                kind = "enter_reach"
            if kind:
                seen.add(eid)
                out.append(Trigger(i, eid, kind))
    return out


def hexes_near(table: Mapping[Hex, object], centre: Hex, radius: int) -> list[Hex]:
    """The hexes of `table` within `radius` of `centre`, looking at whichever is fewer:
    the hexes of the disk or the table's entries."""
    if 3 * radius * (radius + 1) + 1 < len(table):
        offsets = disk_offsets(radius)
        cq, cr = centre
        # a plain (q, r) tuple finds a Hex key: equal and hashed alike
        return [Hex(cq + dq, cr + dr) for dq, dr in offsets if (cq + dq, cr + dr) in table]
    cq, cr = centre
    twice = 2 * radius  # Hex.distance, inlined: this runs over every figure
    return [h for h in table
            if abs(h[0] - cq) + abs(h[1] - cr) + abs(h[0] - cq + h[1] - cr) <= twice]


def disk_offsets(radius: int) -> list[tuple[int, int]]:
    """(dq, dr) of every hex within `radius` of a centre, in the order of `hexgrid.disk`."""
    offsets = _OFFSETS.get(radius)
    if offsets is None:
        offsets = _OFFSETS[radius] = [(h.q, h.r) for h in disk(Hex(0, 0), radius)]
    return offsets


_OFFSETS: dict[int, list[tuple[int, int]]] = {}


def _enemy_held(state: Battle, mover: Unit, around: Hex | None = None,
                radius: int = -1) -> frozenset[Hex]:
    """R-POS-BLOCK: the hexes `mover` may not enter because a fighting enemy holds them
    (where several fighting figures share a hex, the last in `Battle.units` decides, as a
    dict built in that order would).  Only those within `radius` of `around`, if given."""
    where = state.where
    fighting = where.fighting
    hexes = fighting if around is None else hexes_near(fighting, around, radius)
    out = []
    for h in hexes:
        others = [i for i in fighting[h] if i != mover.id]
        if others and where.by_id[others[-1]].side != mover.side:
            out.append(h)
    return frozenset(out)


def step_cost(state: Battle, mover: Unit) -> Callable[[Hex, Hex], int | None]:
    """R-POS-BLOCK: the cost of entering a hex for `mover`, None where it cannot go."""
    board = state.board
    blocked = _enemy_held(state, mover)

    def cost(_from: Hex, to: Hex) -> int | None:
        t = board.terrain(to)
        if t is None or t.impassable or to in blocked:
            return None
        return t.move_cost

    return cost


# Walks (and moves made from them) kept per board.  An entry is about 40 kB (a walk's ~110
# paths and their commands), so this bounds the memo near 30 MB; past it the older half goes.
MEMO_LIMIT = 768


def walk_key(state: Battle, mover: Unit, budget: int, away: bool = False) -> tuple[Any, ...]:
    """Everything `walk_paths` depends on besides the board: the start, the budget, the
    enemy-held hexes the walk could reach and (if `away`) where the foes it is engaged with
    stand.  Equal keys, equal walks."""
    assert mover.pos is not None
    # With every step costing at least 1 a walk cannot leave `budget` hexes of its start,
    # so enemies farther off change nothing; with free steps every enemy may matter.
    blocked = (_enemy_held(state, mover, mover.pos, budget) if state.board.cheapest_step >= 1
               else _enemy_held(state, mover))
    foes = frozenset(e.pos for e in engaged_with(state, mover)) if away else None
    return ("walk", mover.pos, budget, blocked, foes)


def kept_walk(state: Battle, mover: Unit, key: tuple[Any, ...]
              ) -> tuple[dict[Hex, int], Paths]:
    """The walk under `key` (from `walk_key`), worked out once and kept on the board.  The
    costs, the paths and their lists are shared: read them, never change them."""
    board = state.board
    found = board.memo.get(key)
    if found is None:
        _, start, budget, blocked, foes = key
        if foes is not None:
            found = cheapest_paths(start, budget, away_step_cost(state, mover),
                                   along=on_road(state))
        else:  # `step_cost`, as a table
            found = cheapest_paths(start, budget, None, along=on_road(state),
                                   entering=(board.entry_costs, blocked))
        remember(board, key, found)
    return found


def remember(board: Board, key: tuple[Any, ...], value: Any) -> None:
    """Keep `value` on the board under `key` (a memo bounded at MEMO_LIMIT entries)."""
    memo = board.memo
    if len(memo) >= MEMO_LIMIT:
        for old in list(memo)[: MEMO_LIMIT // 2]:
            memo.pop(old, None)
    memo[key] = value


def walk_paths(state: Battle, mover: Unit, budget: int, away: bool = False
               ) -> tuple[dict[Hex, int], dict[Hex, list[Hex]]]:
    """`cheapest_paths` from `mover`'s hex within `budget`, with `step_cost` (or, if
    `away`, `away_step_cost`) and roads preferred (R-POS-PATH): every hex it can reach, the
    cost and the path chosen.  Occupied hexes are not filtered out here.

    The answer depends only on the board and `walk_key`, so it is kept on the board under
    that key and reused until the key changes: a figure's moves are worked out again only
    when something near it moved.  Returns fresh dicts and lists the caller may change."""
    costs, paths = kept_walk(state, mover, walk_key(state, mover, budget, away))
    return dict(costs), {h: list(p) for h, p in paths.items()}


def taken_near(state: Battle, mover: Unit, radius: int) -> frozenset[Hex]:
    """Hexes within `radius` of `mover` where someone else stands (not dead or gone): where
    a move may pass but not end (R-POS-BLOCK)."""
    assert mover.pos is not None
    standing = state.where.standing
    return frozenset(h for h in hexes_near(standing, mover.pos, radius)
                     if any(i != mover.id for i in standing[h]))


def away_step_cost(state: Battle, mover: Unit) -> Callable[[Hex, Hex], int | None]:
    """`step_cost` for backing away: no step may bring the mover closer to any foe it is
    engaged with now (a withdrawal, a retreat, a fall-back; each ruleset says which)."""
    base = step_cost(state, mover)
    foes = [e.pos for e in engaged_with(state, mover) if e.pos is not None]

    def cost(a: Hex, b: Hex) -> int | None:
        if any(b.distance(f) < a.distance(f) for f in foes):
            return None
        return base(a, b)

    return cost


def occupied(state: Battle, h: Hex, mover: Unit) -> bool:
    """Is `h` taken by someone else (so a move may not end there)?"""
    u = state.unit_at(h)
    return u is not None and u.id != mover.id


ROADS = frozenset({"road", "bridge"})  # terrain kinds a path keeps to at no extra cost


def on_road(state: Battle) -> Callable[[Hex], bool]:
    """R-POS-PATH: is this hex road (or a bridge on one)?"""
    board = state.board

    def road(h: Hex) -> bool:
        t = board.terrain(h)
        return t is not None and t.kind in ROADS

    return road


def reachable(state: Battle, mover: Unit, budget: int,
              stop: Callable[[Hex], bool] | None = None) -> Mapping[Hex, list[Hex]]:
    """Every hex `mover` can end a move on within `budget`, with its cheapest path (among
    equally cheap ones the straightest, then the one along roads: R-POS-PATH).

    Hexes held by anyone else are left out as destinations (R-POS-BLOCK); `stop` marks hexes
    where a move must end once entered (e.g. entering an enemy's reach, if a ruleset says so).

    The destinations are known at once; a hex's path is chosen when it is first read
    (`rules.paths.Paths`, issue 36), so a caller that reads one path pays for one.  Each
    read gives a fresh list the caller may change.
    """
    assert mover.pos is not None
    if stop is None:
        _, paths = kept_walk(state, mover, walk_key(state, mover, budget))
    else:
        _, paths = cheapest_paths(mover.pos, budget, step_cost(state, mover), stop,
                                  on_road(state))
    # `occupied`, for every hex at once: the first figure standing there is someone else
    standing = state.where.standing
    me, home = mover.id, mover.pos
    taken = {h for h, ids in standing.items() if ids[0] != me and h != home}
    return paths.without(taken, fresh=True)


def path_is_walkable(state: Battle, mover: Unit, path: list[Hex], budget: int
                     ) -> str | None:
    """Why `path` is not a legal walk for `mover` within `budget`, or None if it is."""
    if not path or path[0] != mover.pos:
        return "a path must start on the unit's own hex"
    cost_of = step_cost(state, mover)
    total = 0
    for a, b in itertools.pairwise(path):
        if a.distance(b) != 1:
            return f"{(b.q, b.r)} is not next to {(a.q, a.r)}"
        c = cost_of(a, b)
        if c is None:
            return f"{(b.q, b.r)} cannot be entered"
        total += c
    if total > budget:
        return f"the path costs {total} but only {budget} is allowed"
    end = path[-1]
    if end != mover.pos and occupied(state, end, mover):
        return f"{(end.q, end.r)} is occupied"
    return None


def facing_toward(origin: Hex, target: Hex) -> int:
    """The hexside that points most nearly at `target` (to turn a unit toward a foe)."""
    from rules.hexgrid import sextant_direction

    return sextant_direction(origin, target)


def step_facing(a: Hex, b: Hex, default: int) -> int:
    d = a.direction_to(b)
    return default if d is None else d


def opposite(direction: int) -> int:
    return (direction + 3) % 6


__all__ = ["DIRECTIONS", "FLANK", "FRONT", "REAR", "Trigger"]
