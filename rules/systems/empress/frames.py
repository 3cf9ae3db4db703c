"""Empress's pending-decision stack: its frames, read by every procedure.

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

Frames are plain data, no closures, so any state can be saved, copied and replayed.  Why this
module exists: it is the shape of the stack (and of the GM's countdown, `EmpSystem`), which
every procedure reads; the events that move it, each saying what happened, are
round_events.py (the round and each turn), move_events.py (moves, the reactions they offer,
falling back) and attack_events.py (attacks and the decisions on the way).  The walk and the
reaction window are the shared procedures of rules/procedures.py; those modules give them
Empress's tags and words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.hexgrid import Hex
from rules.procedures import ReactionFrame, WalkFrame, system_of
from rules.state import Battle, Frame
from rules.systems.empress.units import RULESET

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
