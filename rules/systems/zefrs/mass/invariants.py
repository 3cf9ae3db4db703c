"""What must hold of a mass battle at rest, after every command: the "grid" board's
invariants in the registry of rules/invariants.py (ZEF-58..ZEF-64, ZEF-72, ZEF-79).

Kept apart from the procedure because these are promises about every state it can reach,
read by the conformance tests and the soak.  The ZeFRS ruleset imports this module, so
loading ZeFRS registers them.
"""

from __future__ import annotations

from rules.invariants import board_invariant
from rules.state import ACTIVE, Battle
from rules.systems.zefrs.mass.events import mass_frame
from rules.systems.zefrs.mass.frame import MassFrame
from rules.systems.zefrs.mass.grid import FACINGS, on_grid
from rules.systems.zefrs.mass.units import MassUnit, mass_units

__all__ = ["a_leader_stands_with_his_unit", "fighters_never_negative",
           "one_unit_a_square_on_the_grid", "the_sides_are_two"]


@board_invariant("grid")
def the_sides_are_two(state: Battle) -> str | None:
    """ZEF-58: two sides, each with its commander named."""
    f = mass_frame(state)
    if not isinstance(f, MassFrame):
        return "the grid is drawn but no mass battle is under way"
    if f.side_a == f.side_b or {f.side_a, f.side_b} != {s.id for s in state.sides}:
        return f"the mass battle is between {f.side_a!r} and {f.side_b!r}"
    for side, cid in f.commanders:
        if not state.has_unit(cid) or state.unit(cid).side != side:
            return f"{cid} is not the {side} side's commander"
    return None


@board_invariant("grid")
def one_unit_a_square_on_the_grid(state: Battle) -> str | None:
    """ZEF-61: at most one unit a square, every unit on the field on a square of the 5 × 7
    grid facing one of its four sides (leaders and commanders share a unit's square)."""
    taken: dict[tuple[int, int], str] = {}
    for u in mass_units(state):
        if u.status != ACTIVE or u.pos is None:
            continue
        if not on_grid(u.pos):
            return f"{u.id} stands at {(u.pos.q, u.pos.r)}, off the grid"
        if u.facing not in FACINGS:
            return f"{u.id} faces {u.facing!r}, not north, east, south or west"
        at = (u.pos.q, u.pos.r)
        if at in taken:
            return f"{u.id} and {taken[at]} both stand on {at}"
        taken[at] = u.id
    for u in state.units:
        if u.pos is not None and not on_grid(u.pos):
            return f"{u.id} stands at {(u.pos.q, u.pos.r)}, off the grid"
    return None


@board_invariant("grid")
def fighters_never_negative(state: Battle) -> str | None:
    """ZEF-72, ZEF-79: fighters fall to none at the least, and a unit with none is off the
    field."""
    for u in mass_units(state):
        if u.hp < 0:
            return f"{u.id} has {u.hp} fighters"
        if u.hp == 0 and u.status == ACTIVE and u.pos is not None:
            return f"{u.id} has no fighters left but still holds {(u.pos.q, u.pos.r)}"
    return None


@board_invariant("grid")
def a_leader_stands_with_his_unit(state: Battle) -> str | None:
    """ZEF-59: a unit's leader is a fighter of its side on its square."""
    for u in mass_units(state):
        if not u.leader or u.status != ACTIVE or u.pos is None:
            continue
        if not state.has_unit(u.leader):
            return f"{u.id}'s leader {u.leader!r} is not in the battle"
        lead = state.unit(u.leader)
        if isinstance(lead, MassUnit) or lead.side != u.side:
            return f"{u.id} is led by {u.leader}, who is not a fighter of its side"
        if lead.fighting and lead.pos != u.pos:
            return f"{u.id}'s leader {u.leader} is not with it"
    return None
