"""Striking, wounding, falling: what happens between a hit and a body on the ground.

`strike` throws an attack and records it; `deal` gives the damage to whoever was struck, first
offering a shield-bearer the chance to splinter his shield instead (FE-31), which is a
decision of his side and so a frame on the stack; `take` applies it and works out the
condition that follows (FE-35, FE-39, FE-40).
"""

from __future__ import annotations

from rules.engine import Context
from rules.events import AttackRolled, UnitDamaged, UnitHealed, UnitStatusChanged
from rules.state import ACTIVE, DEAD, DOWN, Battle
from rules.systems.fallen_empire.combat import Result, Situation, resolve
from rules.systems.fallen_empire.frames import SplinterOffered
from rules.systems.fallen_empire.units import FEUnit, cfg, is_fe


def strike(ctx: Context, s: Situation) -> Result:
    """Throw the attack and record it with every modifier.  The damage is dealt separately."""
    r = resolve(s, ctx.dice)
    ctx.emit(AttackRolled(
        attacker=s.attacker, target=s.target, kind=s.kind, weapon=s.weapon, roll=r.roll,
        needed=s.needed, modifiers=s.modifiers, hit=r.hit, damage_dice=str(s.damage),
        damage_roll=r.damage_roll, damage_modifiers=s.damage_modifiers, damage=r.damage,
        struck="" if r.struck in ("", s.target) else r.struck, notes=s.notes + r.notes))
    return r


def deal(ctx: Context, s: Situation, r: Result) -> None:
    """Give a hit's damage to whoever was struck (the cover itself takes nothing)."""
    if not r.hit or r.damage <= 0 or r.struck in ("", "cover"):
        return
    wound(ctx, r.struck, s.attacker, r.damage, s.subdual, source_kind(s.kind))


def source_kind(kind: str) -> str:
    return {"missile": "missile", "spell": "spell"}.get(kind, "melee")


def wound(ctx: Context, target_id: str, attacker_id: str, amount: int, subdual: bool,
          source: str) -> None:
    """FE-31: "any time you take damage, you can opt instead to say your shield absorbed the
    force of the blow" — a shield-bearer's side decides before the damage lands."""
    t = is_fe(ctx.state.unit(target_id))
    if t.shield and t.status != DEAD:
        ctx.emit(SplinterOffered(unit=t.id, attacker=attacker_id, amount=amount,
                                 subdual=subdual, source=source, side=t.side))
        return
    take(ctx, target_id, amount, subdual, source)


def take(ctx: Context, target_id: str, amount: int, subdual: bool, source: str) -> None:
    t = is_fe(ctx.state.unit(target_id))
    ctx.emit(UnitDamaged(unit=t.id, amount=amount, hp_after=t.hp - amount, subdual=subdual,
                         source=source))
    settle_condition(ctx, t.id, wounded=True, fell_now=t.hp > 0 >= t.hp - amount)


def condition_for(state: Battle, u: FEUnit, wounded: bool = False, fell_now: bool = False
                  ) -> tuple[str, str, str]:
    """(status, condition, rule) that a unit's hit points call for.

    `wounded`: it has just taken damage (so a stabilised character is dying again,
    R-FE-STABLE-WOUNDED).  `fell_now`: that damage took it from above 0 HP to 0 or below."""
    if u.status == DEAD:
        return DEAD, "dead", ""
    if u.hp > 0:
        return ACTIVE, "", ""
    if fell_now and u.subdual_taken > 0:
        return DOWN, "unconscious", "FE-35"  # "unconscious rather than dead"
    if u.condition == "unconscious" and not wounded:
        return DOWN, "unconscious", "FE-35"
    if u.hp < cfg(state, "dying_floor"):
        return DEAD, "dead", "FE-40 (a)"
    if u.hp == 0:
        return DOWN, "at 0 HP, on the brink", "FE-39"
    if u.condition == "stable" and not wounded:
        return DOWN, "stable", "FE-42"
    return DOWN, "dying", "FE-40"


def settle_condition(ctx: Context, unit_id: str, reason: str = "", wounded: bool = False,
                     fell_now: bool = False) -> None:
    u = is_fe(ctx.state.unit(unit_id))
    status, condition, rule = condition_for(ctx.state, u, wounded, fell_now)
    if (status, condition) != (u.status, u.condition):
        why = reason or {"FE-35": "subdual damage: knocked out, not killed",
                         "FE-39": "cannot move, only a vague idea of what goes on",
                         "FE-40": "unable to act; Save or Die each round",
                         "FE-40 (a)": "below -10 hit points", "FE-42": "stabilised"}.get(rule, "")
        ctx.emit(UnitStatusChanged(unit=unit_id, status=status, condition=condition,
                                   reason=why, rule=rule))


def heal(ctx: Context, unit_id: str, amount: int, rule: str) -> None:
    u = ctx.state.unit(unit_id)
    after = min(u.max_hp, u.hp + amount)
    if after != u.hp:
        ctx.emit(UnitHealed(unit=unit_id, amount=after - u.hp, hp_after=after, rule=rule))
        settle_condition(ctx, unit_id)
