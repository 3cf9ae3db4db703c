"""What a player must never read, in one place, so every ruleset and mode is held to it:
an internal id standing alone, a Python repr, a tuple, `side N`, a snake_case field name,
a trigger's key for a free attack ("provokes Orc 1 (leave)"), and a singular/plural slip
("1 dice", "2 hex", "hit(s)", "The orcs wins", "The border watch have declared").
`slips(text, battle)` lists what is wrong with one line of text a person reads (a log
line, a card line, a button, a caption).

Arithmetic in an attack line ("12 +2 = 14") is a sum, not a repr: `=` is a slip only where
code writes it, right after a name (`unit='o1'`).
"""

from __future__ import annotations

import re
from typing import Any

from rules.wording import Words, reads_plural

REPR = [re.compile(p) for p in (
    r"\w=\S",  # unit='o1', option=2
    r"\(\w+=",  # choose(unit=
    r"(?<![A-Za-z])'[a-z0-9_:,]+'",  # 'o1'
    r"\bNone\b|\bTrue\b|\bFalse\b",
)]
TUPLE = [re.compile(p) for p in (r"\(-?\d+, ?-?\d+(, ?-?\d+)*\)", r"\(-?\d+,\)",
                                 r"\[\d+(, \d+)*\]")]
SIDE_N = re.compile(r"\bside \d")
SNAKE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
PLURAL_SLIPS = [re.compile(p) for p in (
    r"(?<![\d.])1 (dice|hexes|hits|attacks|points|rounds|figures|men)\b",
    r"\b(0|[2-9]|\d\d+) (die|hex|hit(?! points| dice)|point|round)\b(?!-)",
    r"\w\(s\)",
)]
# A rules key in brackets after whom a move provokes ("provokes Fighting-Man (leave)"):
# each trigger is a phrase ("for leaving his reach, FE-11").
RAW_TRIGGER = re.compile(r"provokes [^.]*\([a-z_]+\)")
THE_MANY_SINGULAR = re.compile(r"\bThe ([a-z]+) (?:wins|has|declares|achieves|is|checks)\b")
_SINGULAR = ("wins", "has", "declares", "achieves", "is", "checks", "holds", "breaks")
_PLURAL = ("win", "have", "declare", "achieve", "are", "check", "hold", "break")


def _word(w: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w'-])" + re.escape(w) + r"(?![\w-])")


def slips(text: str, battle: Any) -> list[str]:
    """What is wrong with `text` for a person reading it in `battle` ([] if nothing)."""
    words = Words.of(battle)
    names = list(words.units.values()) + [s.name for s in battle.sides]
    out = []
    for u in battle.units:
        inside_a_name = any(_word(u.id).search(n) for n in names)
        if not inside_a_name and _word(u.id).search(text):
            out.append(f"the id {u.id!r}")
    out += [f"a repr ({m.group(0)!r})" for p in REPR for m in [p.search(text)] if m]
    out += [f"a tuple ({m.group(0)!r})" for p in TUPLE for m in [p.search(text)] if m]
    if SIDE_N.search(text):
        out.append("'side N'")
    m = RAW_TRIGGER.search(text)
    if m:
        out.append(f"a trigger's key ({m.group(0)!r})")
    m = SNAKE.search(text)
    if m:
        out.append(f"a field name ({m.group(0)!r})")
    unnamed = text  # "Orc 1 attacks" is a name and a verb, not one of many attacks
    for n in sorted(words.units.values(), key=len, reverse=True):
        unnamed = unnamed.replace(n, "someone")
    out += [f"number ({m.group(0)!r})" for p in PLURAL_SLIPS for m in [p.search(unnamed)] if m]
    m = THE_MANY_SINGULAR.search(text)
    if m and reads_plural(m.group(1)):
        out.append(f"agreement ({m.group(0)!r})")
    for s in battle.sides:
        subject = words.side(s.id)
        wrong = _SINGULAR if reads_plural(s.name or s.id) else _PLURAL
        for verb in wrong:
            if re.search(re.escape(subject) + r" " + verb + r"\b", text, re.IGNORECASE):
                out.append(f"agreement ({subject} {verb})")
    return out
