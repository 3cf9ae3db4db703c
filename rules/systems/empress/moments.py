"""Empress's word for every moment: what the side deciding is asked now, and why, in one line
citing the clause (`Ruleset.moment`; issue 35): a character's segment (EMP-01..05), the
choices an attack or a retreat offers on the way (EMP-32, EMP-53, EMP-56, EMP-58), a
cautious fall-back's step (EMP-58) and the opportunity attacks a move provokes (EMP-55,
EMP-57, EMP-32, EMP-84).
"""

from __future__ import annotations

from rules.procedures import ReactionFrame, frame_line
from rules.state import Battle
from rules.systems.empress.frames import DecisionFrame, FallBackFrame, TurnFrame
from rules.wording import Words, pronoun

__all__ = ["moment"]


def moment(state: Battle, w: Words) -> str:
    """The line for the frame on top, or "" for none of Empress's skirmish frames."""
    return frame_line(state, w, ((TurnFrame, _turn), (DecisionFrame, _decision),
                                 (FallBackFrame, _fall_back), (ReactionFrame, _reaction)))


def _fall_back(state: Battle, w: Words, f: FallBackFrame) -> str:
    who, he = w.unit(f.unit), pronoun(state.unit(f.unit))
    return (f"{who} falls back cautiously (EMP-58): choose where {he} steps back to; unless "
            f"a foe keeps melee range, {he} leaves the fight at the round's end with no "
            "opportunity attack.")


def _turn(state: Battle, w: Words, f: TurnFrame) -> str:
    u = state.unit(f.unit)
    who, he = w.unit(f.unit), pronoun(u)
    if u.status != "active":
        return f"{who} cannot act in segment {f.segment}: pass {pronoun(u, 'his')} turn."
    if f.moved:
        return (f"{who} has moved: attack a foe within reach now, or end {pronoun(u, 'his')} "
                "turn (EMP-01).")
    if f.from_hold:
        return (f"{who} held and acts now, in segment {f.segment} (EMP-02): an attack on a foe "
                "who has not yet acted is +1 (EMP-04).")
    return (f"Segment {f.segment} is {who}'s (EMP-01): move and attack, or hold to act in a "
            f"later segment (EMP-02); while {he} holds, blows at {pronoun(u, 'him')} are −2 "
            "(EMP-03).")


def _decision(state: Battle, w: Words, f: DecisionFrame) -> str:
    who = w.unit(f.unit)
    foe = w.unit(f.about) if f.about else "his foe"
    him = pronoun(state.unit(f.about), "him") if f.about and state.has_unit(f.about) else "him"
    if f.kind == "press":
        return (f"{foe} out-reached {who} and struck first (EMP-32): press the attack — if "
                "that blow missed, +2 and the reach advantage is lost (EMP-33) — or abandon it.")
    if f.kind == "cleave":
        return (f"{who} felled {pronoun(state.unit(f.unit), 'his')} foe: cleave into another "
                "within reach at −3, −2 for a Warrior (EMP-53), or stop here.")
    if f.kind == "follow":
        return (f"{foe} retreats at half speed (EMP-56): {who} may follow up to stay in the "
                f"fight, or let {him} go.")
    if f.kind == "retain":
        return (f"{foe} falls back cautiously (EMP-58): {who} may keep melee range by following"
                f", or let {him} leave the fight at the round's end.")
    return f"{who} has a choice to make: {', '.join(o.replace('_', ' ') for o in f.options)}."


_TRIGGERS = {
    "retreat": ("{m} retreats from {r}", "EMP-55"),
    "past": ("{m} moves past {r}", "EMP-57"),
    "reach": ("{m} attacks {r}, whose longer reach lets him strike first if he has not yet "
              "acted this round", "EMP-32"),
    "counter": ("{m} comes out where {r} holds for counter", "EMP-05"),
    "trick": ("{r}'s trick caught {m} off guard", "EMP-84"),
}


def _reaction(state: Battle, w: Words, f: ReactionFrame) -> str:
    r, m = w.unit(f.reactor), w.unit(f.mover)
    why, rule = _TRIGGERS.get(f.trigger, ("{m} gives {r} an opening", "EMP-55"))
    him = pronoun(state.unit(f.mover), "him")
    return (f"{why.format(m=m, r=r)} ({rule}): {r} may take an opportunity attack at {him} "
            "now, or let it go.")
