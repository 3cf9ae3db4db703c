"""Empress's rolls as events: an attack, a save, a skill roll, a dying man's Fortitude save,
each with its modifiers and clause, and how each changes a battle.

Every roll a GM would call out is an event, so the log can narrate an exchange step by step:
the attack with its HC and AC part by part, a save and what it was for.  What a fight marks
on a figure between rolls (a worn shield, a lost reach, surprise) is condition_events.py; the
special maneuvers' events are maneuver_events.py; the flow of the round, moves and attacks is
round_events.py, move_events.py and attack_events.py.  The condition and maneuver events are
named here too because the tests read them from here.
"""

from __future__ import annotations

from typing import Literal

from rules.events import AttackRolled, Event, Modifier, evolver
from rules.state import Battle, changed
from rules.systems.empress.condition_events import (
    HiddenChanged,
    ReachLost,
    ReachRegained,
    ShieldStruck,
    Surprised,
)
from rules.systems.empress.maneuver_events import (
    Disarmed,
    ForcedBack,
    GrappleBroken,
    Grappled,
    Released,
)
from rules.systems.empress.units import is_emp
from rules.wording import PLAIN, Words, counted

__all__ = [
    "CriticalSave", "Disarmed", "EmpAttackRolled", "ForcedBack", "GrappleBroken", "Grappled",
    "HiddenChanged", "ReachLost", "ReachRegained", "Released", "SaveRolled", "ShieldStruck",
    "SkillRolled", "Surprised",
]


def _mods(mods: tuple[Modifier, ...], w: Words = PLAIN) -> str:
    return "".join(f" {m.value:+d} {w.text(_reason(m.reason))} ({m.rule})" for m in mods)


_STANCES = {"attack": "aggressive", "attack2": "Warrior's aggressive", "guard": "guarded",
            "guard2": "Warrior's guarded", "pure_defense": "pure defence"}


def _reason(reason: str) -> str:
    """A modifier's reason as a player reads it: the stances' ids (EMP-61) in words and
    "0 hit(s)" in number; the event keeps the reason as the rules wrote it."""
    head = reason.removesuffix(" stance")
    if head != reason and head in _STANCES:
        return f"{_STANCES[head]} stance"
    return counted(reason)


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

    def narrate(self, w: Words = PLAIN) -> str:
        what = f" ({', '.join(o.replace('_', ' ') for o in self.options)})" if (
            self.options) else ""
        head = (f"{w.unit(self.attacker)} {self.kind} attack{what} on {w.unit(self.target)} "
                f"with {self.weapon.replace('_', ' ')}: ")
        if self.roll == 0:
            head += "no roll needed"
        else:
            head += f"d20 {self.roll}{_mods(self.modifiers, w)} = {self.total}"
        hc = f"HC {self.needed} ={_mods(self.hc_modifiers, w)}"
        ac = (f"; AC {self.ac} = HC + Coverage{_mods(self.coverage_modifiers, w)}" if self.ac
              else "; no AC")
        defence = f" vs {hc}{ac}"
        if not self.hit:
            return head + defence + ": a miss." + "".join(f" {w.text(n)}" for n in self.notes)
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
                         f"{_mods(self.protection_modifiers, w)}")
            tail += f" → {self.damage} damage"
            if self.venom:
                tail += f" and {self.venom} from venom"
        notes = "".join(f" {w.text(n)}" for n in self.notes)
        return head + defence + f": a {band}{tail}." + notes


@evolver(EmpAttackRolled)
def _attack(state: Battle, e: EmpAttackRolled) -> Battle:
    """An attack reveals a hidden attacker (R-EMP-HIDDEN), wakes a sleeping target, puts both
    in the fight (R-EMP-SUCKER-PUNCH) and counts a hit the shield took (Table VII)."""
    a = is_emp(state.unit(e.attacker))
    state = state.with_unit(changed(a, hidden=False, in_fight=True))
    d = is_emp(state.unit(e.target))
    blocks = d.shield_blocks + (1 if e.intercepted == "shield" else 0)
    return state.with_unit(changed(d, in_fight=True, helpless=False, shield_blocks=blocks))


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

    def narrate(self, w: Words = PLAIN) -> str:
        total = self.roll + sum(m.value for m in self.modifiers)
        verdict = "saves" if self.success else (
            "fails critically (by 10 or more)" if self.critical_failure else "fails")
        why = f" {w.text(self.purpose)}" if self.purpose else ""
        return (f"{w.unit(self.unit)} saves vs {self.save.capitalize()}{why}: d20 {self.roll}"
                f"{_mods(self.modifiers, w)} = {total} vs {self.target} — {verdict}"
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

    def narrate(self, w: Words = PLAIN) -> str:
        return (f"{w.unit(self.unit)} rolls {self.skill} {w.text(self.purpose)}: d6 {self.roll} vs "
                f"{self.rating}-in-6 — {'success' if self.success else 'failure'} "
                f"({self.rule}).")


@evolver(SkillRolled)
def _skill(state: Battle, e: SkillRolled) -> Battle:
    return state


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

    def narrate(self, w: Words = PLAIN) -> str:
        total = self.roll + sum(m.value for m in self.modifiers)
        verdict = "holds on" if self.success else f"fails ({self.failures} of 3)"
        return (f"{w.unit(self.unit)}, in critical condition, saves vs Fortitude: d20 {self.roll}"
                f"{_mods(self.modifiers, w)} = {total} vs {self.target} — {verdict} (EMP-54).")


@evolver(CriticalSave)
def _critical(state: Battle, e: CriticalSave) -> Battle:
    return state.update_unit(e.unit, fort_failures=e.failures)
