"""What a player must never read, in one place, so every ruleset and mode is held to it:
an internal id standing alone (a figure's, a side's or a template's where a name is shown
instead), a Python repr, a tuple, `side N` or `side A`, a raw coordinate ("col 3, row 4",
"x,y": a hex is named by its label, R-FLANK-HEX-LABELS), a count meant for developers
("events: 166"), a snake_case field name,
a trigger's key for a free attack ("provokes Orc 1 (leave)"), the spelling "armor" where the
game writes "armour", and a singular/plural slip
("1 dice", "2 hex", "hit(s)", "The orcs wins", "The border watch have declared").
`slips(text, battle)` lists what is wrong with one line of text a person reads (a log
line, a card line, a button, a caption).

Arithmetic in an attack line ("12 +2 = 14") is a sum, not a repr: `=` is a slip only where
code writes it, right after a name (`unit='o1'`).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from rules.wording import Words, reads_plural, template_names


@lru_cache(maxsize=16)
def _template_names(ruleset: str) -> dict[str, str]:
    return template_names(ruleset) if ruleset else {}

REPR = [re.compile(p) for p in (
    r"\w=\S",  # unit='o1', option=2
    r"\(\w+=",  # choose(unit=
    r"(?<![A-Za-z])'[a-z0-9_:,]+'",  # 'o1'
    r"\bNone\b|\bTrue\b|\bFalse\b",
    r"\b[A-Z]\w*\(\w",  # Hex(q=1, ...), Move(unit=
    r"<[\w.]+ object",  # <rules.state.Unit object at 0x...>
    r"\{'|\['",  # a dict's or a list's repr
)]
# A hex named by the map's raw column and row, or a square as a command keys it ("3,4"),
# rather than by its label ("D5", R-FLANK-HEX-LABELS); a negative coordinate anywhere.
RAW_COORD = [re.compile(p) for p in (
    r"\bcol(umn)? -?\d+,? row -?\d+", r"(?<![\d.])-?\d+,-?\d+(?![\d.])",
    r"\b(at|to|onto|from) \(?-\d+",
)]
# A count for a developer, not a player: how many events or commands the engine applied.
DEV_COUNT = re.compile(r"\b(events|commands|steps|frames)(: | applied)\d*", re.IGNORECASE)
# Points below 0 where the ruleset's text counts none (Ruleset.health_below_zero).
BELOW_ZERO = re.compile(r"(?<![\w+-])-\d+ (HP|hit points?|Damage Points)\b"
                        r"|\b(HP|hp|Damage|Damage Points) -\d+|— -\d+/\d+ HP")
NAME_TWICE = re.compile(r"\b([A-Za-z][\w-]*) \(\1\)", re.IGNORECASE)  # "Bandit (bandit)"
SIDE_LETTER = re.compile(r"\bside [AB]\b")
# A pointer at a line ("<- a sensible defender's choice"); "->" is the window's spelling
# of "→" in a running total (game/ui/markup.py), a player's arrow.
ARROW = re.compile(r"<-")
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
# One spelling on screen (issue 35): the game writes the British "armour" ("Armour Class");
# a rule text's own words inside quotation marks stay as the text has them.
ARMOR = re.compile(r"(?<![\w\"])[Aa]rmor(?!\w*\")")
THE_MANY_SINGULAR = re.compile(r"\bThe ([a-z]+) (?:wins|has|declares|achieves|is|checks)\b")
_SINGULAR = ("wins", "has", "declares", "achieves", "is", "checks", "holds", "breaks")
_PLURAL = ("win", "have", "declare", "achieve", "are", "check", "hold", "break")


# Ids that are also words the game writes of its own ("Set spear", "draws his bow"): a
# figure called "spear" by the file is not named by the word.
ORDINARY_WORDS = frozenset({"a", "i", "spear", "bow", "sword", "lance", "shield", "axe", "club",
                            "dagger", "mace", "sling", "pike", "halberd", "crossbow"})


def _word(w: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w'-])" + re.escape(w) + r"(?![\w-])")


@lru_cache(maxsize=256)
def _bare_ids(ids: tuple[str, ...], names: tuple[str, ...]) -> re.Pattern[str] | None:
    """One pattern for every id that is not part of a figure's, side's or template's name,
    in any case ("o1" and "xbow" are slips, but "Orc" inside "Orc 1" and "orc" for a
    template named "Orc" are words), so a scan of a whole battle's buttons builds it once
    per cast, not once per line."""
    bare = [i for i in ids if i not in ORDINARY_WORDS
            and not any(re.search(_word(i).pattern, n, re.IGNORECASE) for n in names)]
    if not bare:
        return None
    return re.compile(r"(?<![\w'-])(" + "|".join(map(re.escape, sorted(bare, key=len,
                                                                       reverse=True)))
                      + r")(?![\w-])")


_last_words: list[tuple[Any, Words]] = []


def _words_of(battle: Any) -> Words:
    """Words.of for the battle the last line was read in: a scan reads many lines of one
    battle in a row, and a battle is never changed in place."""
    if not _last_words or _last_words[0][0] is not battle:
        _last_words[:] = [(battle, Words.of(battle))]
    return _last_words[0][1]


_last_cast: list[tuple[Any, tuple[Words, tuple[str, ...], re.Pattern[str] | None]]] = []


def _cast_of(battle: Any) -> tuple[Words, tuple[str, ...], re.Pattern[str] | None]:
    """The battle's words, the ids a line must not show and one pattern for those not part
    of a name: made once for the battle the last line was read in (`_words_of`)."""
    if _last_cast and _last_cast[0][0] is battle:
        return _last_cast[0][1]
    words = _words_of(battle)
    templates = _template_names(getattr(battle, "ruleset", ""))
    names = (list(words.units.values()) + [s.name for s in battle.sides]
             + [n for n in templates.values() if n])
    ids = (tuple(u.id for u in battle.units)
           + tuple(s.id for s in battle.sides if s.name and s.name != s.id)
           + tuple(t for t in sorted({u.template for u in battle.units}) if t in templates))
    cast = (words, ids, _bare_ids(ids, tuple(names)))
    _last_cast[:] = [(battle, cast)]
    return cast


def slips(text: str, battle: Any) -> list[str]:
    """What is wrong with `text` for a person reading it in `battle` ([] if nothing)."""
    words, ids, bare = _cast_of(battle)
    out = []
    found = {m.group(1) for m in bare.finditer(text)} if bare is not None else set()
    out += [f"the id {i!r}" for i in dict.fromkeys(ids) if i in found]
    out += [f"a raw coordinate ({m.group(0)!r})" for p in RAW_COORD for m in [p.search(text)]
            if m]
    m = DEV_COUNT.search(text)
    if m:
        out.append(f"a developer's count ({m.group(0)!r})")
    m = BELOW_ZERO.search(text)
    if m and not words.below_zero:
        out.append(f"points below 0 where the text has none ({m.group(0)!r})")
    m = NAME_TWICE.search(text)
    if m:
        out.append(f"a name and its template's id ({m.group(0)!r})")
    m = SIDE_LETTER.search(text)
    if m:
        out.append(f"a side by its letter ({m.group(0)!r})")
    m = ARROW.search(text)
    if m:
        out.append(f"a programmer's arrow ({m.group(0)!r})")
    out += [f"a repr ({m.group(0)!r})" for p in REPR for m in [p.search(text)] if m]
    out += [f"a tuple ({m.group(0)!r})" for p in TUPLE for m in [p.search(text)] if m]
    if SIDE_N.search(text):
        out.append("'side N'")
    m = RAW_TRIGGER.search(text)
    if m:
        out.append(f"a trigger's key ({m.group(0)!r})")
    m = ARMOR.search(text)
    if m:
        out.append("the American 'armor' (the game writes 'armour')")
    m = SNAKE.search(text)
    if m:
        out.append(f"a field name ({m.group(0)!r})")
    unnamed = text  # "Orc 1 attacks" is a name and a verb, not one of many attacks
    for n in _longest_first(tuple(words.units.values())):
        if n in unnamed:
            unnamed = unnamed.replace(n, "someone")
    out += [f"number ({m.group(0)!r})" for p in PLURAL_SLIPS for m in [p.search(unnamed)] if m]
    m = THE_MANY_SINGULAR.search(text)
    if m and reads_plural(m.group(1)):
        out.append(f"agreement ({m.group(0)!r})")
    for s in battle.sides:
        subject = words.side(s.id)
        m = _disagreeing(subject, reads_plural(s.name or s.id)).search(text)
        if m:
            out.append(f"agreement ({subject} {m.group(1)})")
    return out


@lru_cache(maxsize=64)
def _longest_first(names: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(names, key=len, reverse=True))


@lru_cache(maxsize=64)
def _disagreeing(subject: str, plural: bool) -> re.Pattern[str]:
    """The side named as subject with a verb of the wrong number ("The orcs wins"), one
    pattern per side, made once: a scan reads thousands of lines of one battle."""
    wrong = _SINGULAR if plural else _PLURAL
    return re.compile(re.escape(subject) + r" (" + "|".join(wrong) + r")\b", re.IGNORECASE)
