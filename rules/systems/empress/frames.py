"""Empress's pending-decision stack: its frames and the events that move them.

The stack during a round, bottom to top:

    RoundFrame      steps: begin → surprise (round 1) → initiative → segments → fall back → end
    TurnFrame       one character's chance to act in the current segment: act, hold, or
                    hold for counter (EMP-01..05)                        [his side decides]
    MoveFrame       a move walked hex by hex; opportunity attacks on the way (EMP-55..57)
    AttackFrame     one attack from announcement to the blow: a hold for counter springs
                    first (EMP-05), a longer reach may strike first (EMP-32), the attacker
                    presses or not, the blow, a cleave (EMP-53)
    ReactionFrame   an opportunity attack offered to one foe           [reactor decides]
    DecisionFrame   a choice the text gives: press the attack, cleave, follow up, retain
                    melee range                                          [that side decides]
    FallBackFrame   a cautious fall-back at the end of the round (EMP-58)

Frames are plain data; each event below says what happened, and its evolver moves the
stack.  No closures, so any state can be saved, copied and replayed.  The walk and the
reaction window are the shared procedures of rules/procedures.py; the events here give them
Empress's tags and words.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar, Literal

from rules import procedures
from rules.events import Event, evolver
from rules.hexgrid import Hex
from rules.procedures import (
    ReactionFrame,
    WalkFrame,
    find_frame,
    set_frame,
    system_of,
    with_system,
)
from rules.state import Battle, Frame
from rules.systems.empress.units import RULESET, EmpUnit, is_emp

__all__ = ["RULESET", "ReactionFrame"]


@dataclass(frozen=True, slots=True)
class EmpSystem:
    """Battle-wide Empress bookkeeping: where the GM's countdown stands (EMP-01, EMP-06)."""

    segment: int = 0  # the segment being counted now
    top: int = 0  # where this round's countdown began
    lowest: int = 0  # the lowest action segment of the round
    offered: tuple[str, ...] = ()  # characters already asked in this segment
    acted_here: bool = False  # someone acted in this segment
    empty_run: int = 0  # empty segments in a row that count toward the end (EMP-06)


def system(state: Battle) -> EmpSystem:
    return system_of(state, EmpSystem)


@dataclass(frozen=True, slots=True)
class RoundFrame(Frame):
    step: str = "begin"


@dataclass(frozen=True, slots=True)
class TurnFrame(Frame):
    unit: str = ""
    segment: int = 0
    from_hold: bool = False  # he held earlier this round (EMP-04)
    moved: bool = False
    stance_set: bool = False
    done: bool = False


@dataclass(frozen=True, slots=True)
class MoveFrame(WalkFrame):
    """A walk (rules/procedures.py) whose mode is move or graceful (EMP-56)."""

    start_engaged: tuple[str, ...] = ()
    stage: str = "walk"  # walk → follow (EMP-56)
    follow_asked: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class AttackFrame(Frame):
    gm_may_interrupt: ClassVar[bool] = False
    unit: str = ""
    target: str = ""
    weapon: str = ""
    options: tuple[str, ...] = ()
    kind: str = "melee"  # melee or missile
    stage: str = "approach"  # approach → counter → reach → press → strike → done
    from_hold: bool = False
    oa: str = ""  # the reach opportunity attack: "", declined, hit, missed
    cleave: int = 0
    unaware: bool = False  # the sneak succeeded (EMP-67)
    surprised: bool = False  # the target failed to avoid surprise (EMP-68, EMP-70)


@dataclass(frozen=True, slots=True)
class DecisionFrame(Frame):
    gm_may_interrupt: ClassVar[bool] = False
    unit: str = ""
    kind: str = ""  # press, cleave, follow, retain
    options: tuple[str, ...] = ()
    about: str = ""  # the other party


@dataclass(frozen=True, slots=True)
class FallBackFrame(Frame):
    gm_may_interrupt: ClassVar[bool] = False
    unit: str = ""
    stage: str = "ask"  # ask → move → pace
    asked: tuple[str, ...] = ()
    retainers: tuple[str, ...] = ()
    start: Hex | None = None


# --- the round -----------------------------------------------------------------------------


class RoundBegan(Event):
    type: Literal["emp_round_began"] = "emp_round_began"
    round: int

    def narrate(self) -> str:
        return f"Round {self.round} begins."


def _new_round(u: EmpUnit, rnd: int) -> EmpUnit:
    """Per-round bookkeeping goes back; plain holds are lost (EMP-06), but a hold for counter
    lasts until the character's next action (EMP-07)."""
    keep_hold = bool(u.counter)
    ends = u.surprised == "round" and rnd > 1  # a first-round surprise lasts the round
    return replace(u, spent="", oa_taken=0, shield_blocks=0, falling_back=False,
                   holding=keep_hold, surprised="" if ends else u.surprised)


