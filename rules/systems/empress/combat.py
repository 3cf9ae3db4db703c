"""Empress attacks: every modifier with its clause, and one pure function that resolves them.

`situation(...)` reads the battle and writes down everything an attack depends on: the
attack modifiers (AM or PM, reach, parrying, holds, stances, maneuvers …), the defender's HC
and AC part by part (armour.py), what a protected hit lands on, the damage dice.
`resolve(situation, dice)` turns it and the dice into a result and nothing else, so `odds`
runs the very same function under every roll (DESIGN.md, "one resolution function, two
drivers").

The hit bands (EMP-48): total < HC miss; HC ≤ total < AC protected hit (damage less the
intercepting Protection, EMP-49); total ≥ AC direct hit.  A natural 20 always hits, a
natural 1 always misses; a natural 20 or HC + 10 is a critical hit: maximum damage (or a
second die, EMP-51) that ignores armour unless it is completely enclosing (EMP-50..52).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from rules.data import DiceExpr
from rules.dice import Dice, OutcomeCache
from rules.engine import AttackOdds
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
    weapon_of,
)

EFFECTS = ("grapple", "escape", "disarm", "force_back", "trick", "hurl")
MANEUVERS = frozenset({*EFFECTS, "strike"})
APPROACHES = frozenset({"sneak", "ambush", "sucker_punch", "careless"})
ATTACK_OPTIONS = MANEUVERS | APPROACHES


_FIST = DiceExpr(1, 2)


@dataclass(frozen=True, slots=True)
class Situation:
    """Everything one attack depends on, fixed before any die is thrown."""

    kind: str  # melee, missile, opportunity, counter, trick
    attacker: str
    target: str
    weapon: str  # the weapon's name, for the log
    weapon_key: str
    missile: bool
    modifiers: tuple[Modifier, ...]
    hc: int
    hc_parts: tuple[Modifier, ...]
    ac: int  # 0: no AC
    coverage_parts: tuple[Modifier, ...]
    complete: bool = False
    enclosing: bool = False
    crit_margin: int = 10
    auto_hit: bool = False
    auto_critical: bool = False
    lands: bool = False  # EMP-86: it hits whatever the roll, which decides band and critical
    damage: DiceExpr = _FIST
    damage2: DiceExpr | None = None  # EMP-42: a second weapon's damage, the higher is kept
    critical_damage: str = "max"  # EMP-51
    multiplier: int = 1  # EMP-65: sneak attack level
    no_damage: bool = False  # a special maneuver without a blow (EMP-74)
    protection: int = 0
    intercepted_by: str = ""  # shield / armour
    protection_parts: tuple[Modifier, ...] = ()
    penetrating: int = 0
    venom: DiceExpr | None = None
    venom_contact: str = "skin"
    contact_penetration: int = 3  # EMP-87
    critical_save_penalty: int = -4  # EMP-89
    blunt: bool = False
    target_hp: int = 0
    reflexes: int = 0  # the target's Reflexes save modifier (EMP-89)
    fortitude: int = 0  # and Fortitude (R-EMP-VENOM)
    save_target: int = 11
    options: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def total_modifier(self) -> int:
        return sum(m.value for m in self.modifiers)

    @property
    def melee(self) -> bool:
        return not self.missile


@dataclass(frozen=True, slots=True)
class Result:
    roll: int
    total: int
    hit: bool
    critical: bool = False
    band: str = "miss"  # miss, protected, direct
    damage_roll: int = 0
    raw: int = 0  # damage before Protection (after any multiplier)
    damage: int = 0
    intercepted: str = ""  # what took a protected hit: shield / armour
    contact: bool = False
    venom: int = 0
    notes: tuple[str, ...] = ()


def _damage(s: Situation, dice: Dice, critical: bool, expr: DiceExpr) -> int:
    if critical and s.critical_damage == "max":
        return expr.max()
    value = dice.sum(expr.count, expr.sides, "damage") + expr.bonus
    if critical:  # EMP-51, the other reading: a second damage die
        value += dice.sum(1, expr.sides, "critical die") if expr.count else 0
    return max(0, value)


def resolve(s: Situation, dice: Dice, contact: bool = True) -> Result:
    """The one resolution function: to-hit band, critical, damage, Protection, venom."""
    notes: list[str] = []
    if s.auto_hit:
        roll, total, hit, critical = 0, 0, True, s.auto_critical
    elif s.lands:
        roll = dice.d(20, "to hit")
        total = roll + s.total_modifier
        critical = roll == 20 or total >= s.hc + s.crit_margin
        notes.append("A helpless man is struck whatever the roll; against his base HC of "
                     f"{s.hc} it decides only the armour and the critical (EMP-86, "
                     "R-EMP-CARELESS).")
    else:
        roll = dice.d(20, "to hit")
        total = roll + s.total_modifier
        if roll == 1:
            return Result(roll, total, False, notes=("Natural 1: always a miss (EMP-50).",))
        hit = roll == 20 or total >= s.hc
        if not hit:
            return Result(roll, total, False)
        critical = roll == 20 or total >= s.hc + s.crit_margin
        if roll == 20 and total < s.hc:
            notes.append("Natural 20: always a hit (EMP-50).")
    if (critical and not s.enclosing) or s.ac == 0:
        band = "direct"
    elif s.complete or critical:
        band = "protected"
    else:
        band = "direct" if total >= s.ac else "protected"
    if s.no_damage:
        return Result(roll, total, True, critical, band, notes=tuple(notes))
    droll = _damage(s, dice, critical, s.damage)
    if s.damage2 is not None:
        other = _damage(s, dice, critical, s.damage2)
        if other > droll:
            notes.append(f"Off-hand damage {other} beats {droll}: the higher is kept (EMP-42).")
            droll = other
        else:
            notes.append(f"Off-hand damage {other}; the higher, {droll}, is kept (EMP-42).")
    raw = droll * s.multiplier
    intercepted = ""
    dealt = raw
    if band == "protected" and s.intercepted_by:
        dealt = max(0, raw - s.protection)
        intercepted = s.intercepted_by
    result = Result(roll, total, True, critical, band, droll, raw, dealt, intercepted,
                    notes=tuple(notes))
    if contact and s.venom is not None:
        result = _contact(s, dice, result)
    return result


def _contact(s: Situation, dice: Dice, r: Result) -> Result:
    """EMP-87..89 and R-EMP-VENOM: does the blow touch skin, and does the venom take?"""
    notes = list(r.notes)
    if s.venom_contact == "any":
        notes.append("Any hit will do for this venom (EMP-88).")
        return _venom(s, dice, r, notes)
    if s.venom_contact == "skin" and r.band == "protected" and r.intercepted:
        past = r.damage
        if s.blunt or past < s.contact_penetration:
            notes.append(f"The {r.intercepted} stops the venom: {past} past Protection "
                         "(EMP-87).")
            return replace(r, notes=tuple(notes))
    if s.target_hp - r.damage <= 0:
        notes.append("The blow wounds: the venom touches skin (EMP-89).")
    else:
        penalty = s.critical_save_penalty if r.critical else 0
        save = dice.d(20, "Reflexes save vs contact")
        total = save + s.reflexes + penalty
        if total >= s.save_target:
            notes.append(f"Reflexes save {save}{s.reflexes + penalty:+d} = {total} vs "
                         f"{s.save_target}: no contact (EMP-89).")
            return replace(r, notes=tuple(notes))
        notes.append(f"Reflexes save {save}{s.reflexes + penalty:+d} = {total} vs "
                     f"{s.save_target}: the venom touches skin (EMP-89).")
    return _venom(s, dice, r, notes)


def _venom(s: Situation, dice: Dice, r: Result, notes: list[str]) -> Result:
    assert s.venom is not None
    fort = dice.d(20, "Fortitude save vs venom")
    ftotal = fort + s.fortitude
    if ftotal >= s.save_target:
        notes.append(f"Fortitude save {fort}{s.fortitude:+d} = {ftotal}: the venom is "
                     "resisted (R-EMP-VENOM).")
        return replace(r, contact=True, notes=tuple(notes))
    venom = max(0, dice.sum(s.venom.count, s.venom.sides, "venom") + s.venom.bonus)
    notes.append(f"Fortitude save {fort}{s.fortitude:+d} = {ftotal}: the venom does "
                 f"{venom} more ({s.venom}) (R-EMP-VENOM).")
    return replace(r, contact=True, venom=venom, notes=tuple(notes))


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


def public_notes(s: Situation) -> tuple[str, ...]:
    return s.notes


# --- odds ----------------------------------------------------------------------------------


def odds_of(state: Battle, s: Situation) -> AttackOdds:
    """Exact odds of `s` by running `resolve` under every roll (the second driver)."""
    dist = _distribution(s)
    hit = Fraction(0)
    damage: dict[int, Fraction] = {}
    kill = Fraction(0)
    hp = state.unit(s.target).hp
    for r, p in dist.items():
        if r.hit:
            hit += p
        damage[r.damage] = damage.get(r.damage, Fraction(0)) + p
        if r.hit and not s.no_damage and hp - r.damage <= cfg(state, "incapacitated_at"):
            kill += p
    notes = (*describe_bands(s), *describe_defence(s), *public_notes(s))
    if s.venom is not None:
        notes = (*notes, "Venom is not included in these odds (EMP-87..89).")
    # As Fallen Empire does for AC: the defender's HC beyond its base is shown as to-hit
    # modifiers of the opposite sign, so "needs <base> on d20 before modifiers" holds.
    base, *rest = s.hc_parts
    every = (*s.modifiers, *(m.model_copy(update={"value": -m.value,
                                                  "reason": f"{s.target}'s HC: {m.reason}"})
                             for m in rest))
    return AttackOdds(hit=hit, damage=dict(sorted(damage.items())), kill=kill,
                      modifiers=tuple(every), needed=base.value, notes=notes)


def describe_defence(s: Situation) -> tuple[str, ...]:
    """AC and Protection in words, each part with its clause (for the odds panel)."""
    out = []
    if s.ac:
        parts = ", ".join(f"{m.reason} {m.value:+d} ({m.rule})" for m in s.coverage_parts)
        out.append(f"AC {s.ac} = HC {s.hc} + Coverage: {parts}.")
    if s.intercepted_by:
        parts = ", ".join(f"{m.reason} {m.value:+d} ({m.rule})" for m in s.protection_parts)
        out.append(f"A protected hit meets the {s.intercepted_by}: Protection {s.protection} "
                   f"({parts}).")
    return tuple(out)


def describe_bands(s: Situation) -> tuple[str, ...]:
    """The hit bands in words (EMP-48/50), as EX-EMP-01 states them."""
    if s.auto_hit:
        return ("Automatic hit" + (", critical" if s.auto_critical else "") + ".",)
    mod_total = s.total_modifier
    crit = s.hc + s.crit_margin
    if s.lands:
        armour = ("every hit below a critical is protected (EMP-14 (a))" if s.complete else
                  f"totals below {s.ac} are protected hits, {s.ac}+ direct")
        text = (f"The blow lands whatever the roll; against base HC {s.hc}, {armour}, {crit}+ "
                "or a natural 20 critical (EMP-86, R-EMP-CARELESS).")
    elif s.ac:
        if s.complete:
            text = (f"HC {s.hc}, complete armour: every hit below a critical is protected "
                    f"(EMP-14 (a)); critical at {crit}+ or a natural 20.")
        else:
            text = (f"HC {s.hc}, AC {s.ac}: totals below {s.hc} miss, {s.hc}–{s.ac - 1} are "
                    f"protected hits, {s.ac}+ direct hits, {crit}+ or a natural 20 critical "
                    "(EMP-48, EMP-50).")
    else:
        text = (f"HC {s.hc}, no armour: {s.hc}+ is a direct hit, {crit}+ or a natural 20 a "
                "critical (EMP-48, EMP-50).")
    return (text, f"Attack modifiers total {mod_total:+d}.")


_ODDS: OutcomeCache[Situation, Result] = OutcomeCache()


def _distribution(s: Situation) -> dict[Result, Fraction]:
    return _ODDS.get(s, lambda dice: _strip(resolve(s, dice, contact=False)))


def _strip(r: Result) -> Result:
    return Result(0, 0, r.hit, r.critical, r.band, 0, 0, r.damage)


__all__ = ["ATTACK_OPTIONS", "EFFECTS", "Result", "Situation", "odds_of", "resolve",
           "situation", "weapon_of"]
