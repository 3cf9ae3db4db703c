"""Events as lines for the log, with the rule citations picked out.

Every screen that shows events (the battle, the replay, the sandbox, the joust) words them
through `event_html` with the battle's `Words` (rules/wording.py), so figures are named,
sides agree with their verbs and hexsides are compass words the same way everywhere."""

from __future__ import annotations

import re
from collections.abc import Mapping

from game.ui.markup import escape
from rules.events import AttackRolled, Event
from rules.state import Battle
from rules.wording import Words, with_names

_CITE = re.compile(r"\(((?:FE|EMP|TT|ZEF|ER|R)-[^()]*?)\)")
# The events that open a round: the log's headings, in gold over the round's entries.
HEADINGS = frozenset({"round_started", "fe_round_began", "emp_round_began", "er_round_began"})


def words_of(names: Words | Mapping[str, str] | None) -> Words:
    """`names` as `Words`: a plain id-to-name mapping names units and sides alike."""
    if isinstance(names, Words):
        return names
    return Words(units=dict(names or {}), sides=dict(names or {}))


def end_words(state: Battle) -> tuple[str, str]:
    """The victory box of a battle that is over, as (headline, body): who won (or "A
    draw"), why in the battle's names, and how many rounds (the text's word: ZeFRS's
    turns) were fought.  No count of the engine's events: that is a developer's number."""
    out = state.outcome
    words = Words.of(state)
    winner = out is not None and out.winner in {s.id for s in state.sides}
    head = words.agree(out.winner, "wins", "win") if winner and out.winner else "A draw"
    reason = words.text(out.reason) if out is not None and out.reason else ""
    fought = f"{words.round.capitalize()}s fought: {state.round}"
    return head, f"{reason}\n\n{fought}" if reason else fought


def say(event: Event, names: Words | Mapping[str, str] | None = None) -> str:
    """An event's sentence in a player's words (plain text; '' when it has nothing to say)."""
    return words_of(names).say(event)


def event_html(event: Event, names: Words | Mapping[str, str] | None = None) -> str:
    """One log line as pygame-gui HTML; '' for events with nothing to say."""
    text = say(event, names)
    if not text:
        return ""
    safe = escape(text)
    safe = _CITE.sub(lambda m: f"<font color='#9fc6ff'>({m.group(1)})</font>", safe)
    if event.type in HEADINGS:
        return f"<b><font color='#ffd27a'>{safe}</font></b>"
    if isinstance(event, AttackRolled):
        colour = "#ff9a80" if getattr(event, "hit", False) else "#d0d0d0"
        return f"<font color='{colour}'>{safe}</font>"
    if event.type == "battle_ended":
        return f"<b><font color='#ffe066'>{safe}</font></b>"
    return safe


__all__ = ["HEADINGS", "event_html", "say", "with_names", "words_of"]
