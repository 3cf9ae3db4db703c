"""Back to the map after a chase opened from a skirmish (R-ER-CHASE-RETURN): the fleeing
figure stays where he ran to, or is gone from the field if he got away; each pursuer stands
as many hexes from him as the lane's gap, on the free hex nearest the line back toward where
he stood; and the chase has used the fleeing figure's turn.

A module of its own so that the procedure can end a chase this way without importing the
offer (which imports the frame, which imports the procedure).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from rules.engine import Context
from rules.events import Event, UnitStatusChanged, evolver
from rules.hexgrid import Hex, hex_round, spiral
from rules.state import DEAD, GONE, Battle
from rules.systems.enchanted_realms.events import TurnEnded
from rules.systems.enchanted_realms.frames import TurnFrame
from rules.wording import PLAIN, Words

if TYPE_CHECKING:
    from rules.systems.enchanted_realms.chase.frame import ChaseFrame

__all__ = ["ChaseReturned", "placed_by_the_gap", "return_to_the_map"]

RULESET = "enchanted_realms"


class ChaseReturned(Event):
    """The chase is over and play returns to the map (R-ER-CHASE-RETURN): where each runner
    now stands."""

    type: Literal["er_chase_returned"] = "er_chase_returned"
    placements: tuple[tuple[str, tuple[int, int]], ...]

    def narrate(self, w: Words = PLAIN) -> str:
        return "Back on the map, the runners stand as far apart as the chase left them."


@evolver(ChaseReturned, RULESET)
def _returned(state: Battle, e: ChaseReturned) -> Battle:
    i = max(i for i, f in enumerate(state.stack) if f.mode == "chase")
    state = state.remade(stack=state.stack[:i] + state.stack[i + 1:])
    for uid, (q, r) in e.placements:
        state = state.update_unit(uid, pos=Hex(q, r))
    return state


def placed_by_the_gap(state: Battle, frame: ChaseFrame) -> tuple[tuple[str, tuple[int, int]],
                                                                      ...]:
    """R-ER-CHASE-RETURN: each pursuer as many hexes from the fleeing figure as the lane's
    gap, on the free passable hex nearest that point of the line back to where he stood."""
    quarries = [r for r in frame.runners if r.role == "quarry"]
    if not quarries:
        return ()
    q = quarries[0]
    anchor = state.unit(q.unit).pos
    if anchor is None:
        return ()
    taken = {u.pos for u in state.units if u.pos is not None and u.status not in (DEAD, GONE)
             and u.id not in {r.unit for r in frame.runners if r.role == "pursuer"}}
    out = []
    for p in sorted((r for r in frame.runners if r.role == "pursuer"), key=lambda r: r.unit):
        u = state.unit(p.unit)
        gap = max(1, q.at - p.at)
        here = u.pos or anchor
        d = max(1, anchor.distance(here))
        ideal = hex_round(anchor.q + (here.q - anchor.q) * gap / d,
                          anchor.r + (here.r - anchor.r) * gap / d)
        spot = _free_hex_nearest(state, ideal, taken | {anchor})
        if spot is None:  # not one free hex left on the whole board: he stays put
            continue
        taken.add(spot)
        out.append((p.unit, (spot.q, spot.r)))
    return tuple(out)


def _free_hex_nearest(state: Battle, ideal: Hex, taken: set[Hex]) -> Hex | None:
    """The free passable hex nearest `ideal`: first within a dozen hexes of it (nearest
    first, as `spiral` walks), else anywhere on the board.  A long chase puts the ideal
    point far off the map; the nearest free hex is then on the map's edge toward it, never
    a hex another figure already holds (ER-33, R-ER-CHASE-RETURN)."""
    def free(h: Hex) -> bool:
        return state.board.passable(h) and h not in taken

    near = next((h for h in spiral(ideal, 12) if free(h)), None)
    if near is not None:
        return near
    return min((h for h in state.board.hexes() if free(h)),
               key=lambda h: (ideal.distance(h), h.q, h.r), default=None)


def return_to_the_map(ctx: Context, frame: ChaseFrame, result: str) -> None:
    """End a chase opened from a skirmish: the runners placed, the fleeing figure gone if
    he got away, and his turn over (the chase has used it), unless the GM called the chase
    (R-ER-CHASE-GM)."""
    ctx.emit(ChaseReturned(placements=placed_by_the_gap(ctx.state, frame)))
    if result == "escaped":
        for q in frame.runners:
            if q.role == "quarry" and ctx.state.unit(q.unit).fighting:
                ctx.emit(UnitStatusChanged(unit=q.unit, status=GONE, condition="escaped",
                                           reason="he outran his pursuers", rule="ER-33"))
    top = ctx.state.top
    if isinstance(top, TurnFrame) and not frame.called:  # a GM's chase spends no turn
        ctx.emit(TurnEnded(unit=top.unit))
