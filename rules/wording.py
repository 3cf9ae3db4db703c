"""A player's words for what the rules keep as ids and numbers.

Events and commands carry unit and side ids, hexside indices and hex coordinates (saves need
them exactly so); a person reads names, compass words and counted nouns.  `Words` is what an
event's `narrate` and a command's `say` are given to turn the one into the other: the
figures' and sides' names of one battle, and the board's orientation (a hexside is "north"
on a flat-top map where it is "north-west" on a pointy-top one; a mode drawn on a board of
its own, as the mass battle's square grid, says it in that board's words: its frame's
`facing_words`).  `PLAIN` is the words of no battle in particular: ids stay ids, the board is
pointy-top; the golden logs are written with it.

One helper for each kind of word, used everywhere a person reads (the log, the replay, the
sandbox, cards, buttons, transcripts, `flank demo`):
  plural(n, "die")           -> "1 die", "3 dice"
  direction_word(d, flat)    -> "north-east"
  Words.side(id) / .agree    -> "The orcs win", "The border watch has declared"
  Words.hex((q, r))          -> "D5": the hex's label, column letters and row number counted
                                from the map's first column and row (R-FLANK-HEX-LABELS), as
                                the board draws them (L in a battle)
  figure_names(state)        -> the names figures go by: the scenario's, else the template's
                                numbered where two share it ("Orc 4", "Spearman 2")
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from rules import registry
from rules.hexgrid import Hex, hex_to_offset

_IRREGULAR = {"die": "dice", "man": "men", "foot": "feet", "hex": "hexes", "ally": "allies",
              "enemy": "enemies", "penalty": "penalties", "is": "are", "has": "have",
              "was": "were", "does": "do", "elf": "elves", "dwarf": "dwarves",
              "wolf": "wolves", "thief": "thieves"}
_MANS = ("human", "shaman", "talisman", "german")  # a "-man" word whose plural is "-mans"


def plural(n: int, one: str, many: str | None = None) -> str:
    """`n` and the noun counted, in number: "1 die", "2 dice", "0 hexes"."""
    return f"{n} {one if n == 1 else (many or plural_of(one))}"


def plural_of(one: str) -> str:
    """The plural of a noun (the last word of `one`)."""
    head, _, last = one.rpartition(" ")
    if last in _IRREGULAR:
        many = _IRREGULAR[last]
    elif last.lower() in _IRREGULAR:  # a name's capital kept: "Elf" -> "Elves"
        many = last[0] + _IRREGULAR[last.lower()][1:]
    elif last.lower().endswith("man") and not last.lower().endswith(_MANS):
        many = last[:-2] + "en"  # "Crossbowman" -> "Crossbowmen", "Fighting-Man" -> "-Men"
    elif re.search(r"(s|x|z|ch|sh)$", last):
        many = last + "es"
    elif re.search(r"[^aeiou]y$", last):
        many = last[:-1] + "ies"
    else:
        many = last + "s"
    return f"{head} {many}" if head else many


_POINTY = ("east", "north-east", "north-west", "west", "south-west", "south-east")
_FLAT = ("south-east", "north-east", "north", "north-west", "south-west", "south")


def direction_word(d: int, flat: bool = False) -> str:
    """Hexside `d` (rules.hexgrid.DIRECTIONS) as a compass word on a pointy-top (default) or
    flat-top board: the screen's up is north."""
    return (_FLAT if flat else _POINTY)[d % 6]


_PLURAL_NOUNS = {"men", "women", "folk", "people", "children", "kin", "dwarves", "elves",
                 "wolves", "sheep", "cattle", "police"}


def reads_plural(name: str) -> bool:
    """Whether a side's name takes a plural verb: "The orcs win", "The border watch wins"."""
    words = re.findall(r"[A-Za-z']+", name)
    if not words:
        return False
    last = words[-1].lower()
    return last in _PLURAL_NOUNS or (last.endswith("s") and not last.endswith(("ss", "'s",
                                                                               "us")))


def side_phrase(name: str) -> str:
    """A side's name as the subject of a sentence: "orcs" -> "The orcs"; "The border watch"
    and "Sir Hugh's men" stay as they are."""
    if not name:
        return name
    if name[0].islower() and not name.lower().startswith(("the ", "a ", "an ")):
        return f"The {name}"
    return name[0].upper() + name[1:]


GENDERS = {"male": ("he", "him", "his"), "female": ("she", "her", "her"),
           "neuter": ("it", "it", "its")}
