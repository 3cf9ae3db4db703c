"""The events of an Enchanted Realms battle and how each changes the state (frames.py).

Why this module exists: each event says what happened, dice inside, and its evolver changes
the state and holds no rule; round.py, actions.py, attack.py and movement.py decide them.
The walk and the reaction window are the shared procedures of rules/procedures.py: the
events here give them this ruleset's tags and words.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar, Literal

from rules import procedures
from rules.events import Event, HexT, Modifier, evolver, unhx
from rules.procedures import find_frame, set_frame, with_system
from rules.state import Battle
from rules.systems.enchanted_realms.frames import (
    ErSystem,
    MoveFrame,
    RoundFrame,
    Trigger,
    TurnFrame,
    system,
)
from rules.systems.enchanted_realms.units import ErUnit, er
from rules.wording import PLAIN, Words, dice_words, plural

RULESET = "enchanted_realms"

__all__ = [
    "ActionTaken", "DeedDone", "Defended", "ErAttackRolled", "Handled", "InitiativeRolled",
    "ItemPicked", "ModeSwitched", "MoveBegan", "MoveEnded", "ReactionAnswered",
    "ReactionOffered", "ReactionsDue", "ReadyFired", "ReadyLost", "ReadySet", "RoundBegan",
    "StepReached", "TurnBegan", "TurnEnded",
]


def _turn(state: Battle) -> tuple[int, TurnFrame]:
    i = find_frame(state, TurnFrame)
    f = state.stack[i]
    assert isinstance(f, TurnFrame)
    return i, f


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
    i, f = _turn(state)
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

    def trigger(self) -> Trigger:
        return Trigger(owner=self.unit, kind=self.kind,
                       hex=unhx(self.hex) if self.hex is not None else None,
                       feet=self.feet, ally=self.ally, set_round=self.set_round)

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.unit)} stands at the ready: {say_trigger(self.trigger(), w)} (ER-11)."


def say_trigger(t: Trigger, w: Words = PLAIN) -> str:
    """The trigger in a player's words: "if a foe steps onto col 3, row 4, he attacks"."""
    if t.kind == "enter":
        assert t.hex is not None
        cond = f"if a foe steps onto {w.hex(t.hex)}"
    elif t.kind == "leave":
        assert t.hex is not None
        cond = f"if a foe steps off {w.hex(t.hex)}"
    elif t.kind == "within":
        cond = f"if a foe comes within {t.feet} feet"
    else:
        cond = f"if a foe drops {w.unit(t.ally)}"
    return cond + ", he attacks him"


@evolver(ReadySet, RULESET)
def _ready_set(state: Battle, e: ReadySet) -> Battle:
    return with_system(state, triggers=(*system(state).triggers, e.trigger()))


class ReadyFired(Event):
    """ER-12: the trigger happened; the readied attack comes now, even mid-move."""

    type: Literal["er_ready_fired"] = "er_ready_fired"
    unit: str
    against: str
    kind: str
    spends_reaction: bool = False

    def narrate(self, w: Words = PLAIN) -> str:
        return (f"{w.unit(self.unit)}'s trigger springs: {w.unit(self.against)} "
                + {"enter": "steps onto the hex he watched", "leave": "steps off the hex he "
                   "watched", "within": "comes too close", "drops": "drops his friend"}
                .get(self.kind, "sets it off") + " (ER-12).")


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

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.unit)}'s readied attack is lost: the trigger never came (ER-12)."


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
        if hand == "missile":
            from rules.systems.enchanted_realms.tables import load_tables

            if load_tables().weapons[u.missile].two_handed:
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
        i, f = _turn(state)
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
    i, f = _turn(state)
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


# --- the attack ----------------------------------------------------------------------------


