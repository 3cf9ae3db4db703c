"""What a figure looks like, read from what a unit carries: the facts its miniature is
composed from (kind of body, armour, the weapon and its length, shield, bow, horse).

Why from data: every ruleset names its kit in its own tables (Fallen Empire's "chain",
ZeFRS's armour pieces by body area, Empress's shield sizes), and rulesets added later must
get a sensible figure without new art.  So this reads only what any ruleset's unit and
template plainly say (a name; fields called weapon, missile, armour, shield, mounted, size)
and the names and numbers of the rows they point at (reach in feet, hands, two-handed), and
sorts them by the words in them.  Nothing here imports pygame: the sandbox and the tests read
facts without a display.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

# Bodies: the kind a figure is drawn as, by the first word group found in its name (or its
# ruleset's kind field).  Beasts first, so "giant spider" is a spider, not a giant.
KIND_WORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("spider", ("spider", "arachnid", "scorpion")),
    ("toad", ("toad", "frog")),
    ("wolf", ("wolf", "wolves", "dog", "hound", "jackal", "warg")),
    ("boar", ("boar", "pig", "swine")),
    ("ape", ("ape",)),
    ("ogre", ("ogre", "troll")),
    ("giant", ("giant",)),
    ("goblin", ("goblin", "kobold")),
    ("orc", ("orc", "hobgoblin", "gnoll", "bugbear", "uruk")),
    ("dwarf", ("dwarf", "dwarves")),
    ("elf", ("elf", "elves", "elven", "elfin")),
)
BEASTS = frozenset({"spider", "toad", "wolf", "boar"})
# A body's own size when the unit does not say (a goblin is small, an ogre large).
KIND_SIZE = {"goblin": "small", "ogre": "large", "ape": "large", "giant": "huge",
             "spider": "large", "toad": "large"}
SIZES = ("small", "man", "large", "huge")

ARMOUR_WORDS: tuple[tuple[int, tuple[str, ...]], ...] = (
    (3, ("plate", "cuirass", "armet", "closed", "breastplate", "full")),
    (2, ("mail", "chain", "scale", "banded", "splint", "ring", "corselet", "brigandine",
         "lamellar", "hauberk")),
    (1, ("leather", "jack", "padded", "quilted", "gambeson", "studded", "hide", "hides",
         "fur", "jerkin", "brigand")),
)
ARMOURS = ("none", "leather", "mail", "plate")
HELM_WORDS = ("helm", "helmet", "cap", "armet", "coif", "sallet", "bascinet")
# Spell-casters in robes and a wide hat (by name or kind), unless armoured.
ROBE_WORDS = ("magic", "mage", "magician", "wizard", "sorcerer", "sorceress", "witch",
              "warlock", "enchanter", "necromancer", "conjurer", "illusionist")

# Weapons by family, most telling word first.  A family names the drawing and its length.
WEAPON_WORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("crossbow", ("crossbow", "arbalest", "arbalist")),
    ("bow", ("bow", "longbow")),
    ("sling", ("sling",)),
    ("javelin", ("javelin", "dart")),
    ("knife", ("throwing",)),
    ("lance", ("lance",)),
    ("pike", ("pike", "sarissa")),
    ("polearm", ("halberd", "bill", "pole", "polearm", "glaive", "partisan", "fork",
                 "trident", "catcher", "voulge", "bardiche")),
    ("spear", ("spear",)),
    ("short_sword", ("short_sword", "short sword", "gladius")),
    ("greatsword", ("two_handed_sword", "two-handed sword", "greatsword", "claymore",
                    "zweihander")),
    ("sword", ("sword", "rapier", "saber", "sabre", "falchion", "cinquedea", "scimitar",
               "cutlass")),
    ("dagger", ("dagger", "dirk", "katar", "knife", "stiletto")),
    ("great_axe", ("great_axe", "great axe", "battle_axe", "battle axe", "giant_axe",
                   "giant axe")),
    ("axe", ("axe", "francisca", "hatchet")),
    ("hammer", ("hammer", "maul", "warhammer")),
    ("flail", ("flail",)),
    ("mace", ("mace", "morning", "sprinkler", "star")),
    ("great_club", ("great_club", "great club", "giant_club", "giant club")),
    ("staff", ("staff", "broom", "quarterstaff")),
    ("club", ("club", "cudgel", "claw")),
    ("natural", ("bite", "fang", "fangs", "tusk", "tusks", "maw", "claws", "sting")),
    ("none", ("fist", "fists", "unarmed", "bare")),
)
MISSILES = frozenset({"crossbow", "bow", "sling", "javelin", "knife"})
TWO_HANDED = frozenset({"pike", "polearm", "greatsword", "great_axe", "staff", "great_club",
                        "crossbow", "bow"})

SHIELD_WORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("small", ("buckler", "small", "target")),
    ("large", ("large", "tower", "kite", "pavise", "scutum")),
)


@dataclass(frozen=True, slots=True)
class FigureFacts:
    """Everything the miniature shows of a unit's make and kit (hashable: a cache key).

    `weapon` and `missile` are families ("pike", "crossbow", "sword" ...), `reach_ft` the
    melee weapon's reach as its ruleset gives it (the drawn length follows it), `shield` a
    size ("" for none) on `shield_side`; the last three say what the unit has lost that its
    template carried (its weapon lies on the hex, the shield in pieces, the horse gone)."""

    kind: str = "man"
    size: str = "man"
    armour: str = "none"
    helm: bool = False
    weapon: str = "none"
    reach_ft: int = 5
    two_handed: bool = False
    offhand: str = ""
    shield: str = ""
    shield_side: str = "left"
    missile: str = ""
    mounted: bool = False
    robe: bool = False  # a spell-caster's robe and hat
    disarmed: str = ""  # the family of the weapon dropped, or ""
    shield_broken: bool = False
    unhorsed: bool = False

    @property
    def beast(self) -> bool:
        return self.kind in BEASTS


def _words(*texts: Any) -> str:
    """Lower-case text with separators as spaces and as underscores both kept findable."""
    joined = " ".join(str(t) for t in texts if t)
    low = joined.lower()
    return f" {low} {re.sub(r'[_-]', ' ', low)} "


def _find(text: str, table: Iterable[tuple[Any, tuple[str, ...]]]) -> Any:
    for value, words in table:
        for w in words:
            if re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", text):
                return value
    return None


def _row(table: Any, key: str) -> Any:
    if not key or not isinstance(table, Mapping):
        return None
    return table.get(key)


def _name(row: Any) -> str:
    return str(getattr(row, "name", "") or "")


def _table(tables: Any, *names: str) -> Mapping[str, Any]:
    for n in names:
        t = getattr(tables, n, None)
        if isinstance(t, Mapping):
            return t
    return {}


def weapon_family(key: str, row: Any) -> str:
    """The drawing a weapon gets: by the words in its key and name, else by what its row
    says (a long reach is a pole arm, a missile a bow, anything else a sword)."""
    if not key:
        return "none"
    found = _find(_words(key, _name(row)), WEAPON_WORDS)
    if found:
        return found
    if row is not None and (getattr(row, "kind", "") == "missile"
                            or getattr(row, "melee", True) is False):
        return "bow"
    return "polearm" if int(getattr(row, "reach_ft", 5) or 5) >= 10 else "sword"


def armour_class(keys: Iterable[str], table: Mapping[str, Any]) -> tuple[str, bool]:
    """(none / leather / mail / plate, wears a helm) from every armour piece worn."""
    best, helm = 0, False
    for key in keys:
        if not key:
            continue
        text = _words(key, _name(_row(table, key)))
        best = max(best, _find(text, ARMOUR_WORDS) or 0)
        helm = helm or _find(text, [(True, HELM_WORDS)]) is True
    return ARMOURS[best], helm or best >= 2


def _pieces(value: Any) -> tuple[str, ...]:
    """Armour worn as one key or as pieces (ZeFRS's by body area); anything else (a number
    of armour points, say) names no piece."""
    if isinstance(value, str):
        return (value,) if value else ()
    if isinstance(value, (list, tuple, set, frozenset)):
        return tuple(sorted(str(v) for v in value))
    return ()


def _get(obj: Any, name: str, default: Any = None) -> Any:
    return getattr(obj, name, default) if obj is not None else default


def facts_of(tables: Any, unit: Any, template: Any = None) -> FigureFacts:
    """The figure of `unit` (a unit in a battle, or a template itself) under the ruleset
    whose tables are `tables`.  With `template`, what the unit has lost against it shows."""
    weapons = _table(tables, "weapons")
    armours = _table(tables, "armours", "armour")
    shields = _table(tables, "shields")
    name = _words(_get(unit, "name", ""), _get(unit, "kind", ""),
                  _get(template, "name", ""), _get(template, "kind", ""))
    kind = _find(name, KIND_WORDS) or "man"
    size = str(_get(unit, "size", "") or "man")
    if size not in SIZES:
        size = "man"
    if size == "man":
        size = KIND_SIZE.get(kind, "man")

    wkey = str(_get(unit, "weapon", "") or "")
    wrow = _row(weapons, wkey)
    weapon = weapon_family(wkey, wrow)
    mkey = str(_get(unit, "missile", "") or "")
    missile = weapon_family(mkey, _row(weapons, mkey)) if mkey else ""
    if weapon in MISSILES and not missile:  # a bow carried as the only weapon
        weapon, missile = "none", weapon
    reach = int(_get(wrow, "reach_ft", 5) or 5)
    two = (weapon in TWO_HANDED or bool(_get(wrow, "two_handed", False))
           or int(_get(wrow, "hands", 1) or 1) >= 2)
    okey = str(_get(unit, "offhand", "") or "")
    offhand = weapon_family(okey, _row(weapons, okey)) if okey else ""

    armour, helm = armour_class(_pieces(_get(unit, "armour", "")), armours)
    skey = str(_get(unit, "shield", "") or "")
    shield = ""
    if skey:
        srow = _row(shields, skey)
        shield = _find(_words(skey, _name(srow), _get(srow, "size", "")), SHIELD_WORDS) \
            or "medium"
    side = str(_get(unit, "shield_side", "left") or "left")

    disarmed = ""
    shield_broken = unhorsed = False
    mounted = bool(_get(unit, "mounted", False))
    if template is not None:
        tkey = str(_get(template, "weapon", "") or "")
        tfam = weapon_family(tkey, _row(weapons, tkey))
        if not wkey and tkey and tfam not in ("none", "natural"):
            disarmed = tfam
        shield_broken = bool(_get(template, "shield", "")) and not skey
        unhorsed = bool(_get(template, "mounted", False)) and not mounted
    robe = armour == "none" and _find(name, [(True, ROBE_WORDS)]) is True
    if kind in BEASTS or kind == "ape":  # a beast's hide is its own skin, drawn as such
        armour, helm = "none", False
    if kind in BEASTS:
        shield, mounted = "", False
    return FigureFacts(kind=kind, size=size, armour=armour, helm=helm, weapon=weapon,
                       reach_ft=reach, two_handed=two, offhand=offhand, shield=shield,
                       shield_side=side if side in ("left", "right") else "left",
                       missile=missile, mounted=mounted, robe=robe, disarmed=disarmed,
                       shield_broken=shield_broken, unhorsed=unhorsed)


def template_facts(ruleset: Any, key: str) -> FigureFacts:
    """The figure of a ruleset's template `key` as a scenario would first place it."""
    tables = ruleset.tables()
    return facts_of(tables, _table(tables, "units")[key])


def unit_facts(ruleset: Any, unit: Any) -> FigureFacts:
    """The figure of a unit in a battle: its kit now, against its template's.  A ruleset
    with no tables to read still gets a figure, from the unit's own fields."""
    tables = ruleset.tables() if callable(getattr(ruleset, "tables", None)) else None
    template = _table(tables, "units").get(getattr(unit, "template", ""))
    return facts_of(tables, unit, template)