@evolver(RoundBegan)
def _round_began(state: Battle, e: RoundBegan) -> Battle:
    units = tuple(_new_round(is_emp(u), e.round) for u in state.units)
    step = "surprise" if e.round == 1 else "initiative"
    return replace(state, round=e.round, units=units, stack=(RoundFrame(step=step),),
                   system=EmpSystem())


class StepReached(Event):
    type: Literal["emp_step"] = "emp_step"
    step: str

    def narrate(self) -> str:
        return ""


@evolver(StepReached)
def _step(state: Battle, e: StepReached) -> Battle:
    i = find_frame(state, RoundFrame)
    frame = state.stack[i]
    assert isinstance(frame, RoundFrame)
    return set_frame(state, i, replace(frame, step=e.step))


class InitiativeSet(Event):
    """Each character's action segment this round (EMP-01, EMP-08, EMP-09)."""

    type: Literal["emp_initiative"] = "emp_initiative"
    mode: str
    entries: tuple[tuple[str, int, int], ...]  # (unit, segment, die rolled or 0)
    top: int
    lowest: int

    def narrate(self) -> str:
        parts = []
        for uid, seg, roll in sorted(self.entries, key=lambda x: (-x[1], x[0])):
            parts.append(f"{uid} {seg}" + (f" (d6 {roll})" if roll else ""))
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

    def narrate(self) -> str:
        if not self.round_over:
            return ""
        lost = f" Held actions lost: {', '.join(self.lost)} (EMP-06)." if self.lost else ""
        return f"The round is over after segment {self.segment}: {self.reason}.{lost}"


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

    def narrate(self) -> str:
        how = " (announcing his held action)" if self.from_hold else ""
        return f"Segment {self.segment}: {self.unit} may act{how}."


@evolver(TurnBegan)
def _turn_began(state: Battle, e: TurnBegan) -> Battle:
    u = is_emp(state.unit(e.unit))
    if u.turn_round != state.round:
        # R-EMP-STANCE-DURATION: a stance lasts until the character's next action.
        u = replace(u, stance="", turn_round=state.round)
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

    def narrate(self) -> str:
        return f"{self.unit} cannot act this round: {self.reason} ({self.rule})."


@evolver(ActionLost)
def _action_lost(state: Battle, e: ActionLost) -> Battle:
    u = is_emp(state.unit(e.unit))
    u = replace(u, spent="lost", holding=False, counter="", turn_round=state.round,
                surprised="" if e.clears_surprise else u.surprised, stance="")
    state = state.with_unit(u)
    return with_system(state, offered=(*system(state).offered, e.unit))


class Held(Event):
    """EMP-02 / EMP-05: he holds his action, perhaps for counter against one foe or at one
    hex."""

    type: Literal["emp_held"] = "emp_held"
    unit: str
    counter: str = ""

    def narrate(self) -> str:
        if self.counter.startswith("hex:"):
            where = self.counter[4:]
            return f"{self.unit} holds for counter, aiming at hex ({where}) (EMP-05)."
        if self.counter:
            return (f"{self.unit} holds for counter against {self.counter}: if {self.counter} "
                    "attacks him, he strikes first at +1 (EMP-05).")
        return f"{self.unit} holds his action (EMP-02): −2 to be hit until he acts (EMP-03)."


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

    def narrate(self) -> str:
        words = {"attack": "an aggressive stance (+1 AM, −2 HC)",
                 "attack2": "a Warrior's aggressive stance (+2 AM, −4 HC)",
                 "guard": "a guarded stance (+1 HC, −2 AM)",
                 "guard2": "a Warrior's guarded stance (+2 HC, −4 AM)",
                 "pure_defense": "pure defence (AM/PM to HC, double opportunity attacks)"}
        return f"{self.unit} takes {words.get(self.stance, self.stance)} ({self.rule})."


@evolver(StanceTaken)
def _stance(state: Battle, e: StanceTaken) -> Battle:
    top = state.top
    if isinstance(top, TurnFrame) and top.unit == e.unit:
        state = state.replace_top(replace(top, stance_set=True))
    return state.update_unit(e.unit, stance=e.stance)


class ModeSet(Event):
    """A round-by-round way of fighting: longsword mode (EMP-30), two weapons offensively or
    defensively (EMP-42/43), sword-and-board to HC or attack (EMP-46)."""

    type: Literal["emp_mode_set"] = "emp_mode_set"
    unit: str
    field: str  # longsword_mode, dual_mode, board_mode
    value: str
    rule: str

    def narrate(self) -> str:
        what = {"longsword_mode": "wields his longsword for", "dual_mode": "uses his two "
                "weapons for", "board_mode": "puts his sword-and-board bonus to"}[self.field]
        return f"{self.unit} {what} {self.value} ({self.rule})."


