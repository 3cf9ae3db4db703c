"""A mass battle as Markdown, in a player's words with the text's clauses cited: the armies
as they stood at the start, then each round under a heading, every stage's lines as the
log words them (the duels, each segment's checks and casualties, withdrawals, morale),
the fighters left at the end of each round, and how the battle ended.

    text = mass_transcript(moments, "Battle at the border fort")   # the sandbox's positions
    text = battle_transcript(tm.state, tm.events, "Battle at the border fort")  # played

Why a module: the hex sandbox's transcript (`transcript.py`) is about single exchanges
(modifiers, the d20); a mass battle's story is rounds and segments of units, so it has its
own shape, and both the grid sandbox and a played battle (a save) give it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.events import Event
from rules.state import ACTIVE, Battle
from rules.systems.zefrs.mass.events import (
    MassDeployed,
    MassRoundBegan,
    MassRoundEnded,
    square_word,
)
from rules.systems.zefrs.mass.units import mass_units
from rules.wording import Words

__all__ = ["armies_md", "battle_transcript", "mass_transcript"]


def _md(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def armies_md(state: Battle) -> list[str]:
    """The armies as a table a side: unit, square, fighters now of those at the start,
    talent, Will, armour, leader."""
    w = Words.of(state)
    out: list[str] = []
    for s in state.sides:
        out += [f"### {w.side(s.id)}", "",
                "| Unit | Square | Fighters | Talent | Will | Armour | Leader |",
                "|---|---|---:|---:|---:|---:|---|"]
        for u in mass_units(state, s.id):
            leader = "—"
            if u.leader and state.has_unit(u.leader):
                lead = state.unit(u.leader)
                leader = lead.name + (f" ({lead.condition})" if lead.condition else "")
            if u.status != ACTIVE:
                where = u.condition or "off the field"  # fled, destroyed (ZEF-79)
            else:
                where = square_word(u.pos) if u.pos is not None else "not placed yet"
            out.append(f"| {_md(u.name)} | {where} | {u.fighters} of {u.start} | {u.talent} "
                       f"| {u.will} | {u.armour_value} | {_md(leader)} |")
        out.append("")
    return out


class _Teller:
    """Lines for events, each round's heading put before its first line (a round that
    has only begun when the story stops gets none)."""

    def __init__(self, round_now: int | None) -> None:
        self.pending = round_now
        self.out: list[str] = []

    def tell(self, events: Sequence[Event], state: Battle) -> None:
        w = Words.of(state)
        for e in events:
            if isinstance(e, MassRoundBegan):
                self.pending = e.round
                continue
            text = w.say(e)
            if not text:
                continue
            if self.pending:
                self.out += ["", f"## Round {self.pending}", ""]
                self.pending = None
            self.out.append(f"**{_md(text)}**" if isinstance(e, MassRoundEnded)
                            else f"- {_md(text)}")


def _ending(state: Battle) -> list[str]:
    if state.outcome is None:
        return []
    w = Words.of(state)
    who = (w.agree(state.outcome.winner, "wins", "win") if state.outcome.winner
           else "Nobody wins")
    return ["", "## The end", "", f"**{who}**: {_md(w.text(state.outcome.reason))}"]


def mass_transcript(moments: Sequence[Any], title: str = "Mass battle") -> str:
    """The sandbox's positions up to now (each with `label`, `state`, `events`, `kind`):
    the GM's changes in italics, the rounds fought with every line the log shows."""
    first = moments[0].state
    out = [f"# {title}", "", "A ZeFRS mass battle (seed 002, \"Mass Combat\"; ZEF-58..ZEF-80), "
           "told as it was fought.", "", "## The armies", "", *armies_md(first)]
    teller = _Teller(first.round or None)
    for m in moments[1:]:
        if m.kind == "round":
            teller.tell(m.events, m.state)
        else:
            teller.out.append(f"- *The GM: {_md(m.label)}.*")
    out += teller.out
    out += _ending(moments[-1].state)
    return "\n".join(out).rstrip() + "\n"


def battle_transcript(end: Battle, events: Sequence[Event], title: str = "Mass battle"
                      ) -> str:
    """A battle played to `end` (a turn manager's or a save's), told from every event of
    its log: each round, then the armies as they ended.  Told once the battle is over, so
    nothing a side kept secret is given away."""
    out = [f"# {title}", "", "A ZeFRS mass battle (seed 002, \"Mass Combat\"; ZEF-58..ZEF-80), "
           "told as it was fought.", ""]
    if any(isinstance(e, MassDeployed) for e in events):
        out += ["## Deployment", ""]
    teller = _Teller(None)
    teller.tell(events, end)
    out += teller.out
    out += _ending(end)
    out += ["", "## The armies at the end", "", *armies_md(end)]
    return "\n".join(out).rstrip() + "\n"
