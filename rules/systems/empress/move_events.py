"""The events of an Empress move and of what it provokes, and how each moves the stack
(frames.py): a move walked hex by hex (EMP-56), the opportunity attacks offered on the way
(EMP-55, EMP-57), a hold for counter springing (EMP-05), a follow-up, and the cautious
fall-back at the end of the round (EMP-58).

Why this module exists: these move MoveFrame, ReactionFrame and FallBackFrame, mostly as
movement.py decides; the same reaction window opens for a longer reach and a dirty trick
(attack_flow.py, maneuvers.py).  The walk and the reaction window are the shared procedures
of rules/procedures.py: the events here give them Empress's tags and words.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from rules import procedures
from rules.events import Event, evolver
from rules.procedures import find_frame, set_frame
from rules.state import Battle, changed
from rules.systems.empress.frames import FallBackFrame, MoveFrame, TurnFrame
from rules.systems.empress.units import is_emp
from rules.wording import PLAIN, Words, plural

__all__ = [
    "CounterSprung", "FallBackDeclared", "FallBackStage", "KeptPace", "MoveBegan", "MoveEnded",
    "MoveStage", "ReactionAnswered", "ReactionOffered", "ReactionsDue",
]


# --- moving --------------------------------------------------------------------------------


class MoveBegan(procedures.MoveBegan):
    type: Literal["emp_move_began"] = "emp_move_began"
    facing: int | None = None
    start_engaged: tuple[str, ...] = ()

    def narrate(self, w: Words = PLAIN) -> str:
        u = w.unit(self.unit)
        if self.mode == "turn":
            return ""
        if self.mode == "graceful":
            return (f"{u} retreats gracefully at half speed "
                    f"({plural(len(self.path) - 1, 'hex')}): no opportunity attack for "
                    "leaving, but foes may follow (EMP-56 (a)).")
        return f"{u} moves {plural(len(self.path) - 1, 'hex')}."


@evolver(MoveBegan)
def _move_began(state: Battle, e: MoveBegan) -> Battle:
    return state.push(MoveFrame(unit=e.unit, path=e.hexes(), mode=e.mode, facing=e.facing,
                                start_engaged=e.start_engaged))


class ReactionsDue(procedures.ReactionsDue):
    type: Literal["emp_reactions_due"] = "emp_reactions_due"
    TRIGGER_WORDS: ClassVar[dict[str, str]] = {
        "retreat": "retreating from him, EMP-55", "past": "moving past him, EMP-57",
        "counter": "emerging where he holds for counter, EMP-05"}


class ReactionOffered(procedures.ReactionOffered):
    type: Literal["emp_reaction_offered"] = "emp_reaction_offered"

    def narrate(self, w: Words = PLAIN) -> str:
        reactor = w.unit(self.reactor)
        mover = w.unit(self.mover)
        why = {"retreat": "as he retreats (EMP-55)", "past": "as he moves past (EMP-57)",
               "reach": "before his blow lands, out-reaching him (EMP-32)",
               "trick": "while the trick has him reeling (EMP-84)"}.get(self.trigger, "")
        return f"{reactor} may take an opportunity attack at {mover} {why}."


class ReactionAnswered(procedures.ReactionAnswered):
    """Taking an opportunity attack takes the reactor's action (EMP-59 (a)) and counts
    against his allotment (EMP-60); the dirty trick's attack is the trickster's own."""

    type: Literal["emp_reaction_answered"] = "emp_reaction_answered"
    trigger: str = ""
    spends_action: bool = True

    def narrate(self, w: Words = PLAIN) -> str:
        if not self.accept:
            return f"{w.unit(self.reactor)} lets the chance go."
        if self.trigger == "trick":
            return ""
        return f"{w.unit(self.reactor)} takes the opportunity attack (his action, EMP-59 (a))." if (
            self.spends_action) else f"{w.unit(self.reactor)} takes the opportunity attack."


@evolver(ReactionAnswered)
def _answered(state: Battle, e: ReactionAnswered) -> Battle:
    state = procedures.close_reaction(state)
    if not e.accept or e.trigger == "trick":
        return state
    u = is_emp(state.unit(e.reactor))
    spent = u.spent or ("oa" if e.spends_action else "")
    return state.update_unit(e.reactor, oa_taken=u.oa_taken + 1, spent=spent,
                             holding=False if e.spends_action else u.holding,
                             counter="" if e.spends_action else u.counter)


class CounterSprung(Event):
    """EMP-05: the foe he held for attacks him (or steps onto the hex he watched): the
    Warrior's attack comes first, and it is his action."""

    type: Literal["emp_counter_sprung"] = "emp_counter_sprung"
    unit: str
    against: str

    def narrate(self, w: Words = PLAIN) -> str:
        u = w.unit(self.unit)
        foe = w.unit(self.against)
        return f"{u}'s hold for counter springs: he strikes {foe} first (EMP-05)."


