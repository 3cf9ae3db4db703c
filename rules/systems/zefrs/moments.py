"""ZeFRS's word for the skirmish's one decision (`Ruleset.moment`; issue 35): a side states
each of its figures' actions before initiative (ZEF-15, ZEF-17), and in a turn of free
actions only those who won them (ZEF-12).  The mass battle's orders and its leaders' duels
are said by the mass frame (mass/frame.py)."""

from __future__ import annotations

from rules.state import Battle
from rules.systems.zefrs.events import DeclareFrame
from rules.systems.zefrs.round import free_turn, to_declare
from rules.wording import Words, and_list, pronoun

__all__ = ["declare_line", "first_up", "moment"]


def moment(state: Battle, w: Words) -> str:
    """The line for the frame on top, or "" for none of the skirmish's."""
    top = state.top
    if not isinstance(top, DeclareFrame) or top.actor is None:
        return ""
    waiting = to_declare(state, top.actor)
    names = [w.unit(u.id) for u in waiting]
    whom = pronoun(waiting[0]) if len(waiting) == 1 else "each"
    who = and_list(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
    if free_turn(state):
        return (f"A turn of free actions (ZEF-12): {who or 'those who won them'} "
                f"{'acts' if len(names) == 1 else 'act'} while the foe is off guard. "
                + first_up(declare_line(whom)))
    return f"{who}: {declare_line(whom)}" if who else first_up(declare_line("each figure"))


def declare_line(whom: str) -> str:
    """What a declaration is and why it comes first ("declare what each does ..."), for a
    figure of a skirmish or a leader in a mass battle's duel; begins in lower case."""
    return (f"declare what {whom} does this turn (ZEF-15): fight a foe at an aiming point "
            "(ZEF-24), defend (ZEF-36), move or wait; then all roll d10 for initiative and "
            "act from the highest (ZEF-17).")


def first_up(text: str) -> str:
    return text[:1].upper() + text[1:]
