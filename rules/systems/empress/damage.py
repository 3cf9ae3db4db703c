"""From a blow to a body on the ground: recording an attack, wearing a shield, hit points
and the thresholds of Empress §§4–5 (EMP-54).

    hp > 0          fighting
    0 ≥ hp > −4     incapacitated: down, cannot act
    −4 ≥ hp > −8    critical: a Fortitude save every round, the third failure kills
    hp ≤ −8         dead
"""

from __future__ import annotations

from rules.engine import Context
from rules.events import UnitDamaged, UnitStatusChanged, hx
from rules.hexgrid import Hex, spiral
from rules.state import ACTIVE, DEAD, DOWN, Battle
from rules.systems.empress.condition_events import ReachRegained, ShieldStruck
from rules.systems.empress.events import EmpAttackRolled
from rules.systems.empress.maneuver_events import GrappleBroken, Released
from rules.systems.empress.resolution import Result, Situation, resolve
from rules.systems.empress.units import EmpUnit, cfg, emp, is_emp


def strike(ctx: Context, s: Situation) -> Result:
    """Throw the attack and record it with every modifier.  The damage is dealt by `deal`."""
    r = resolve(s, ctx.dice)
    dmg_dice = "" if s.no_damage else str(s.damage)
    ctx.emit(EmpAttackRolled(
        attacker=s.attacker, target=s.target, kind=s.kind, weapon=s.weapon, roll=r.roll,
        needed=s.hc, modifiers=s.modifiers, hit=r.hit, damage_dice=dmg_dice,
        damage_roll=r.damage_roll, damage=r.damage, notes=s.notes + r.notes, total=r.total,
        hc_modifiers=s.hc_parts, ac=s.ac, coverage_modifiers=s.coverage_parts, band=r.band,
        critical=r.critical, intercepted=r.intercepted,
        protection=s.protection if r.intercepted else 0,
        protection_modifiers=s.protection_parts if r.intercepted else (), raw=r.raw,
        venom=r.venom, options=s.options))
    a = emp(ctx.state, s.attacker)
    if r.hit and s.target in a.reach_lost_vs and s.melee:
        ctx.emit(ReachRegained(unit=a.id, vs=s.target, reason="a blow with the longer "
                               "weapon landed", rule="EMP-34"))
    return r


def deal(ctx: Context, s: Situation, r: Result) -> None:
    """The consequences of a hit: shield wear (EMP-19/20), then the damage and venom."""
    if not r.hit:
        return
    d = emp(ctx.state, s.target)
    if r.intercepted == "shield" and d.shield:
        prot = s.protection  # its Protection against this blow (after Penetrating, EMP-27)
        past = r.raw - prot
        if cfg(ctx.state, "shield_destroyed_by") == "raw":
            destroyed = r.raw >= 2 * prot
            rule = "EMP-20 (a)"
        else:
            destroyed = past >= 2 * prot
            rule = "EMP-20 (b)"
        if destroyed:
            ctx.emit(ShieldStruck(unit=d.id, damage=r.raw, protection=prot, destroyed=True,
                                  rule=rule))
        elif past > 0:
            ctx.emit(ShieldStruck(unit=d.id, damage=r.raw, protection=prot))
    amount = r.damage + r.venom
    if amount > 0:
        take(ctx, s.target, amount, "missile" if s.missile else "melee")


def take(ctx: Context, target_id: str, amount: int, source: str) -> None:
    t = emp(ctx.state, target_id)
    ctx.emit(UnitDamaged(unit=t.id, amount=amount, hp_after=t.hp - amount, source=source))
    settle(ctx, t.id)


def condition_for(state: Battle, u: EmpUnit) -> tuple[str, str, str, str]:
    """(status, condition, reason, rule) that the unit's hit points call for (EMP-54)."""
    if u.status == DEAD:
        return DEAD, "dead", "", ""
    if u.hp <= cfg(state, "dead_at"):
        return DEAD, "dead", f"{u.hp} HP: −8 or below is death", "EMP-54"
    if u.fort_failures >= cfg(state, "fortitude_failures_to_die"):
        return DEAD, "dead", "three failed Fortitude saves", "EMP-54"
    if u.hp <= cfg(state, "critical_at"):
        return DOWN, "critical", f"{u.hp} HP: a Fortitude save every round", "EMP-54"
    if u.hp <= cfg(state, "incapacitated_at"):
        return DOWN, "incapacitated", f"{u.hp} HP: seriously wounded", "EMP-54"
    return ACTIVE, "", "", ""


def settle(ctx: Context, unit_id: str) -> None:
    u = emp(ctx.state, unit_id)
    status, condition, reason, rule = condition_for(ctx.state, u)
    if (status, condition) != (u.status, u.condition):
        ctx.emit(UnitStatusChanged(unit=unit_id, status=status, condition=condition,
                                   reason=reason, rule=rule))
    if status != ACTIVE:
        let_go(ctx, unit_id, "he fell")


def let_go(ctx: Context, unit_id: str, why: str) -> None:
    """A grappler who falls or walks off lets go (R-EMP-GRAPPLE-MOVE); a fallen swallower
    gives up whoever is inside (EMP-81)."""
    state = ctx.state
    for o in state.units:
        e = is_emp(o)
        if unit_id in e.grappled_by:
            ctx.emit(GrappleBroken(unit=e.id, holders=(unit_id,), reason=f"{unit_id} let go: "
                                   f"{why}", rule="R-EMP-GRAPPLE-MOVE"))
        if e.swallowed_by == unit_id:
            spot = free_hex_near(ctx.state, unit_id)
            if spot is not None:
                ctx.emit(Released(unit=e.id, to_hex=hx(spot), reason=f"{unit_id} is down"))


def free_hex_near(state: Battle, unit_id: str) -> Hex | None:
    """The nearest empty, passable hex to a unit (where a swallowed man comes out)."""
    u = state.unit(unit_id)
    if u.pos is None:
        return None
    for r in range(0, 4):
        for h in spiral(u.pos, r):
            if h.distance(u.pos) == r and state.board.passable(h) and state.unit_at(h) is None:
                return h
    return None
