"""Hit Class, Armor Class and what stops a blow (§3.2.1, §3.3).

Empress splits defence in two numbers: the HC (hard to hit at all: 11 + Agility modifier,
the shield, stances …) and, for anyone with armour or a shield, the AC = HC + total
Coverage.  An attack total below HC misses, from HC to AC − 1 is a protected hit (reduced
by the intercepting Protection), AC or more a direct hit (EMP-48).

Every part of HC and Coverage is returned as a `Modifier` naming its clause, so the odds
panel and the log can show the defence piece by piece (EX-EMP-01: HC 12 + 1 shield = 13;
Coverage 4 + 1 = 5 → AC 18 against melee, 4 + 2 = 6 → AC 19 against missiles).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.events import Modifier
from rules.hexgrid import Hex
from rules.positioning import arc, in_line
from rules.state import Battle
from rules.systems.empress.units import (
    EmpUnit,
    am,
    cfg,
    dual_perk,
    is_emp,
    min_toughness,
    mod,
    pm,
    size_class,
    tables,
    weapon_of,
)


def shield_in_use(state: Battle, d: EmpUnit, from_hex: Hex | None) -> bool:
    """EMP-21 (a): a shield counts only against blows from the arcs it is wielded toward
    (`config.shield_arcs`, the front by default)."""
    if not d.shield or d.pos is None:
        return False
    if from_hex is None or from_hex == d.pos:
        return True
    return arc(d, from_hex) in tuple(cfg(state, "shield_arcs"))


def shield_coverage(state: Battle, d: EmpUnit, missile: bool) -> int:
    """The shield's Coverage now: its size's value less the wear of EMP-19."""
    size = tables().shield_size(d.shield)
    base = size.coverage_missile if missile else size.coverage_melee
    return max(0, base - d.shield_wear)


def wall_role(state: Battle, d: EmpUnit) -> str:
    """EMP-22 (a): "end" or "middle" of a shield wall, or "" — a wall is a line of at least
    `config.shield_wall_min` fighting shield-bearers side by side, facing the same way."""
    if not d.shield or d.pos is None or not d.fighting:
        return ""

    def bearer(u: object) -> bool:
        e = is_emp(u)  # type: ignore[arg-type]
        return bool(e.shield) and e.fighting and e.side == d.side

    # Rank-mates stand on neighbouring hexes (`in_line`), so the wall is followed through
    # the state's index of who stands where, hex to hex, not by scanning every unit.
    where = state.where
    seen = {d.id}
    todo: list[EmpUnit] = [d]
    while todo:
        u = todo.pop()
        assert u.pos is not None
        for o in where.standing_around(u.pos):
            if o.id not in seen and bearer(o) and in_line(u, o):
                seen.add(o.id)
                todo.append(is_emp(o))
    if len(seen) < cfg(state, "shield_wall_min"):
        return ""
    mates = sum(1 for o in where.standing_around(d.pos) if o.id in seen and o.id != d.id
                and in_line(d, o))
    return "middle" if mates >= 2 else "end"


def unparryable_size(state: Battle, attacker: EmpUnit, d: EmpUnit) -> bool:
    """EMP-38: a foe two or more size classes larger strikes blows no one parries."""
    return size_class(attacker) - size_class(d) >= cfg(state, "unparryable_size_gap")


@dataclass(frozen=True, slots=True)
class Defence:
    """A defender's numbers against one attack."""

    hc: int
    hc_parts: tuple[Modifier, ...]
    ac: int  # 0: no AC (no armour and no shield in use): every hit is direct
    coverage_parts: tuple[Modifier, ...]
    complete: bool = False  # EMP-14: Coverage unimportant, every hit meets the armour
    enclosing: bool = False  # EMP-52: even a critical meets it
    shield_used: bool = False


def pure_defense_bonus(state: Battle, d: EmpUnit) -> int:
    """EMP-62 (a): the higher of AM and PM, at least +2."""
    return max(cfg(state, "pure_defense_min"), am(d), pm(d))


def stance_values(state: Battle, u: EmpUnit) -> tuple[int, int]:
    """(attack, HC) adjustments of the unit's stance (EMP-61): +1/−2, Warriors doubled."""
    step, cost = cfg(state, "stance_step"), cfg(state, "stance_cost")
    mult = cfg(state, "warrior_stance_multiplier")
    return {"attack": (step, -cost), "attack2": (step * mult, -cost * mult),
            "guard": (-cost, step), "guard2": (-cost * mult, step * mult)}.get(u.stance, (0, 0))