"""A figure's `gender` (rules.state.Unit) to its pronouns: subject, object, possessive."""
_CASES = ("he", "him", "his")


def gender_refusal(value: Any) -> str | None:
    """Why `value` is no figure's gender, or None (one of GENDERS)."""
    if isinstance(value, str) and value.strip().lower() in GENDERS:
        return None
    known = [f'"{g}"' for g in GENDERS]
    return f"gender is {', '.join(known[:-1])} or {known[-1]}, not {value!r}"


def pronoun(unit: Any, case: str = "he") -> str:
    """The figure's pronoun in `case` ("he", "him" or "his" as the texts write them):
    "she" for a woman, "its" for a beast called so; "he" where the scenario says nothing."""
    words = GENDERS.get(str(getattr(unit, "gender", "") or "").strip().lower(),
                        GENDERS["male"])
    return words[_CASES.index(case)]


def inside_sentence(name: str) -> str:
    """A name as it reads inside a sentence: a side's leading article lowercased ("Pass the
    seat to the champion"); a person's name ("Sir Hugh", "Anna") stays as it is."""
    return "the " + name[4:] if name.startswith("The ") else name


def _looks_like_an_id(name: str, uid: str) -> bool:
    return not name or (name == uid and not re.fullmatch(r"[A-Za-z][A-Za-z' -]*", name))


def figure_names(state: Any, template_names: Mapping[str, str] | None = None
                 ) -> dict[str, str]:
    """Each figure's id to the name a player knows it by: the scenario's name; a name that
    is only its id ("m01") gives way to the template's name; a name two figures share is
    numbered in the order of their ids ("Orc 1", "Orc 2").  `template_names` (template id
    to its name in the ruleset's tables) defaults to the ruleset's own."""
    if template_names is None:
        template_names = _template_names(getattr(state, "ruleset", ""))
    base: dict[str, str] = {}
    for u in sorted(state.units, key=lambda u: u.id):
        name = (u.name or "").strip()
        if _looks_like_an_id(name, u.id):
            name = template_names.get(u.template) or u.template.replace("_", " ").capitalize()
        elif name == u.id:
            name = name[0].upper() + name[1:]
        base[u.id] = name
    counts: dict[str, int] = {}
    for name in base.values():
        counts[name] = counts.get(name, 0) + 1
    seen: dict[str, int] = {}
    out = {}
    for uid, name in base.items():
        if counts[name] > 1:
            seen[name] = seen.get(name, 0) + 1
            name = f"{name} {seen[name]}"
        out[uid] = name
    return out


def _ruleset_word(ruleset: str, attr: str, default: str) -> str:
    """A word of the ruleset's text (`health_word`: "HP", ZeFRS's "Damage Points";
    `round_word`: "round", ZeFRS's "turn"), so a log line speaks the text's language."""
    if not ruleset:
        return default
    try:
        return str(getattr(registry.load(registry.RULESETS, ruleset), attr, default))
    except (registry.PluginError, KeyError, ValueError):
        return default


def _ruleset_flag(ruleset: str, attr: str, default: bool) -> bool:
    """A yes-or-no of the ruleset's (`health_below_zero`), or `default`."""
    if not ruleset:
        return default
    try:
        return bool(getattr(registry.load(registry.RULESETS, ruleset), attr, default))
    except (registry.PluginError, KeyError, ValueError):
        return default


def template_names(ruleset: str) -> dict[str, str]:
    """Each template id of `ruleset` to the name its tables give it ("Crossbowman"); {} for
    a ruleset that keeps none or does not load."""
    return _template_names(ruleset)


def _template_names(ruleset: str) -> dict[str, str]:
    if not ruleset:
        return {}
    try:  # through the registry: the engine imports the events, which import this module
        units = getattr(registry.load(registry.RULESETS, ruleset).tables(), "units", {})
    except (registry.PluginError, KeyError, ValueError, AttributeError, NotImplementedError):
        return {}
    return {k: getattr(t, "name", "") for k, t in units.items()}


def column_letters(col: int) -> str:
    """A column's letters as a wargame map or a chessboard writes them: 0 is "A", 25 "Z",
    26 "AA", 27 "AB" (R-FLANK-HEX-LABELS)."""
    letters = ""
    n = col
    while n >= 0:
        letters = chr(ord("A") + n % 26) + letters
        n = n // 26 - 1
    return letters


