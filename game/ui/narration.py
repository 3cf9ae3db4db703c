"""Events as lines for the log, with the rule citations picked out."""

from __future__ import annotations

import re
from functools import lru_cache

from game.ui.markup import escape
from rules.events import AttackRolled, Event

_CITE = re.compile(r"\(((?:FE|EMP|TT|ZEF|ER|R)-[^()]*?)\)")


def with_names(text: str, names: dict[str, str]) -> str:
    """Put figures' and sides' names where the event says their ids."""
    if not names:
        return text
    pattern = _ids_pattern(tuple(sorted(names, key=len, reverse=True)))
    return pattern.sub(lambda m: names[m.group(1)], text)


@lru_cache(maxsize=32)
def _ids_pattern(ids: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(r"\b(" + "|".join(re.escape(k) for k in ids) + r")\b")


def event_html(event: Event, names: dict[str, str] | None = None) -> str:
    """One log line as pygame-gui HTML; '' for events with nothing to say."""
    text = event.narrate()
    if not text:
        return ""
    safe = escape(with_names(text, names or {}))
    safe = _CITE.sub(lambda m: f"<font color='#9fc6ff'>({m.group(1)})</font>", safe)
    if event.type in ("round_started", "fe_round_began", "emp_round_began"):
        return f"<b><font color='#ffd27a'>{safe}</font></b>"
    if isinstance(event, AttackRolled):
        colour = "#ff9a80" if getattr(event, "hit", False) else "#d0d0d0"
        return f"<font color='{colour}'>{safe}</font>"
    if event.type == "battle_ended":
        return f"<b><font color='#ffe066'>{safe}</font></b>"
    return safe
