"""Playing one attack contest out on the board: the rolls, then what they do to the figures.

Why this module exists: the contest itself is a pure function (contest.py); here its result
becomes events: damage and the hit point rules (TT-27), the armour's own hit points (TT-21,
TT-22), the fumbles' prone, knock-back and disarm (TT-17 ... TT-19).  The turn (turn.py) and
the GM's sandbox exchange both come through `play_contest`.
"""

from __future__ import annotations

from rules.engine import Context, face_target
from rules.events import UnitDamaged, UnitStatusChanged, hx
from rules.hexgrid import sextant_direction
from rules.positioning import occupied
from rules.state import ACTIVE, DOWN
from rules.systems.tarnished_tale.checks import LiveRoller
from rules.systems.tarnished_tale.contest import Result, resolve
from rules.systems.tarnished_tale.events import (
    ContestRolled,
    Disarmed,
    KnockedBack,
    KnockedProne,
)
from rules.systems.tarnished_tale.situation import (
    attacker_modifiers,
    config_of,
    defender_modifiers,
    situation,
)
from rules.systems.tarnished_tale.units import tt

__all__ = ["hurt", "play_contest"]


def _checks(r: Result, defence: str) -> tuple[tuple[str, int, int, str, tuple[int, ...]], ...]:
    guard = "counter attack" if defence == "counter_attack" else defence
    rows = [("attack", r.attack), ("confirmation", r.attack_confirm), (guard, r.guard),
            ("confirmation", r.guard_confirm), ("attacker's weapon roll", r.attacker_weapon_roll),
            ("defender's weapon roll", r.defender_weapon_roll)]
    return tuple((label, c.roll, c.skill, c.kind, c.faces) for label, c in rows if c is not None)


def hurt(ctx: Context, unit_id: str, amount: int, source: str) -> None:
    """Damage to a figure's own hit points, and where that leaves him (TT-27, R-TT-HP):
    at `unconscious_at` HP or less he is unconscious, at 0 or less dying."""
    c = config_of(ctx.state)
    u = tt(ctx.state, unit_id)
    left = u.hp - amount
    if c.hp_floor_zero:
        left = max(0, left)
    ctx.emit(UnitDamaged(unit=unit_id, amount=amount, hp_after=left, source=source))
    if u.status != ACTIVE:
        return
    if left <= 0:
        ctx.emit(UnitStatusChanged(unit=unit_id, status=DOWN, condition="dying",
                                   reason="at 0 hit points or below", rule="TT-27"))
    elif left <= c.unconscious_at:
        ctx.emit(UnitStatusChanged(unit=unit_id, status=DOWN, condition="unconscious",
                                   reason=f"at {left} hit points", rule="TT-27"))


def _knock_back(ctx: Context, attacker: str, defender: str) -> None:
    """TT-18, R-TT-KNOCKBACK: one cell straight away from the attacker, if it is free."""
    state = ctx.state
    a, d = tt(state, attacker), tt(state, defender)
    assert a.pos is not None and d.pos is not None
    cell = d.pos.neighbor(sextant_direction(a.pos, d.pos))
    free = state.board.passable(cell) and not occupied(state, cell, d)
    ctx.emit(KnockedBack(unit=defender, cell=hx(cell), moved=free))


def _disarm(ctx: Context, unit_id: str, kind: str) -> None:
    u = tt(ctx.state, unit_id)
    slot = "missile" if kind == "missile" else "weapon"
    weapon = getattr(u, slot)
    if weapon and u.pos is not None:
        ctx.emit(Disarmed(unit=unit_id, slot=slot, weapon=weapon, at=hx(u.pos)))


def play_contest(ctx: Context, attacker: str, defender: str, kind: str, mode: str,
                 defence: str) -> Result:
    """Roll the contest under the declared defence and apply it."""
    state = ctx.state
    if kind == "melee":
        face_target(ctx, attacker, defender)
        state = ctx.state
    sit = situation(state, attacker, defender, kind, mode, defence)
    a_mods = attacker_modifiers(state, attacker, defender, kind, mode)
    d_mods = defender_modifiers(state, defender)
    r = resolve(LiveRoller(ctx.dice), sit)
    d = tt(state, defender)
    ctx.emit(ContestRolled(
        attacker=attacker, defender=defender, kind=kind, mode=mode, defence=defence,
        attack_modifiers=a_mods, defence_modifiers=d_mods, checks=_checks(r, defence),
        outcome=r.outcome, hit=r.hit, critical=r.critical, counter_critical=r.counter_critical,
        damage_roll=r.damage_roll, damage=r.damage, blocked=r.blocked, dr=r.dr,
        halved=r.halved, armour_loss=r.armour_loss,
        armour_hp_after=d.armour_hp - r.armour_loss, to_defender=r.to_defender,
        counter_roll=r.counter_roll, to_attacker=r.to_attacker))
    if r.to_defender:
        hurt(ctx, defender, r.to_defender, kind)
    if r.to_attacker:
        hurt(ctx, attacker, r.to_attacker, "counter")
    if r.prone and tt(ctx.state, defender).fighting:
        ctx.emit(KnockedProne(unit=defender))
    if r.knocked_back and tt(ctx.state, defender).pos is not None:
        _knock_back(ctx, attacker, defender)
    if r.attacker_disarmed:
        _disarm(ctx, attacker, kind)
    if r.defender_disarmed:
        _disarm(ctx, defender, "melee")
    return r
