"""The events of an Enchanted Realms round and of each creature's turn and action, and how
each changes the state (frames.py); the attack, the walk and the reactions are in
combat_events.py.

Why this module exists: each event says what happened, dice inside, and its evolver changes
the state and holds no rule; round.py and actions.py decide them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar, Literal

from rules.events import Event, HexT, evolver, unhx
from rules.procedures import find_frame, set_frame, with_system
from rules.state import Battle
from rules.systems.enchanted_realms.frames import (
    MoveFrame,
    RoundFrame,
    Trigger,
    TurnFrame,
    system,
    turn_index,
)
from rules.systems.enchanted_realms.ready_words import say_trigger
from rules.systems.enchanted_realms.tables import load_tables
from rules.systems.enchanted_realms.units import er
from rules.wording import PLAIN, Words

RULESET = "enchanted_realms"

__all__ = [
    "ALL_MOVEMENT", "ActionTaken", "DeedDone", "Defended", "Handled", "InitiativeRolled",
    "ItemPicked", "ModeSwitched", "PotionUsed", "ReadyFired", "ReadyLost", "ReadySet",
    "RoundBegan", "SkillUsed", "StepReached", "TurnBegan", "TurnEnded", "say_trigger",
]


# --- the round -----------------------------------------------------------------------------


class RoundBegan(Event):
    type: Literal["er_round_began"] = "er_round_began"
    round: int

    def narrate(self, w: Words = PLAIN) -> str:
        return f"Round {self.round} begins."


@evolver(RoundBegan, RULESET)
def _round_began(state: Battle, e: RoundBegan) -> Battle:
    state = replace(state, round=e.round, stack=(RoundFrame(step="initiative"),))
    return with_system(state, order=())


class InitiativeRolled(Event):
    """R-ER-INITIATIVE: each creature's d20 + Agility, and the order they act in (ties by
    Agility, then roll-offs, whose dice are in `rolloffs`)."""

    type: Literal["er_initiative_rolled"] = "er_initiative_rolled"
    entries: tuple[tuple[str, int, int], ...]  # (unit, die, total)
    order: tuple[str, ...]
    rolloffs: tuple[tuple[str, int], ...] = ()

    def narrate(self, w: Words = PLAIN) -> str:
        scores = dict((u, t) for u, _, t in self.entries)
        return "Initiative: " + ", ".join(f"{w.unit(u)} {scores[u]}" for u in self.order) + "."


@evolver(InitiativeRolled, RULESET)
def _initiative(state: Battle, e: InitiativeRolled) -> Battle:
    for uid, _, total in e.entries:
        state = state.update_unit(uid, initiative=total)
    state = with_system(state, order=e.order)
    i = find_frame(state, RoundFrame)
    return set_frame(state, i, RoundFrame(step="turns", index=0))


class StepReached(Event):
    type: Literal["er_step"] = "er_step"
    step: str
    index: int = 0

    def narrate(self, w: Words = PLAIN) -> str:
        return ""


@evolver(StepReached, RULESET)
def _step(state: Battle, e: StepReached) -> Battle:
    i = find_frame(state, RoundFrame)
    return set_frame(state, i, RoundFrame(step=e.step, index=e.index))


class TurnBegan(Event):
    """A creature's turn: his defence from last turn is over (ER-09)."""

    type: Literal["er_turn_began"] = "er_turn_began"
    unit: str
    side: str

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.unit)}'s turn."


@evolver(TurnBegan, RULESET)
def _turn_began(state: Battle, e: TurnBegan) -> Battle:
    state = state.update_unit(e.unit, defending=False)
    return state.push(TurnFrame(actor=e.side, unit=e.unit))


class TurnEnded(Event):
    type: Literal["er_turn_ended"] = "er_turn_ended"
    unit: str

    def narrate(self, w: Words = PLAIN) -> str:
        return ""


@evolver(TurnEnded, RULESET)
def _turn_ended(state: Battle, e: TurnEnded) -> Battle:
    if isinstance(state.top, TurnFrame):
        state = state.pop()
    i = find_frame(state, RoundFrame)
    f = state.stack[i]
    assert isinstance(f, RoundFrame)
    return set_frame(state, i, replace(f, index=f.index + 1))


# --- the action ----------------------------------------------------------------------------


class ActionTaken(Event):
    """His one action this turn is spent (ER-02): `kind` attack, skill, item, deed, defend,
    ready or pick_up."""

    type: Literal["er_action_taken"] = "er_action_taken"
    unit: str
    kind: str
    rule: str = "ER-02"

    def narrate(self, w: Words = PLAIN) -> str:
        return ""


