"""The order a unit would take if its commander said nothing more (R-ZEF-MASS-STANDING): what
the order panel offers first, so pressing Enter through a round never sends a unit where its
kind would not go.

Why a rule of its own: the text has a commander give every unit an order each round
(ZEF-66) and says nothing of a default, but a screen must pre-select one, and "attack" for
everyone sent archers into melee.  The reading, by the unit's kind and place:

- missile troops (ZEF-68) shoot at the nearest enemy in their reach (straight ahead before
  the diagonal) when none is next to them, and hold (defend where they stand) otherwise;
- a reserve (a unit placed in the rear rank, or standing behind a friend it faces) holds;
- a line unit attacks an enemy next to it (ZEF-64: the one it faces, else it turns to one
  at its flank, then its rear), and holds if none is: moving up is the commander's choice.

A unit that holds with an enemy next to it turns to face him (the same order of turning).

A pure function of the battle: the order is always one `legal_commands` offers, so it can be
given as it stands (`orders.unit_orders`).
"""

from __future__ import annotations

from rules.hexgrid import Hex
from rules.state import Battle
from rules.systems.zefrs.mass.grid import adjacent, ahead, distance, facing_towards
from rules.systems.zefrs.mass.orders import MassOrder, unit_orders
from rules.systems.zefrs.mass.units import MassUnit, mass_units

__all__ = ["is_reserve", "standing_order"]


def is_reserve(state: Battle, u: MassUnit) -> bool:
    """In the rear rank (placed as a reserve, ZEF-58, ZEF-60) or standing behind a friendly
    unit on the square it faces."""
    if u.slot.startswith("reserve"):
        return True
    assert u.pos is not None
    front = ahead(u.pos, u.facing)
    return any(v.on_grid and v.side == u.side and v.pos == front
               for v in mass_units(state) if v.id != u.id)


def _turn(u: MassUnit, facing: int) -> int:
    """How far a unit turns to face that way: 0 ahead, 1 a flank, 2 about."""
    return min((facing - u.facing) % 4, (u.facing - facing) % 4)


def _far(here: Hex, there: Hex | None, uid: str) -> tuple[int, int, str]:
    """How far a target stands: squares counting a diagonal step as one (the volley's
    reach, R-ZEF-MASS-SHOOT), then steps along the grid (one straight ahead is nearer than
    one as far off on the diagonal), then its name."""
    assert there is not None
    return distance(here, there), abs(here.q - there.q) + abs(here.r - there.r), uid


def _hold(options: list[MassOrder], facing: int) -> MassOrder:
    return next(c for c in options if c.order == "defend" and not c.to and c.facing == facing)


def standing_order(state: Battle, uid: str) -> MassOrder:
    """The order unit `uid` (on the field, waiting for its order) would take by its kind and
    place (R-ZEF-MASS-STANDING); always one of the legal orders."""
    u = state.unit(uid)
    if not isinstance(u, MassUnit) or u.pos is None:
        raise ValueError(f"{uid} is not a unit of fighters on the field")
    here = u.pos
    options = unit_orders(state, u)
    enemies = [v for v in mass_units(state) if v.on_grid and v.side != u.side
               and v.pos is not None]
    near = [v for v in enemies if adjacent(here, v.pos)]
    facing = u.facing % 4
    if near:  # turn to the one needing the least turning (ties by name)
        foe = min(near, key=lambda v: (_turn(u, facing_towards(here, v.pos)), v.id))
        facing = facing_towards(here, foe.pos)
        if u.missile or is_reserve(state, u):
            return _hold(options, facing)
        return next(c for c in options
                    if c.order == "attack" and not c.to and c.facing == facing)
    if u.missile:
        shots = [c for c in options if c.order == "shoot"]
        if shots:
            return min(shots, key=lambda c: _far(here, state.unit(c.target).pos, c.target))
    return _hold(options, facing)
