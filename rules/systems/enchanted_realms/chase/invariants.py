"""What must hold of a chase at rest (rules/invariants.py, board kind "track"): checked
after every command by the conformance tests and the soak.

    nobody is on the lane twice, and every runner is a figure of the battle
    no pursuer still running has passed a fleeing figure still running (the gap is never
    negative: he closes to the heels, R-ER-CHASE-HEELS)
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
    return None


@board_invariant("track")
def gaps_never_negative(state: Battle) -> str | None:
    f = chase_frame(state)
    if f is None:
        return None
    for p in f.running("pursuer"):
        for q in f.running("quarry"):
            if p.at >= q.at:
                return f"{p.unit} (hex {p.at}) has passed {q.unit} (hex {q.at}) on the lane"
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
