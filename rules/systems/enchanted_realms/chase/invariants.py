"""What must hold of a chase at rest (rules/invariants.py, board kind "track"): checked
after every command by the conformance tests and the soak.

    nobody is on the lane twice, every runner is a figure of the battle, and every pursuer
    runs after a fleeing figure (R-ER-CHASE-QUARRY)
    no pursuer still running has caught up with the fleeing figure he chases while that one
    still runs (the gap is at least a hex: he closes to the heels, R-ER-CHASE-HEELS); he
    may run past the others (R-ER-CHASE-QUARRY)
    the second counted is one of 10 … 1, and each runner's swing second too (ER-29)
"""

from __future__ import annotations

from rules.invariants import board_invariant
from rules.state import Battle
from rules.systems.enchanted_realms.chase.events import chase_frame

__all__ = ["gaps_never_negative", "one_place_each", "seconds_counted_down"]


@board_invariant("track")
def one_place_each(state: Battle) -> str | None:
    f = chase_frame(state)
    if f is None:
        return "the track is drawn with no chase on the stack"
    seen: set[str] = set()
    for r in f.runners:
        if r.unit in seen:
            return f"{r.unit} is on the lane twice"
        if not state.has_unit(r.unit):
            return f"{r.unit} runs in the chase but is not in the battle"
        seen.add(r.unit)
    fleeing = {r.unit for r in f.runners if r.role == "quarry"}
    for r in f.runners:
        if r.role == "pursuer" and r.chases and r.chases not in fleeing:
            return f"{r.unit} chases {r.chases}, who is not fleeing (R-ER-CHASE-QUARRY)"
    return None


@board_invariant("track")
def gaps_never_negative(state: Battle) -> str | None:
    f = chase_frame(state)
    if f is None:
        return None
    for p in f.running("pursuer"):
        q = f.quarry_of(p.unit)
        if q is not None and p.at >= q.at:
            return (f"{p.unit} (hex {p.at}) has passed {q.unit} (hex {q.at}), whom he chases, "
                    "on the lane")
    return None


@board_invariant("track")
def seconds_counted_down(state: Battle) -> str | None:
    f = chase_frame(state)
    if f is None:
        return None
    if not 1 <= f.second <= 10:
        return f"the chase counts second {f.second}, not one of 10 to 1"
    for r in f.runners:
        if f.chase_round and r.running and not 1 <= r.second <= 10:
            return f"{r.unit} swings in second {r.second}, not one of 10 to 1"
    return None
