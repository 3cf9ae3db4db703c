"""The at-the-ready menu (R-ER-READY-MENU, ER-11): the "if"s a figure is offered, worked out
from the figures and hexes in his watch rather than from every hex against every foe.

Why this module exists (issue 36): the menu is part of every turn's legal commands, so it
is built at every decision of every figure.  Built plainly -- every open hex he watches
sorted by its distance to every foe, every one of them tested for a narrow place, every
option put through `ready.refusal` -- it was two thirds of the engine's time, and an
archer watches hundreds of hexes.  Here:

* the hexes nearest the foes come from rings around the foes, grown one step at a time
  until enough open hexes in his watch are found (`nearest_open`): a few rings, not the
  whole watch against every foe;
* the narrow places of the board are found once per board and kept on it (the board never
  changes in a battle), so only those in his watch are looked at;
* each option is offered only if `ready.refusal` would pass it, decided from what the
  search already knows (an area hex's distance to the nearest foe, a watched foe's hex on
  the board), so `refusal` is not run over every option.

The menu is the same list, in the same order, as the plain one; the tests keep the plain
one (`tests/enchanted_realms/listing_reference.py`) and compare the two over random
positions.
"""

from __future__ import annotations

from rules.hexgrid import Hex, disk, ring
from rules.positioning import remember
from rules.state import Battle
from rules.systems.enchanted_realms.units import ErUnit, cfg

__all__ = ["MENU_AREAS", "MENU_FOES", "MENU_HEXES", "MENU_NARROWS", "narrow", "narrows",
           "nearest_open", "triggers"]

MENU_HEXES = 6  # R-ER-READY-MENU: the hexes offered to watch, nearest the foe first
MENU_AREAS = 2  # ... and the ground around the nearest of them (the hex and its six)
MENU_FOES = 3  # ... and the hexes foes stand on, to watch them step off, nearest first
MENU_NARROWS = 3  # ... and the narrow places (a door, a gap) he watches, nearest him first

_NARROWS = ("er_narrows",)  # the board memo's key for its narrow places


def narrow(state: Battle, h: Hex) -> bool:
    """A narrow place (a doorway, a gap in a wall, the end of a bridge): the open hexes
    around `h` lie in two or more separate runs, so who goes from one side to the other
    steps onto `h` (R-ER-READY-MENU)."""
    board = state.board
    ring_ = [board.passable(n) for n in h.neighbors()]
    return sum(1 for i in range(6) if ring_[i] and not ring_[i - 1]) >= 2


def narrows(state: Battle) -> frozenset[Hex]:
    """The board's passable narrow places, found once and kept on the board (the board
    never changes during a battle, so every state of it shares them).  Put back last in
    the memo at each use: the memo drops its oldest entries first when full, and this one,
    wanted at every decision, costs a pass over the whole board to find again."""
    board = state.board
    found = board.memo.pop(_NARROWS, None)
    if found is None:
        found = frozenset(h for h in board.hexes() if board.passable(h) and narrow(state, h))
        remember(board, _NARROWS, found)
    else:
        board.memo[_NARROWS] = found
    return found


def _open(state: Battle, centre: Hex, h: Hex) -> bool:
    """A hex a trigger may watch a foe step onto: not his own, on the board and passable,
    nobody standing there."""
    return h != centre and state.board.passable(h) and state.unit_at(h) is None