@evolver(ActionTaken, RULESET)
def _acted(state: Battle, e: ActionTaken) -> Battle:
    i, f = turn_index(state)
    return set_frame(state, i, replace(f, acted=True))


class Defended(Event):
    """ER-09, ER-10: he stands in defence until his next turn; no reactions this round or
    the next."""

    type: Literal["er_defended"] = "er_defended"
    unit: str
    no_reactions_to: int

    def narrate(self, w: Words = PLAIN) -> str:
        return (f"{w.unit(self.unit)} stands in defence: attacks he sees come at "
                "disadvantage until his next turn, and he gives up his reactions (ER-09, "
                "ER-10).")


@evolver(Defended, RULESET)
def _defended(state: Battle, e: Defended) -> Battle:
    return state.update_unit(e.unit, defending=True, no_reactions_to=e.no_reactions_to)


class ReadySet(Event):
    """ER-11: his action prepares a reaction on an "if" trigger."""

    type: Literal["er_ready_set"] = "er_ready_set"
    unit: str
    kind: str
    hex: HexT | None = None
    feet: int = 0
    ally: str = ""
    set_round: int = 0
    action: str = "attack"  # R-ER-READY-ACTIONS

    def trigger(self) -> Trigger:
        return Trigger(owner=self.unit, kind=self.kind,
                       hex=unhx(self.hex) if self.hex is not None else None,
                       feet=self.feet, ally=self.ally, set_round=self.set_round,
                       action=self.action)

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.unit)} stands at the ready: {say_trigger(self.trigger(), w)} (ER-11)."


@evolver(ReadySet, RULESET)
def _ready_set(state: Battle, e: ReadySet) -> Battle:
    return with_system(state, triggers=(*system(state).triggers, e.trigger()))


class ReadyFired(Event):
    """ER-12: the trigger happened; the readied action comes now, even mid-move."""

    type: Literal["er_ready_fired"] = "er_ready_fired"
    unit: str
    against: str
    kind: str
    spends_reaction: bool = False
    at: HexT | None = None  # where the mover stands while it resolves (R-ER-READY-TIMING)
    action: str = "attack"  # R-ER-READY-ACTIONS

    def narrate(self, w: Words = PLAIN) -> str:
        """Who does what because of whom, and, mid-move, where the mover is stopped while
        it resolves."""
        who, whom = w.unit(self.unit), w.unit(self.against)
        what = {"enter": "steps onto the hex he watched",
                "leave": "steps off the hex he watched",
                "area": "steps into the ground he watched", "within": "comes too close",
                "drops": "drops his friend"}.get(self.kind, "sets it off")
        head, _, name = self.action.partition(":")
        does = {"run": f"{who} runs from {whom}", "potion": f"{who} drinks a healing potion",
                "medicine": f"{who} tends the fallen", "deed": f"{who} works the "
                f"{name.replace('_', ' ')}"}.get(head, f"{who} attacks {whom}")
        if self.kind == "drops" or self.at is None:
            return f"{who}'s trigger springs: {whom} {what}; {does} (ER-12)."
        if head in ("attack", "run"):
            return (f"{who}'s trigger springs: {whom} {what}; {does}, who stops at "
                    f"{w.hex(self.at)} while it resolves (ER-12).")
        return (f"{who}'s trigger springs: {whom} {what}; {does}, and {whom} stops at "
                f"{w.hex(self.at)} while it resolves (ER-12).")


@evolver(ReadyFired, RULESET)
def _ready_fired(state: Battle, e: ReadyFired) -> Battle:
    state = with_system(state, triggers=tuple(t for t in system(state).triggers
                                              if t.owner != e.unit))
    if e.spends_reaction:
        state = state.update_unit(e.unit, reacted_round=state.round)
    top = state.top
    if isinstance(top, MoveFrame):
        state = state.replace_top(replace(top, fired=(*top.fired, e.unit)))
    return state


class ReadyLost(Event):
    """ER-12: the trigger never came before his next turn; the action is lost."""

    type: Literal["er_ready_lost"] = "er_ready_lost"
    unit: str
    action: str = "attack"  # R-ER-READY-ACTIONS

    def narrate(self, w: Words = PLAIN) -> str:
        what = "attack" if self.action == "attack" else "action"
        return f"{w.unit(self.unit)}'s readied {what} is lost: the trigger never came (ER-12)."


@evolver(ReadyLost, RULESET)
def _ready_lost(state: Battle, e: ReadyLost) -> Battle:
    return with_system(state, triggers=tuple(t for t in system(state).triggers
                                             if t.owner != e.unit))


