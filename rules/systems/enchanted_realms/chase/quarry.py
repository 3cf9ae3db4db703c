"""Who a pursuer chases when several figures flee (R-ER-CHASE-QUARRY).

The text speaks of one pair at a time: "the distance between the two assailants is the real
metric", "the one lagging behind" (ER-21, ER-33).  With several runners on the lane each
pursuer therefore runs after one fleeing figure, his quarry:

    at the start   the fleeing figure nearest ahead of him (R-ER-CHASE-LANE puts them all
                   ahead), the lower id on a tie
    his moment     he may turn after any other fleeing figure still running ahead of him
                   (choices.py: Choose(<him>, "chase:<figure>"), once a moment)
    his quarry out down or run to ground, he takes up at once the fleeing figure still
                   running nearest ahead of him; with none ahead, the nearest he has run
                   past, and he doubles back to fall in at his heels
    the gap        a quarry he takes up half his speed or more ahead starts their chase at
                   that gap: he is left behind only once it is half his speed wider
                   (R-ER-CHASE-END, `take_up_keeps_gap` in chase.toml)

Why a module of its own: the lane's set-up (setup.py), the procedure, the choices, the
exact odds and the screens all ask it, and it imports nothing but the runner record, so
none of them has to import another to know the pairs.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.systems.enchanted_realms.chase.runner import PURSUER, QUARRY, Runner
from rules.systems.enchanted_realms.chase.tables import ChaseTables, load_chase

__all__ = ["first_quarry", "opened_gap", "pair_of", "turns_open"]


def first_quarry(quarries: Iterable[Runner], at: int) -> Runner | None:
    """The fleeing figure a pursuer at hex `at` takes up: the nearest still running ahead
    of him (lower id on a tie), else the nearest he has run past; None if none runs."""
    running = [q for q in quarries if q.running and q.role == QUARRY]
    ahead = [q for q in running if q.at > at]
    if ahead:
        return min(ahead, key=lambda q: (q.at, q.unit))
    return max(running, key=lambda q: (q.at, q.unit), default=None)


def opened_gap(gap: int, need: int, t: ChaseTables | None = None) -> int:
    """R-ER-CHASE-END: the allowance a pursuer keeps when he takes up a quarry `gap` hexes
    ahead and is left behind at `need`: the gap itself if it is already that wide (and the
    GM keeps the rule on), else nothing."""
    t = t or load_chase()
    return gap if t.rules.take_up_keeps_gap and gap >= need else 0


def turns_open(runners: Iterable[Runner], pursuer: Runner) -> tuple[str, ...]:
    """The fleeing figures `pursuer` may turn after at his moment: still running, ahead of
    him, and not the one he chases already; by the lane, nearest first."""
    return tuple(q.unit for q in sorted(runners, key=lambda q: (q.at, q.unit))
                 if q.role == QUARRY and q.running and q.at > pursuer.at
                 and q.unit != pursuer.chases)


def pair_of(runners: Iterable[Runner], unit: str) -> tuple[str, str] | None:
    """(pursuer, quarry) of the chase `unit` runs in now, for the odds: a pursuer and the one
    he chases; a fleeing figure and the nearest of those chasing him.  None if he has no
    such pair (his quarry is out, or nobody is after him)."""
    by = {r.unit: r for r in runners}
    me = by.get(unit)
    if me is None or not me.running:
        return None
    if me.role == PURSUER:
        q = by.get(me.chases)
        return (unit, q.unit) if q is not None and q.running else None
    after = sorted((me.at - p.at, p.unit) for p in by.values()
                   if p.role == PURSUER and p.running and p.chases == unit)
    return (after[0][1], unit) if after else None
