"""A chase the GM starts in the sandbox between any figures (issue 26, item 1): he names who
flees and who gives chase, and the chase opens over the position as one out of a skirmish
does (R-ER-CHASE-LANE from where they stand now); when it is over the map comes back with
the runners placed by the gap (R-ER-CHASE-RETURN), and nobody's turn is spent by it: the GM
called it outside the turn order (R-ER-CHASE-GM).

Found by the generic GM command `rules.gm.StartChase` through the ruleset's `gm_chase`, so
the sandbox knows only that this ruleset has a "chase" mode.
"""

from __future__ import annotations

from typing import Literal

from rules.engine import Context
from rules.events import Event, evolver
from rules.state import Battle
from rules.systems.enchanted_realms.chase.frame import ChaseFrame
from rules.systems.enchanted_realms.chase.setup import lane_of
from rules.wording import PLAIN, Words

__all__ = ["ChaseCalled", "check_gm_chase", "gm_chase"]

RULESET = "enchanted_realms"


def check_gm_chase(state: Battle, quarries: tuple[str, ...], pursuers: tuple[str, ...]
                   ) -> str | None:
    """Why these figures cannot run this chase, or None.  Who flees runs for one side
    (the chase frame knows one fleeing side); the pursuers are of any other."""
    if not quarries:
        return "choose the figure who flees"
    if not pursuers:
        return "tick at least one figure to give chase"
    for who in quarries + pursuers:
        if not state.has_unit(who):
            return f"there is no unit {who!r}"
        u = state.unit(who)
        if not u.fighting or u.pos is None:
            return f"{Words.of(state).unit(who)} is not on his feet on the board to run"
    if set(quarries) & set(pursuers):
        return "a figure cannot chase himself"
    sides = {state.unit(q).side for q in quarries}
    if len(sides) > 1:
        return "those who flee must be of one side"
    if any(state.unit(p).side in sides for p in pursuers):
        return "a pursuer must be of another side than those who flee"
    return None


def gm_chase(ctx: Context, quarries: tuple[str, ...], pursuers: tuple[str, ...]) -> None:
    ctx.emit(ChaseCalled(quarries=quarries, pursuers=pursuers))


class ChaseCalled(Event):
    """The GM starts a chase (R-ER-CHASE-GM): the chase frame opens over the position."""

    type: Literal["er_chase_called"] = "er_chase_called"
    quarries: tuple[str, ...]
    pursuers: tuple[str, ...]

    def narrate(self, w: Words = PLAIN) -> str:
        return "GM starts a chase, outside the turn order (R-ER-CHASE-GM)."  # who: ChaseBegan


@evolver(ChaseCalled, RULESET)
def _called(state: Battle, e: ChaseCalled) -> Battle:
    runners = lane_of(state, [state.unit(q) for q in e.quarries],
                      [state.unit(p) for p in e.pursuers])
    return state.push(ChaseFrame(quarry_side=state.unit(e.quarries[0]).side, runners=runners,
                                 returns=True, called=True))
