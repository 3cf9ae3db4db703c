"""The figures a GM may place and what he may change on one: the palette, the edit form's
fields with the values each may take, and the round-state flags (acted, holds, engaged,
surprised, prone) a ruleset's units carry."""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass
from typing import Any, NamedTuple

from game.sandbox.common import unit_of
from game.sandbox.ruleset_parts import ruleset_tables
from rules.engine import ruleset_of
from rules.gm import FIXED_FIELDS
from rules.state import ACTIVE, DEAD, DOWN, GONE, Battle, Unit
from rules.wording import Words, plural


@dataclass(frozen=True)
class PaletteItem:
    """A unit template the GM may place."""

    template: str
    name: str  # the template's display name ("Pikeman")
    glyph: str  # one character for its token
    archetype: str = ""  # the common figure type it stands for ("pikeman"), if any


def palette(state: Battle) -> list[PaletteItem]:
    """The current ruleset's unit templates, in the ruleset's order."""
    rs = ruleset_of(state)
    tables = ruleset_tables(rs)
    units = getattr(tables, "units", {}) if tables is not None else {}
    arch: dict[str, str] = {}
    for a, t in rs.archetypes().items():
        arch.setdefault(t, a)
    out = []
    for t in rs.templates():
        tpl = units.get(t)
        name = getattr(tpl, "name", "") or t.replace("_", " ").capitalize()
        glyph = getattr(tpl, "art", "") or t[:1].upper()
        out.append(PaletteItem(t, name, glyph, arch.get(t, "")))
    return out


class FieldInfo(NamedTuple):
    """One editable field of a unit, for a validated form."""

    type: str  # "int", "str", "bool", "tuple[str, ...]" ...
    value: Any  # its value now
    allowed: tuple[Any, ...] | None  # the values it may take, when known (else None)


def _type_name(hint: Any) -> str:
    if isinstance(hint, type):
        return hint.__name__
    return str(hint).replace("typing.", "").replace("rules.hexgrid.", "")


def _template_values(tables: Any, key: str) -> list[Any]:
    return [getattr(t, key, None) for t in getattr(tables, "units", {}).values()]


def _allowed(state: Battle, u: Unit, name: str, hint: Any) -> tuple[Any, ...] | None:
    if hint is bool:
        return (False, True)
    if name == "facing":
        return tuple(range(6))
    if name == "status":
        return (ACTIVE, DOWN, DEAD, GONE)
    rs = ruleset_of(state)
    tables = ruleset_tables(rs)
    if tables is None:
        return None
    blank: tuple[str, ...] = ()
    if name in ("weapon", "offhand", "missile", "armour", "shield"):
        template_key = "weapon" if name == "offhand" else name
        if any(not v for v in _template_values(tables, template_key)) or not getattr(u, name):
            blank = ("",)
    if name in ("weapon", "offhand", "missile"):
        want = "missile" if name == "missile" else "melee"
        weapons = getattr(tables, "weapons", {})
        return blank + tuple(sorted(k for k, w in weapons.items()
                                    if getattr(w, "kind", want) == want))
    if name == "armour":
        if isinstance(getattr(u, name), tuple):  # ZeFRS's pieces by area: typed as a list
            return None
        return blank + tuple(sorted(getattr(tables, "armours", {})))
    if name == "shield":
        return blank + tuple(sorted(getattr(tables, "shields", {})))
    if name == "spells":
        return tuple(sorted(getattr(tables, "spells", {}))) or None
    if name == "skills":  # a ruleset whose figures have skills (Enchanted Realms)
        return tuple(sorted(getattr(tables, "skills", {}))) or None
    if name == "size":
        return tuple(sorted({v for v in _template_values(tables, "size") if v} | {u.size}))
    if name == "declared":
        try:
            declarable = rs.declarable(state, u)
        except AssertionError:  # a figure of another ruleset's kind
            return None
        return None if declarable is None else ("", *declarable)
    return None


def editable_fields(state: Battle, unit: str | Unit) -> dict[str, FieldInfo]:
    """Every field of the unit an edit may change (all but id, side, template and position,
    `rules.gm.FIXED_FIELDS`), in the unit's own order: name -> (type, value, allowed values
    when known: weapon, missile, armour and shield keys from the ruleset's tables, spells,
    skills, sizes, statuses, facings, true/false, a Fallen Empire unit's declarable actions)."""
    u = unit_of(state, unit)
    hints = typing.get_type_hints(type(u))
    out: dict[str, FieldInfo] = {}
    for f in dataclasses.fields(u):
        if f.name in FIXED_FIELDS:
            continue
        hint = hints.get(f.name, Any)
        out[f.name] = FieldInfo(_type_name(hint), getattr(u, f.name),
                                _allowed(state, u, f.name, hint))
    return out


