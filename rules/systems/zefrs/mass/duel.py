"""Segment 1's duels (ZEF-70, R-ZEF-MASS-DUEL): who leads each unit now, who duels whom, and
what a leader may declare for his duel.

Why a module: the pairs are read from the battle (the units' orders and squares, who leads
them, who has fought) by the procedure that joins the duels, by the frame that asks each
leader to declare, by the evolver that moves the decision from side to side, and by the
computer and the window that choose a declaration.  Nothing of it is kept on the frame: the
orders, the squares and the leaders do not change while the leaders declare, so the pairs
read the same from the join to the blows.

A leader declares as a skirmish figure does (ZEF-15), in the skirmish's own grammar
(`zefrs.declare`): a blow at his foe's aiming point (ZEF-24, ZEF-25: a rider's head and arms
beyond a footman's reach, unless his weapon is quick), the same meant to knock him out
(ZEF-35), or defend (ZEF-36, ZEF-16: against the first blow that lands).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.state import Battle
from rules.systems.zefrs.declare import aims_against
from rules.systems.zefrs.mass.combat import attacking, rulings_of
from rules.systems.zefrs.mass.units import MassUnit, mass_units
from rules.systems.zefrs.units import zef

if TYPE_CHECKING:
    from rules.systems.zefrs.mass.frame import MassFrame

__all__ = ["awaiting", "duel_actions", "duel_pairs", "duel_turn", "foe_of", "no_duel_reason",
           "unit_leader"]


def unit_leader(state: Battle, frame: MassFrame, u: MassUnit) -> str:
    """Who leads `u` now: the force commander if he took it over this round (ZEF-63), else
    its own leader if he can fight, else nobody ("")."""
    cmd = frame.led_by(u.id)
    if cmd and state.unit(cmd).fighting:
        return cmd
    if u.leader and state.has_unit(u.leader) and state.unit(u.leader).fighting:
        return u.leader
    return ""


def duel_pairs(state: Battle, frame: MassFrame) -> tuple[tuple[str, str, str], ...]:
    """(leader, the foe he duels, the unit he leads), by the order of the units' ids: the
    leader of each unit that attacks in melee faces the leader of the unit it attacks
    (ZEF-70: several attackers' leaders may all set on one); the leader of a unit attacked
    who does not lead an attack himself faces the first of his attackers (by unit id).  In
    the first round a unit fights only, unless the GM has duels every round
    (R-ZEF-MASS-DUEL)."""
    r = rulings_of(state)
    out: list[tuple[str, str, str]] = []
    striking: set[str] = set()
    attacked: dict[str, list[str]] = {}
    for u in mass_units(state):
        target = attacking(u, state)
        if target is None or (r.duels == "first_round" and u.fought):
            continue
        a, d = unit_leader(state, frame, u), unit_leader(state, frame, target)
        if not a or not d:
            continue
        out.append((a, d, u.id))
        striking.add(a)
        attacked.setdefault(target.id, []).append(u.id)
    for tid, gang in sorted(attacked.items()):
        d = unit_leader(state, frame, _mu(state, tid))
        if d not in striking:
            first = unit_leader(state, frame, _mu(state, sorted(gang)[0]))
            out.append((d, first, tid))
            striking.add(d)
    return tuple(out)


def no_duel_reason(state: Battle, frame: MassFrame) -> str:
    """Why no leaders meet this round (`duel_pairs` is empty), as a player reads it: no unit
    attacks in melee (ZEF-64); every unit that does has fought before and the leaders duel
    only in the first round a unit fights (R-ZEF-MASS-DUEL); or no leader stands to lead
    one side of each fight (ZEF-70)."""
    fights = [u for u in mass_units(state) if attacking(u, state) is not None]
    if not fights:
        return "no unit attacks another in melee (ZEF-64)"
    once = rulings_of(state).duels == "first_round"
    if once and all(u.fought for u in fights):
        return ("every unit attacking in melee has fought before, and leaders duel only in "
                "the first round their unit fights (R-ZEF-MASS-DUEL)")
    if once and any(u.fought for u in fights):
        return ("the units that have fought before do not duel again (R-ZEF-MASS-DUEL), and "
                "no other fight has a leader standing on each side")
    return "no fight has a leader standing on each side"


def _mu(state: Battle, uid: str) -> MassUnit:
    u = state.unit(uid)
    assert isinstance(u, MassUnit)
    return u


def duel_turn(state: Battle) -> int:
    """The combat turn this round's duels are for a weapon's "x/y" Initiative Bonus (ZEF-18:
    x in the first turn only), as the GM reads it (R-ZEF-MASS-DUEL, data.toml's `duel_turn`):
    "first", each round's segment 1 a fight of its own; "later", never a first turn; "round",
    the battle's round (the first round's duel the first turn, the next ones later)."""
    reading = rulings_of(state).duel_turn
    return {"first": 1, "later": 2}.get(reading, max(state.round, 1))


def foe_of(state: Battle, frame: MassFrame, leader: str) -> str:
    """The leader `leader` duels this round, or "" if he duels nobody."""
    return next((b for a, b, _ in duel_pairs(state, frame) if a == leader), "")


def awaiting(state: Battle, frame: MassFrame, side: str | None = None) -> list[str]:
    """The duelling leaders (of `side`, or of both) who have not declared yet."""
    return [a for a, _, _ in duel_pairs(state, frame)
            if not state.unit(a).declared and (side is None or state.unit(a).side == side)]


def duel_actions(state: Battle, leader: str, foe: str) -> list[str]:
    """What `leader` may declare against `foe` (module docstring): each aiming point he can
    reach, plain then as a knock-out, then defend."""
    a, f = zef(state, leader), zef(state, foe)
    aims = aims_against(a, f)
    return ([f"fight:{foe}:{aim}" for aim in aims] + [f"fight:{foe}:{aim}:ko" for aim in aims]
            + ["defend"])
