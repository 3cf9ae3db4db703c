"""What the Fallen Empire computer players read off a battle: where the round and its
phases stand (FE-07, FE-09), how far a figure can shoot or cast, and a blow's odds by
running the ruleset's own resolution under every roll.
"""

from __future__ import annotations

import os
from dataclasses import replace
from typing import TYPE_CHECKING

from rules.dice import enumerate_outcomes
from rules.events import Modifier
from rules.state import Battle, Unit
from rules.systems.fallen_empire.combat import (
    Result,
    Situation,
    resolve,
)
from rules.systems.fallen_empire.events import system
from rules.systems.fallen_empire.frames import PhaseFrame, RoundFrame
from rules.systems.fallen_empire.movement import (
    initiative_rank,
)
from rules.systems.fallen_empire.options import can_shoot
from rules.systems.fallen_empire.units import (
    SPEAR_SETTERS,
    FEUnit,
    cfg,
    tables_for,
)

if TYPE_CHECKING:
    pass


DEBUG = bool(os.environ.get("FLANK_AI_DEBUG"))
PHASES = ("movement", "missile", "melee", "spell", "other")
UNKNOWN_W = 0.6  # likelihood of a foe's blow this round while his action is still secret
SPEAR_PRIOR = 0.5  # chance a foe who can set a spear has set it, while it is still secret
FIRST_PRIOR = 15 / 36  # chance a side strictly wins the 1d6 initiative (FE-07)


def blow_odds(sit: Situation) -> tuple[float, tuple[tuple[int, float], ...]]:
    """FE-01 etc.: (hit, damage to the target → probability) for a situation, by running
    `combat.resolve` under every roll.  Only the blow's numbers matter, so it runs on a copy
    with neutral names (the target "t", whoever else is in the melee "x1", "x2", ...)."""
    pool = ("t", *(f"x{i}" for i in range(1, len(sit.melee_pool)))) if sit.melee_pool else ()
    cover = "" if not sit.cover else ("terrain" if sit.cover == "terrain" else "x0")
    total = sit.total_modifier
    plain = replace(sit, attacker="a", target="t", melee_pool=pool, cover=cover,
                    modifiers=(Modifier(value=total, reason="", rule=""),) if total else ())
    dist = enumerate_outcomes(lambda dice: _bare_result(resolve(plain, dice)))
    hit = 0.0
    dmg: dict[int, float] = {}
    for r, p in dist.items():
        if r.hit:
            hit += float(p)
        if r.struck == "t" and r.damage > 0:
            dmg[r.damage] = dmg.get(r.damage, 0.0) + float(p)
    return hit, tuple(sorted(dmg.items()))


def morale_fail_chance(count: int, sides: int, bonus: int, score: int) -> float:
    """R-FE-MORALE: the chance a morale roll comes out over the score."""
    from rules.dice import sum_distribution

    ways = sum_distribution(count, sides)
    total = sides ** count
    return sum(n for t, n in ways if t + bonus > score) / total


def _bare_result(r: Result) -> Result:
    return Result(0, r.hit, r.struck, 0, r.damage)


def fe_unit(u: Unit) -> FEUnit:
    assert isinstance(u, FEUnit)
    return u


def round_frame(state: Battle) -> RoundFrame | None:
    for f in state.stack:
        if isinstance(f, RoundFrame):
            return f
    return None


def initiative_known(state: Battle) -> bool:
    """Has this round's initiative been rolled (so declarations are public, FE-07)?"""
    rf = round_frame(state)
    return rf is not None and rf.step in ("withdrawal", "phases", "end")


def phase_frame(state: Battle) -> PhaseFrame | None:
    for f in reversed(state.stack):
        if isinstance(f, PhaseFrame):
            return f
    return None


def phase_pending(state: Battle, u: Unit, phase: str) -> bool:
    """Is `phase` still to come this round for `u` (or running, with `u` yet to act)?"""
    rf = round_frame(state)
    if rf is None or not initiative_known(state):
        return True
    order = system(state).order
    g_side = initiative_rank(state, u.side)
    if g_side >= len(order):
        return False
    if rf.step == "end":
        return False
    pf = phase_frame(state)
    if rf.step == "withdrawal" or (pf is not None and pf.phase == "withdrawal"):
        return True
    if pf is not None and pf.sides in order:
        g, p = order.index(pf.sides), PHASES.index(pf.phase)
    else:
        g, p = rf.group, rf.phase
        pf = None
    ip = PHASES.index(phase)
    if g_side != g:
        return g_side > g
    if ip != p:
        return ip > p
    return pf is not None and u.id not in pf.acted


def missile_hexes(state: Battle, u: FEUnit) -> int:
    if not can_shoot(u):
        return 0
    w = tables_for().weapons[u.missile]
    return w.range_in * cfg(state, "feet_per_inch") // state.board.feet_per_hex


def spell_hexes(state: Battle, u: FEUnit) -> int:
    t = tables_for()
    best = 0
    for key in u.spells:
        best = max(best, t.spells[key].range_in * cfg(state, "feet_per_inch")
                   // state.board.feet_per_hex)
    return best


def can_set_spear(u: FEUnit) -> bool:
    return u.kind in SPEAR_SETTERS and bool(u.weapon) and tables_for().weapons[u.weapon].can_set