def grid_label(col: int, row: int) -> str:
    """The label of the cell in column `col` and row `row` counted from 0 at the board's
    first ones: "A1", "D5", "AB12" (R-FLANK-HEX-LABELS).  A hex and a mass battle's square
    are named alike; a cell before the first column or row is "off the map"."""
    if col < 0 or row < 0:
        return "off the map"
    return f"{column_letters(col)}{row + 1}"


def board_origin(board: Any) -> tuple[int, int]:
    """The (col, row) of `board` labelled "A1": (0, 0) on a Tiled map (its first column and
    row, whether or not a hex stands there); on a board of hexes laid around a centre (a
    demo's or a test's ring, whose columns and rows run negative) the least column and row
    any of its hexes has, so no hex of the board is named with a negative number."""
    if not getattr(board, "cells", ()):
        return (0, 0)
    memo = getattr(board, "memo", None)
    if memo is not None and "label_origin" in memo:
        return memo["label_origin"]  # type: ignore[no-any-return]
    axis, index = board.stagger_axis, board.stagger_index
    offsets = [hex_to_offset(h, axis, index) for h, _ in board.cells]
    origin = (min(0, *(c for c, _ in offsets)), min(0, *(r for _, r in offsets)))
    if memo is not None:
        memo["label_origin"] = origin
    return origin


def hex_label(board: Any, h: Hex) -> str:
    """Hex `h`'s label on `board`, as the board draws it and the log names it ("D5")."""
    col, row = hex_to_offset(h, board.stagger_axis, board.stagger_index)
    ox, oy = board_origin(board)
    return grid_label(col - ox, row - oy)


@dataclass(frozen=True)
class Words:
    """The words of one battle: figures' names, sides' names, the board's orientation."""

    units: Mapping[str, str] = field(default_factory=dict)
    sides: Mapping[str, str] = field(default_factory=dict)
    flat: bool = False
    stagger: tuple[str, str] | None = None  # the board's (stagger_axis, stagger_index)
    health: str = "HP"  # the ruleset's word for the points a figure loses
    round: str = "round"  # the ruleset's word for one turn of the fight ("turn" in ZeFRS)
    facings: tuple[str, ...] | None = None  # a mode's board's words for the hexsides
    origin: tuple[int, int] = (0, 0)  # the (col, row) labelled "A1" (board_origin)
    kinds: Mapping[str, str] = field(default_factory=dict)  # template id -> its name
    below_zero: bool = True  # the text counts points below 0 (Ruleset.health_below_zero)

    @classmethod
    def of(cls, state: Any) -> Words:
        """The words of `state`'s battle."""
        board = state.board
        return cls(units=figure_names(state),
                   sides={s.id: s.name or s.id for s in state.sides},
                   flat=board.stagger_axis == "x",
                   stagger=(board.stagger_axis, board.stagger_index),
                   health=_ruleset_word(getattr(state, "ruleset", ""), "health_word", "HP"),
                   round=_ruleset_word(getattr(state, "ruleset", ""), "round_word", "round"),
                   facings=getattr(state, "facing_words", None),
                   origin=board_origin(board),
                   kinds=_template_names(getattr(state, "ruleset", "")),
                   below_zero=_ruleset_flag(getattr(state, "ruleset", ""),
                                            "health_below_zero", True))

    def unit(self, uid: str) -> str:
        return self.units.get(uid, uid)

    def points(self, hp: int) -> int:
        """A figure's points as a card shows them: never below 0 where the ruleset's text
        counts none (Ruleset.health_below_zero), so a blow past 0 reads "HP 0/14"."""
        return hp if self.below_zero else max(hp, 0)

    def kind(self, template: str) -> str:
        """A template as a player reads it: its name in the ruleset's tables ("Fighting-Man"),
        else its id in words ("bandit chief" for `bandit_chief`)."""
        return self.kinds.get(template) or template.replace("_", " ")

    def units_list(self, uids: Iterable[str]) -> str:
        return and_list([self.unit(u) for u in uids])

    def side(self, sid: str, *, start: bool = True) -> str:
        """A side as a sentence's subject ("The orcs"), or inside one ("the orcs")."""
        text = side_phrase(self.sides.get(sid, sid))
        return text if start else inside_sentence(text)

    def sides_list(self, sids: Iterable[str], *, start: bool = True) -> str:
        names = [self.side(s, start=start and i == 0) for i, s in enumerate(sids)]
        return and_list(names)

    def plural_side(self, sid: str) -> bool:
        return reads_plural(self.sides.get(sid, sid))

    def agree(self, sids: str | Iterable[str], one: str, many: str, *,
              start: bool = True) -> str:
        """The side(s) with the verb in number: "The orcs win", "The border watch has"."""
        if isinstance(sids, str):
            return f"{self.side(sids, start=start)} {many if self.plural_side(sids) else one}"
        ids = list(sids)
        if len(ids) == 1:
            return self.agree(ids[0], one, many, start=start)
        return f"{self.sides_list(ids, start=start)} {many}"

    def direction(self, d: int) -> str:
        """Hexside `d` as the board drawn says it: the mode's own words where its board is
        not the hex map (a square grid's "north"), else the map's compass."""
        if self.facings:
            return self.facings[d % len(self.facings)]
        return direction_word(d, self.flat)

    def hex(self, h: tuple[int, int] | Hex) -> str:
        """A hex by its label as the board draws it ("D5", R-FLANK-HEX-LABELS); a hex
        before the board's first column or row is "off the map"."""
        q, r = (h.q, h.r) if isinstance(h, Hex) else h
        axis, index = self.stagger or ("y", "odd")
        col, row = hex_to_offset(Hex(q, r), axis, index)  # type: ignore[arg-type]
        return grid_label(col - self.origin[0], row - self.origin[1])

    def names(self) -> dict[str, str]:
        """Every id this battle knows to its name (units and sides)."""
        return {**{k: self.side(k) for k in self.sides}, **self.units}

    def say(self, event: Any) -> str:
        """An event's sentence in these words ('' when it has nothing to say).  The event
        puts the names in itself (its free text through `text`), so this adds nothing: a
        second pass would name the name ("The The orcs") or a word that is also an id."""
        return counted(event.narrate(self))

    def text(self, text: str) -> str:
        """Free text from the rules (a reason, a note) with any ids in it made names."""
        return counted(with_names(text, self.names()))


