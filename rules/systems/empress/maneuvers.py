"""Special maneuvers (§3.10): what happens after a maneuver's attack roll hits.

EMP-74: the target usually saves (−4 if the attack was a critical); a hit and a failed save
make the declared effect happen.  R-EMP-MANEUVER-SAVES: forcing back is resisted with
Fortitude, disarming with Reflexes, a grapple with Reflexes adjusted by the difference of
the Toughness modifiers (EMP-76), an escape by the holder's Reflexes the same way, a dirty
trick with Wits (+2 if he suspects a trick, +4 if this trickster's, EMP-83).

Grapples (EMP-76..82): a held man cannot move and strikes only his holder with very short
weapons (EMP-77); three holds without an escape, or a save failed by 10, pin him (EMP-78);
a giant two sizes larger pins outright, and a swallower swallows (EMP-81).
"""

from __future__ import annotations

from rules.engine import Context
from rules.events import Modifier, hx
from rules.hexgrid import Hex
from rules.state import Battle
from rules.systems.empress.combat import EFFECTS
from rules.systems.empress.condition_events import Surprised
from rules.systems.empress.maneuver_events import (
    Disarmed,
    ForcedBack,
    GrappleBroken,
    Grappled,
    SwallowArmed,
    TrickTried,
)
from rules.systems.empress.move_events import ReactionOffered
from rules.systems.empress.opportunity import can_oa
from rules.systems.empress.resolution import Result, Situation
from rules.systems.empress.saves import roll_save
from rules.systems.empress.units import EmpUnit, cfg, emp, mod, size_class, tables


def oversized(state: Battle, attacker: EmpUnit, target: EmpUnit) -> bool:
    """EMP-82: grappling a foe two or more sizes larger is doomed to failure."""
    return size_class(target) - size_class(attacker) >= cfg(state, "oversized_grapple_gap")


def giant_grapple(state: Battle, attacker: EmpUnit, target: EmpUnit) -> bool:
    """EMP-81: a grappler two or more sizes larger pins utterly (R-EMP-GIANT)."""
    return size_class(attacker) - size_class(target) >= cfg(state, "giant_grapple_size_gap")


def _crit(state: Battle, r: Result) -> tuple[Modifier, ...]:
    if not r.critical:
        return ()
    return (Modifier(value=cfg(state, "critical_save_penalty"), reason="the attack was a "
                     "critical", rule="EMP-74"),)


def _toughness_gap(saver: EmpUnit, other: EmpUnit) -> tuple[Modifier, ...]:
    gap = mod(saver, "toughness") - mod(other, "toughness")
    return (Modifier(value=gap, reason=f"Toughness modifiers {mod(saver, 'toughness'):+d} vs "
                     f"{mod(other, 'toughness'):+d}", rule="EMP-76"),)


def apply_effects(ctx: Context, s: Situation, r: Result) -> None:
    """Each declared effect of a maneuver that hit, in the order named."""
    if not r.hit:
        return
    for effect in [o for o in s.options if o in EFFECTS]:
        a, d = emp(ctx.state, s.attacker), emp(ctx.state, s.target)
        if not d.fighting and effect != "hurl":
            return
        {"grapple": _grapple, "escape": _escape, "disarm": _disarm,
         "force_back": _force_back, "trick": _trick, "hurl": _hurl}[effect](ctx, s, r, a, d)


def _grapple(ctx: Context, s: Situation, r: Result, a: EmpUnit, d: EmpUnit) -> None:
    state = ctx.state
    save = roll_save(ctx, d, "reflexes", (*_toughness_gap(d, a), *_crit(state, r)),
                     purpose="to avoid the hold", rule="EMP-76")
    if save:
        return
    count = d.grapple_count + 1
    if a.swallows and size_class(a) > size_class(d):
        ctx.emit(Grappled(attacker=a.id, defender=d.id, count=count, swallowed=True,
                          rule="EMP-81, R-EMP-SWALLOW"))
        inside = emp(ctx.state, d.id)
        blade = any(w and tables().weapon(w).short_stab and tables().weapon(w).damage_type
                    == "piercing" for w in (inside.weapon, inside.offhand))
        if blade:
            ok = roll_save(ctx, inside, "reflexes", purpose="to keep a blade free inside",
                           rule="EMP-81")
            ctx.emit(SwallowArmed(unit=d.id, armed=bool(ok)))
        return
    if giant_grapple(state, a, d):
        ctx.emit(Grappled(attacker=a.id, defender=d.id, count=count, pinned=True,
                          reason="utterly pinned by a giant", rule="EMP-81"))
    elif save.critical_failure:
        ctx.emit(Grappled(attacker=a.id, defender=d.id, count=count, pinned=True,
                          reason="the save failed by 10 or more", rule="EMP-78"))
    elif count >= cfg(state, "grapple_pin_count"):
        ctx.emit(Grappled(attacker=a.id, defender=d.id, count=count, pinned=True,
                          reason=f"{count} holds without an escape", rule="EMP-78"))
    else:
        ctx.emit(Grappled(attacker=a.id, defender=d.id, count=count))