def defence(state: Battle, attacker: EmpUnit, d: EmpUnit, *, missile: bool,
            from_hex: Hex | None, thrusting: bool = False, unaware: bool = False,
            careless: bool = False, grapple: bool = False,
            unparryable: bool = False) -> Defence:
    """HC and AC of `d` against this attack, part by part.

    unaware: a missile at a target that does not see it loses Agility and shield HC (EMP-66).
    unparryable: the blow is one no one turns (EMP-38: the weapon is marked so), which takes
    the shield's HC away as a foe two sizes larger does.
    careless: EMP-86 (a): a base HC of 2 against a thoughtless blow at a helpless target.
    grapple: attacker and defender are locked together (EMP-80).
    """
    t = tables()
    parts: list[Modifier] = []
    shield = shield_in_use(state, d, from_hex)
    if careless:
        parts.append(Modifier(value=cfg(state, "careless_base_hc"),
                              reason="base HC 2: helpless, struck without thought",
                              rule="EMP-86 (a)"))
    else:
        parts.append(Modifier(value=cfg(state, "hc_base"), reason="base HC",
                              rule="R-EMP-HC"))
        if unaware:
            parts.append(Modifier(value=0, reason="unaware: no Agility to HC", rule="EMP-66"))
        else:
            parts.append(Modifier(value=mod(d, "agility"), reason=f"Agility {d.agility}",
                                  rule="EMP-12"))
        if d.shield and shield:
            size = t.shield_size(d.shield)
            if unaware:
                parts.append(Modifier(value=0, reason="unaware: no shield HC", rule="EMP-66"))
            elif not missile and unparryable_size(state, attacker, d):
                parts.append(Modifier(value=0, reason="no shield HC against a giant's blow",
                                      rule="EMP-38"))
            elif not missile and unparryable:
                parts.append(Modifier(value=0, reason="no shield HC against a blow no one "
                                      "parries", rule="EMP-38"))
            elif size.hc:
                parts.append(Modifier(value=size.hc, reason=size.name, rule="EMP-15"))
        elif d.shield:
            parts.append(Modifier(value=0, reason="shield not toward the attack",
                                  rule="EMP-21 (a)"))
        if d.weapon and d.toughness < min_toughness(state, d.weapon) and not missile:
            parts.append(Modifier(value=cfg(state, "min_toughness_hc"),
                                  reason=f"too weak to parry with the {weapon_of(d).name}",
                                  rule="EMP-25"))
        _, hc_stance = stance_values(state, d)
        if hc_stance:
            parts.append(Modifier(value=hc_stance, reason=f"{d.stance} stance", rule="EMP-61"))
        if d.stance == "pure_defense":
            parts.append(Modifier(value=pure_defense_bonus(state, d), reason="pure defence",
                                  rule="EMP-62 (a)"))
        if dual_perk(d) and d.dual_mode == "defense" and (not missile or (
                d.pos is not None and from_hex is not None and arc(d, from_hex) == "front")):
            parts.append(Modifier(value=cfg(state, "dual_defense_hc"),
                                  reason="two weapons used defensively", rule="EMP-43"))
        if d.shield and "sword_and_board" in d.perks and d.board_mode == "hc" and (
                not _specialised(d)):
            parts.append(Modifier(value=cfg(state, "board_bonus"),
                                  reason="sword-and-board to HC", rule="EMP-46"))
    hc = sum(m.value for m in parts)
    if not d.armour and not (d.shield and shield):
        return Defence(hc=hc, hc_parts=tuple(parts), ac=0, coverage_parts=())
    cov: list[Modifier] = []
    armour_cov = 0
    complete = enclosing = False
    reduce_total = cfg(state, "coverage_reduction_applies_to") == "total"
    cut = 0
    if thrusting:
        cut += cfg(state, "thrusting_coverage")
    if grapple:
        cut += cfg(state, "grapple_coverage")
    if d.armour:
        a = t.armours[d.armour]
        armour_cov = t.armour_coverage(d.armour)
        cov.append(Modifier(value=armour_cov, reason=a.name, rule="EMP-10"))
        complete = t.armour_complete(d.armour)
        enclosing = a.enclosing
        if cut and not reduce_total:
            lost = min(cut, armour_cov)
            if lost:
                cov.append(Modifier(value=-lost, reason=_cut_reason(thrusting, grapple),
                                    rule=_cut_rule(thrusting, grapple, "(b)")))
            armour_cov -= lost
    shield_cov = 0
    if d.shield and shield:
        shield_cov = shield_coverage(state, d, missile)
        size = t.shield_size(d.shield)
        worn = f", worn {d.shield_wear}" if d.shield_wear else ""
        cov.append(Modifier(value=shield_cov, reason=f"{size.name} vs "
                            f"{'missiles' if missile else 'melee'}{worn}", rule="EMP-13"))
        role = wall_role(state, d)
        if role:
            bonus = cfg(state, "shield_wall_middle" if role == "middle" else "shield_wall_end")
            cov.append(Modifier(value=bonus, reason=f"shield wall ({role})", rule="EMP-22 (a)"))
            shield_cov += bonus
    total = armour_cov + shield_cov
    if cut and reduce_total:
        lost = min(cut, total)
        if lost:
            cov.append(Modifier(value=-lost, reason=_cut_reason(thrusting, grapple),
                                rule=_cut_rule(thrusting, grapple, "(a)")))
        total -= lost
    if d.armour:
        cap = cfg(state, "coverage_cap")
        if cfg(state, "coverage_cap_reading") == "a" and armour_cov >= cap:
            capped = armour_cov
        else:
            capped = min(total, cap)
        if capped < total:
            cov.append(Modifier(value=capped - total, reason=f"Coverage capped at {cap}",
                                rule=f"EMP-16 ({cfg(state, 'coverage_cap_reading')})"))
            total = capped
    return Defence(hc=hc, hc_parts=tuple(parts), ac=hc + total, coverage_parts=tuple(cov),
                   complete=complete, enclosing=enclosing, shield_used=bool(d.shield and shield))


