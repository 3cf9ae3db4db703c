"""One blow and the wound it leaves (ZEF-35, ZEF-36, ZEF-44..48, ZEF-51..53): what the turn,
a rush's passing blow and the GM's exchange all strike with.

Why a module: the blow is rolled here, from the pure `combat.situation`/`combat.resolve`, and
its events emitted; the turn (round.py) and the special actions (special.py) both call it.
"""

from __future__ import annotations

from rules.engine import Context, face_target
from rules.events import Modifier, UnitDamaged, UnitStatusChanged
from rules.state import DEAD, DOWN
from rules.systems.zefrs.chart import Colour
from rules.systems.zefrs.combat import resolve, situation
from rules.systems.zefrs.events import DamageChecked, KnockedOut, ZefAttackRolled
from rules.systems.zefrs.rulings import config_of
from rules.systems.zefrs.tables import load_tables
from rules.systems.zefrs.units import zef
from rules.systems.zefrs.wounds import specific_wound

__all__ = ["strike", "wound"]


def strike(ctx: Context, attacker: str, target: str, aim: str, *, weapon: str | None = None,
           second_weapon: bool = False, knockout: bool = False) -> None:
    """One melee blow (ZEF-05..08, ZEF-36, ZEF-44..48), its damage and what follows; a
    knock-out blow (ZEF-35, R-ZEF-KO) knocks him out on red instead of wounding."""
    t = load_tables()
    face_target(ctx, attacker, target)
    blow = situation(ctx.state, attacker, target, aim, weapon=weapon,
                     second_weapon=second_weapon, t=t)
    roll = ctx.dice.d(100)
    colour = t.chart.colour(blow.walk.column, roll)
    droll = ctx.dice.d(100) if colour.success and blow.defence_walk is not None else None
    r = resolve(blow, roll, droll, t)
    knocks_out = knockout and colour is Colour.RED
    # R-ZEF-KO: short of red a knock-out blow "was not strong enough": no damage, unless
    # the GM's option has it wound as an ordinary blow
    harmless = knocks_out or (knockout and not config_of(ctx.state).knockout_damage_on_failure)
    shifts = tuple(Modifier(value=s.points, reason=s.reason, rule=s.clause)
                   for s in blow.walk.shifts)
    ctx.emit(ZefAttackRolled(
        attacker=attacker, target=target, kind="melee", weapon=blow.weapon, aim=aim,
        roll=roll, rating=blow.rating, subtracted=blow.subtracted, shifts=shifts,
        column=blow.walk.column, colour=colour.word, walk=blow.walk.describe(),
        defence_roll=droll or 0,
        defence_column=blow.defence_walk.column if droll and blow.defence_walk else 0,
        defence_colour=r.defence_colour.word if r.defence_colour is not None else "",
        damage_parts=() if harmless else r.parts, damage=0 if harmless else r.damage,
        shield_used=colour.success and blow.shield > 0, knockout=knockout))
    if knocks_out:
        minutes = ctx.dice.d(10)
        ctx.emit(KnockedOut(unit=target, minutes=minutes,
                            wakes_at=ctx.state.round + minutes * 12))
        ctx.emit(UnitStatusChanged(unit=target, status=DOWN, condition="knocked out",
                                   reason="a red knock-out blow", rule="ZEF-35"))
        return
    if harmless:
        return
    if r.damage > 0:
        wound(ctx, target, r.damage)
    if colour is Colour.RED:  # ZEF-54: whatever the damage came to
        specific_wound(ctx, target, aim, brawling=t.weapon(blow.weapon).brawling)


def wound(ctx: Context, target: str, damage: int, source: str = "melee") -> None:
    """ZEF-51..53: damage off the Damage rating; an Enemy at 0 or below falls at once; a PC
    or Foe already at 0 or below (R-ZEF-ZERO) checks against his new rating."""
    u = zef(ctx.state, target)
    before = u.hp
    after = before - damage
    ctx.emit(UnitDamaged(unit=target, amount=damage, hp_after=after, source=source))
    if u.enemy:
        if after <= 0:
            ctx.emit(UnitStatusChanged(unit=target, status=DOWN, condition="fallen",
                                       reason="an Enemy at 0 Damage falls at once",
                                       rule="ZEF-53"))
        return
    cfg = config_of(ctx.state)
    checks = before <= 0 if cfg.zero_check == "already_down" else after <= 0
    if not checks:
        return
    t = load_tables()
    col = t.chart.column(after).column
    roll = ctx.dice.d(100)
    colour = t.chart.colour(after, roll)
    ctx.emit(DamageChecked(unit=target, column=col, roll=roll, colour=colour.word))
    if colour is Colour.WHITE:
        ctx.emit(UnitStatusChanged(unit=target, status=DEAD, condition="dead",
                                   reason="a white Damage check", rule="ZEF-52"))
    elif colour is not Colour.RED:
        ctx.emit(UnitStatusChanged(unit=target, status=DOWN, condition="unconscious",
                                   reason="out for 1-10 hours", rule="ZEF-52"))