def counted(text: str) -> str:
    """Text from the rules with its "1 hit(s)" put in number: "1 hit", "0 hits"."""
    return _MAYBE_PLURAL.sub(lambda m: plural(int(m.group(1)), m.group(2)), text)


_MAYBE_PLURAL = re.compile(r"\b(\d+) (\w+)\(s\)")


PLAIN = Words()


def and_list(items: list[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def with_names(text: str, names: Mapping[str, str]) -> str:
    """Put figures' and sides' names where the text says their ids."""
    if not names:
        return text
    pattern = _ids_pattern(tuple(sorted(names, key=len, reverse=True)))
    return pattern.sub(lambda m: names[m.group(1)], text)


@lru_cache(maxsize=32)
def _ids_pattern(ids: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(r"(?<![\w'-])(" + "|".join(re.escape(k) for k in ids) + r")(?![\w-])")


__all__ = [
    "PLAIN",
    "Words",
    "and_list",
    "board_origin",
    "column_letters",
    "counted",
    "direction_word",
    "figure_names",
    "grid_label",
    "hex_label",
    "order_line",
    "plural",
    "plural_of",
    "reads_plural",
    "ruling_value",
    "side_phrase",
    "with_names",
]


def ruling_value(value: Any) -> str:
    """A ruling's value as a player reads it: on/off, words not snake_case, lists joined."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, str):
        return value.replace("_", " ") or "nothing"
    if isinstance(value, (list, tuple)):
        return and_list([ruling_value(v) for v in value]) or "nothing"
    if isinstance(value, dict):
        return ", ".join(f"{k.replace('_', ' ')} {ruling_value(v)}" for k, v in value.items())
    return str(value)


def dice_words(faces: Iterable[int]) -> str:
    """What the dice showed: "rolled 2", "rolled 2 and 5", "no dice rolled"."""
    shown = [str(f) for f in faces]
    return f"rolled {and_list(shown)}" if shown else "no dice rolled"


def a_an(noun: str) -> str:
    """The noun with its indefinite article: "an orc", "a pikeman"."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def order_line(names: Sequence[str], acted: int = 0, shown: int = 3) -> str:
    """An initiative order a player reads on one line of the round tracker: who acts next
    and after him, the rest counted rather than listed (a big battle's order would run off
    the panel), and how many have acted."""
    if not names:
        return "every figure has acted"
    line = f"{names[0]} next"
    if len(names) > 1:
        line += ", then " + ", ".join(names[1:shown])
    if len(names) > shown:
        line += f" and {len(names) - shown} more"
    return f"{line} ({acted} acted)" if acted else line