@evolver(ModeSet)
def _mode(state: Battle, e: ModeSet) -> Battle:
    return state.update_unit(e.unit, **{e.field: e.value})


class TurnEnded(Event):
    type: Literal["emp_turn_ended"] = "emp_turn_ended"
    unit: str
    spent: str = "turn"  # turn, pure_defense
    acted: bool = True

    def narrate(self) -> str:
        return "" if self.acted else f"{self.unit} does nothing."


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


# --- moving --------------------------------------------------------------------------------


class MoveBegan(procedures.MoveBegan):
    type: Literal["emp_move_began"] = "emp_move_began"
    facing: int | None = None
    start_engaged: tuple[str, ...] = ()

    def narrate(self) -> str:
        if self.mode == "turn":
            return ""
        if self.mode == "graceful":
            return (f"{self.unit} retreats gracefully at half speed ({len(self.path) - 1} "
                    "hexes): no opportunity attack for leaving, but foes may follow (EMP-56 "
                    "(a)).")
        return f"{self.unit} moves {len(self.path) - 1} hexes."


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

    def narrate(self) -> str:
        why = {"retreat": "as he retreats (EMP-55)", "past": "as he moves past (EMP-57)",
               "reach": "before his blow lands, out-reaching him (EMP-32)",
               "trick": "while the trick has him reeling (EMP-84)"}.get(self.trigger, "")
        return f"{self.reactor} may take an opportunity attack at {self.mover} {why}."


class ReactionAnswered(procedures.ReactionAnswered):
    """Taking an opportunity attack takes the reactor's action (EMP-59 (a)) and counts
    against his allotment (EMP-60); the dirty trick's attack is the trickster's own."""

    type: Literal["emp_reaction_answered"] = "emp_reaction_answered"
    trigger: str = ""
    spends_action: bool = True

    def narrate(self) -> str:
        if not self.accept:
            return f"{self.reactor} lets the chance go."
        if self.trigger == "trick":
            return ""
        return f"{self.reactor} takes the opportunity attack (his action, EMP-59 (a))." if (
            self.spends_action) else f"{self.reactor} takes the opportunity attack."


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

    def narrate(self) -> str:
        return f"{self.unit}'s hold for counter springs: he strikes {self.against} first (EMP-05)."


@evolver(CounterSprung)
def _counter(state: Battle, e: CounterSprung) -> Battle:
    top = state.top
    if isinstance(top, MoveFrame):
        state = state.replace_top(replace(
            top, queued=tuple(q for q in top.queued if q[0] != e.unit),
            asked=(*top.asked, e.unit)))
    u = is_emp(state.unit(e.unit))
    return state.update_unit(e.unit, counter="", holding=False, spent=u.spent or "counter")


class MoveStage(Event):
    type: Literal["emp_move_stage"] = "emp_move_stage"
    stage: str
    asked: str = ""

    def narrate(self) -> str:
        return ""


@evolver(MoveStage)
def _move_stage(state: Battle, e: MoveStage) -> Battle:
    frame = state.top
    assert isinstance(frame, MoveFrame)
    asked = (*frame.follow_asked, e.asked) if e.asked else frame.follow_asked
    return state.replace_top(replace(frame, stage=e.stage, follow_asked=asked))


class MoveEnded(procedures.MoveEnded):
    type: Literal["emp_move_ended"] = "emp_move_ended"
    halted: bool = False
    reason: str = ""

    def narrate(self) -> str:
        return f"{self.unit} stops: {self.reason}." if self.halted else ""


@evolver(MoveEnded)
def _move_ended(state: Battle, e: MoveEnded) -> Battle:
    state = procedures.end_walk(state)
    top = state.top
    if isinstance(top, TurnFrame) and top.unit == e.unit:
        # Felled on the way (an opportunity attack), his turn is over.
        fallen = state.unit(e.unit).status != "active"
        state = state.replace_top(replace(top, moved=True, done=top.done or fallen,
                                          actor=None if fallen else top.actor))
    return state


# --- attacks -------------------------------------------------------------------------------


class AttackBegan(procedures.FrameOpened):
    type: Literal["emp_attack_began"] = "emp_attack_began"
    FRAME = AttackFrame
    unit: str
    target: str
    weapon: str = ""
    options: tuple[str, ...] = ()
    kind: str = "melee"
    from_hold: bool = False

    def narrate(self) -> str:
        how = f" ({', '.join(o.replace('_', ' ') for o in self.options)})" if (
            self.options) else ""
        return f"{self.unit} attacks {self.target}{how}."


