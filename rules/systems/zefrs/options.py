"""The actions a ZeFRS figure may declare now (ZEF-15): the list the window offers, the
computer players search and `check` holds a declaration against.

Why a module of its own: it reads every kind of action's own conditions (a shot's, a rush's,
a blow's), so it sits above the modules that define them (declare.py is the grammar and the
geometry they share) and no import runs in a circle.
"""

from __future__ import annotations

from rules.state import Battle
from rules.systems.zefrs.catalogue import AREAS
from rules.systems.zefrs.declare import aims_against, destinations, in_reach, move_budget
from rules.systems.zefrs.missiles import shot_refusal
from rules.systems.zefrs.special import rush_line
from rules.systems.zefrs.tables import load_tables
from rules.systems.zefrs.units import ZefUnit, zef

__all__ = ["declarable"]


def declarable(state: Battle, unit_id: str) -> tuple[str, ...]:
    """Every action `unit_id` may state now (ZEF-15): defend; a fight or a wait on each foe
    within reach, at each point he can aim at (a knock-out too; both weapons or one on guard
    for a two-weapon fighter, ZEF-32; a PC or Foe may strike twice, ZEF-22, ZEF-23); a
    PC or Foe may close with a foe he can reach this turn; a grapple, a bash, a rush, a
    shot; a move to each hex he can reach.  What does not depend on the foe (where he can
    walk, whether a foe is at his throat) is worked out once: a big battle asks this of
    every figure at every declaration."""
    u = zef(state, unit_id)
    t = load_tables()
    out = ["defend"] + (["stand"] if u.knocked_down else []) + (
        ["reload"] if u.loading else [])
    if u.pos is None:
        return tuple(out)
    two = bool(u.offhand) and u.two_weapons
    melee = t.weapon(u.weapon or None).melee
    budget = move_budget(state, u)
    walks = not u.knocked_down
    paths = destinations(state, u, budget) if walks else ()
    reach = max(1, u.reach_ft // state.board.feet_per_hex)
    foes = [f for f in state.units if f.side != u.side and f.fighting and f.pos is not None]
    engaged = any(in_reach(state, f, u) for f in foes if isinstance(f, ZefUnit))
    may_close = walks and not u.enemy and not u.lamed
    for f in foes:  # each foe's actions in the order a player meets them on his buttons
        assert isinstance(f, ZefUnit) and f.pos is not None
        gap = u.pos.distance(f.pos)
        aims = aims_against(u, f) if melee else ()
        if gap <= reach:  # a plain blow at each point first, then the other ways to strike
            modes = ["", "ko", *(["both", "guard"] if two else []),
                     *(["twice"] if not u.enemy else [])]
            for mode in modes:
                out += [f"fight:{f.id}:{aim}" + (f":{mode}" if mode else "") for aim in aims]
            out += [f"wait:{f.id}:{aim}" for aim in aims]
        elif may_close and melee and gap <= budget + reach and any(
                h.distance(f.pos) <= reach for h in paths):
            out += [f"close:{f.id}:{aim}" for aim in aims]
        if u.missile and shot_refusal(state, u, f, engaged=engaged) is None:
            out.append(f"shoot:{f.id}")  # ZEF-03, ZEF-04, ZEF-38
            out += [f"shoot:{f.id}:{aim}" for aim in AREAS]  # ZEF-40
        if gap == 1:
            out.append(f"wrestle:{f.id}")  # ZEF-27: anyone can try
            if u.shield:
                out.append(f"bash:{f.id}")  # ZEF-30
        if walks and not u.lamed and gap < budget and rush_line(state, u, f, budget):
            out.append(f"rush:{f.id}")  # ZEF-28
    for h in paths:
        if h != u.pos:
            out.append(f"move:{h.q},{h.r}")
    return tuple(out)