class ErAttackRolled(Event):
    """One attack on one target (ER-03): each d20 + `bonus` against the Armor Class `ac`;
    a natural 20 hits and a natural 1 misses whatever the sum (ER-01).  `faces` are the dice
    as thrown; with `lower_of_two` (R-ER-ADVANTAGE) two were thrown and the lower counts."""

    type: Literal["er_attack_rolled"] = "er_attack_rolled"
    attacker: str
    target: str
    kind: str  # melee, missile, flee, opportunity, ready, second
    weapon: str
    faces: tuple[int, ...]
    counted: tuple[int, ...]
    hits: tuple[bool, ...]
    bonus: int
    modifiers: tuple[Modifier, ...] = ()
    ac: int
    ac_modifiers: tuple[Modifier, ...] = ()
    dice_notes: tuple[str, ...] = ()
    damage: int = 0
    damage_modifiers: tuple[Modifier, ...] = ()

    KINDS: ClassVar[dict[str, str]] = {
        "melee": "attacks", "missile": "shoots at", "flee": "takes a flee attack at",
        "opportunity": "takes an attack of opportunity at", "ready": "strikes as readied at",
        "second": "follows up on"}

    def narrate(self, w: Words = PLAIN) -> str:
        n = sum(self.hits)
        verb = self.KINDS.get(self.kind, "attacks")
        notes = "".join(f" {w.text(x)}." for x in self.dice_notes)
        mods = "".join(f", {m.value:+d} {w.text(m.reason)} ({m.rule})" for m in self.modifiers)
        acm = "".join(f", {m.value:+d} {w.text(m.reason)} ({m.rule})"
                      for m in self.ac_modifiers)
        head = (f"{w.unit(self.attacker)} {verb} {w.unit(self.target)} with the "
                f"{self.weapon.replace('_', ' ')}: {plural(len(self.counted), 'd20')} "
                f"{dice_words(self.faces)}{mods} against Armor Class {self.ac}{acm}.{notes}")
        if not n:
            return head + " No die hits."
        dm = "".join(f", {m.value:+d} {w.text(m.reason)} ({m.rule})"
                     for m in self.damage_modifiers)
        return (head + f" {plural(n, 'die')} {'hits' if n == 1 else 'hit'} (ER-03): "
                f"{self.damage} damage ({n} for the dice{dm}).")


@evolver(ErAttackRolled, RULESET)
def _attack(state: Battle, e: ErAttackRolled) -> Battle:
    return state


# --- moving and reacting -------------------------------------------------------------------


class MoveBegan(procedures.MoveBegan):
    type: Literal["er_move_began"] = "er_move_began"
    start_near: tuple[str, ...] = ()
    before_ft: int = 0
    fph: int = 5

    def narrate(self, w: Words = PLAIN) -> str:
        how = " flies" if self.mode == "fly" else " moves"
        return f"{w.unit(self.unit)}{how} {plural(len(self.path) - 1, 'hex')}."


@evolver(MoveBegan, RULESET)
def _move_began(state: Battle, e: MoveBegan) -> Battle:
    return state.push(MoveFrame(unit=e.unit, path=e.hexes(), mode=e.mode,
                                start_near=e.start_near, before_ft=e.before_ft, fph=e.fph))


class ReactionsDue(procedures.ReactionsDue):
    type: Literal["er_reactions_due"] = "er_reactions_due"
    TRIGGER_WORDS: ClassVar[dict[str, str]] = {
        "flee": "a flee attack as he breaks away, R-ER-FLEE",
        "opportunity": "an attack of opportunity as he goes past, R-ER-FLEE"}


class ReactionOffered(procedures.ReactionOffered):
    type: Literal["er_reaction_offered"] = "er_reaction_offered"

    def narrate(self, w: Words = PLAIN) -> str:
        what = "a flee attack" if self.trigger == "flee" else "an attack of opportunity"
        return (f"{w.unit(self.reactor)} may use his reaction for {what} at "
                f"{w.unit(self.mover)} (ER-19, ER-20).")


class ReactionAnswered(procedures.ReactionAnswered):
    """ER-20: a reaction taken is his one for the round."""

    type: Literal["er_reaction_answered"] = "er_reaction_answered"


@evolver(ReactionAnswered, RULESET)
def _answered(state: Battle, e: ReactionAnswered) -> Battle:
    state = procedures.close_reaction(state)
    if e.accept:
        state = state.update_unit(e.reactor, reacted_round=state.round)
    return state


class MoveEnded(procedures.MoveEnded):
    """The walk is over; `feet` is what it cost him (ER-14)."""

    type: Literal["er_move_ended"] = "er_move_ended"
    feet: int = 0
    halted: str = ""

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.unit)} {w.text(self.halted)}." if self.halted else ""


@evolver(MoveEnded, RULESET)
def _move_ended(state: Battle, e: MoveEnded) -> Battle:
    state = procedures.end_walk(state)
    if any(isinstance(f, TurnFrame) for f in state.stack):
        i, f = _turn(state)
        if f.unit == e.unit:
            state = set_frame(state, i, replace(f, moved_ft=f.moved_ft + e.feet))
    return state


def unit_of(state: Battle, uid: str) -> ErUnit:
    return er(state, uid)


__all__ += ["ALL_MOVEMENT", "ErSystem", "PotionUsed", "SkillUsed", "say_trigger"]
