"""A Markdown transcript of a sandbox session, for the GM to hand his players after the lesson:
each exchange a section (attacker, target, every modifier with its value and citation, needed,
the dice, the result), and the narration of every event in order.

    text = transcript_markdown(sandbox, "Tonight's lesson")   # or a list of events

It reads the session through its log (`active_entries`, `opening`, `state_at`) and never
imports it, so the session can offer `Sandbox.transcript()` without a circle.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.engine import ruleset_of
from rules.events import AttackRolled, Event
from rules.state import Battle
from rules.wording import PLAIN, Words, counted, dice_words


def _md(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _words(state: Battle | None) -> Words:
    return Words.of(state) if state is not None else PLAIN


def _who(state: Battle | None, uid: str) -> str:
    return _words(state).unit(uid)


def _exchange_md(n: int, e: AttackRolled, before: Battle | None) -> list[str]:
    head = f"### Exchange {n}: {_who(before, e.attacker)} attacks {_who(before, e.target)}"
    out = [head, "",
           f"- **Attacker:** {_who(before, e.attacker)}",
           f"- **Target:** {_who(before, e.target)}",
           f"- **Attack:** {e.kind}"
           + (f" with {e.weapon.replace('_', ' ')}" if e.weapon else ""), ""]
    total = e.roll + sum(m.value for m in e.modifiers)
    if e.modifiers or e.damage_modifiers:
        out += ["| Modifier | Value | Rule | Applies to |", "|---|---:|---|---|"]
        out += [f"| {_md(counted(m.reason))} | {m.value:+d} | {_md(m.rule)} | to hit |"
                for m in e.modifiers]
        out += [f"| {_md(counted(m.reason))} | {m.value:+d} | {_md(m.rule)} | damage |"
                for m in e.damage_modifiers]
        out.append("")
    else:
        out += ["No modifiers.", ""]
    out.append(f"- **Needed:** {e.needed}")
    dice = f"d20 {e.roll}" if e.roll else "no to-hit roll"
    if e.hit and e.damage_dice:
        dice += f"; damage {e.damage_dice}: {e.damage_roll}"
    out.append(f"- **Dice:** {dice} ({dice_words(e.rolls)})")
    out.append(f"- **Total:** {total} against {e.needed}")
    if e.hit:
        victim = e.struck or e.target
        out.append(f"- **Result:** a hit: {_who(before, victim)} takes {e.damage}")
    else:
        out.append("- **Result:** a miss")
    out += [f"- *{_md(_words(before).text(note))}*" for note in e.notes]
    out.append("")
    return out


def _block(title: str, events: Sequence[Event], before: Battle | None, counter: list[int]
           ) -> list[str]:
    out = [f"## {title}", ""]
    for e in events:
        if isinstance(e, AttackRolled):
            counter[0] += 1
            out += _exchange_md(counter[0], e, before)
    words = _words(before)
    told = [t for t in (words.say(e) for e in events) if t]
    if told:
        out += ["**What happened, in order:**", ""]
        out += [f"{i}. {_md(t)}" for i, t in enumerate(told, start=1)]
        out.append("")
    return out


def transcript_markdown(sandbox_or_events: Any, title: str = "Transcript") -> str:
    """A Markdown transcript: each exchange a section (attacker, target, every modifier with
    its value and citation, needed, the dice, the result, its notes), and the narration of
    every event in order.  Give a `Sandbox` (its entries up to the current position, one
    section per entry that rolled an attack, the others listed between them) or a list of
    events (one section)."""
    out = [f"# {_md(title)}", ""]
    counter = [0]
    entries = getattr(sandbox_or_events, "active_entries", None)
    if entries is None:
        events = list(sandbox_or_events)
        return "\n".join(out + _block("Events", events, None, counter)).rstrip() + "\n"
    sb = sandbox_or_events
    rs = ruleset_of(sb.state)
    out += [f"*{rs.name}* — {_md(rs.source)}", ""]
    opening = sb.opening
    told = opening.narration()
    out += [f"## 0. {_md(opening.label)}", ""] + [f"- {_md(t)}" for t in told] + [""]
    for e in entries():
        out += _block(f"{e.position}. {_md(e.label)}", e.events, sb.state_at(e.position - 1),
                      counter)
    if counter[0] == 0:
        out += ["No exchange has been rolled yet.", ""]
    return "\n".join(out).rstrip() + "\n"
