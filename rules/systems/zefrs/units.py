"""A ZeFRS figure on the board: its Talent ratings, rank, kit and what this turn has spent.

Why this module exists: the text's figure is a set of Talent ratings (Using Talent Pools), and
every check reads one of them, less armour's weight where it is Movement or General Prowess
(ZEF-49).  Those readings are written once, here, so the attack, the odds panel and the AI
read the same numbers.  Ratings are kept as plain fields (no pydantic model inside the
state), so a state hashes, copies and replays as every other ruleset's does.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from rules.ruleset_base import apply_overrides, template_of, unit_basics
from rules.setup import UnitSpec
from rules.state import Battle, Unit
from rules.systems.zefrs.armour import armour_move_penalty, kit, protection_by_area
from rules.systems.zefrs.tables import ZefTables, load_tables

__all__ = ["ZefUnit", "build_unit", "zef"]


@dataclass(frozen=True, slots=True)
class ZefUnit(Unit):
    """A figure: `hp` is his current Damage rating and `max_hp` the original (ZEF-51)."""

    rank: str = "enemy"  # "foe" or "enemy" (ZEF-01, R-ZEF-RANKS)
    general_fighting: int = 0
    # per-weapon Fighting ratings (not named `fighting`: that is whether he is in the fight)
    weapon_ratings: tuple[tuple[str, int], ...] = ()
    movement: int = 0
    general_prowess: int = 0
    animal_reflexes: int = 0
    wrestling: int | None = None
    two_weapons: bool = False
    strength: int = 0
    general_endurance: int = 0
    will: int = 0
    weapon: str = ""  # "" = fists (ZEF-26)
    offhand: str = ""
    missile: str = ""
    armour: tuple[str, ...] = ()
    shield: str = ""
    shield_side: str = "left"  # ZEF-48
    mounted: bool = False
    knocked_down: bool = False  # fallen (ZEF-29, ZEF-41)
    penalty_until: int = 0  # the −3 of a failed extra action lasts through this turn (ZEF-22)
    wakes_at: int = 0  # the turn a knocked-out figure comes to (ZEF-35)
    free_actions: int = 0  # turns he may act while his opponent may not (ZEF-12)
    joined: bool = False  # in the combat since its start or his own arrival (ZEF-11, -14)
    loading: int = 0  # turns of loading his missile weapon still needs (the arbalest's 3)
    wounds: tuple[str, ...] = ()  # specific wounds suffered, by name (ZEF-56: until healed)
    wound_shift: int = 0  # columns his wounds cost him on every check (R-ZEF-WOUNDS)
    lamed: bool = False  # a leg wound: one hex a turn (R-ZEF-WOUNDS)
    # once-a-turn books, put back at the start of each turn (ROUND_RESET)
    declared: str = ""
    defended: bool = False  # his one active defence is spent (ZEF-16)
    shield_used: bool = False  # his shield has blocked its one attack (ZEF-48)

    ROUND_RESET: ClassVar[dict[str, Any]] = {"declared": "", "defended": False,
                                             "shield_used": False}

    @property
    def enemy(self) -> bool:
        """ZEF-01: an Enemy, as against a Foe or a PC."""
        return self.rank == "enemy"

    def rating_with(self, weapon: str) -> int:
        """ZEF-05: the weapon's Fighting rating or General Fighting, whichever is higher."""
        own = dict(self.weapon_ratings).get(weapon or "fists")
        return self.general_fighting if own is None else max(own, self.general_fighting)

    def wrestling_rating(self) -> int:
        """ZEF-27: Wrestling, or General Fighting where that is higher or he has none."""
        w = self.wrestling
        return self.general_fighting if w is None else max(w, self.general_fighting)

    def reflexes(self) -> int:
        """Animal Reflexes or General Prowess, the higher (ZEF-12, -20, -22)."""
        return max(self.animal_reflexes, self.general_prowess)


def zef(state: Battle, unit_id: str) -> ZefUnit:
    u = state.unit(unit_id)
    assert isinstance(u, ZefUnit)
    return u