class AttackStage(Event):
    type: Literal["emp_attack_stage"] = "emp_attack_stage"
    stage: str
    oa: str = ""
    target: str = ""  # a new target: a cleave (EMP-53)
    unaware: bool | None = None
    surprised: bool | None = None

    def narrate(self) -> str:
        return ""


@evolver(AttackStage)
def _attack_stage(state: Battle, e: AttackStage) -> Battle:
    i = find_frame(state, AttackFrame)
    f = state.stack[i]
    assert isinstance(f, AttackFrame)
    f = replace(f, stage=e.stage, oa=e.oa or f.oa)
    if e.target:
        f = replace(f, target=e.target, cleave=f.cleave + 1, oa="", options=(),
                    unaware=False, surprised=False)
    if e.unaware is not None:
        f = replace(f, unaware=e.unaware)
    if e.surprised is not None:
        f = replace(f, surprised=e.surprised)
    return set_frame(state, i, f)


class AttackEnded(Event):
    type: Literal["emp_attack_ended"] = "emp_attack_ended"
    unit: str
    reason: str = ""

    def narrate(self) -> str:
        return f"{self.unit} {self.reason}." if self.reason else ""


@evolver(AttackEnded)
def _attack_ended(state: Battle, e: AttackEnded) -> Battle:
    assert isinstance(state.top, AttackFrame)
    state = state.pop()
    top = state.top
    if isinstance(top, TurnFrame) and top.unit == e.unit:
        state = state.replace_top(replace(top, done=True, actor=None))
    return state


# --- decisions -----------------------------------------------------------------------------


class DecisionOffered(procedures.FrameOpened):
    type: Literal["emp_decision_offered"] = "emp_decision_offered"
    FRAME = DecisionFrame
    unit: str
    kind: str
    options: tuple[str, ...]
    side: str
    about: str = ""

    def narrate(self) -> str:
        return {"press": f"{self.unit} may still press his attack on {self.about} (EMP-32).",
                "cleave": f"{self.unit} felled his foe and may cleave into another (EMP-53).",
                "follow": f"{self.unit} may follow up {self.about}'s retreat (EMP-56).",
                "retain": f"{self.unit} may keep melee range as {self.about} falls back "
                          "(EMP-58)."}.get(self.kind, "")


class DecisionMade(Event):
    type: Literal["emp_decision_made"] = "emp_decision_made"
    unit: str
    kind: str
    option: str

    def narrate(self) -> str:
        if self.kind == "press":
            return (f"{self.unit} presses the attack." if self.option == "press" else
                    f"{self.unit} thinks better of it.")
        if self.kind == "cleave":
            return "" if self.option == "stop" else f"{self.unit} cleaves on into {self.option}."
        if self.kind == "follow":
            return f"{self.unit} follows up." if self.option == "follow" else ""
        if self.kind == "retain":
            return (f"{self.unit} keeps melee range." if self.option == "retain" else
                    f"{self.unit} lets him go.")
        return ""


@evolver(DecisionMade)
def _decided(state: Battle, e: DecisionMade) -> Battle:
    assert isinstance(state.top, DecisionFrame)
    state = state.pop()
    top = state.top
    if e.kind == "retain" and e.option == "retain" and isinstance(top, FallBackFrame):
        state = state.replace_top(replace(top, retainers=(*top.retainers, e.unit)))
    return state


# --- falling back (EMP-58) -----------------------------------------------------------------


class FallBackDeclared(Event):
    type: Literal["emp_fall_back_declared"] = "emp_fall_back_declared"
    unit: str

    def narrate(self) -> str:
        return (f"{self.unit} spends his action cautiously falling back: he will leave at the "
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

    def narrate(self) -> str:
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
        state = replace(state, stack=state.stack[:i] + state.stack[i + 1:])
        return state.update_unit(e.unit, falling_back=False)
    asked = (*f.asked, e.asked) if e.asked else f.asked
    actor = e.side if e.stage == "move" else None
    return set_frame(state, i, replace(f, stage=e.stage, asked=asked, actor=actor))


class KeptPace(Event):
    type: Literal["emp_kept_pace"] = "emp_kept_pace"
    unit: str
    faller: str
    kept: bool

    def narrate(self) -> str:
        if self.kept:
            return f"{self.unit} keeps pace with {self.faller}: still engaged (EMP-58)."
        return (f"{self.unit} cannot keep up with {self.faller}: the engagement is broken with "
                "no opportunity attack (EMP-58).")


@evolver(KeptPace)
def _kept(state: Battle, e: KeptPace) -> Battle:
    return state
