"""Exact odds before a runner decides (issue 26, item 4): from this moment to the end of the
round, the chance a pursuer is within his weapon's reach of the one he chases when the round
ends, the chance he is left behind during it (the quarry escapes, ER-33), and the expected
gap, worked out from the chart (ER-30) and the movement rolls (ER-31) as a small Markov
chain over the seconds left.

The pair is the one on the lane (R-ER-CHASE-QUARRY, issue 34): a pursuer and the fleeing
figure he runs after (`pair_for`: for a fleeing figure, the nearest of those after him).
Asked of a fleeing figure the pursuer does not chase now, the odds are those of his turning
after him this moment, with the gap he would keep (R-ER-CHASE-END).

    state       the gap in hexes between the pair, and whether he still keeps the gap he
                took his quarry up at (a distribution, exact fractions)
    a moment    the runner's gain at his speed in that second: nothing on a natural 1 or
                below the DC, the chart's hexes at or above it, one more on a natural 20;
                a pursuer closes to the heels and no further (R-ER-CHASE-HEELS)
    a second    the two runners' moments in this round's initiative order
                (R-ER-CHASE-ORDER); at its end a gap of half the pursuer's speed or more
                leaves him behind for good (ER-33, R-ER-CHASE-END); one who took his
                quarry up that far ahead, half his speed more than that gap; once within
                half his speed, that allowance is gone

The choice being weighed changes only the deciding runner's own moment now: a heavy
weapon's swing costs him this second's movement (ER-28); every later moment is a run.
Other runners on the lane are left out: the odds are of this pair.  The same `pace`
functions play the chase, so the odds and the play cannot drift apart; tests/er_chase
checks them against 10,000 chases played with random dice.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules.state import Battle
from rules.systems.enchanted_realms.chase.events import chase_frame
from rules.systems.enchanted_realms.chase.pace import end_gap_hexes, heavy, hexes_in, moved
from rules.systems.enchanted_realms.chase.quarry import opened_gap, pair_of
from rules.systems.enchanted_realms.chase.tables import load_chase
from rules.systems.enchanted_realms.units import er

__all__ = ["ChaseOdds", "gain", "pair_for", "round_odds", "round_pace"]

Dist = dict[int, Fraction]
Chain = dict[tuple[int, int], Fraction]  # (gap, allowance) -> chance


@dataclass(frozen=True)
class ChaseOdds:
    """The round's odds for one pursuer and the one he chases, if the decider does `choice`."""

    pursuer: str
    quarry: str
    choice: str  # "run" or "swing"
    reach: Fraction  # within his reach at the end of the round (and not left behind)
    escape: Fraction  # he is left behind this round (ER-33)
    expected_gap: Fraction  # hexes at the end of the round (or when he was left behind)
    gaps: tuple[tuple[int, Fraction], ...]  # the whole distribution, smallest gap first


def gain(speed: int, agility: int, second: int) -> Dist:
    """ER-30, ER-31: the hexes a runner gains in `second`, with their exact chances."""
    t = load_chase()
    chart = hexes_in(speed, second, t)
    out: Dist = {}
    if chart == 0:
        return {0: Fraction(1)}
    for face in range(1, 21):
        k = moved(face, agility, chart, t)
        out[k] = out.get(k, Fraction(0)) + Fraction(1, 20)
    return out


def round_pace(speed: int, agility: int) -> Fraction:
    """ER-30, ER-31: the hexes a runner gains in a whole round on average (50 ft, Agility
    +2: 10 seconds of 1 hex, 17 in 20 once and 1 in 20 twice, 9 1/2 hexes)."""
    return sum((k * p for sec in range(10, 0, -1) for k, p in gain(speed, agility, sec).items()),
               Fraction(0))


def pair_for(state: Battle, unit: str) -> tuple[str, str] | None:
    """(pursuer, quarry) whose odds `unit`'s moment weighs: he and the one he chases, or the
    nearest pursuer after him (R-ER-CHASE-QUARRY); None if he is in no such pair."""
    f = chase_frame(state)
    return None if f is None else pair_of(f.runners, unit)


def round_odds(state: Battle, pursuer: str, quarry: str, choice: str = "run") -> ChaseOdds:
    """The odds from this moment to the end of the round (see the module's docstring)."""
    f = chase_frame(state)
    if f is None:
        raise ValueError("there is no chase under way")
    p, q = f.runner(pursuer), f.runner(quarry)
    fph = state.board.feet_per_hex
    need = end_gap_hexes(p.speed, fph)
    keep = p.allowance if p.chases == quarry else opened_gap(q.at - p.at, need)
    agility = {pursuer: er(state, pursuer).agility, quarry: er(state, quarry).agility}
    speed = {pursuer: p.speed, quarry: q.speed}
    stands = choice == "swing" and f.deciding in (pursuer, quarry) and heavy(
        er(state, f.deciding))
    dist: Chain = {(q.at - p.at, keep): Fraction(1)}
    left: Dist = {}
    start = f.index if f.step in ("second", "choose") else 0
    for sec in range(f.second, 0, -1):
        moments = [u for i, u in enumerate(f.order)
                   if (sec < f.second or i >= start) and u in (pursuer, quarry)]
        for uid in moments:
            now = sec == f.second and f.current() is not None and f.current().unit == uid
            if now and (f.heavy_swing or (stands and uid == f.deciding)):
                continue  # ER-28: a heavy swing, no movement this second
            step = gain(speed[uid], agility[uid], sec)
            nxt: Chain = {}
            for (g, a), pr in dist.items():
                for k, pk in step.items():
                    g2 = max(1, g - k) if uid == pursuer else g + k
                    nxt[g2, a] = nxt.get((g2, a), Fraction(0)) + pr * pk
            dist = nxt
        ended: Chain = {}
        for (g, a), pr in dist.items():
            if g >= need + a:  # ER-33, R-ER-CHASE-END: left behind
                left[g] = left.get(g, Fraction(0)) + pr
                continue
            key = (g, 0 if g < need else a)  # within half his speed: the allowance is gone
            ended[key] = ended.get(key, Fraction(0)) + pr
        dist = ended
    reach_ft = er(state, pursuer).reach_ft
    gaps: Dist = {}
    for (g, _), pr in dist.items():
        gaps[g] = gaps.get(g, Fraction(0)) + pr
    everything = dict(gaps)
    for g, pr in left.items():
        everything[g] = everything.get(g, Fraction(0)) + pr
    return ChaseOdds(
        pursuer=pursuer, quarry=quarry, choice=choice,
        reach=sum((pr for g, pr in gaps.items() if g * fph <= reach_ft), Fraction(0)),
        escape=sum(left.values(), Fraction(0)),
        expected_gap=sum((g * pr for g, pr in everything.items()), Fraction(0)),
        gaps=tuple(sorted(everything.items())))
