"""A unit of fighters on the mass-combat grid, and the ZeFRS fighters who lead it.

Why this module exists: the text's unit (ZEF-58, ZEF-59, ZEF-72, ZEF-74..76) is a number of
fighters with an average weapon talent, an average Will, one armour value and a leader who is
a ZeFRS fighter like any other (a PC, a Foe or an Enemy), so the leaders' duels are fought
with the skirmish's own blow (`zefrs.blows.strike`).  A unit is a `rules.state.Unit` whose
`hp` is its fighters standing now and `max_hp` its number at the start, so the shared
bookkeeping (no more fighters than it started with) holds of it too.

A set-up raises a unit from a troop type of the mode's data file (`UnitSpec.template`) with
overrides: `fighters` (how many, required), `leader` (the ZeFRS figure leading it, a
template of the ZeFRS tables, default the troop's ranks), `leader_name`, `leader_overrides`
(the leader's own statistics), the troop's `talent`, `will` or `armour` (a unit armour
value given outright, as a GM may) and `slot` (left, centre, right or reserve: what a unit
the scenario places is, R-ZEF-MASS-DEPLOY).  A ZeFRS figure with the override `role = "commander"`
is its side's overall commander (ZEF-59).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.hexgrid import Hex
from rules.setup import UnitSpec
from rules.state import ACTIVE, Battle, Unit
from rules.systems.zefrs.mass.armour import unit_armour
from rules.systems.zefrs.mass.tables import MassTables, load_mass
from rules.systems.zefrs.tables import load_tables
from rules.systems.zefrs.units import ZefUnit, build_unit

__all__ = [
    "UNIT_OVERRIDES",
    "MassUnit",
    "build_leader",
    "build_mass_unit",
    "is_mass",
    "leader_id",
    "mass_units",
    "missile_range",
]

UNIT_OVERRIDES = frozenset({"fighters", "leader", "leader_name", "leader_overrides",
                            "talent", "will", "armour", "name", "slot"})
SLOT_NAMES = ("left", "centre", "right", "reserve")
"""What a scenario may say a unit placed by it is (`slot`): a line unit or a reserve."""


@dataclass(frozen=True, slots=True)
class MassUnit(Unit):
    """A unit: `hp` its fighters now, `max_hp` at the start (ZEF-72, ZEF-77)."""

    talent: int = 0  # the members' average weapon talent (ZEF-72)
    will: int = 0  # their average Will (ZEF-78)
    armour_value: int = 0  # ZEF-74..76, fixed at the start
    missile: str = ""  # the weapon they shoot, if any (ZEF-68)
    reach_squares: int = 0  # how far that reaches, in squares (R-ZEF-MASS-SHOOT)
    mounted: bool = False
    leader: str = ""  # the id of the ZeFRS figure leading it, "" while nobody does
    slot: str = ""  # "left", "centre", "right" or "reserve" once deployed (ZEF-58)
    # the order for this round (ZEF-66) and where it goes
    order: str = ""  # attack, defend, shoot or withdraw
    goal: Hex | None = None  # the square it is to move to (ZEF-62), if it moves
    target: str = ""  # the unit it shoots at (ZEF-68)
    # this round's marks
    shaken: bool = False  # its leader was hurt in segment 1 (ZEF-71)
    leader_slain: bool = False  # a morale trigger (ZEF-77)
    # for the whole battle
    fought: bool = False  # it has fought a round (R-ZEF-MASS-DUEL "first_round")
    thirds_down: int = 0  # how many of the 1/3 and 2/3 marks its losses have passed (ZEF-77)

    @property
    def fighters(self) -> int:
        return self.hp

    @property
    def start(self) -> int:
        return self.max_hp

    @property
    def on_grid(self) -> bool:
        return self.status == ACTIVE and self.pos is not None


def is_mass(u: Unit) -> bool:
    return isinstance(u, MassUnit)


def mass_units(state: Battle, side: str | None = None) -> list[MassUnit]:
    """The units of fighters (not their leaders), of one side or all, by id."""
    return [u for u in state.units if isinstance(u, MassUnit)
            and (side is None or u.side == side)]


def leader_id(unit_id: str, n: int = 0) -> str:
    """The id of a unit's first leader, or of its n-th replacement (ZEF-59)."""
    return f"{unit_id}-leader" if n == 0 else f"{unit_id}-leader{n + 1}"


def missile_range(weapon: str) -> int:
    """Squares a volley reaches: the weapon's long range // 100 ft (R-ZEF-MASS-SHOOT)."""
    if not weapon:
        return 0
    ranges = load_tables().weapons[weapon].ranges_ft
    return ranges[-1] // 100 if ranges else 0


def build_mass_unit(spec: UnitSpec, m: MassTables | None = None) -> MassUnit:
    """A unit from its troop type and the set-up's overrides (module docstring); ValueError
    naming the unit and the problem."""
    m = m or load_mass()
    troop = m.troops.get(spec.template)
    if troop is None:
        raise ValueError(f"unit {spec.id!r}: unknown troop type {spec.template!r} (the mass "
                         f"tables know: {', '.join(sorted(m.troops))})")
    over = dict(spec.overrides)
    unknown = sorted(set(over) - UNIT_OVERRIDES)
    if unknown:
        raise ValueError(f"unit {spec.id!r}: cannot set {', '.join(unknown)} (a unit takes "
                         f"{', '.join(sorted(UNIT_OVERRIDES))})")
    fighters = over.get("fighters")
    if isinstance(fighters, bool) or not isinstance(fighters, int) or not 1 <= fighters <= 100_000:
        raise ValueError(f"unit {spec.id!r}: fighters must be a whole number from 1, not "
                         f"{fighters!r}")
    for key in ("talent", "will", "armour"):
        v = over.get(key)
        if v is not None and (isinstance(v, bool) or not isinstance(v, int) or not -10 <= v <= 30):
            raise ValueError(f"unit {spec.id!r}: {key} must be a whole number, not {v!r}")
    slot = over.get("slot", "")
    if slot not in ("", *SLOT_NAMES):
        raise ValueError(f"unit {spec.id!r}: slot is one of {', '.join(SLOT_NAMES)}, not "
                         f"{slot!r}")
    armour = over.get("armour")
    return MassUnit(
        id=spec.id, side=spec.side, template=spec.template,
        name=str(over.get("name") or spec.name or troop.name), pos=None,
        facing=spec.facing % 4, hp=fighters, max_hp=fighters,
        talent=int(over.get("talent", troop.talent)), will=int(over.get("will", troop.will)),
        armour_value=unit_armour(troop.kit, m) if armour is None else int(armour),
        missile=troop.missile or "", reach_squares=missile_range(troop.missile or ""),
        mounted=troop.mounted, leader=leader_id(spec.id), slot=str(slot))


def build_leader(unit: MassUnit, spec: UnitSpec, m: MassTables | None = None) -> ZefUnit:
    """The ZeFRS fighter leading `unit` (ZEF-59): the spec's `leader` template (a ZeFRS
    figure), else the troop's ranks."""
    m = m or load_mass()
    over = dict(spec.overrides)
    template = over.get("leader") or m.troops[unit.template].ranks
    extra: Any = over.get("leader_overrides") or {}
    if not isinstance(extra, dict):
        raise ValueError(f"unit {spec.id!r}: leader_overrides must be a table of statistics")
    name = over.get("leader_name") or ""
    return build_unit(UnitSpec(id=leader_id(unit.id), side=unit.side, template=str(template),
                               name=str(name), pos=spec.pos, overrides=extra))
