"""One unit check and the casualties it causes (ZEF-65, ZEF-67, ZEF-68, ZEF-71..75, ZEF-80),
as pure functions of the situation and the d100, and their exact odds.

Why it is built this way (DESIGN: one resolution function, two drivers): `check_of` reads
the battle into a `UnitCheck` (the column and every shift, the number the percentage is of,
the target's armour); `casualties` turns a check and a roll into the fighters lost; `odds`
runs all hundred rolls through the same `casualties`, so the side panel's expected losses
are the dice's.

The column (R-ZEF-MASS-COLUMN) is the members' average weapon talent (ZEF-72); a unit does
not dodge, so nothing is subtracted (the skirmish's ZEF-06 is one fighter's Movement).  It
is shifted (ZEF-80, the table lost; each shift a ruling in data.toml): the checking unit
outnumbered by those attacking it (ZEF-65), its leader down (ZEF-71), the commander with
it (ZEF-80), a target that defends or withdraws (ZEF-67, ZEF-69), shooting (ZEF-68).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules.state import Battle
from rules.systems.zefrs.chart import Colour, ColumnWalk, Shift
from rules.systems.zefrs.mass.grid import ahead
from rules.systems.zefrs.mass.tables import MassRulings, load_mass
from rules.systems.zefrs.mass.units import MassUnit, mass_units
from rules.systems.zefrs.rulings import config_of
from rules.systems.zefrs.tables import load_tables

__all__ = [
    "UnitCheck",
    "attackers_of",
    "casualties",
    "check_odds",
    "check_of",
    "outnumbering",
    "percent_lost",
    "round_odds",
]


@dataclass(frozen=True)
class UnitCheck:
    """One unit's check against another in a segment, read before the dice."""

    attacker: str
    target: str
    kind: str  # "melee" or "shot"
    walk: ColumnWalk
    of: int  # the number the percentage is of (ZEF-72, R-ZEF-MASS-OF-WHOM)
    armour: int  # the target's unit armour value (ZEF-74)
    target_fighters: int  # no more can fall than stand


def rulings_of(state: Battle) -> MassRulings:
    """The mode's rulings with the GM's overrides (options named `mass_<ruling>`)."""
    base = load_mass().rulings
    mine = {k.removeprefix("mass_"): v for k, v in state.options
            if k.startswith("mass_") and k.removeprefix("mass_") in MassRulings.model_fields}
    if not mine:
        return base
    return MassRulings.model_validate({**base.model_dump(), **mine}, strict=False)


def attacking(u: MassUnit, state: Battle) -> MassUnit | None:
    """The enemy unit `u` strikes this round in melee: the one on the square it faces, if
    its order is to attack (ZEF-64: only that one, never on the diagonal)."""
    if u.order != "attack" or not u.on_grid:
        return None
    assert u.pos is not None
    there = ahead(u.pos, u.facing)
    for v in mass_units(state):
        if v.on_grid and v.pos == there and v.side != u.side:
            return v
    return None


def attackers_of(state: Battle, target: MassUnit) -> list[MassUnit]:
    """Every unit attacking `target` in melee this round (ZEF-65: they gang up)."""
    return [u for u in mass_units(state) if (a := attacking(u, state)) is not None
            and a.id == target.id]


def outnumbering(state: Battle, target: MassUnit) -> Fraction:
    """By what ratio the units attacking `target` outnumber it (ZEF-65): their fighters added
    together over its own; 0 if nobody attacks it."""
    gang = sum(u.fighters for u in attackers_of(state, target))
    return Fraction(gang, max(1, target.fighters))


def _outnumbered_shift(state: Battle, u: MassUnit, r: MassRulings) -> Shift | None:
    ratio = outnumbering(state, u)
    shift = None
    for step in r.outnumbered:
        if ratio >= step.ratio:
            shift = Shift(step.shift, f"outnumbered {step.ratio} to 1 or worse", "ZEF-65")
    return shift