def nearest_open(state: Battle, centre: Hex, radius: int, spots: list[Hex], count: int
                 ) -> list[tuple[int, Hex]]:
    """The `count` open hexes within `radius` of `centre` nearest any of `spots` (the
    foes), as (distance to the nearest foe, hex), by that distance and then hex order: what
    sorting every open hex of the disk by its distance to every foe gives, first `count`.

    Grown level by level: level d is the hexes of the disk at distance d from some foe and
    not found at a lower level, so at distance exactly d from the nearest.  A foe's ring of
    radius d can meet the disk only if his distance to `centre` is within `radius` of d, and
    no hex of the disk is nearer the foes than the nearest foe's distance less `radius`, nor
    farther than it plus `radius`."""
    if not spots or count <= 0:
        return []
    cq, cr = centre
    foes = [(p, p.distance(centre)) for p in dict.fromkeys(spots)]
    nearest = min(d for _, d in foes)
    twice = 2 * radius  # Hex.distance to the centre, inlined: this runs over every ring
    seen: set[tuple[int, int]] = set()
    found: list[tuple[int, Hex]] = []
    for d in range(max(0, nearest - radius), nearest + radius + 1):
        level: set[tuple[int, int]] = set()
        offsets = _ring_offsets(d)
        for (pq, pr), pd in foes:
            if abs(pd - d) > radius:
                continue
            for dq, dr in offsets:
                q, r = pq + dq - cq, pr + dr - cr
                if abs(q) + abs(r) + abs(q + r) <= twice:
                    level.add((q + cq, r + cr))
        level -= seen
        seen |= level
        found += [(d, h) for h in map(Hex._make, sorted(level)) if _open(state, centre, h)]
        if len(found) >= count:
            break
    return found[:count]


def _ring_offsets(d: int) -> list[tuple[int, int]]:
    """(dq, dr) of the hexes at distance `d` from a centre (`hexgrid.ring`), kept."""
    offsets = _RINGS.get(d)
    if offsets is None:
        offsets = _RINGS[d] = [(h.q, h.r) for h in ring(Hex(0, 0), d)]
    return offsets


_RINGS: dict[int, list[tuple[int, int]]] = {}


def _gaps(state: Battle, centre: Hex, radius: int, count: int) -> list[Hex]:
    """The `count` open narrow places within `radius` of `centre`, nearest him first."""
    every = narrows(state)
    if len(every) > 3 * radius * (radius + 1) + 1:  # more narrows than hexes in the disk
        cands = [h for h in disk(centre, radius) if h in every]
    else:
        cands = [h for h in every if h.distance(centre) <= radius]
    cands = [h for h in cands if _open(state, centre, h)]
    return sorted(cands, key=lambda h: (h.distance(centre), h))[:count]


def triggers(state: Battle, u: ErUnit, action: str, spots: list[Hex], far: int,
             friends: list[str]) -> list[str]:
    """The valid "if"s offered for one action (R-ER-READY-MENU), as options: those
    `ready._triggers_for` listed that `ready.refusal` passes, in the same order.

    `spots` are the hexes the fighting foes stand on (in the order of the battle's
    units), `far` how far he watches for this action, `friends` the ids of his fighting
    friends."""
    assert u.pos is not None
    fph = state.board.feet_per_hex
    tail = "" if action == "attack" else f":{action}"
    out: list[str] = []
    if spots and action != "medicine":
        radius = far // fph
        near = nearest_open(state, u.pos, radius, spots, max(MENU_HEXES, MENU_AREAS))
        gaps = _gaps(state, u.pos, radius, MENU_NARROWS)
        # enter: an open hex has no foe on it, so refusal passes it (ER-11)
        out += [f"ready:enter:{h.q},{h.r}" for h in gaps]
        out += [f"ready:enter:{h.q},{h.r}" for _, h in near[:MENU_HEXES] if h not in gaps]
        # area: refused while a foe stands on the hex or beside it (ER-11)
        out += [f"ready:area:{h.q},{h.r}" for d, h in near[:MENU_AREAS] if d > 1]
        watched = sorted((p for p in spots if p.distance(u.pos) * fph <= far),
                         key=lambda p: (p.distance(u.pos), p))[:MENU_FOES]
        out += [f"ready:leave:{p.q},{p.r}" for p in watched
                if p != u.pos and state.board.passable(p)]
        closest = min(p.distance(u.pos) for p in spots) * fph
        out += [f"ready:within:{ft}" for ft in cfg(state).ready_within_ft
                if fph <= ft <= far and ft % fph == 0 and ft < closest]
    out += [f"ready:drops:{i}" for i in friends]
    return [o + tail for o in out]
