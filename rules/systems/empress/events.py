"""Empress's own events (beyond the flow events of frames.py) and how each changes a battle.

Every roll a GM would call out is an event with its modifiers and clause, so the log can
narrate an exchange step by step: the attack with its HC and AC part by part, a save, a
shield losing Coverage, a grapple tightening.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from rules.events import AttackRolled, Event, HexT, Modifier, UnitDamaged, evolver, unhx
from rules.state import Battle
from rules.systems.empress.units import RULESET, is_emp


def _mods(mods: tuple[Modifier, ...]) -> str:
    return "".join(f" {m.value:+d} {m.reason} ({m.rule})" for m in mods)


class EmpAttackRolled(AttackRolled):
    """One Empress attack, explained: the roll and its modifiers, the defender's HC and AC
    part by part, the band it fell in (EMP-48), the damage and what stopped some of it."""

    type: Literal["emp_attack_rolled"] = "emp_attack_rolled"  # type: ignore[assignment]
    total: int = 0
    hc_modifiers: tuple[Modifier, ...] = ()
    ac: int = 0
    coverage_modifiers: tuple[Modifier, ...] = ()
    band: str = "miss"  # miss, protected, direct
    critical: bool = False
    intercepted: str = ""  # shield / armour
    protection: int = 0
    protection_modifiers: tuple[Modifier, ...] = ()
    raw: int = 0
    venom: int = 0
    options: tuple[str, ...] = ()

    def narrate(self) -> str:
        what = f" ({', '.join(o.replace('_', ' ') for o in self.options)})" if (
            self.options) else ""
        head = f"{self.attacker} {self.kind} attack{what} on {self.target} with {self.weapon}: "
        if self.roll == 0:
            head += "no roll needed"
        else:
            head += f"d20 {self.roll}{_mods(self.modifiers)} = {self.total}"
        hc = f"HC {self.needed} ={_mods(self.hc_modifiers)}"
        ac = (f"; AC {self.ac} = HC + Coverage{_mods(self.coverage_modifiers)}" if self.ac
              else "; no AC")
        defence = f" vs {hc}{ac}"
        if not self.hit:
            return head + defence + " — miss." + "".join(f" {n}" for n in self.notes)
        crit = " critical" if self.critical else ""
        band = {"protected": f"protected hit{crit} (EMP-48)",
                "direct": f"direct{crit} hit (EMP-48"
                          + (", EMP-52: a critical ignores armour)" if self.critical else ")")
                }.get(self.band, "hit")
        tail = ""
        if self.damage_dice:
            tail = f": {self.damage_dice} rolls {self.damage_roll}"
            if self.raw != self.damage_roll:
                tail += f", ×{self.raw // max(1, self.damage_roll)} = {self.raw}" if (
                    self.damage_roll) else f" = {self.raw}"
            if self.intercepted:
                tail += (f", less {self.protection} Protection"
                         f"{_mods(self.protection_modifiers)}")
            tail += f" → {self.damage} damage"
            if self.venom:
                tail += f" and {self.venom} from venom"
        return (head + defence + f" — {band}{tail}." + "".join(f" {n}" for n in self.notes))


@evolver(EmpAttackRolled)
def _attack(state: Battle, e: EmpAttackRolled) -> Battle:
    """An attack reveals a hidden attacker (R-EMP-HIDDEN), wakes a sleeping target, puts both
    in the fight (R-EMP-SUCKER-PUNCH) and counts a hit the shield took (Table VII)."""
    a = is_emp(state.unit(e.attacker))
    state = state.with_unit(replace(a, hidden=False, in_fight=True))
    d = is_emp(state.unit(e.target))
    blocks = d.shield_blocks + (1 if e.intercepted == "shield" else 0)
    return state.with_unit(replace(d, in_fight=True, helpless=False, shield_blocks=blocks))


@evolver(UnitDamaged, ruleset=RULESET)
def _damaged(state: Battle, e: UnitDamaged) -> Battle:
    return state.update_unit(e.unit, hp=e.hp_after)


class SaveRolled(Event):
    """A saving throw: d20 + the attribute's Table II modifier + situation ≥ the target
    (R-EMP-SAVES); failing by 10 or more is a critical failure (EMP-78)."""

    type: Literal["emp_save"] = "emp_save"
    unit: str
    save: str  # fortitude, reflexes, wits, will, mind
    roll: int
    modifiers: tuple[Modifier, ...] = ()
    target: int
    success: bool
    critical_failure: bool = False
    purpose: str = ""
    rule: str = ""

    def narrate(self) -> str:
        total = self.roll + sum(m.value for m in self.modifiers)
        verdict = "saves" if self.success else (
            "fails critically (by 10 or more)" if self.critical_failure else "fails")
        why = f" {self.purpose}" if self.purpose else ""
        return (f"{self.unit} saves vs {self.save.capitalize()}{why}: d20 {self.roll}"
                f"{_mods(self.modifiers)} = {total} vs {self.target} — {verdict}"
                + (f" ({self.rule})." if self.rule else "."))


@evolver(SaveRolled)
def _save(state: Battle, e: SaveRolled) -> Battle:
    return state


class SkillRolled(Event):
    """A Stealth or Deception roll: 1d6, success at or under the skill (R-EMP-SKILLS)."""

    type: Literal["emp_skill"] = "emp_skill"
    unit: str
    skill: str
    roll: int
    rating: int
    success: bool
    purpose: str = ""
    rule: str = ""

    def narrate(self) -> str:
        return (f"{self.unit} rolls {self.skill} {self.purpose}: d6 {self.roll} vs "
                f"{self.rating}-in-6 — {'success' if self.success else 'failure'} "
                f"({self.rule}).")


@evolver(SkillRolled)
def _skill(state: Battle, e: SkillRolled) -> Battle:
    return state


class ShieldStruck(Event):
    """EMP-19 / EMP-20: a blow the shield took got past its Protection: −1 Coverage; twice
    its Protection destroys it."""

    type: Literal["emp_shield_struck"] = "emp_shield_struck"
    unit: str
    damage: int
    protection: int
    destroyed: bool = False
    rule: str = "EMP-19"

    def narrate(self) -> str:
        if self.destroyed:
            return (f"{self.unit}'s shield is destroyed: {self.damage} against Protection "
                    f"{self.protection} ({self.rule}).")
        return (f"{self.unit}'s shield loses 1 Coverage: {self.damage} got past its Protection "
                f"{self.protection} ({self.rule}).")


@evolver(ShieldStruck)
def _shield(state: Battle, e: ShieldStruck) -> Battle:
    u = is_emp(state.unit(e.unit))
    if e.destroyed:
        return state.with_unit(replace(u, shield="", shield_wear=0))
    return state.with_unit(replace(u, shield_wear=u.shield_wear + 1))


class ReachLost(Event):
    type: Literal["emp_reach_lost"] = "emp_reach_lost"
    unit: str
    vs: str

    def narrate(self) -> str:
        return (f"{self.vs} is inside {self.unit}'s reach: the reach advantage is lost, and "
                f"{self.unit} strikes him at −2 until a blow lands (EMP-33, EMP-34).")


@evolver(ReachLost)
def _reach_lost(state: Battle, e: ReachLost) -> Battle:
    u = is_emp(state.unit(e.unit))
    if e.vs in u.reach_lost_vs:
        return state
    return state.with_unit(replace(u, reach_lost_vs=(*u.reach_lost_vs, e.vs)))


class ReachRegained(Event):
    type: Literal["emp_reach_regained"] = "emp_reach_regained"
    unit: str
    vs: str
    reason: str
    rule: str

    def narrate(self) -> str:
        return (f"{self.unit} regains his reach advantage over {self.vs}: {self.reason} "
                f"({self.rule}).")


@evolver(ReachRegained)
def _reach_regained(state: Battle, e: ReachRegained) -> Battle:
    u = is_emp(state.unit(e.unit))
    return state.with_unit(replace(u, reach_lost_vs=tuple(x for x in u.reach_lost_vs
                                                          if x != e.vs)))


class Surprised(Event):
    """The character is surprised: he cannot attack or act (EMP-63, EMP-68, EMP-70), or
    until he would next act, losing that action (a dirty trick, EMP-84)."""

    type: Literal["emp_surprised"] = "emp_surprised"
    unit: str
    until: str = "round"  # round / turn; "" ends it
    reason: str = ""
    rule: str = ""

    def narrate(self) -> str:
        if not self.until:
            return f"{self.unit} is no longer surprised: {self.reason} ({self.rule})."
        return f"{self.unit} is surprised: {self.reason} ({self.rule})."


@evolver(Surprised)
def _surprised(state: Battle, e: Surprised) -> Battle:
    return state.update_unit(e.unit, surprised=e.until)


class HiddenChanged(Event):
    type: Literal["emp_hidden"] = "emp_hidden"
    unit: str
    hidden: bool
    reason: str = ""
    rule: str = ""

    def narrate(self) -> str:
        state = "is hidden" if self.hidden else "is seen"
        return f"{self.unit} {state}: {self.reason} ({self.rule})."


@evolver(HiddenChanged)
def _hidden(state: Battle, e: HiddenChanged) -> Battle:
    return state.update_unit(e.unit, hidden=e.hidden)


class Grappled(Event):
    """EMP-76..78, EMP-81: the defender is held (and maybe pinned, or swallowed)."""

    type: Literal["emp_grappled"] = "emp_grappled"
    attacker: str
    defender: str
    count: int
    pinned: bool = False
    swallowed: bool = False
    reason: str = ""
    rule: str = "EMP-76"

    def narrate(self) -> str:
        if self.swallowed:
            return f"{self.attacker} swallows {self.defender} whole ({self.rule})."
        head = f"{self.defender} is grappled by {self.attacker} (hold {self.count})"
        if self.pinned:
            return head + f" and pinned: helpless ({self.reason}; {self.rule})."
        return head + f": he cannot move ({self.rule}, EMP-77)."


@evolver(Grappled)
def _grappled(state: Battle, e: Grappled) -> Battle:
    d = is_emp(state.unit(e.defender))
    holders = d.grappled_by if e.attacker in d.grappled_by else (*d.grappled_by, e.attacker)
    d = replace(d, grappled_by=holders, grapple_count=e.count, pinned=d.pinned or e.pinned)
    if e.swallowed:
        d = replace(d, swallowed_by=e.attacker, pos=None, grappled_by=(), pinned=False,
                    hidden=False)
    return state.with_unit(d)


class GrappleBroken(Event):
    """Holds on `unit` end: he escaped (EMP-77/78), was hurled (EMP-81), or a grappler let go
    by moving away or falling (R-EMP-GRAPPLE-MOVE)."""

    type: Literal["emp_grapple_broken"] = "emp_grapple_broken"
    unit: str
    holders: tuple[str, ...]
    escaped: bool = False
    reason: str = ""
    rule: str = ""

    def narrate(self) -> str:
        return (f"{self.unit} is free of {', '.join(self.holders)}: {self.reason} "
                f"({self.rule}).")


@evolver(GrappleBroken)
def _broken(state: Battle, e: GrappleBroken) -> Battle:
    u = is_emp(state.unit(e.unit))
    left = tuple(h for h in u.grappled_by if h not in e.holders)
    count = 0 if e.escaped or not left else u.grapple_count
    return state.with_unit(replace(u, grappled_by=left, grapple_count=count,
                                   pinned=u.pinned and bool(left) and not e.escaped))


class Disarmed(Event):
    type: Literal["emp_disarmed"] = "emp_disarmed"
    unit: str
    weapon: str
    now: str = ""  # what he fights with now ("" = bare hands)
    reach_ft: int = 2

    def narrate(self) -> str:
        now = self.now.replace("_", " ") if self.now else "bare hands"
        return f"{self.unit} is disarmed: his {self.weapon.replace('_', ' ')} falls; he fights " \
               f"on with {now} (EMP-74)."


@evolver(Disarmed)
def _disarmed(state: Battle, e: Disarmed) -> Battle:
    u = is_emp(state.unit(e.unit))
    if u.weapon == e.weapon:
        u = replace(u, weapon=e.now, offhand="" if e.now == u.offhand else u.offhand)
    elif u.offhand == e.weapon:
        u = replace(u, offhand="")
    return state.with_unit(replace(u, reach_ft=e.reach_ft))


class ForcedBack(Event):
    type: Literal["emp_forced_back"] = "emp_forced_back"
    unit: str
    by: str
    from_hex: HexT
    to_hex: HexT

    def narrate(self) -> str:
        return f"{self.by} forces {self.unit} back a step (EMP-74)."


@evolver(ForcedBack)
def _forced(state: Battle, e: ForcedBack) -> Battle:
    return state.update_unit(e.unit, pos=unhx(e.to_hex))


class TrickTried(Event):
    """EMP-83: a dirty trick was tried on `unit` (he will suspect the next one)."""

    type: Literal["emp_trick_tried"] = "emp_trick_tried"
    unit: str
    by: str

    def narrate(self) -> str:
        return ""


@evolver(TrickTried)
def _trick(state: Battle, e: TrickTried) -> Battle:
    u = is_emp(state.unit(e.unit))
    return state.with_unit(replace(u, tricked_by=(*u.tricked_by, e.by)))


class CriticalSave(Event):
    """EMP-54: a character in critical condition saves vs Fortitude every round; the third
    failure kills him."""

    type: Literal["emp_critical_save"] = "emp_critical_save"
    unit: str
    roll: int
    modifiers: tuple[Modifier, ...] = ()
    target: int
    success: bool
    failures: int

    def narrate(self) -> str:
        total = self.roll + sum(m.value for m in self.modifiers)
        verdict = "holds on" if self.success else f"fails ({self.failures} of 3)"
        return (f"{self.unit}, in critical condition, saves vs Fortitude: d20 {self.roll}"
                f"{_mods(self.modifiers)} = {total} vs {self.target} — {verdict} (EMP-54).")


@evolver(CriticalSave)
def _critical(state: Battle, e: CriticalSave) -> Battle:
    return state.update_unit(e.unit, fort_failures=e.failures)


class Released(Event):
    """A swallowed character comes out of a fallen swallower (EMP-81)."""

    type: Literal["emp_released"] = "emp_released"
    unit: str
    to_hex: HexT
    reason: str = ""

    def narrate(self) -> str:
        return f"{self.unit} is free again: {self.reason} (EMP-81)."


@evolver(Released)
def _released(state: Battle, e: Released) -> Battle:
    return state.update_unit(e.unit, pos=unhx(e.to_hex), swallowed_by="", swallow_armed=False)


class SwallowArmed(Event):
    type: Literal["emp_swallow_armed"] = "emp_swallow_armed"
    unit: str
    armed: bool

    def narrate(self) -> str:
        return ""


@evolver(SwallowArmed)
def _armed(state: Battle, e: SwallowArmed) -> Battle:
    return state.update_unit(e.unit, swallow_armed=e.armed)
