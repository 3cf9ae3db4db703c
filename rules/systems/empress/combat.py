"""Empress attacks: every modifier with its clause, read from the battle before any die is
thrown.

`situation(...)` reads the battle and writes down everything an attack depends on: the
attack modifiers (AM or PM, reach, parrying, holds, stances, maneuvers …), the defender's HC
and AC part by part (armour.py), what a protected hit lands on, the damage dice.  What it and
the dice come to is resolution.py's one pure function `resolve`, and odds.py runs that very
function under every roll (DESIGN.md, "one resolution function, two drivers").  `resolve` is
named here too because the tests read it from here.
"""

from __future__ import annotations

from rules.events import Modifier
from rules.hexgrid import Hex
from rules.positioning import engaged_with
from rules.state import Battle
from rules.systems.empress.armour import (
    Defence,
    defence,
    interceptor,
    shield_in_use,
    stance_values,
    wall_role,
)
from rules.systems.empress.reach import has_reach_advantage, parry_surface
from rules.systems.empress.resolution import Situation, resolve
from rules.systems.empress.units import (
    EmpUnit,
    am,
    cfg,
    dual_perk,
    emp,
    is_warrior,
    longsword_two_handed,
    min_toughness,
    mod,
    pm,
    tables,
)

EFFECTS = ("grapple", "escape", "disarm", "force_back", "trick", "hurl")
MANEUVERS = frozenset({*EFFECTS, "strike"})
APPROACHES = frozenset({"sneak", "ambush", "sucker_punch", "careless"})
ATTACK_OPTIONS = MANEUVERS | APPROACHES


# --- building a situation ------------------------------------------------------------------


def in_grapple_with(a: EmpUnit, b: EmpUnit) -> bool:
    return a.id in b.grappled_by or b.id in a.grappled_by


def grappling(u: EmpUnit, state: Battle) -> bool:
    """Is `u` part of any grapple (holding or held)?"""
    return bool(u.grappled_by) or any(u.id in getattr(o, "grappled_by", ())
                                      for o in state.units)


def unaware_target(state: Battle, a: EmpUnit, d: EmpUnit, missile: bool) -> bool:
    """EMP-66: a missile from an attacker the target does not see (a hidden shooter)."""
    return missile and a.hidden


def helpless(state: Battle, d: EmpUnit, attacker: str = "") -> bool:
    """EMP-85 / EMP-78 (R-EMP-HELPLESS): pinned, or set helpless (asleep, bound) and
    stationary and engaged in combat with nobody (the one now striking him aside)."""
    if d.pinned:
        return True
    return d.helpless and not any(e.id != attacker for e in engaged_with(state, d))


def well_armoured(d: EmpUnit, state: Battle) -> bool:
    return bool(d.armour) and tables().armour_coverage(d.armour) >= cfg(
        state, "well_armored_coverage")


def attack_weapon(a: EmpUnit, kind: str, weapon: str, options: tuple[str, ...]) -> str:
    """The weapon key an attack uses: "" means the hands (grapples, escapes, EMP-76/77)."""
    if "grapple" in options or "escape" in options:
        return ""
    if weapon == "unarmed":
        return ""
    if weapon:
        return weapon
    if kind == "missile":
        return a.missile
    return a.weapon


