"""What must hold of a battle at rest, after every command, written once per kind of board.

Why this exists: the random-play conformance tests (tests/conformance/) and the soak
(bench/soak.py) check every state a random game passes through, under every ruleset and
mode, against the promises of the board it is drawn on.  Those promises belong to the board
kind (DESIGN.md, "Modes": a hex map, the lists, a square grid, a pursuit track), not to the
ruleset, so they are kept here in one registry, keyed by `Battle.board_kind`, that a new
board kind adds to (from its own module, with `@board_invariant("its kind")`):

    every kind   no hit points above the maximum
    "hex"        every figure on the board stands on a hex of it, faces one of the six
                 hexsides, and no two figures at rest share a hex (one walking through a
                 friend's hex, a move frame on the stack, is not at rest)
    "lists"      the joust's own (rules/systems/fallen_empire/joust_invariants.py): two
                 riders of two sides, pools never negative, a sealed throw of 1 to 3 dice
                 within its pool, the one to choose still able to

    "grid"       the ZeFRS mass battle's own (rules/systems/zefrs/mass/invariants.py): two
                 sides with their commanders, one unit a square of the 5×7 grid facing one
                 of its four sides, fighters never below none, a leader with his unit

    "track"      the Enchanted Realms chase's own (rules/systems/enchanted_realms/chase/
                 invariants.py): the gap between pursuer and quarry is never negative,
                 nobody is on the track twice, the seconds are 10 to 1

A mode still to come adds its own when its frame arrives (not before: a board kind that no
invariant covers is itself reported by `violations`, so a new mode cannot be fuzzed
unchecked).

An invariant is a function of the state alone returning what is wrong, in a sentence naming
the unit, or None.  The conformance harness adds what needs more than one state (the legal
command always available, refusals changing nothing, replay, save and load, same seed).
"""

from __future__ import annotations

from collections.abc import Callable

from rules.procedures import WalkFrame
from rules.state import DEAD, GONE, Battle

Invariant = Callable[[Battle], str | None]

EVERY_BOARD: list[Invariant] = []
BOARD_INVARIANTS: dict[str, list[Invariant]] = {}


def board_invariant(*kinds: str) -> Callable[[Invariant], Invariant]:
    """Register an invariant for these board kinds (none named: for every kind)."""

    def add(fn: Invariant) -> Invariant:
        if not kinds:
            EVERY_BOARD.append(fn)
        for kind in kinds:
            BOARD_INVARIANTS.setdefault(kind, []).append(fn)
        return fn

    return add


def violations(state: Battle) -> list[str]:
    """Every promise `state` breaks, in a sentence each; [] if none.  A board kind with no
    invariants registered is one: its mode must bring its own before it is played."""
    kind = state.board_kind
    if kind not in BOARD_INVARIANTS:
        return [f"board kind {kind!r} has no invariants registered (rules/invariants.py "
                "says where they go)"]
    found = []
    for fn in (*EVERY_BOARD, *BOARD_INVARIANTS[kind]):
        why = fn(state)
        if why is not None:
            found.append(why)
    return found


# --- every board ---------------------------------------------------------------------------


@board_invariant()
def hit_points_within_the_maximum(state: Battle) -> str | None:
    for u in state.units:
        if u.hp > u.max_hp:
            return f"{u.id} has {u.hp} HP of a maximum {u.max_hp}"
    return None


# --- the hex map ---------------------------------------------------------------------------


def walking(state: Battle) -> set[str]:
    """Figures in the middle of a move: one may be passing through a friend's hex while a
    reaction to his step is asked."""
    return {f.unit for f in state.stack if isinstance(f, WalkFrame)}


@board_invariant("hex")
def figures_on_the_board_facing_a_hexside(state: Battle) -> str | None:
    for u in state.units:
        if u.pos is not None and u.pos not in state.board:
            return f"{u.id} stands at {(u.pos.q, u.pos.r)}, off the board"
        if type(u.facing) is not int or not 0 <= u.facing <= 5:
            return f"{u.id} faces {u.facing!r}, not one of the six hexsides"
    return None


@board_invariant("hex")
def one_figure_at_rest_a_hex(state: Battle) -> str | None:
    taken: dict[tuple[int, int], str] = {}
    passing = walking(state)
    for u in state.units:
        if u.pos is None or u.status in (DEAD, GONE) or u.id in passing:
            continue
        at = (u.pos.q, u.pos.r)
        if at in taken:
            return f"{u.id} and {taken[at]} both stand at {at}"
        taken[at] = u.id
    return None


__all__ = ["BOARD_INVARIANTS", "EVERY_BOARD", "Invariant", "board_invariant", "violations",
           "walking"]