class Handled(Event):
    """Something done with his movement rather than his action (ER-15..18): `what` is
    draw (the other weapon to hand), shield (readied), mount, dismount, stand, or pick_up;
    `feet` the movement it costs, `reaction` whether it spends his reaction (standing)."""

    type: Literal["er_handled"] = "er_handled"
    unit: str
    what: str
    feet: int
    rule: str
    reaction: bool = False

    WORDS: ClassVar[dict[str, str]] = {
        "draw": "takes his other weapon in hand", "shield": "readies his shield",
        "mount": "mounts", "dismount": "dismounts", "stand": "stands up",
        "pick_up": "stoops for an item"}

    def narrate(self, w: Words = PLAIN) -> str:
        cost = "all his movement" if self.feet >= ALL_MOVEMENT else f"{self.feet} feet"
        extra = ", as his reaction" if self.reaction else ""
        return (f"{w.unit(self.unit)} {self.WORDS.get(self.what, self.what)} ({cost} of "
                f"movement{extra}, {self.rule}).")


ALL_MOVEMENT = 1000
"""ER-16: mounting a flying creature "requires all movement for the round"."""


@evolver(Handled, RULESET)
def _handled(state: Battle, e: Handled) -> Battle:
    u = er(state, e.unit)
    changes: dict[str, object] = {}
    if e.what == "draw":
        hand = "weapon" if u.in_hand == "missile" else "missile"
        changes["in_hand"] = hand
        if hand == "missile" and load_tables().weapons[u.missile].two_handed:
            changes["shield_ready"] = False  # R-ER-SHIELD: slung for a two-handed weapon
    elif e.what == "shield":
        changes["shield_ready"] = True
    elif e.what in ("mount", "dismount"):
        changes["mounted"] = e.what == "mount"
    elif e.what == "stand":
        changes["prone"] = False
    if e.reaction:
        changes["reacted_round"] = state.round
    if changes:
        state = state.update_unit(e.unit, **changes)
    if any(isinstance(f, TurnFrame) for f in state.stack):
        i, f = turn_index(state)
        state = set_frame(state, i, replace(f, cost_ft=f.cost_ft + e.feet))
    return state


class ModeSwitched(Event):
    """ER-15: he changes speeds; what is left is the new speed less what he has moved."""

    type: Literal["er_mode_switched"] = "er_mode_switched"
    unit: str
    mode: str
    left_ft: int

    def narrate(self, w: Words = PLAIN) -> str:
        verb = "takes to the air" if self.mode == "fly" else "goes on foot"
        return f"{w.unit(self.unit)} {verb}: {self.left_ft} feet left (ER-15)."


@evolver(ModeSwitched, RULESET)
def _mode(state: Battle, e: ModeSwitched) -> Battle:
    i, f = turn_index(state)
    return set_frame(state, i, replace(f, mode=e.mode))


class DeedDone(Event):
    type: Literal["er_deed_done"] = "er_deed_done"
    unit: str
    deed: str

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.unit)} works the {self.deed.replace('_', ' ')} (a deed, ER-02)."


@evolver(DeedDone, RULESET)
def _deed(state: Battle, e: DeedDone) -> Battle:
    return with_system(state, deeds_done=(*system(state).deeds_done, e.deed))


class ItemPicked(Event):
    type: Literal["er_item_picked"] = "er_item_picked"
    unit: str
    item: str

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.unit)} picks up the {self.item.replace('_', ' ')} (ER-17)."


@evolver(ItemPicked, RULESET)
def _picked(state: Battle, e: ItemPicked) -> Battle:
    u = er(state, e.unit)
    state = state.update_unit(e.unit, potions=u.potions + 1)
    return with_system(state, items_taken=(*system(state).items_taken, e.item))


class PotionUsed(Event):
    """ER-08: drinking a potion (or giving it to a friend beside him) is his action."""

    type: Literal["er_potion_used"] = "er_potion_used"
    unit: str
    target: str

    def narrate(self, w: Words = PLAIN) -> str:
        who = "drinks" if self.unit == self.target else f"gives {w.unit(self.target)}"
        return f"{w.unit(self.unit)} {who} a healing potion (item use, ER-08)."


@evolver(PotionUsed, RULESET)
def _potion(state: Battle, e: PotionUsed) -> Battle:
    u = er(state, e.unit)
    return state.update_unit(e.unit, potions=u.potions - 1)


class SkillUsed(Event):
    type: Literal["er_skill_used"] = "er_skill_used"
    unit: str
    skill: str
    target: str

    def narrate(self, w: Words = PLAIN) -> str:
        return (f"{w.unit(self.unit)} uses {self.skill.replace('_', ' ')} on "
                f"{w.unit(self.target)} (skill use, ER-02).")


@evolver(SkillUsed, RULESET)
def _skill(state: Battle, e: SkillUsed) -> Battle:
    return state
