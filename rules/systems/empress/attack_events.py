"""The events of an Empress attack and of the decisions the text offers along the way, and
how each moves the stack (frames.py): an attack announced, its stages (a counter, a longer
reach striking first, pressing on, the blow, a cleave: EMP-05, EMP-32, EMP-53), its end, and
a choice offered and made (press, cleave, follow up, retain melee range).

Why this module exists: these move AttackFrame and DecisionFrame; actions.py and
attack_flow.py decide the attack, and an attack, a move or a fall-back may offer a decision.
"""

from __future__ import annotations

from typing import Literal

from rules import procedures
from rules.events import Event, evolver
from rules.procedures import find_frame, set_frame
from rules.state import Battle, changed
from rules.systems.empress.frames import AttackFrame, DecisionFrame, FallBackFrame, TurnFrame
from rules.wording import PLAIN, Words

__all__ = [
    "AttackBegan", "AttackEnded", "AttackStage", "DecisionMade", "DecisionOffered",
]


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

    def narrate(self, w: Words = PLAIN) -> str:
        how = f" ({', '.join(o.replace('_', ' ') for o in self.options)})" if (
            self.options) else ""
        return f"{w.unit(self.unit)} attacks {w.unit(self.target)}{how}."


class AttackStage(Event):
    type: Literal["emp_attack_stage"] = "emp_attack_stage"
    stage: str
    oa: str = ""
    target: str = ""  # a new target: a cleave (EMP-53)
    unaware: bool | None = None
    surprised: bool | None = None

    def narrate(self, w: Words = PLAIN) -> str:
        return ""


@evolver(AttackStage)
def _attack_stage(state: Battle, e: AttackStage) -> Battle:
    i = find_frame(state, AttackFrame)
    f = state.stack[i]
    assert isinstance(f, AttackFrame)
    f = changed(f, stage=e.stage, oa=e.oa or f.oa)
    if e.target:
        f = changed(f, target=e.target, cleave=f.cleave + 1, oa="", options=(),
                    unaware=False, surprised=False)
    if e.unaware is not None:
        f = changed(f, unaware=e.unaware)
    if e.surprised is not None:
        f = changed(f, surprised=e.surprised)
    return set_frame(state, i, f)


class AttackEnded(Event):
    type: Literal["emp_attack_ended"] = "emp_attack_ended"
    unit: str
    reason: str = ""

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.unit)} {w.text(self.reason)}." if self.reason else ""


@evolver(AttackEnded)
def _attack_ended(state: Battle, e: AttackEnded) -> Battle:
    assert isinstance(state.top, AttackFrame)
    state = state.pop()
    top = state.top
    if isinstance(top, TurnFrame) and top.unit == e.unit:
        state = state.replace_top(changed(top, done=True, actor=None))
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

    def narrate(self, w: Words = PLAIN) -> str:
        u = w.unit(self.unit)
        foe = w.unit(self.about)
        return {"press": f"{u} may still press his attack on {foe} (EMP-32).",
                "cleave": f"{u} felled his foe and may cleave into another (EMP-53).",
                "follow": f"{u} may follow up {foe}'s retreat (EMP-56).",
                "retain": f"{u} may keep melee range as {foe} falls back "
                          "(EMP-58)."}.get(self.kind, "")


class DecisionMade(Event):
    type: Literal["emp_decision_made"] = "emp_decision_made"
    unit: str
    kind: str
    option: str

    def narrate(self, w: Words = PLAIN) -> str:
        u = w.unit(self.unit)
        foe = w.unit(self.option)
        if self.kind == "press":
            return (f"{u} presses the attack." if self.option == "press" else
                    f"{u} thinks better of it.")
        if self.kind == "cleave":
            return "" if self.option == "stop" else f"{u} cleaves on into {foe}."
        if self.kind == "follow":
            return f"{u} follows up." if self.option == "follow" else ""
        if self.kind == "retain":
            return (f"{u} keeps melee range." if self.option == "retain" else
                    f"{u} lets him go.")
        return ""


@evolver(DecisionMade)
def _decided(state: Battle, e: DecisionMade) -> Battle:
    assert isinstance(state.top, DecisionFrame)
    state = state.pop()
    top = state.top
    if e.kind == "retain" and e.option == "retain" and isinstance(top, FallBackFrame):
        state = state.replace_top(changed(top, retainers=(*top.retainers, e.unit)))
    return state
