"""The events of an Enchanted Realms attack, walk and reaction, and how each changes the
state (frames.py).

Why this module exists: attack.py, movement.py and actions.py decide these; the walk and the
reaction window are the shared procedures of rules/procedures.py, and the events here give
them this ruleset's tags and words.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar, Literal

from rules import procedures
from rules.events import Event, Modifier, evolver
from rules.hexgrid import Hex
from rules.procedures import set_frame
from rules.state import Battle
from rules.systems.enchanted_realms.frames import MoveFrame, TurnFrame, turn_index
from rules.wording import PLAIN, Words, dice_words, plural

RULESET = "enchanted_realms"

__all__ = ["ErAttackRolled", "MoveBegan", "MoveCut", "MoveEnded", "ReactionAnswered",
           "ReactionOffered", "ReactionsDue"]


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

    # The board animates it as a blow (game/render/animation.py): the attacker lunges, "HIT
    # n" or "MISS" floats up over the target, and a readied one says so.
    animates_as_blow: ClassVar[bool] = True
    struck: ClassVar[str] = ""  # always the target (no cover or scatter in this text)

    @property
    def hit(self) -> bool:
        """Did any die hit (ER-03)?"""
        return any(self.hits)

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
                f"{dice_words(self.faces)}{mods} against Armour Class {self.ac}{acm}.{notes}")
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
    facing: int | None = None  # the way he turns at the end of it, if he says

    def narrate(self, w: Words = PLAIN) -> str:
        how = " flies" if self.mode == "fly" else " moves"
        return f"{w.unit(self.unit)}{how} {plural(len(self.path) - 1, 'hex')}."


@evolver(MoveBegan, RULESET)
def _move_began(state: Battle, e: MoveBegan) -> Battle:
    return state.push(MoveFrame(unit=e.unit, path=e.hexes(), mode=e.mode, facing=e.facing,
                                start_near=e.start_near, before_ft=e.before_ft, fph=e.fph))


class MoveCut(Event):
    """R-ER-READY-BLOCK: a figure sprung by an at-the-ready trigger (ER-12) has run into
    the rest of this walk's path; the walk now ends on `path`'s last hex, the last he may
    stop on before the figure in his way (`by`)."""

    type: Literal["er_move_cut"] = "er_move_cut"
    unit: str
    by: str
    path: tuple[tuple[int, int], ...]

    def narrate(self, w: Words = PLAIN) -> str:
        return (f"{w.unit(self.by)} now stands in {w.unit(self.unit)}'s way: he stops short "
                "(R-ER-READY-BLOCK).")


@evolver(MoveCut, RULESET)
def _move_cut(state: Battle, e: MoveCut) -> Battle:
    frame = state.top
    assert isinstance(frame, MoveFrame) and frame.unit == e.unit
    return state.replace_top(replace(frame, path=tuple(Hex(q, r) for q, r in e.path)))


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
        i, f = turn_index(state)
        if f.unit == e.unit:
            state = set_frame(state, i, replace(f, moved_ft=f.moved_ft + e.feet))
    return state
