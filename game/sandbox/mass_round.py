"""A mass round cut into the stages the text fights it in, so that the grid sandbox can show
it a stage at a time: the moves, the leaders' duels (segment 1), each unit-check segment,
withdrawals, morale, the end (ZEF-62..79).

Why a module: the rules core fights the whole round at once and marks each step with an
event (`MassStepped`); where one stage ends and the next begins is read here from those
marks alone, apart from the session that shows them.
"""

from __future__ import annotations

from rules.events import Event
from rules.systems.zefrs.mass.events import MassNoDuels, MassRoundEnded, MassStepped

__all__ = ["STAGES", "split_round", "stage_label", "stage_of"]

STAGES = ("orders and moves", "segment 1: the leaders' duels", "segment 2", "segment 3",
          "segment 4", "withdrawals", "morale", "end of the round")
"""A round as the text fights it (ZEF-62..79), in the order the sandbox steps through it."""


def stage_of(e: Event) -> int | None:
    """Which stage of the round (STAGES) an event opens, or None if it goes on the one
    before it: the core marks each step of the round (`MassStepped`), and its end."""
    if isinstance(e, MassStepped):
        return {"move": 0, "duel": 1, "withdraw": 5, "morale": 6}.get(
            e.step, e.segment if e.step == "segment" else None)
    if isinstance(e, MassRoundEnded):
        return 7
    return None


def stage_label(stage: int, events: list[Event]) -> str:
    """A stage's name as the GM reads it among the positions: STAGES's, but segment 1 of a
    round in which no leaders meet (ZEF-70) is not called the leaders' duels."""
    if stage == 1 and any(isinstance(e, MassNoDuels) for e in events):
        return "segment 1: no leaders meet"
    return STAGES[stage]


def split_round(events: list[Event]) -> list[tuple[int, list[Event]]]:
    """The round's events cut at each stage's first event; a stage never goes back (a
    leader replaced after morale is still morale)."""
    out: list[tuple[int, list[Event]]] = [(0, [])]
    for e in events:
        s = stage_of(e)
        if s is not None and s > out[-1][0]:
            out.append((s, []))
        out[-1][1].append(e)
    return [(s, evs) for s, evs in out if evs]