# Fields that say where a unit is in the round: who has acted, who holds, who is engaged,
# surprised or prone.  A ruleset has some of them; `flags()` lists the ones its units have.
FLAG_FIELDS: dict[str, tuple[str, str]] = {
    # name: (topic, meaning)
    "declared": ("acted", "the action declared this round (blank: not declared)"),
    "moved": ("acted", "hexes moved this round"),
    "spent": ("acted", "what this round's action went on (blank: has not acted)"),
    "acted": ("acted", "has acted this round"),
    "oa_used": ("acted", "its free attack this round is used"),
    "oa_taken": ("acted", "opportunity attacks taken this round"),
    "charged": ("acted", "charged this round"),
    "spear_used": ("acted", "struck with a set spear this round"),
    "falling_back": ("acted", "spent its action falling back"),
    "holding": ("holds", "holding its action"),
    "counter": ("holds", "holding for a counter against (a unit, or hex:q,r)"),
    "stance": ("holds", "stance (attack, guard, pure defence)"),
    "moved_into": ("engaged", "enemies it moved into melee with this round"),
    "melee_attackers": ("engaged", "who has struck it in melee this round"),
    "in_fight": ("engaged", "has struck or been struck"),
    "reach_lost_vs": ("engaged", "foes that are inside its reach"),
    "grappled_by": ("engaged", "who holds it in a grapple"),
    "surprised": ("surprised", "surprised"),
    "alert": ("surprised", "vigilant"),
    "hidden": ("surprised", "hidden"),
    "prone": ("prone", "prone"),
    "pinned": ("prone", "pinned"),
    "helpless": ("prone", "helpless (asleep, bound)"),
}


@dataclass(frozen=True)
class Flag:
    """A round-state field of a unit the GM may set (through `Sandbox.set_flag`)."""

    name: str
    topic: str  # "acted", "holds", "engaged", "surprised", "prone" or "round"
    type: str
    value: Any
    meaning: str
    allowed: tuple[Any, ...] | None


def flags(state: Battle, unit: str | Unit) -> list[Flag]:
    """The round-state fields this ruleset's unit has (who has acted, holds, is engaged,
    surprised or prone), with their values: the names in `FLAG_FIELDS` the unit has, then any
    other once-a-round field its class resets each round (`ROUND_RESET`)."""
    u = unit_of(state, unit)
    info = editable_fields(state, u)
    names = [n for n in FLAG_FIELDS if n in info]
    names += [n for n in getattr(type(u), "ROUND_RESET", {}) if n in info and n not in names]
    return [Flag(n, FLAG_FIELDS.get(n, ("round", ""))[0], info[n].type, info[n].value,
                 FLAG_FIELDS.get(n, ("round", n.replace("_", " ")))[1], info[n].allowed)
            for n in names]


# How a set flag reads on a figure's card: a phrase about him, with its value where it has one.
FLAG_PHRASES: dict[str, str] = {
    "declared": "has declared {value}", "moved": "has moved {hexes} this round",
    "spent": "has spent his action on {value}", "acted": "has acted this round",
    "oa_used": "has used his free attack", "oa_taken": "has taken {attacks} this round",
    "charged": "has charged this round", "spear_used": "has struck with his set spear",
    "falling_back": "is falling back", "holding": "is holding his action",
    "counter": "holds to counter {target}", "stance": "is in {value} stance",
    "moved_into": "moved into melee with {units}", "melee_attackers": "was struck by {units}",
    "in_fight": "is in the fight", "reach_lost_vs": "has lost his reach to {units}",
    "grappled_by": "is held by {units}", "surprised": "is surprised", "alert": "is vigilant",
    "hidden": "is hidden", "prone": "is prone", "pinned": "is pinned",
    "helpless": "is helpless",
}


def flag_phrases(flags_: list[Flag], words: Words) -> list[str]:
    """The flags a figure has set, each as a phrase a player reads ("has used his free
    attack"), not its field name; unset flags say nothing."""
    out = []
    for f in flags_:
        v = f.value
        if v in (None, False, "", 0, (), []):
            continue
        text = FLAG_PHRASES.get(f.name, f.meaning or f.name.replace("_", " "))
        items = list(v) if isinstance(v, (list, tuple, set, frozenset)) else [v]
        target = str(v)
        if target.startswith("hex:"):
            q, _, r = target[4:].partition(",")
            target = f"the hex at {words.hex((int(q), int(r)))}"
        else:
            target = words.unit(target)
        out.append(text.format(
            value=str(v).replace("_", " "), target=target,
            hexes=plural(int(v), "hex") if isinstance(v, int) else v,
            attacks=plural(int(v), "opportunity attack") if isinstance(v, int) else v,
            units=words.units_list([str(x) for x in items])))
    return out
