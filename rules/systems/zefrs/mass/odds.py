"""What a commander sees before he orders an attack: the casualties each way for the round
and their exact distribution, and the chance the round brings his unit to a morale check
(ZEF-72..78), from the same resolution function the dice drive (`combat.casualties`).

Why a module: the side panel and the computer commander ask the same question of a
hypothetical order (this unit, moved here, facing there, attacking), so the position is
set up once here and every number read through `combat.round_odds`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from rules.hexgrid import Hex
from rules.state import Battle
from rules.systems.zefrs.mass.combat import check_of, round_odds, rulings_of
from rules.systems.zefrs.mass.grid import ahead
from rules.systems.zefrs.mass.units import MassUnit, mass_units

__all__ = ["AttackPreview", "attack_preview"]


@dataclass(frozen=True)
class AttackPreview:
    """The round ahead if `unit` attacks `target`: `inflict` the law of the fighters it cuts
    down, `suffer` the law of those it loses to the target striking back (empty if the
    target does not face it), `morale` the chance its losses reach its next third
    (ZEF-77), which calls for a morale check."""

    unit: str
    target: str
    inflict: dict[int, Fraction]
    suffer: dict[int, Fraction]
    morale: Fraction

    @staticmethod
    def mean(law: dict[int, Fraction]) -> Fraction:
        return sum((k * p for k, p in law.items()), Fraction(0))


def attack_preview(state: Battle, unit: str, facing: int, to: Hex | None = None
                   ) -> AttackPreview | None:
    """The preview of `unit` moving to `to` (or staying) and attacking what it then faces;
    None if no enemy unit stands there.  The target is taken to strike back if it faces the
    unit (its own order is sealed: the worst case is shown)."""
    u = state.unit(unit)
    assert isinstance(u, MassUnit) and u.pos is not None
    here = to or u.pos
    hyp = state.with_unit(replace(u, pos=here, facing=facing, order="attack", goal=None))
    there = ahead(here, facing)
    target = next((v for v in mass_units(hyp) if v.on_grid and v.pos == there
                   and v.side != u.side), None)
    if target is None:
        return None
    r = rulings_of(hyp)
    inflict = round_odds(check_of(hyp, unit, target.id), r)
    suffer: dict[int, Fraction] = {}
    morale = Fraction(0)
    if target.pos is not None and ahead(target.pos, target.facing) == here:
        hyp2 = hyp.with_unit(replace(target, order="attack"))
        suffer = round_odds(check_of(hyp2, target.id, unit), r)
        mark = u.thirds_down + 1
        if mark <= 2:
            need = -(-mark * u.start // 3) - (u.start - u.fighters)  # fighters still to fall
            morale = sum((p for k, p in suffer.items() if k >= need), Fraction(0))
    return AttackPreview(unit, target.id, inflict, suffer, morale)
