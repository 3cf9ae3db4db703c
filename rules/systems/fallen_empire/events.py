"""Fallen Empire's own events (beyond the shared ones) and how each changes the battle."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rules.events import Event, Modifier, UnitDamaged, evolver
from rules.procedures import system_of, with_system
from rules.state import Battle
from rules.systems.fallen_empire.frames import RULESET
from rules.wording import PLAIN, Words


@dataclass(frozen=True, slots=True)
class FESystem:
    """Battle-wide Fallen Empire bookkeeping."""

    surprised: tuple[str, ...] = ()  # sides that may not act in round 1 (FE-02)
    surprisers: tuple[str, ...] = ()  # sides that achieved surprise (+1 in round 1, FE-03)
    initiative: tuple[tuple[str, int], ...] = ()  # this round's rolls (FE-07)
    order: tuple[tuple[str, ...], ...] = ()  # initiative groups, first to act first
    morale_checked: tuple[tuple[str, str], ...] = ()  # (side, "first" | "half") (FE-04)
    broken: tuple[str, ...] = ()  # sides whose morale failed (FE-05)


def system(state: Battle) -> FESystem:
    return system_of(state, FESystem)


class SurpriseRolled(Event):
    type: Literal["fe_surprise_rolled"] = "fe_surprise_rolled"
    results: tuple[tuple[str, int], ...]  # (side, d6)
    surprisers: tuple[str, ...]
    surprised: tuple[str, ...]

    def narrate(self, w: Words = PLAIN) -> str:
        rolls = ", ".join(f"{w.side(s, start=False)} {r}" for s, r in self.results)
        if not self.surprisers:
            return f"Surprise rolls: {rolls}. Nobody is surprised (FE-02)."
        if len(self.results) > 1 and {s for s, _ in self.results} <= set(self.surprised):
            every = "both sides" if len(self.results) == 2 else "every side"
            return (f"Surprise rolls: {rolls}. {every.capitalize()} surprised each other at "
                    "once, so nobody acts in round 1 (FE-02).")
        who = w.agree(self.surprisers, "achieves surprise", "achieve surprise")
        still = (w.agree(self.surprised, "may", "may", start=False) if self.surprised
                 else "nobody may")
        return f"Surprise rolls: {rolls}. {who}; {still} not act in round 1 (FE-02)."


@evolver(SurpriseRolled)
def _surprise(state: Battle, e: SurpriseRolled) -> Battle:
    return with_system(state, surprisers=e.surprisers, surprised=e.surprised)


class MoraleChecked(Event):
    type: Literal["fe_morale_checked"] = "fe_morale_checked"
    side: str
    reason: str  # "first" casualty or "half" defeated
    roll: int
    score: int
    passed: bool

    def narrate(self, w: Words = PLAIN) -> str:
        why = "its first casualty" if self.reason == "first" else "half its number defeated"
        plural = w.plural_side(self.side)
        why = why.replace("its ", "their ") if plural else why
        verdict = (("hold" if plural else "holds") if self.passed
                   else ("break" if plural else "breaks") + ": they surrender or run")
        return (f"{w.agree(self.side, 'checks', 'check')} morale after {why}: 2d6 rolled "
                f"{self.roll} against {self.score}, and {w.side(self.side, start=False)} "
                f"{verdict} (FE-04, FE-05).")


@evolver(MoraleChecked)
def _morale(state: Battle, e: MoraleChecked) -> Battle:
    s = system(state)
    broken = s.broken if e.passed else tuple(sorted(set(s.broken) | {e.side}))
    return with_system(state, morale_checked=(*s.morale_checked, (e.side, e.reason)),
                       broken=broken)


class InitiativeRolled(Event):
    type: Literal["fe_initiative_rolled"] = "fe_initiative_rolled"
    results: tuple[tuple[str, int], ...]
    order: tuple[tuple[str, ...], ...]

    def narrate(self, w: Words = PLAIN) -> str:
        if not self.results:  # every side surprised (FE-02), or nobody left to act
            return "No side may act this round, so nobody rolls for initiative (FE-07)."
        rolls = ", ".join(f"{w.side(s, start=False)} {r}" for s, r in self.results)
        groups = ", then ".join(w.sides_list(g, start=False) + (" together" if len(g) > 1
                                                                 else "")
                                for g in self.order)
        return f"Initiative (1d6 a side): {rolls}. First {groups} (FE-07)."


@evolver(InitiativeRolled)
def _initiative(state: Battle, e: InitiativeRolled) -> Battle:
    return with_system(state, initiative=e.results, order=e.order)


@evolver(UnitDamaged, ruleset=RULESET)
def _damaged(state: Battle, e: UnitDamaged) -> Battle:
    """FE units also remember subdual damage (FE-35) and what hit them this round (FE-10)."""
    u = state.unit(e.unit)
    kind = e.source if e.source in ("missile", "melee") else ""
    return state.update_unit(
        e.unit, hp=e.hp_after,
        subdual_taken=getattr(u, "subdual_taken", 0) + (e.amount if e.subdual else 0),
        hit_by=getattr(u, "hit_by", ()) + ((kind,) if kind else ()))


class SpellCast(Event):
    type: Literal["fe_spell_cast"] = "fe_spell_cast"
    unit: str
    spell: str
    target: str
    ruined: bool = False
    rule: str = ""

    def narrate(self, w: Words = PLAIN) -> str:
        u = w.unit(self.unit)
        if self.ruined:
            return (f"{u}'s {self.spell.replace('_', ' ')} is ruined and lost from his mind: "
                    f"he was hit before it went off ({self.rule}).")
        return f"{u} casts {self.spell.replace('_', ' ')} at {w.unit(self.target)}."


@evolver(SpellCast)
def _spell(state: Battle, e: SpellCast) -> Battle:
    u = state.unit(e.unit)
    spells = list(getattr(u, "spells", ()))
    if e.spell in spells:
        spells.remove(e.spell)
    return state.update_unit(e.unit, spells=tuple(spells))


class ItemUsed(Event):
    """Bandages or a potion used (FE-38, FE-43)."""

    type: Literal["fe_item_used"] = "fe_item_used"
    unit: str
    item: str
    target: str
    check: int = 0  # the CON check roll, when one was needed (FE-43)
    check_needed: int = 0
    succeeded: bool = True
    expended: bool = True  # bandages: the 1d6 came up 1 (FE-38); potions always
    notes: tuple[str, ...] = ()
    modifiers: tuple[Modifier, ...] = ()

    def narrate(self, w: Words = PLAIN) -> str:
        what = self.item.replace("_", " ")
        who = "himself" if self.target == self.unit else w.unit(self.target)
        head = f"{w.unit(self.unit)} uses {what} on {who}"
        if self.check_needed:
            head += f" (CON check: rolled {self.check} against {self.check_needed})"
        tail = "" if self.succeeded else " — but fails"
        return head + tail + "." + "".join(f" {w.text(n)}" for n in self.notes)


@evolver(ItemUsed)
def _item(state: Battle, e: ItemUsed) -> Battle:
    u = state.unit(e.unit)
    field = "bandages" if e.item == "bandages" else "potions"
    if e.expended:
        state = state.update_unit(e.unit, **{field: max(0, getattr(u, field, 0) - 1)})
    return state


class SaveOrDie(Event):
    type: Literal["fe_save_or_die"] = "fe_save_or_die"
    unit: str
    roll: int
    needed: int
    survived: bool

    def narrate(self, w: Words = PLAIN) -> str:
        u = w.unit(self.unit)
        verdict = "hangs on" if self.survived else "dies"
        return (f"{u} must Save or Die: d20 rolled {self.roll} against {self.needed}, and he "
                f"{verdict} (FE-41).")


@evolver(SaveOrDie)
def _save(state: Battle, e: SaveOrDie) -> Battle:
    return state
