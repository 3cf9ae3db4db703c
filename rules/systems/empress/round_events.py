"""The events of an Empress round and of each character's turn in it, and how each moves the
stack (frames.py): the round begins, the GM counts down the segments (EMP-01, EMP-06),
initiative is set (EMP-08, EMP-09), a character may act, holds (EMP-02..05), takes a stance
(EMP-61) or a way of fighting, loses his action or ends his turn.

Why this module exists: these move the bottom of the stack, RoundFrame and TurnFrame, and the
countdown they keep; round.py and actions.py decide them.
"""

from __future__ import annotations

from typing import Literal

from rules.events import Event, evolver
from rules.procedures import find_frame, set_frame, with_system
from rules.state import Battle, changed
from rules.systems.empress.frames import EmpSystem, RoundFrame, TurnFrame, system
from rules.systems.empress.units import EmpUnit, is_emp
from rules.wording import PLAIN, Words

__all__ = [
    "ActionLost", "Held", "InitiativeSet", "ModeSet", "RoundBegan", "SegmentPassed",
    "StanceTaken", "StepReached", "TurnBegan", "TurnEnded",
]


# --- the round -----------------------------------------------------------------------------


class RoundBegan(Event):
    type: Literal["emp_round_began"] = "emp_round_began"
    round: int

    def narrate(self, w: Words = PLAIN) -> str:
        return f"Round {self.round} begins."


def _new_round(u: EmpUnit, rnd: int) -> EmpUnit:
    """Per-round bookkeeping goes back; plain holds are lost (EMP-06), but a hold for counter
    lasts until the character's next action (EMP-07)."""
    keep_hold = bool(u.counter)
    ends = u.surprised == "round" and rnd > 1  # a first-round surprise lasts the round
    return changed(u, spent="", oa_taken=0, shield_blocks=0, falling_back=False,
                   holding=keep_hold, surprised="" if ends else u.surprised)


@evolver(RoundBegan)
def _round_began(state: Battle, e: RoundBegan) -> Battle:
    units = tuple(_new_round(is_emp(u), e.round) for u in state.units)
    step = "surprise" if e.round == 1 else "initiative"
    return changed(state, round=e.round, units=units, stack=(RoundFrame(step=step),),
                   system=EmpSystem())


class StepReached(Event):
    type: Literal["emp_step"] = "emp_step"
    step: str

    def narrate(self, w: Words = PLAIN) -> str:
        return ""


@evolver(StepReached)
def _step(state: Battle, e: StepReached) -> Battle:
    i = find_frame(state, RoundFrame)
    frame = state.stack[i]
    assert isinstance(frame, RoundFrame)
    return set_frame(state, i, changed(frame, step=e.step))


class InitiativeSet(Event):
    """Each character's action segment this round (EMP-01, EMP-08, EMP-09)."""

    type: Literal["emp_initiative"] = "emp_initiative"
    mode: str
    entries: tuple[tuple[str, int, int], ...]  # (unit, segment, die rolled or 0)
    top: int
    lowest: int

    def narrate(self, w: Words = PLAIN) -> str:
        parts = []
        for uid, seg, roll in sorted(self.entries, key=lambda x: (-x[1], x[0])):
            parts.append(f"{w.unit(uid)} {seg}" + (f" (d6 {roll})" if roll else ""))
        rule = {"fixed": "EMP-01", "rolled": "EMP-08", "hybrid": "EMP-09 (a)"}[self.mode]
        return (f"The GM counts down segments from {self.top}: " + ", ".join(parts)
                + f" ({rule}).")


@evolver(InitiativeSet)
def _initiative(state: Battle, e: InitiativeSet) -> Battle:
    for uid, seg, _ in e.entries:
        state = state.update_unit(uid, segment=seg)
    return with_system(state, segment=e.top, top=e.top, lowest=e.lowest, offered=(),
                acted_here=False, empty_run=0)


class SegmentPassed(Event):
    """Segment `segment` is over; the countdown moves on, or the round ends (EMP-06)."""

    type: Literal["emp_segment_passed"] = "emp_segment_passed"
    segment: int
    empty: bool
    empty_run: int
    next_segment: int
    round_over: bool = False
    lost: tuple[str, ...] = ()  # held actions lost when the round ends
    reason: str = ""

    def narrate(self, w: Words = PLAIN) -> str:
        if not self.round_over:
            return ""
        lost = f" Held actions lost: {w.units_list(self.lost)} (EMP-06)." if self.lost else ""
        return f"The round is over after segment {self.segment}: {w.text(self.reason)}.{lost}"


@evolver(SegmentPassed)
def _segment_passed(state: Battle, e: SegmentPassed) -> Battle:
    if e.round_over:
        for uid in e.lost:
            state = state.update_unit(uid, holding=False)
        i = find_frame(state, RoundFrame)
        state = set_frame(state, i, RoundFrame(step="fall_back"))
    return with_system(state, segment=e.next_segment, offered=(), acted_here=False,
                empty_run=e.empty_run)


# --- turns ---------------------------------------------------------------------------------