def armour_penalty(u: ZefUnit, t: ZefTables | None = None) -> int:
    """ZEF-49: the movement penalty of everything he wears, ≤ 0."""
    t = t or load_tables()
    return armour_move_penalty(kit(u.armour, t.armour), t.shields.get(u.shield))


def dodge(u: ZefUnit, t: ZefTables | None = None) -> int:
    """What an attacker subtracts (ZEF-06, R-ZEF-DODGE): Movement or General Prowess, the
    higher, less armour's weight (ZEF-49), perhaps below zero."""
    return max(u.movement, u.general_prowess) + armour_penalty(u, t)


def initiative_rating(u: ZefUnit, t: ZefTables | None = None) -> int:
    """ZEF-17: the highest of Animal Reflexes, Movement and General Prowess; armour's weight
    comes off Movement and General Prowess (ZEF-49), not off Animal Reflexes."""
    pen = armour_penalty(u, t)
    return max(u.animal_reflexes, u.movement + pen, u.general_prowess + pen)


def area_armour(u: ZefUnit, t: ZefTables | None = None) -> dict[str, int]:
    """What his armour stops on each of the seven areas (ZEF-47)."""
    t = t or load_tables()
    return protection_by_area(kit(u.armour, t.armour))


def build_unit(spec: UnitSpec) -> ZefUnit:
    """A fresh figure from its template, with the scenario's overrides (any talent, rank or
    piece of kit; not the turn's books)."""
    t = load_tables()
    tpl = template_of(t.units, spec, "ZeFRS")
    tal = tpl.talents
    base: dict[str, Any] = {
        **unit_basics(spec, tpl), "rank": tpl.rank,
        "general_fighting": tal.general_fighting,
        "weapon_ratings": tuple(sorted(tal.fighting.items())), "movement": tal.movement,
        "general_prowess": tal.general_prowess, "animal_reflexes": tal.animal_reflexes,
        "wrestling": tal.wrestling, "two_weapons": tal.two_weapons, "strength": tal.strength,
        "general_endurance": tal.general_endurance, "will": tal.will,
        "weapon": tpl.weapon or "", "offhand": tpl.offhand or "", "missile": tpl.missile or "",
        "armour": tuple(tpl.armour), "shield": tpl.shield or "", "mounted": tpl.mounted,
    }
    apply_overrides(base, spec, {f.name for f in fields(ZefUnit)}
                    - set(ZefUnit.ROUND_RESET) - {"id", "side", "template"})
    if isinstance(base["weapon_ratings"], dict):
        base["weapon_ratings"] = tuple(sorted(base["weapon_ratings"].items()))
    for slot in ("weapon", "offhand", "missile"):
        base[slot] = t.improvised.get(base[slot], base[slot])  # ZEF-31: as its chart row
        if base[slot] and base[slot] not in t.weapons:
            raise ValueError(f"unit {spec.id!r}: unknown weapon {base[slot]!r}")
    for piece in base["armour"]:
        if piece not in t.armour:
            raise ValueError(f"unit {spec.id!r}: unknown armour {piece!r}")
    if base["shield"] and base["shield"] not in t.shields:
        raise ValueError(f"unit {spec.id!r}: unknown shield {base['shield']!r}")
    if base["rank"] not in ("foe", "enemy"):
        raise ValueError(f"unit {spec.id!r}: rank is \"foe\" or \"enemy\", not {base['rank']!r}")
    protection_by_area(kit(base["armour"], t.armour))  # ZEF-47: ValueError if two clash
    base["reach_ft"] = t.weapon(base["weapon"] or None).reach_ft  # ZEF-02
    return ZefUnit(**base)


TURN_SECONDS = 5
"""ZEF-09: a combat turn is 5 seconds, the time of one action (EX-ZEF-02: four actions, four
turns, 20 seconds)."""


def healed(rating: int, original: int, endurance: int, *, rest: bool, days: int = 1) -> int:
    """ZEF-57: after `days` days, a Damage rating of `rating` heals to this: on complete rest
    General Endurance + 1 a day (never fewer than 1), with strenuous activity 1 a day,
    restored at each day's end and never above the original rating.  (Between battles: a
    battle is over in minutes.)"""
    per_day = max(1, endurance + 1) if rest else 1
    return min(original, rating + per_day * max(0, days))
