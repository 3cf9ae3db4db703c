"""Enchanted Realms' word for every moment of a skirmish (`Ruleset.moment`; issue 35): a
creature's turn, one action with his movement around it (ER-02, ER-14), and the reactions
a move past a foe offers (ER-19, ER-20, R-ER-FLEE).  The offer of a chase and the chase's
seconds are said by their own frames (chase/offer.py, chase/frame.py)."""

from __future__ import annotations

from rules.procedures import frame_line
from rules.state import Battle
from rules.systems.enchanted_realms.frames import ReactionFrame, TurnFrame
from rules.systems.enchanted_realms.movement import feet_left
from rules.wording import Words, pronoun

__all__ = ["moment"]


def moment(state: Battle, w: Words) -> str:
    """The line for the frame on top, or "" for none of the skirmish's."""
    return frame_line(state, w, ((TurnFrame, _turn), (ReactionFrame, _reaction)))


def _turn(state: Battle, w: Words, f: TurnFrame) -> str:
    u = state.unit(f.unit)
    who, his = w.unit(f.unit), pronoun(u, "his")
    left = feet_left(state, f)
    if f.acted:
        more = f"move the {left} ft left of {his} speed (ER-14), or " if left else ""
        return f"{who} has taken {his} action: {more}end {his} turn."
    if f.moved_ft:
        return (f"{who} has moved, {left} ft left (ER-14): now {his} one action — attack, a "
                "skill, an item, defend or ready a reaction (ER-02) — then the rest of the move.")
    return (f"{who}'s turn: one action — attack, a skill, an item, defend or ready a reaction "
            f"(ER-02) — and up to {left} ft of movement before and after it (ER-14).")


def _reaction(state: Battle, w: Words, f: ReactionFrame) -> str:
    r, m = w.unit(f.reactor), w.unit(f.mover)
    him = pronoun(state.unit(f.mover), "him")
    if f.trigger == "flee":
        why = f"{m} breaks away from {r} at a run (ER-19)"
        what = "a flee attack"
    else:
        why = f"{m} goes past {r} (R-ER-FLEE)"
        what = "an attack of opportunity"
    return (f"{why}: {r} may spend {pronoun(state.unit(f.reactor), 'his')} one reaction of "
            f"the round on {what} at {him} (ER-20), or keep it.")
