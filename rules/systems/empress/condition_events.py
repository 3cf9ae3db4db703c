"""What a fight marks on an Empress figure between rolls, as events: the hit points a blow
took, a shield worn down or destroyed, a reach advantage lost and regained, surprise, being
hidden or seen.

Why this module exists: each of these is a lasting mark on a unit that later situations read
(combat.py), set by several procedures (damage, movement, stealth, the round); here is the
one place each is written down and folded into the battle.
"""

from __future__ import annotations

from typing import Literal

from rules.events import Event, UnitDamaged, evolver
from rules.state import Battle, changed
from rules.systems.empress.units import RULESET, is_emp
from rules.wording import PLAIN, Words

__all__ = ["HiddenChanged", "ReachLost", "ReachRegained", "ShieldStruck", "Surprised"]


@evolver(UnitDamaged, ruleset=RULESET)
def _damaged(state: Battle, e: UnitDamaged) -> Battle:
    return state.update_unit(e.unit, hp=e.hp_after)


class ShieldStruck(Event):
    """EMP-19 / EMP-20: a blow the shield took got past its Protection: −1 Coverage; twice
    its Protection destroys it."""

    type: Literal["emp_shield_struck"] = "emp_shield_struck"
    unit: str
    damage: int
    protection: int
    destroyed: bool = False
    rule: str = "EMP-19"

    def narrate(self, w: Words = PLAIN) -> str:
        u = w.unit(self.unit)
        if self.destroyed:
            return (f"{u}'s shield is destroyed: {self.damage} against Protection "
                    f"{self.protection} ({self.rule}).")
        return (f"{u}'s shield loses 1 Coverage: {self.damage} got past its Protection "
                f"{self.protection} ({self.rule}).")


@evolver(ShieldStruck)
def _shield(state: Battle, e: ShieldStruck) -> Battle:
    u = is_emp(state.unit(e.unit))
    if e.destroyed:
        return state.with_unit(changed(u, shield="", shield_wear=0))
    return state.with_unit(changed(u, shield_wear=u.shield_wear + 1))


class ReachLost(Event):
    type: Literal["emp_reach_lost"] = "emp_reach_lost"
    unit: str
    vs: str

    def narrate(self, w: Words = PLAIN) -> str:
        u = w.unit(self.unit)
        foe = w.unit(self.vs)
        return (f"{foe} is inside {u}'s reach: the reach advantage is lost, and "
                f"{u} strikes him at −2 until a blow lands (EMP-33, EMP-34).")


@evolver(ReachLost)
def _reach_lost(state: Battle, e: ReachLost) -> Battle:
    u = is_emp(state.unit(e.unit))
    if e.vs in u.reach_lost_vs:
        return state
    return state.with_unit(changed(u, reach_lost_vs=(*u.reach_lost_vs, e.vs)))


class ReachRegained(Event):
    type: Literal["emp_reach_regained"] = "emp_reach_regained"
    unit: str
    vs: str
    reason: str
    rule: str

    def narrate(self, w: Words = PLAIN) -> str:
        u = w.unit(self.unit)
        foe = w.unit(self.vs)
        return (f"{u} regains his reach advantage over {foe}: {w.text(self.reason)} "
                f"({self.rule}).")


@evolver(ReachRegained)
def _reach_regained(state: Battle, e: ReachRegained) -> Battle:
    u = is_emp(state.unit(e.unit))
    return state.with_unit(changed(u, reach_lost_vs=tuple(x for x in u.reach_lost_vs
                                                          if x != e.vs)))


class Surprised(Event):
    """The character is surprised: he cannot attack or act (EMP-63, EMP-68, EMP-70), or
    until he would next act, losing that action (a dirty trick, EMP-84)."""

    type: Literal["emp_surprised"] = "emp_surprised"
    unit: str
    until: str = "round"  # round / turn; "" ends it
    reason: str = ""
    rule: str = ""

    def narrate(self, w: Words = PLAIN) -> str:
        u = w.unit(self.unit)
        if not self.until:
            return f"{u} is no longer surprised: {w.text(self.reason)} ({self.rule})."
        return f"{u} is surprised: {w.text(self.reason)} ({self.rule})."


@evolver(Surprised)
def _surprised(state: Battle, e: Surprised) -> Battle:
    return state.update_unit(e.unit, surprised=e.until)


class HiddenChanged(Event):
    type: Literal["emp_hidden"] = "emp_hidden"
    unit: str
    hidden: bool
    reason: str = ""
    rule: str = ""

    def narrate(self, w: Words = PLAIN) -> str:
        state = "is hidden" if self.hidden else "is seen"
        return f"{w.unit(self.unit)} {state}: {w.text(self.reason)} ({self.rule})."


@evolver(HiddenChanged)
def _hidden(state: Battle, e: HiddenChanged) -> Battle:
    return state.update_unit(e.unit, hidden=e.hidden)
