"""Fallen Empire's pending-decision stack: its frames and the events that move them.

The stack during a round, bottom to top:

    RoundFrame      steps: begin → morale → declare → initiative → withdrawal → phases → end
    DeclareFrame    a side announces each unit's action (FE-06)           [side decides]
    PhaseFrame      one phase (movement, missile, melee, spell, other) for one initiative
                    group; a tie puts both sides in one group (FE-07)
    ChoiceFrame     a side picks which unit acts next and how            [side decides]
    MoveFrame       a move walked hex by hex; may queue reactions
    ReactionFrame   a free attack offered to one enemy (FE-11, FE-14)  [reactor decides]
    ImpactFrame     the end of a charge: a set spear, then the charger's blow (FE-18, FE-19)
    SplinterFrame   a shield-bearer may let his shield take the damage (FE-31) [he decides]

Each frame is plain data; each event below says what happened and its evolver changes the
stack accordingly.  No closures, so any state can be saved, copied and replayed.  The walk and
the reaction window are the shared procedures of rules/procedures.py; the events here give
them Fallen Empire's tags and words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from rules import procedures
from rules.events import AttackRolled, Event, Secret, evolver
from rules.procedures import ReactionFrame, WalkFrame, find_frame, set_frame
from rules.state import Battle, Frame, changed
from rules.wording import PLAIN, Words, plural

RULESET = "fallen_empire"
__all__ = ["RULESET", "ReactionFrame"]


@dataclass(frozen=True, slots=True)
class RoundFrame(Frame):
    step: str = "begin"
    group: int = 0  # which initiative group's phases are running
    phase: int = 0  # index into PHASES


@dataclass(frozen=True, slots=True)
class DeclareFrame(Frame):
    pass


@dataclass(frozen=True, slots=True)
class PhaseFrame(Frame):
    phase: str = ""
    sides: tuple[str, ...] = ()
    key: str = ""
    standing: tuple[str, ...] = ()  # units fighting when the phase began (ties: FE-07)
    acted: tuple[str, ...] = ()
    last_side: str = ""


@dataclass(frozen=True, slots=True)
class ChoiceFrame(Frame):
    phase: str = ""


@dataclass(frozen=True, slots=True)
class MoveFrame(WalkFrame):
    """A walk (rules/procedures.py) whose mode is move, charge, retreat, withdraw or crawl."""

    target: str = ""  # the foe a charge runs at
    hp_before: int = 0  # his hit points when the last step's free attacks were found (FE-12)


@dataclass(frozen=True, slots=True)
class ImpactFrame(Frame):
    gm_may_interrupt: ClassVar[bool] = False
    charger: str = ""
    target: str = ""
    stage: str = "spear"  # spear → strike
    negated: bool = False


@dataclass(frozen=True, slots=True)
class SplinterFrame(Frame):
    gm_may_interrupt: ClassVar[bool] = False
    unit: str = ""
    attacker: str = ""
    amount: int = 0
    subdual: bool = False
    source: str = ""  # the attack kind: melee, missile, spell …


# --- round steps ---------------------------------------------------------------------------


class RoundBegan(Event):
    """A new round: the round frame goes on the stack (or is reset) at its first step."""

    type: Literal["fe_round_began"] = "fe_round_began"
    round: int

    def narrate(self, w: Words = PLAIN) -> str:
        return f"Round {self.round} begins."


@evolver(RoundBegan)
def _round_began(state: Battle, e: RoundBegan) -> Battle:
    from rules.evolvers import round_reset

    units = tuple(round_reset(u) for u in state.units)
    return changed(state, round=e.round, units=units, stack=(RoundFrame(step="morale"),))


class StepReached(Event):
    """The round moves to its next step (and, in the phases, to which group and phase)."""

    type: Literal["fe_step"] = "fe_step"
    step: str
    group: int = 0
    phase: int = 0

    def narrate(self, w: Words = PLAIN) -> str:
        return {"declare": "Declare actions (FE-06).", "initiative": "Roll initiative (FE-07).",
                "end": "End of the round."
                }.get(self.step, "")


@evolver(StepReached)
def _step(state: Battle, e: StepReached) -> Battle:
    i = find_frame(state, RoundFrame)
    frame = state.stack[i]
    assert isinstance(frame, RoundFrame)
    return set_frame(state, i, changed(frame, step=e.step, group=e.group, phase=e.phase))


# --- declarations --------------------------------------------------------------------------


class DeclarationsOpened(procedures.FrameOpened):
    type: Literal["fe_declarations_opened"] = "fe_declarations_opened"
    FRAME = DeclareFrame
    side: str

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.agree(self.side, 'declares its', 'declare their')} actions."


class ActionDeclared(Event):
    # FE-06/FE-07: actions are declared in secret and revealed as initiative is rolled.
    secret: ClassVar[Secret | None] = Secret("unit", "unit", frozenset({
        "fe_initiative_rolled", "battle_ended"}))
    type: Literal["fe_action_declared"] = "fe_action_declared"
    unit: str
    action: str

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.unit)} declares: {self.action.replace('_', ' ')}."


@evolver(ActionDeclared)
def _declared(state: Battle, e: ActionDeclared) -> Battle:
    return state.update_unit(e.unit, declared=e.action)


class DeclarationsClosed(Event):
    type: Literal["fe_declarations_closed"] = "fe_declarations_closed"
    side: str

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.agree(self.side, 'has', 'have')} declared."


@evolver(DeclarationsClosed)
def _decl_close(state: Battle, e: DeclarationsClosed) -> Battle:
    assert isinstance(state.top, DeclareFrame)
    return state.pop()


# --- phases and choices --------------------------------------------------------------------


class PhaseBegan(procedures.FrameOpened):
    type: Literal["fe_phase_began"] = "fe_phase_began"
    FRAME = PhaseFrame
    phase: str
    sides: tuple[str, ...]
    key: str
    standing: tuple[str, ...]
    rule: str = "FE-09"

    def narrate(self, w: Words = PLAIN) -> str:
        together = " (simultaneous, FE-07)" if len(self.sides) > 1 else ""
        return f"{self.phase.capitalize()} phase: {w.sides_list(self.sides)}{together}."


class PhaseEnded(Event):
    type: Literal["fe_phase_ended"] = "fe_phase_ended"
    phase: str

    def narrate(self, w: Words = PLAIN) -> str:
        return ""


@evolver(PhaseEnded)
def _phase_ended(state: Battle, e: PhaseEnded) -> Battle:
    assert isinstance(state.top, PhaseFrame)
    return state.pop()


class SideToAct(procedures.FrameOpened):
    type: Literal["fe_side_to_act"] = "fe_side_to_act"
    FRAME = ChoiceFrame
    side: str
    phase: str

    def narrate(self, w: Words = PLAIN) -> str:
        return ""


class UnitsDone(Event):
    """These units have had their turn in the current phase (acted, passed or were skipped)."""

    type: Literal["fe_units_done"] = "fe_units_done"
    units: tuple[str, ...]
    side: str

    def narrate(self, w: Words = PLAIN) -> str:
        return ""


@evolver(UnitsDone)
def _units_done(state: Battle, e: UnitsDone) -> Battle:
    if isinstance(state.top, ChoiceFrame):
        state = state.pop()
    i = find_frame(state, PhaseFrame)
    frame = state.stack[i]
    assert isinstance(frame, PhaseFrame)
    return set_frame(state, i, changed(frame, acted=frame.acted + e.units, last_side=e.side))


# --- moving --------------------------------------------------------------------------------


class MoveBegan(procedures.MoveBegan):
    type: Literal["fe_move_began"] = "fe_move_began"
    target: str = ""
    facing: int | None = None

    def narrate(self, w: Words = PLAIN) -> str:
        what = {"charge": "charges", "retreat": "makes a full retreat",
                "withdraw": "makes a fighting withdrawal", "crawl": "crawls"}.get(self.mode,
                                                                                 "moves")
        aim = f" at {w.unit(self.target)}" if self.target else ""
        return f"{w.unit(self.unit)} {what}{aim} ({plural(len(self.path) - 1, 'hex')})."


@evolver(MoveBegan)
def _move_began(state: Battle, e: MoveBegan) -> Battle:
    unit = state.unit(e.unit)
    if e.mode == "charge":
        state = state.update_unit(e.unit, charged=True)
    return state.push(MoveFrame(unit=e.unit, path=e.hexes(), mode=e.mode, target=e.target,
                                facing=e.facing, hp_before=unit.hp))


class ReactionsDue(procedures.ReactionsDue):
    """The next step of a move provokes these enemies (in initiative order)."""

    type: Literal["fe_reactions_due"] = "fe_reactions_due"
    TRIGGER_WORDS: ClassVar[dict[str, str]] = {  # R-FE-LEAVE's two readings, and FE-14
        "leave": "for leaving his reach, FE-11", "pass": "for moving past him, FE-11",
        "retreat": "for a full retreat, FE-14"}


@evolver(ReactionsDue)
def _reactions_due(state: Battle, e: ReactionsDue) -> Battle:
    """FE-12: a wound from here on stops the move, so his hit points now are remembered."""
    state = procedures.queue_reactions(state, e)
    frame = state.top
    assert isinstance(frame, MoveFrame)
    return state.replace_top(changed(frame, hp_before=state.unit(frame.unit).hp))


class ReactionOffered(procedures.ReactionOffered):
    type: Literal["fe_reaction_offered"] = "fe_reaction_offered"

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.reactor)} may take a free attack at {w.unit(self.mover)} (FE-11)."


class ReactionAnswered(procedures.ReactionAnswered):
    type: Literal["fe_reaction_answered"] = "fe_reaction_answered"


@evolver(ReactionAnswered)
def _answered(state: Battle, e: ReactionAnswered) -> Battle:
    """FE-12: one free attack a round."""
    state = procedures.close_reaction(state)
    return state.update_unit(e.reactor, oa_used=True) if e.accept else state


class MoveEnded(procedures.MoveEnded):
    type: Literal["fe_move_ended"] = "fe_move_ended"
    cost: int
    halted: bool = False
    reason: str = ""
    moved_into: tuple[str, ...] = ()

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.unit)} stops: {w.text(self.reason)}." if self.halted else ""


@evolver(MoveEnded)
def _move_ended(state: Battle, e: MoveEnded) -> Battle:
    state = procedures.end_walk(state)
    u = state.unit(e.unit)
    moved_into = tuple(sorted(set(getattr(u, "moved_into", ())) | set(e.moved_into)))
    return state.update_unit(e.unit, moved=getattr(u, "moved", 0) + e.cost,
                             moved_into=moved_into)


# --- charges and shields -------------------------------------------------------------------


class ImpactBegan(procedures.FrameOpened):
    type: Literal["fe_impact"] = "fe_impact"
    FRAME = ImpactFrame
    charger: str
    target: str

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.charger)}'s charge strikes home on {w.unit(self.target)}."


class ImpactStage(Event):
    type: Literal["fe_impact_stage"] = "fe_impact_stage"
    stage: str
    negated: bool = False
    spear_user: str = ""

    def narrate(self, w: Words = PLAIN) -> str:
        return "The set spear stops the charge (FE-19)." if self.negated else ""


@evolver(ImpactStage)
def _impact_stage(state: Battle, e: ImpactStage) -> Battle:
    frame = state.top
    assert isinstance(frame, ImpactFrame)
    if e.spear_user:
        state = state.update_unit(e.spear_user, spear_used=True)
    if e.stage == "done":
        return state.pop()
    return state.replace_top(changed(frame, stage=e.stage, negated=frame.negated or e.negated))


@evolver(AttackRolled, ruleset=RULESET)
def _attack_rolled(state: Battle, e: AttackRolled) -> Battle:
    """R-FE-SPEAR: setting the spear is the figure's action for the round; if he strikes an
    ordinary melee blow instead, his spear is no longer set against a later charge (FE-19)."""
    u = state.unit(e.attacker)
    if e.kind == "melee" and getattr(u, "declared", "") == "set_spear":
        state = state.update_unit(e.attacker, spear_used=True)
    if e.kind in ("melee", "charge") and state.has_unit(e.target):
        # FE-27: remember who has engaged the target this round (six around a man, eight
        # around a larger foe).
        t = state.unit(e.target)
        seen = getattr(t, "melee_attackers", ())
        if e.attacker not in seen:
            state = state.update_unit(e.target, melee_attackers=seen + (e.attacker,))
    return state


class SplinterOffered(procedures.FrameOpened):
    type: Literal["fe_splinter_offered"] = "fe_splinter_offered"
    FRAME = SplinterFrame
    unit: str
    attacker: str
    amount: int
    subdual: bool = False
    source: str = ""
    side: str

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.unit)} may let the shield take the {self.amount} damage (FE-31)."


class SplinterAnswered(Event):
    type: Literal["fe_splinter_answered"] = "fe_splinter_answered"
    unit: str
    splinter: bool
    shield_kept: bool = False  # a magic shield gives up its magic instead (FE-32)

    def narrate(self, w: Words = PLAIN) -> str:
        u = w.unit(self.unit)
        if not self.splinter:
            return ""
        if self.shield_kept:
            return (f"{u}'s magic shield absorbs the blow and is nonmagical for the "
                    "rest of the day (FE-32).")
        return f"{u}'s shield is splintered and absorbs the blow (FE-31)."


@evolver(SplinterAnswered)
def _splinter_answered(state: Battle, e: SplinterAnswered) -> Battle:
    assert isinstance(state.top, SplinterFrame)
    state = state.pop()
    if not e.splinter:
        return state
    if e.shield_kept:
        return state.update_unit(e.unit, shield_magic=False)
    return state.update_unit(e.unit, shield="", shield_magic=False)