def situation(state: Battle, attacker_id: str, target_id: str, kind: str = "melee",
              weapon: str = "", options: tuple[str, ...] = (), *, from_hex: Hex | None = None,
              inside: bool = False, from_hold: bool = False, cleave: int = 0,
              unaware: bool = False, surprised: bool = False) -> Situation:
    """Read the battle into a Situation.

    kind: melee, missile, opportunity (retreat, moving past, reach), counter (EMP-05),
    trick (the trickster's opportunity attack, EMP-84).  inside: the pressed attack after a
    missed reach opportunity attack (EMP-33).  from_hold: he acts after holding (EMP-04).
    cleave: how many foes he has already felled this round (EMP-53).  unaware / surprised:
    the target was caught by a sneak (EMP-67) or a failed surprise save (EMP-65, EMP-68).
    """
    t = tables()
    a, d = emp(state, attacker_id), emp(state, target_id)
    from_hex = from_hex or a.pos
    key = attack_weapon(a, kind, weapon, options)
    w = t.weapon(key)
    missile = w.kind == "missile"
    melee = not missile
    mods: list[Modifier] = []
    notes: list[str] = []
    # EMP-47, EMP-73, EMP-25: AM, or PM in melee (always PM bare-handed).
    least = min_toughness(state, key) if key else 0
    short = max(0, least - a.toughness)
    am_value = am(a) - short if cfg(state, "min_toughness_applies_to") == "am" else am(a)
    pm_value = pm(a) - (short if cfg(state, "min_toughness_applies_to") == "both" else 0)
    if not key:
        mods.append(Modifier(value=pm(a), reason=f"PM (Toughness {a.toughness}), bare-handed",
                             rule="EMP-73"))
    elif melee and pm_value > am_value:
        mods.append(Modifier(value=pm(a), reason=f"PM (Toughness {a.toughness})",
                             rule="EMP-47"))
        if short and cfg(state, "min_toughness_applies_to") == "both":
            mods.append(Modifier(value=-short, reason=f"Toughness {a.toughness} below the "
                                 f"{w.name}'s {least}", rule="EMP-25 (b)"))
    else:
        mods.append(Modifier(value=am(a), reason=f"AM (Dexterity {a.dexterity})",
                             rule="EMP-47"))
        if short:
            mods.append(Modifier(value=-short, reason=f"Toughness {a.toughness} below the "
                                 f"{w.name}'s {least}", rule="EMP-25"))
    if a.shield and t.shield_size(a.shield).attack:
        mods.append(Modifier(value=t.shield_size(a.shield).attack, reason="large shield",
                             rule="EMP-15"))
    if wall_role(state, a) == "middle":
        mods.append(Modifier(value=cfg(state, "shield_wall_middle_attack"),
                             reason="middle of a shield wall", rule="EMP-22 (a)"))
    stance_attack, _ = stance_values(state, a)
    if stance_attack:
        mods.append(Modifier(value=stance_attack, reason=f"{a.stance} stance", rule="EMP-61"))
    # Holds (EMP-03..05).
    if d.holding:
        mods.append(Modifier(value=cfg(state, "hold_to_be_hit"),
                             reason=f"{d.id} is holding", rule="EMP-03"))
    if from_hold and not d.spent and kind not in ("opportunity", "counter", "trick"):
        mods.append(Modifier(value=cfg(state, "held_attack_bonus"),
                             reason=f"held action vs {d.id}, who has not acted",
                             rule="EMP-04"))
    if kind == "counter":
        mods.append(Modifier(value=cfg(state, "counter_bonus"), reason="hold for counter",
                             rule="EMP-05"))
    # Reach and parrying (EMP-31..40).
    if melee:
        if inside:
            mods.append(Modifier(value=cfg(state, "inside_bonus"),
                                 reason="got inside the longer reach", rule="EMP-33"))
        if d.id in a.reach_lost_vs:
            mods.append(Modifier(value=cfg(state, "inside_penalty"),
                                 reason=f"{d.id} is inside his reach", rule="EMP-34"))
        elif has_reach_advantage(state, a, d, key):
            mods.append(Modifier(value=cfg(state, "reach_bonus"), reason="reach advantage",
                                 rule="EMP-31"))
        if not ({"grapple", "escape", "trick"} & set(options)):
            can, why, rule = parry_surface(state, d, w, a)
            if not can:
                mods.append(Modifier(value=cfg(state, "cannot_parry_bonus"),
                                     reason=f"{d.id} cannot parry: {why}",
                                     rule=f"EMP-40, {rule}" if rule != "EMP-40" else rule))
    # Two weapons, sword-and-board, specialisation (EMP-41..46).
    specialised = bool(key) and key in a.specialist
    if specialised and dual_perk(a) and key in (a.weapon, a.offhand):
        # EMP-45: the perk is his specialisation in either weapon of the pair, whichever
        # way he uses it (+1 to hit offensively, +1 HC defensively): no second +1.
        specialised = False
        notes.append("Specialisation does not stack with the Dual Weapon perk (EMP-45).")
    damage2 = None
    if key and key == a.offhand and not dual_perk(a):
        mods.append(Modifier(value=cfg(state, "offhand_penalty"), reason="off-hand weapon",
                             rule="EMP-41"))
    if (dual_perk(a) and melee and key in (a.weapon, a.offhand) and a.dual_mode == "offense"
            and not set(options) & MANEUVERS):
        mods.append(Modifier(value=cfg(state, "dual_offense_bonus"),
                             reason="two weapons used offensively", rule="EMP-42"))
        other = a.offhand if key == a.weapon else a.weapon
        damage2 = t.weapon(other).damage
    if (a.shield and "sword_and_board" in a.perks and a.board_mode == "attack" and melee
            and key):
        if specialised:
            notes.append("Sword-and-board does not stack with his weapon proficiency (EMP-46).")
        else:
            mods.append(Modifier(value=cfg(state, "board_bonus"),
                                 reason="sword-and-board to attack", rule="EMP-46"))
    if specialised:
        mods.append(Modifier(value=cfg(state, "specialization_bonus"),
                             reason=f"{w.name} specialist", rule="R-EMP-SPECIALIZATION"))
    if cleave:
        per = cfg(state, "warrior_cleave_penalty" if is_warrior(a) else "cleave_penalty")
        cumulative = not is_warrior(a) or cfg(state, "warrior_cleave_cumulative")
        rule = "EMP-53" if not is_warrior(a) else "EMP-53 (a)" if cumulative else "EMP-53 (b)"
        mods.append(Modifier(value=per * cleave if cumulative else per,
                             reason=f"cleave, foe {cleave + 1} this round", rule=rule))
    # Special maneuvers (EMP-74..79).
    effects = [o for o in options if o in EFFECTS]
    grapple_pair = in_grapple_with(a, d)
    if len(effects) + ("strike" in options) >= 2:
        mods.append(Modifier(value=cfg(state, "combined_maneuver_penalty"),
                             reason="combined maneuver", rule="EMP-75"))
    elif effects == ["disarm"] and grapple_pair:
        mods.append(Modifier(value=0, reason="disarm inside a grapple: unpenalised",
                             rule="EMP-79"))
    elif effects and effects != ["hurl"]:
        mods.append(Modifier(value=cfg(state, "maneuver_penalty"),
                             reason=f"special maneuver ({effects[0].replace('_', ' ')})",
                             rule="EMP-74"))
    if kind == "trick":
        mods.append(Modifier(value=cfg(state, "trick_oa_penalty"),
                             reason="opportunity attack after a dirty trick", rule="EMP-84"))
    if grapple_pair:
        mods.append(Modifier(value=cfg(state, "grapple_partner_bonus"),
                             reason="striking the one he grapples with", rule="EMP-79"))
    elif grappling(a, state) and kind != "counter":
        mods.append(Modifier(value=cfg(state, "grapple_others_penalty"),
                             reason="striking out of a grapple", rule="EMP-79"))
    # Surprise and stealth (EMP-65..68).
    unaware_ranged = unaware_target(state, a, d, missile)
    caught = surprised or unaware or unaware_ranged or d.surprised
    multiplier = 1  # R-EMP-SNEAK: the damage roll is multiplied, then Protection comes off
    if caught and a.sneak_attack:
        mods.append(Modifier(value=a.stealth, reason=f"sneak attack (Stealth {a.stealth})",
                             rule="EMP-65"))
        multiplier = a.sneak_attack
        if multiplier > 1:
            notes.append(f"Sneak attack: damage ×{multiplier} (EMP-65).")
    defenceless = helpless(state, d, a.id)
    careless = "careless" in options and defenceless and well_armoured(d, state)
    auto_critical = melee and not careless and (unaware or defenceless)
    if auto_critical:
        why = "unaware" if unaware else "helpless"
        notes.append(f"{d.id} is {why}: an automatic critical hit "
                     f"({'EMP-67' if unaware else 'EMP-85'}).")
    if "hurl" in options:
        auto_critical = False
    thrusting, penetrating = w.thrusting, w.penetrating
    if key and w.longsword:
        if longsword_two_handed(a):
            thrusting = a.longsword_mode == "thrust"
            penetrating = 1 if a.longsword_mode == "power" else 0
            notes.append(f"Longsword two-handed, {a.longsword_mode} mode: "
                         f"{'Thrusting' if thrusting else 'Penetrating'} (EMP-30).")
        else:
            thrusting, penetrating = False, 0
            notes.append("Longsword one-handed: neither Thrusting nor Penetrating (EMP-30).")
    dfn: Defence = defence(state, a, d, missile=missile, from_hex=from_hex,
                           thrusting=thrusting, unaware=unaware_ranged, careless=careless,
                           grapple=grapple_pair, unparryable=melee and w.unparryable)
    shield = shield_in_use(state, d, from_hex)
    cept = interceptor(state, d, missile=missile, shield=shield, penetrating=penetrating)
    no_damage = bool(effects) and "strike" not in options and "hurl" not in options
    damage = w.damage
    if "hurl" in options:
        damage = cfg(state, "hurl_damage")
        notes.append(f"Hurled away: {damage} damage (EMP-81).")
    refl = sum(m.value for m in _save_mods(d, "agility"))
    fort = sum(m.value for m in _save_mods(d, "toughness"))
    crit_blocked = dfn.complete and cfg(state, "complete_armour_criticals") == "blocked"
    return Situation(
        kind=kind, attacker=a.id, target=d.id, weapon=w.name, weapon_key=key,
        missile=missile, modifiers=tuple(mods), hc=dfn.hc, hc_parts=dfn.hc_parts, ac=dfn.ac,
        coverage_parts=dfn.coverage_parts, complete=dfn.complete,
        enclosing=dfn.enclosing or crit_blocked, crit_margin=cfg(state, "critical_margin"),
        auto_hit=auto_critical or "hurl" in options, auto_critical=auto_critical,
        lands=careless,
        damage=damage, damage2=damage2, critical_damage=cfg(state, "critical_damage"),
        multiplier=multiplier, no_damage=no_damage,
        protection=cept.protection if cept else 0, intercepted_by=cept.by if cept else "",
        protection_parts=cept.parts if cept else (), penetrating=penetrating,
        venom=w.venom, venom_contact=w.venom_contact,
        contact_penetration=cfg(state, "contact_penetration"),
        critical_save_penalty=cfg(state, "critical_save_penalty"), blunt=w.damage_type == "blunt",
        target_hp=d.hp, reflexes=refl, fortitude=fort, save_target=cfg(state, "save_target"),
        options=options, notes=tuple(notes))


def _save_mods(u: EmpUnit, attribute: str) -> list[Modifier]:
    return [Modifier(value=mod(u, attribute) + u.save_bonus, reason=attribute, rule="")]


__all__ = ["APPROACHES", "ATTACK_OPTIONS", "EFFECTS", "MANEUVERS", "resolve", "situation"]