def check_of(state: Battle, attacker: str, target: str, *, led_by_commander: bool = False
             ) -> UnitCheck:
    """The check `attacker` makes against `target` now (module docstring)."""
    r = rulings_of(state)
    a, d = state.unit(attacker), state.unit(target)
    assert isinstance(a, MassUnit) and isinstance(d, MassUnit)
    kind = "melee" if a.order != "shoot" else "shot"
    shifts: list[Shift] = []
    if (s := _outnumbered_shift(state, a, r)) is not None:
        shifts.append(s)
    if a.shaken and r.leader_down_shift:
        shifts.append(Shift(r.leader_down_shift, "its leader is down", "ZEF-71"))
    if led_by_commander and r.commander_present_shift:
        shifts.append(Shift(r.commander_present_shift, "the commander leads it", "ZEF-80"))
    if d.order in ("defend", "withdraw") and r.defend_shift:
        defends = d.order == "defend"
        shifts.append(Shift(r.defend_shift, "the target defends" if defends else
                            "the target withdraws, defending",
                            "ZEF-67" if defends else "ZEF-69"))
    if kind == "shot" and r.shoot_shift:
        shifts.append(Shift(r.shoot_shift, "shooting at a distance", "ZEF-68"))
    walk = load_tables().chart.walk(a.talent, tuple(shifts),
                                    config_of(state).columns_per_point)
    of = a.fighters if r.casualties_of == "current" else a.start
    return UnitCheck(attacker, target, kind, walk, of, d.armour_value, d.fighters)


def walk_words(walk: ColumnWalk) -> str:
    """How a check found its column, for the log: "column 5, −2 the target defends (ZEF-67)
    → 3" (minus signs in the numbers, the clause ids as they are cited)."""
    def num(n: int, sign: bool = False) -> str:
        return (f"{n:+d}" if sign else str(n)).replace("-", "\N{MINUS SIGN}")

    text = f"column {num(walk.start)}"
    at = walk.start
    for s in walk.shifts:
        at += s.points * walk.columns_per_point
        text += f", {num(s.points, True)} {s.reason} ({s.clause}) → {num(at)}"
    if walk.column != walk.reached:
        text += f", read on the edge column {walk.column} (R-ZEF-CHART-EDGES)"
    return text


def percent_lost(colour: Colour, armour: int, r: MassRulings) -> int:
    """ZEF-73, ZEF-75: the colour's percentage less the armour's cut, never below 0."""
    return max(0, r.casualty_percent[colour.word] - armour * r.armour_cut_per_point)


def casualties(check: UnitCheck, roll: int, r: MassRulings) -> tuple[Colour, int, int]:
    """(colour, percent, fighters lost) for a d100 `roll`: the percentage of the attackers'
    number, rounded up (ZEF-72), no more than the target has."""
    colour = load_tables().chart.colour(check.walk.column, roll)
    pct = percent_lost(colour, check.armour, r)
    lost = -(-check.of * pct // 100)
    return colour, pct, min(lost, check.target_fighters)


def check_odds(check: UnitCheck, r: MassRulings) -> dict[int, int]:
    """Fighters lost → how many of the 100 rolls give it (through `casualties`)."""
    out: dict[int, int] = {}
    for roll in range(1, 101):
        lost = casualties(check, roll, r)[2]
        out[lost] = out.get(lost, 0) + 1
    return dict(sorted(out.items()))


def round_odds(check: UnitCheck, r: MassRulings, segments: int = 3) -> dict[int, Fraction]:
    """The exact law of the losses one check inflicts over a round's three unit segments
    (ZEF-72), with the number standing fixed (each segment's check is made from the same
    unit; losses it takes itself are the other side's odds)."""
    law: dict[int, Fraction] = {0: Fraction(1)}
    one = check_odds(check, r)
    for _ in range(segments):
        nxt: dict[int, Fraction] = {}
        for have, p in law.items():
            for lost, ways in one.items():
                k = min(check.target_fighters, have + lost)
                nxt[k] = nxt.get(k, Fraction(0)) + p * Fraction(ways, 100)
        law = nxt
    return dict(sorted(law.items()))