@evolver(CounterSprung)
def _counter(state: Battle, e: CounterSprung) -> Battle:
    top = state.top
    if isinstance(top, MoveFrame):
        state = state.replace_top(changed(
            top, queued=tuple(q for q in top.queued if q[0] != e.unit),
            asked=(*top.asked, e.unit)))
    u = is_emp(state.unit(e.unit))
    return state.update_unit(e.unit, counter="", holding=False, spent=u.spent or "counter")


class MoveStage(Event):
    type: Literal["emp_move_stage"] = "emp_move_stage"
    stage: str
    asked: str = ""

    def narrate(self, w: Words = PLAIN) -> str:
        return ""


@evolver(MoveStage)
def _move_stage(state: Battle, e: MoveStage) -> Battle:
    frame = state.top
    assert isinstance(frame, MoveFrame)
    asked = (*frame.follow_asked, e.asked) if e.asked else frame.follow_asked
    return state.replace_top(changed(frame, stage=e.stage, follow_asked=asked))


class MoveEnded(procedures.MoveEnded):
    type: Literal["emp_move_ended"] = "emp_move_ended"
    halted: bool = False
    reason: str = ""

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.unit)} stops: {w.text(self.reason)}." if self.halted else ""


@evolver(MoveEnded)
def _move_ended(state: Battle, e: MoveEnded) -> Battle:
    state = procedures.end_walk(state)
    top = state.top
    if isinstance(top, TurnFrame) and top.unit == e.unit:
        # Felled on the way (an opportunity attack), his turn is over.
        fallen = state.unit(e.unit).status != "active"
        state = state.replace_top(changed(top, moved=True, done=top.done or fallen,
                                          actor=None if fallen else top.actor))
    return state


# --- falling back (EMP-58) -----------------------------------------------------------------


class FallBackDeclared(Event):
    type: Literal["emp_fall_back_declared"] = "emp_fall_back_declared"
    unit: str

    def narrate(self, w: Words = PLAIN) -> str:
        u = w.unit(self.unit)
        return (f"{u} spends his action cautiously falling back: he will leave at the "
                "end of the round (EMP-58).")


@evolver(FallBackDeclared)
def _fb_declared(state: Battle, e: FallBackDeclared) -> Battle:
    return state.update_unit(e.unit, falling_back=True)


class FallBackStage(Event):
    type: Literal["emp_fall_back_stage"] = "emp_fall_back_stage"
    unit: str
    stage: str  # ask, move, pace, done
    asked: str = ""
    side: str = ""

    def narrate(self, w: Words = PLAIN) -> str:
        return ""


@evolver(FallBackStage)
def _fb_stage(state: Battle, e: FallBackStage) -> Battle:
    if e.stage == "ask" and not isinstance(state.top, FallBackFrame):
        u = state.unit(e.unit)
        return state.push(FallBackFrame(unit=e.unit, start=u.pos))
    i = find_frame(state, FallBackFrame)
    f = state.stack[i]
    assert isinstance(f, FallBackFrame)
    if e.stage == "done":
        state = changed(state, stack=state.stack[:i] + state.stack[i + 1:])
        return state.update_unit(e.unit, falling_back=False)
    asked = (*f.asked, e.asked) if e.asked else f.asked
    actor = e.side if e.stage == "move" else None
    return set_frame(state, i, changed(f, stage=e.stage, asked=asked, actor=actor))


class KeptPace(Event):
    type: Literal["emp_kept_pace"] = "emp_kept_pace"
    unit: str
    faller: str
    kept: bool

    def narrate(self, w: Words = PLAIN) -> str:
        u = w.unit(self.unit)
        foe = w.unit(self.faller)
        if self.kept:
            return f"{u} keeps pace with {foe}: still engaged (EMP-58)."
        return (f"{u} cannot keep up with {foe}: the engagement is broken with "
                "no opportunity attack (EMP-58).")


@evolver(KeptPace)
def _kept(state: Battle, e: KeptPace) -> Battle:
    return state
