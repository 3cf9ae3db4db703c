"""What must hold of a joust at rest, after every command: the "lists" board's invariants
in the registry of rules/invariants.py (FE-44..FE-54).

Kept apart from joust_mode.py (the state machine) because these are promises about every
state it can reach, read by the conformance tests and the soak, not steps of the procedure.
The ruleset imports this module, so loading Fallen Empire registers them.
"""

from __future__ import annotations

from rules.invariants import board_invariant
from rules.state import Battle
from rules.systems.fallen_empire.joust import MAX_THROW
from rules.systems.fallen_empire.joust_mode import JoustFrame, joust_frame


def _frame(state: Battle) -> JoustFrame | None:
    return joust_frame(state)


@board_invariant("lists")
def two_riders_of_two_sides(state: Battle) -> str | None:
    """FE-44, FE-47: a joust is between one knight of each of two sides."""
    f = _frame(state)
    if f is None:
        return "the lists are drawn but no joust is under way"
    if f.side_a == f.side_b or f.unit_a == f.unit_b:
        return f"{f.unit_a} rides against {f.unit_b} on one side"
    for side, uid in ((f.side_a, f.unit_a), (f.side_b, f.unit_b)):
        if not state.has_unit(uid) or state.unit(uid).side != side:
            return f"{uid} is not the {side} side's rider"
    return None


@board_invariant("lists")
def pools_never_negative(state: Battle) -> str | None:
    """FE-48, FE-51: dice are lost from a pool, never below none."""
    f = _frame(state)
    if f is not None and (f.bout.pool_a < 0 or f.bout.pool_b < 0):
        return f"a dice pool is negative ({f.bout.pool_a} v {f.bout.pool_b})"
    return None


@board_invariant("lists")
def a_sealed_throw_fits_its_pool(state: Battle) -> str | None:
    """FE-48: each rider throws one to three dice, never more than he has."""
    f = _frame(state)
    if f is None:
        return None
    for who, n, pool in ((f.unit_a, f.chosen_a, f.bout.pool_a),
                         (f.unit_b, f.chosen_b, f.bout.pool_b)):
        if not 0 <= n <= MAX_THROW or n > pool:
            return f"{who} has chosen to throw {n} dice from a pool of {pool}"
    return None


@board_invariant("lists")
def the_rider_to_choose_can(state: Battle) -> str | None:
    """FE-48: the round goes on only while both riders have dice; the one asked is the one
    who has not chosen yet (A first, then B)."""
    f = _frame(state)
    if f is None or f.step != "choose" or state.outcome is not None:
        return None
    if f.bout.pool_a < 1 or f.bout.pool_b < 1:
        return f"the joust asks for a throw with pools at {f.bout.pool_a} v {f.bout.pool_b}"
    expected = f.side_a if f.chosen_a == 0 else f.side_b
    if f.actor != expected or f.chosen_b:
        return f"{f.actor} is asked to choose a throw, but it is {expected}'s turn"
    return None


__all__ = ["a_sealed_throw_fits_its_pool", "pools_never_negative", "the_rider_to_choose_can",
           "two_riders_of_two_sides"]