def _escape(ctx: Context, s: Situation, r: Result, a: EmpUnit, d: EmpUnit) -> None:
    """EMP-77: an escape is an unarmed special maneuver against the holder."""
    save = roll_save(ctx, d, "reflexes", (*_toughness_gap(d, a), *_crit(ctx.state, r)),
                     purpose="to keep his hold", rule="EMP-77, R-EMP-MANEUVER-SAVES")
    if not save:
        ctx.emit(GrappleBroken(unit=a.id, holders=(d.id,), escaped=True,
                               reason="he escapes the hold", rule="EMP-77"))


def _disarm(ctx: Context, s: Situation, r: Result, a: EmpUnit, d: EmpUnit) -> None:
    if not d.weapon:
        return
    save = roll_save(ctx, d, "reflexes", _crit(ctx.state, r), purpose="to keep his weapon",
                     rule="EMP-74, R-EMP-MANEUVER-SAVES")
    if not save:
        now = d.offhand
        ctx.emit(Disarmed(unit=d.id, weapon=d.weapon, now=now,
                          reach_ft=tables().weapon(now).reach_ft))


def push_hex(state: Battle, a: EmpUnit, d: EmpUnit, distance: int = 1) -> Hex | None:
    """Where a push straight away from `a` lands `d` (as far as `distance`, stopping at the
    first hex it cannot enter)."""
    if a.pos is None or d.pos is None:
        return None
    direction = a.pos.direction_to(d.pos)
    if direction is None:
        from rules.positioning import facing_toward

        direction = facing_toward(a.pos, d.pos)
    spot, land = d.pos, None
    for _ in range(distance):
        spot = spot.neighbor(direction)
        if not state.board.passable(spot) or state.unit_at(spot) is not None:
            break
        land = spot
    return land


def _force_back(ctx: Context, s: Situation, r: Result, a: EmpUnit, d: EmpUnit) -> None:
    save = roll_save(ctx, d, "fortitude", _crit(ctx.state, r), purpose="to stand his ground",
                     rule="EMP-74, R-EMP-MANEUVER-SAVES")
    if save:
        return
    land = push_hex(ctx.state, a, d)
    if land is not None and d.pos is not None:
        ctx.emit(ForcedBack(unit=d.id, by=a.id, from_hex=hx(d.pos), to_hex=hx(land)))
        loose = tuple(h for h in d.grappled_by
                      if (p := ctx.state.unit(h).pos) is None or p.distance(land) > 1)
        if loose:
            ctx.emit(GrappleBroken(unit=d.id, holders=loose, reason="forced out of the hold",
                                   rule="R-EMP-GRAPPLE-MOVE"))


def suspicion(state: Battle, a: EmpUnit, d: EmpUnit) -> tuple[Modifier, ...]:
    """EMP-83 (R-EMP-SUSPICION): +4 if this trickster has tried a trick on him before, +2 if
    anyone has."""
    if a.id in d.tricked_by:
        return (Modifier(value=cfg(state, "trick_known_bonus"), reason=f"knows {a.id}'s tricks",
                         rule="EMP-83"),)
    if d.tricked_by:
        return (Modifier(value=cfg(state, "trick_suspect_bonus"), reason="suspects a trick",
                         rule="EMP-83"),)
    return ()


def _trick(ctx: Context, s: Situation, r: Result, a: EmpUnit, d: EmpUnit) -> None:
    save = roll_save(ctx, d, "wits", (*suspicion(ctx.state, a, d), *_crit(ctx.state, r)),
                     purpose="to see through the trick", rule="EMP-83")
    ctx.emit(TrickTried(unit=d.id, by=a.id))
    if save:
        return
    ctx.emit(Surprised(unit=d.id, until="turn", reason=f"{a.id}'s dirty trick: he cannot "
                       "attack until he would next act, and loses that action", rule="EMP-84"))
    a2, d2 = emp(ctx.state, a.id), emp(ctx.state, d.id)
    if can_oa(ctx.state, a2, d2, "trick") and d2.fighting:
        ctx.emit(ReactionOffered(reactor=a.id, mover=d.id, trigger="trick", side=a.side))


def _hurl(ctx: Context, s: Situation, r: Result, a: EmpUnit, d: EmpUnit) -> None:
    """EMP-81: the giant hurls his pinned victim away (the damage was the attack's)."""
    land = push_hex(ctx.state, a, d, distance=2)
    ctx.emit(GrappleBroken(unit=d.id, holders=(a.id,), reason="hurled away", rule="EMP-81"))
    if land is not None and d.pos is not None and emp(ctx.state, d.id).pos is not None:
        ctx.emit(ForcedBack(unit=d.id, by=a.id, from_hex=hx(d.pos), to_hex=hx(land)))