class TurnBegan(Event):
    type: Literal["emp_turn_began"] = "emp_turn_began"
    unit: str
    segment: int
    from_hold: bool = False
    side: str

    def narrate(self, w: Words = PLAIN) -> str:
        how = " (announcing his held action)" if self.from_hold else ""
        return f"Segment {self.segment}: {w.unit(self.unit)} may act{how}."


@evolver(TurnBegan)
def _turn_began(state: Battle, e: TurnBegan) -> Battle:
    u = is_emp(state.unit(e.unit))
    if u.turn_round != state.round:
        # R-EMP-STANCE-DURATION: a stance lasts until the character's next action.
        u = changed(u, stance="", turn_round=state.round)
    state = state.with_unit(u)
    state = with_system(state, offered=(*system(state).offered, e.unit))
    return state.push(TurnFrame(actor=e.side, unit=e.unit, segment=e.segment,
                                from_hold=e.from_hold))


class ActionLost(Event):
    """A character's chance to act passes unused: surprised (EMP-63), tricked (EMP-84),
    asleep or bound (EMP-85)."""

    type: Literal["emp_action_lost"] = "emp_action_lost"
    unit: str
    reason: str
    rule: str
    clears_surprise: bool = False

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.unit)} cannot act this round: {w.text(self.reason)} ({self.rule})."


@evolver(ActionLost)
def _action_lost(state: Battle, e: ActionLost) -> Battle:
    u = is_emp(state.unit(e.unit))
    u = changed(u, spent="lost", holding=False, counter="", turn_round=state.round,
                surprised="" if e.clears_surprise else u.surprised, stance="")
    state = state.with_unit(u)
    return with_system(state, offered=(*system(state).offered, e.unit))


class Held(Event):
    """EMP-02 / EMP-05: he holds his action, perhaps for counter against one foe or at one
    hex."""

    type: Literal["emp_held"] = "emp_held"
    unit: str
    counter: str = ""

    def narrate(self, w: Words = PLAIN) -> str:
        u = w.unit(self.unit)
        if self.counter.startswith("hex:"):
            q, r = (int(x) for x in self.counter[4:].split(","))
            return (f"{u} holds for counter, aiming at the hex at "
                    f"{w.hex((q, r))} (EMP-05).")
        if self.counter:
            foe = w.unit(self.counter)
            return (f"{u} holds for counter against {foe}: if {foe} "
                    "attacks him, he strikes first at +1 (EMP-05).")
        return f"{u} holds his action (EMP-02): −2 to be hit until he acts (EMP-03)."


@evolver(Held)
def _held(state: Battle, e: Held) -> Battle:
    assert isinstance(state.top, TurnFrame)
    state = state.pop()
    return state.update_unit(e.unit, holding=True, counter=e.counter)


class StanceTaken(Event):
    type: Literal["emp_stance"] = "emp_stance"
    unit: str
    stance: str
    rule: str = "EMP-61"

    def narrate(self, w: Words = PLAIN) -> str:
        words = {"attack": "an aggressive stance (+1 AM, −2 HC)",
                 "attack2": "a Warrior's aggressive stance (+2 AM, −4 HC)",
                 "guard": "a guarded stance (+1 HC, −2 AM)",
                 "guard2": "a Warrior's guarded stance (+2 HC, −4 AM)",
                 "pure_defense": "pure defence (AM/PM to HC, double opportunity attacks)"}
        return f"{w.unit(self.unit)} takes {words.get(self.stance, self.stance)} ({self.rule})."


@evolver(StanceTaken)
def _stance(state: Battle, e: StanceTaken) -> Battle:
    top = state.top
    if isinstance(top, TurnFrame) and top.unit == e.unit:
        state = state.replace_top(changed(top, stance_set=True))
    return state.update_unit(e.unit, stance=e.stance)


class ModeSet(Event):
    """A round-by-round way of fighting: longsword mode (EMP-30), two weapons offensively or
    defensively (EMP-42/43), sword-and-board to HC or attack (EMP-46)."""

    type: Literal["emp_mode_set"] = "emp_mode_set"
    unit: str
    field: str  # longsword_mode, dual_mode, board_mode
    value: str
    rule: str

    def narrate(self, w: Words = PLAIN) -> str:
        what = {"longsword_mode": "wields his longsword for", "dual_mode": "uses his two "
                "weapons for", "board_mode": "puts his sword-and-board bonus to"}[self.field]
        return f"{w.unit(self.unit)} {what} {str(self.value).replace('_', ' ')} ({self.rule})."


@evolver(ModeSet)
def _mode(state: Battle, e: ModeSet) -> Battle:
    return state.update_unit(e.unit, **{e.field: e.value})


class TurnEnded(Event):
    type: Literal["emp_turn_ended"] = "emp_turn_ended"
    unit: str
    spent: str = "turn"  # turn, pure_defense
    acted: bool = True

    def narrate(self, w: Words = PLAIN) -> str:
        return "" if self.acted else f"{w.unit(self.unit)} does nothing."


@evolver(TurnEnded)
def _turn_ended(state: Battle, e: TurnEnded) -> Battle:
    assert isinstance(state.top, TurnFrame)
    state = state.pop()
    u = is_emp(state.unit(e.unit))
    spent = u.spent or e.spent
    state = state.update_unit(e.unit, spent=spent, holding=False, counter="")
    if e.acted:
        state = with_system(state, acted_here=True)
    return state