def _specialised(u: EmpUnit) -> bool:
    """EMP-46: a proficiency perk in the weapon in hand does not stack with sword-and-board."""
    return bool(u.weapon) and u.weapon in u.specialist


def _cut_reason(thrusting: bool, grapple: bool) -> str:
    return " and ".join(w for w, on in (("thrusting", thrusting), ("inside a grapple", grapple))
                        if on)


def _cut_rule(thrusting: bool, grapple: bool, reading: str) -> str:
    rules = [r for r, on in (("EMP-26", thrusting), ("EMP-80", grapple)) if on]
    return ", ".join(rules) + f" {reading}"


# --- protection ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Interceptor:
    """What a protected hit lands on, and how much it stops."""

    by: str  # "shield" or "armour"
    protection: int
    parts: tuple[Modifier, ...]


def interceptor(state: Battle, d: EmpUnit, *, missile: bool, shield: bool,
                penetrating: int) -> Interceptor | None:
    """EMP-17/18 (Table VII, R-EMP-TABLE-VII): which Protection reduces a protected hit."""
    t = tables()
    by = ""
    if shield and d.shield and d.armour:
        size = t.shields[d.shield].size
        limit = t.shield_hits("missile" if missile else "melee", size)
        by = "shield" if d.shield_blocks < limit else "armour"
        why = (f"Table VII: {d.shield_blocks} hit(s) on the shield this round, it takes "
               f"{limit}")
    elif shield and d.shield:
        by, why = "shield", "shield alone"
    elif d.armour:
        by, why = "armour", "armour"
    else:
        return None
    if by == "shield":
        value = t.shield_protection_of(d.shield)
        parts = [Modifier(value=value, reason=f"{t.shields[d.shield].name} ({why})",
                          rule="EMP-18" if d.armour else "EMP-17")]
    else:
        value = t.armour_protection_of(d.armour)
        parts = [Modifier(value=value, reason=f"{t.armours[d.armour].name} ({why})",
                          rule="EMP-18" if shield and d.shield else "EMP-49")]
    if penetrating:
        cut = min(penetrating, value)
        parts.append(Modifier(value=-cut, reason="penetrating" if penetrating == 1 else
                              f"penetrating+{penetrating}",
                              rule="EMP-27" if penetrating == 1 else "EMP-28"))
        value -= cut
    return Interceptor(by=by, protection=value, parts=tuple(parts))


def explosion_protection(state: Battle, d: EmpUnit) -> int:
    """EMP-23: against an explosion, armour Protection × current Coverage / 8, rounded
    (reading (a): half up; `config.explosion_rounding`).  EX-EMP-02: Coverage 4, Protection
    6 → 3."""
    if not d.armour:
        return 0
    t = tables()
    coverage = t.armour_coverage(d.armour)
    cap = cfg(state, "coverage_cap")
    num = t.armour_protection_of(d.armour) * min(coverage, cap)
    whole, rest = divmod(num, cap)
    if 2 * rest > cap or (2 * rest == cap and cfg(state, "explosion_rounding") == "half_up"):
        whole += 1
    return whole
