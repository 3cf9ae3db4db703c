"""Which of the equally cheap paths a figure walks: the straightest, then the one along roads
(ruling R-POS-PATH).

Why this exists: a search keyed on ``(cost, Hex)`` (`hexgrid.movement_range_with_paths`)
keeps, among equally cheap paths, whichever the Hex order reaches first, and on open ground
that zigzags: the River ford's road runs straight to the bridge, yet the path shown along it
wandered through the grass beside the road.  A person crossing a field walks as straight as
the ground allows and keeps to the road when the road costs no more.

The rules decide what a step costs (`rules.positioning.step_cost`); this module only chooses
among paths of the same total cost, so every hex costs exactly what
`hexgrid.movement_range` says (the same search finds the costs).  Among the cheapest paths
to a hex it takes:

  1. the straightest: the least deviation from the straight line between the two hexes,
     added up over the hexes walked (`deviation`);
  2. then the one with the fewest hexes off the road (those `along` does not mark);
  3. then the first in Hex order, step by step from the end, so the same position always
     gives the same path (replays, tests, the preview and the move agree).

"Fewest turns" would not do: on a board of flat-topped hexes a straight row alternates two
directions at every step, so the straight road has the most turns of all.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable

from rules.hexgrid import CostFn, Hex, StopFn

Score = tuple[int, int]  # (deviation added up, hexes off the road)


def _never(h: Hex) -> bool:
    return False


def deviation(start: Hex, goal: Hex, h: Hex) -> int:
    """How far `h` lies from the straight line through `start` and `goal`, in units fixed
    for that line (the axial cross product: proportional to the true distance on the board,
    whatever the hexes' orientation, because the axial-to-plane map is linear).  Integers
    only, so the choice never depends on rounding."""
    return abs((h.q - start.q) * (goal.r - start.r) - (h.r - start.r) * (goal.q - start.q))


def path_deviation(path: list[Hex]) -> int:
    """The straightness `cheapest_paths` minimises: every hex's deviation, added up."""
    return sum(deviation(path[0], path[-1], h) for h in path)


def cheapest_paths(start: Hex, budget: int, cost: CostFn, stops: StopFn = _never,
                   along: Callable[[Hex], bool] | None = None
                   ) -> tuple[dict[Hex, int], dict[Hex, list[Hex]]]:
    """Every hex reachable from ``start`` for at most ``budget``: its minimal cost and the
    path chosen among the cheapest ones (the straightest, then the most ``along`` a road,
    then a fixed order).  ``cost`` and ``stops`` mean what they mean in
    `hexgrid.movement_range_with_paths` (None = impassable; a stop may be entered but not
    left; ``start`` is never a stop).  Both dicts iterate in Hex order; each path runs
    ``[start, ..., hex]``."""
    dist, before, left = _search(start, budget, cost, stops)
    off = {h: 0 if along is None or along(h) else 1 for h in dist}
    off[start] = 0
    paths = {h: _straightest(start, h, before, left, off) for h in dist}
    return dist, paths


def _search(start: Hex, budget: int, cost: CostFn, stops: StopFn
            ) -> tuple[dict[Hex, int], dict[Hex, list[Hex]], dict[Hex, int]]:
    """Dijkstra keyed on (cost, Hex), as `hexgrid.movement_range_with_paths`: the minimal
    cost of each hex; for each hex every neighbour a cheapest path can come from; and when
    the search left each hex.  A hex comes only from hexes left before it, so the choices
    form no loop even with steps that cost nothing."""
    dist: dict[Hex, int] = {start: 0}
    left: dict[Hex, int] = {}  # hex -> when it was left (the order of the search)
    into: dict[Hex, list[tuple[Hex, int]]] = {}
    frontier: list[tuple[int, Hex]] = [(0, start)]
    while frontier:
        spent, here = heapq.heappop(frontier)
        if spent > dist[here] or here in left:
            continue
        left[here] = len(left)
        if here != start and stops(here):
            continue
        for nxt in here.neighbors():
            step = cost(here, nxt)
            if step is None:
                continue
            if step < 0:
                raise ValueError(f"negative step cost {step} from {here} to {nxt}")
            if spent + step > budget:
                continue
            into.setdefault(nxt, []).append((here, step))
            if spent + step < dist.get(nxt, budget + 1):
                dist[nxt] = spent + step
                heapq.heappush(frontier, (spent + step, nxt))
    before = {h: sorted(p for p, step in into.get(h, ()) if dist[p] + step == dist[h]
                        and left[p] < left[h] and (p == start or not stops(p)))
              for h in dist}
    return dict(sorted(dist.items())), before, left


def _straightest(start: Hex, goal: Hex, before: dict[Hex, list[Hex]], left: dict[Hex, int],
                 off: dict[Hex, int]) -> list[Hex]:
    """The best of the cheapest paths to `goal`: the hexes that can lead to it, each scored
    once (deviation, then hexes off the road, added up from the start), in search order."""
    behind: list[Hex] = []
    seen = {goal}
    todo = [goal]
    while todo:
        h = todo.pop()
        behind.append(h)
        for p in before[h]:
            if p not in seen:
                seen.add(p)
                todo.append(p)
    if len(behind) == len(seen) and all(len(before[h]) <= 1 for h in behind):
        path = [goal]  # only one cheapest path: nothing to choose
        while before[path[-1]]:
            path.append(before[path[-1]][0])
        path.reverse()
        return path
    sq, sr, gq, gr = start.q, start.r, goal.q - start.q, goal.r - start.r
    best: dict[Hex, tuple[int, int]] = {}
    came: dict[Hex, Hex] = {}
    for h in sorted(behind, key=left.__getitem__):
        ps = before[h]
        if not ps:
            best[h] = (0, 0)
            continue
        score, p = min((best[p], p) for p in ps)
        best[h] = (score[0] + abs((h.q - sq) * gr - (h.r - sr) * gq), score[1] + off[h])
        came[h] = p
    path = [goal]
    while path[-1] in came:
        path.append(came[path[-1]])
    path.reverse()
    return path
