"""The joust's log in a player's language: the riders' names where the rules say ids or
"A" and "B", dice as "6-4-2", every reason with the rule it comes from.

The rules' events carry their reasons as (explanation, citation) pairs (`JoustBegan.notes`,
`JoustThrown.notes`); this only words them for the window.  Events the joust does not own
(damage, a rider's fate, the end) go through the battle log's `event_html` with names.
"""

from __future__ import annotations

import re

from game.ui.markup import escape
from game.ui.narration import event_html, with_names
from rules.events import BattleEnded, Event
from rules.state import Battle
from rules.systems.fallen_empire.joust_mode import (
    JoustBegan,
    JoustFrame,
    JoustThrowChosen,
    JoustThrown,
    joust_frame,
)
from rules.wording import plural

CITE = "#9fc6ff"
_LETTER = re.compile(r"\b([AB])\b")
_TUPLE = re.compile(r"\((\d+(?:, \d+)*),?\)")
_ONE_UNMATCHED = re.compile(r"unmatched (\d) do not count")
_CITATION = re.compile(r"\(((?:FE|EX|R)-[^()]*?(?:\([a-z]\)[^()]*?)*)\)")


def cited(text: str) -> str:
    """`text` as HTML, its rule citations ("(FE-52)", "(FE-46 (b), R-FE-JOUST-RIDES)")
    picked out in colour."""
    out, at = [], 0
    for m in _CITATION.finditer(text):
        out += [escape(text[at:m.start()]), f"<font color='{CITE}'>({escape(m.group(1))})</font>"]
        at = m.end()
    return "".join([*out, escape(text[at:])])


def rider_names(state: Battle) -> dict[str, str]:
    """Unit and side ids to the names a player knows them by.  Two riders of the same name
    (two "Knight"s) are told apart by their sides'."""
    names = {s.id: s.name or s.id for s in state.sides}
    units = {u.id: u.name or u.id for u in state.units}
    frame = joust_frame(state)
    if frame is not None and units.get(frame.unit_a) == units.get(frame.unit_b):
        for uid, side in ((frame.unit_a, frame.side_a), (frame.unit_b, frame.side_b)):
            units[uid] = f"{units[uid]} ({names.get(side, side)})"
    names.update(units)
    return names


class JoustLog:
    """Words for one joust's events.  `names` from `rider_names`."""

    def __init__(self, frame: JoustFrame, names: dict[str, str]) -> None:
        self.names = names
        self.a = names.get(frame.unit_a, frame.unit_a)
        self.b = names.get(frame.unit_b, frame.unit_b)
        self.side_rider = {frame.side_a: self.a, frame.side_b: self.b}

    def words(self, text: str) -> str:
        """A note of the rules in the riders' names: ids, the letters A and B, tuples."""
        text = with_names(text, self.names)
        text = _ONE_UNMATCHED.sub(r"unmatched \1 does not count", text)
        text = _TUPLE.sub(lambda m: "-".join(m.group(1).split(", ")), text)
        text = _LETTER.sub(lambda m: self.a if m.group(1) == "A" else self.b, text)
        return text[:1].upper() + text[1:]

    def note(self, text: str, cite: str) -> str:
        return f"{escape(self.words(text))} <font color='{CITE}'>({escape(cite)})</font>."

    def line(self, e: Event) -> str:
        """One log line as pygame-gui HTML; '' for events with nothing to say."""
        if isinstance(e, JoustBegan):
            head = (f"<b><font color='#ffd27a'>The joust: {escape(self.a)} "
                    f"({plural(e.pool_a, 'die')}) against {escape(self.b)} "
                    f"({plural(e.pool_b, 'die')}).</font></b>")
            return " ".join([head, *(self.note(t, c) for t, c in e.notes)])
        if isinstance(e, JoustThrowChosen):
            who = self.names.get(e.unit, e.unit)
            return (f"{escape(who)} has chosen his throw in secret "
                    f"<font color='{CITE}'>(FE-48)</font>.")
        if isinstance(e, JoustThrown):
            head = (f"<b>Pass {e.throw}:</b> {escape(self.a)} throws "
                    f"<b>{'-'.join(map(str, e.dice_a))}</b>, {escape(self.b)} throws "
                    f"<b>{'-'.join(map(str, e.dice_b))}</b>.")
            body = [self.note(t, c) for t, c in e.notes[1:]]  # notes[0] repeats the dice
            pools = (f"Pools: {escape(self.a)} {e.pool_a}, {escape(self.b)} {e.pool_b}.")
            return " ".join([head, *body, pools])
        if isinstance(e, BattleEnded):
            return (f"<b><font color='#ffe066'>{escape(self.headline(e))}:</font></b> "
                    f"{cited(self.words(e.reason))}")
        return event_html(e, self.names)

    def headline(self, e: BattleEnded) -> str:
        """The end in one line of plain words: who won."""
        rider = self.side_rider.get(e.winner or "")
        return f"{rider} wins the joust" if rider else "The joust is a draw"


__all__ = ["JoustLog", "cited", "rider_names"]
