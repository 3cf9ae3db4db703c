"""Tarnished Tale's word for every moment (`Ruleset.moment`; issue 35): a side activating one
figure, who moves and then attacks (R-TT-TURN), and a defender declaring his response to an
attack before the contest is rolled (TT-06..TT-10), with what each response does."""

from __future__ import annotations

from rules.state import Battle
from rules.systems.tarnished_tale.events import ActivationFrame, DefenceFrame
from rules.systems.tarnished_tale.situation import defences
from rules.wording import Words, pronoun

__all__ = ["moment"]

# What each declared defence does, in a player's words with its clause (TT-07..TT-10, TT-21).
DEFENCE_WORDS = {"dodge": "dodge, and a win takes no damage at all (TT-07)",
                 "block": "block, and a win lessens the blow (TT-08)",
                 "sponge": "sponge, letting the armour soak it (TT-09, TT-21)",
                 "counter_attack": "counter-attack: struck anyway, but a win strikes back "
                                   "(TT-10)"}


def moment(state: Battle, w: Words) -> str:
    """The line for the frame on top, or ""."""
    top = state.top
    if isinstance(top, DefenceFrame) and top.actor is not None:
        return _defence(state, w, top)
    if isinstance(top, ActivationFrame) and top.actor is not None:
        return _activation(state, w, top)
    return ""


def _activation(state: Battle, w: Words, f: ActivationFrame) -> str:
    if not f.unit:
        return (f"{w.side(f.actor or '')}: activate one figure (R-TT-TURN): he moves, then "
                "attacks once; the sides take turns, one figure each.")
    u = state.unit(f.unit)
    who, his = w.unit(f.unit), pronoun(u, "his")
    if f.moved:
        return (f"{who} has moved: attack a foe in reach — the foe declares a defence "
                f"first (TT-06) — or end {his} activation.")
    return (f"{who} is activated (R-TT-TURN): move or turn, then attack once; the foe will "
            f"declare a defence (TT-06). Or end {his} activation.")


def _defence(state: Battle, w: Words, f: DefenceFrame) -> str:
    a, d = w.unit(f.attacker), w.unit(f.defender)
    how = {"defensive": " fighting defensively, with a bane to hit (TT-04)",
           "called": " with a called shot (TT-03)"}.get(f.mode, "")
    what = "shoots at" if f.kind == "missile" else "attacks"
    may = [DEFENCE_WORDS.get(o, o.replace("_", " "))
           for o in defences(state, f.attacker, f.defender, f.kind)]
    return (f"{a} {what} {d}{how}. Declare {d}'s defence before the dice (TT-06): "
            f"{_or_list(may)}.")


def _or_list(items: list[str]) -> str:
    """"a", "a or b", "a; b; or c" (each item may hold commas)."""
    if len(items) <= 2:
        return " or ".join(items)
    return "; ".join(items[:-1]) + "; or " + items[-1]
