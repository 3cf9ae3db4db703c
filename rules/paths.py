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
from collections.abc import Callable, Container, Mapping
from math import gcd

from rules.hexgrid import CostFn, Hex, StopFn, neighbours

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


def cheapest_paths(start: Hex, budget: int, cost: CostFn | None, stops: StopFn = _never,
                   along: Callable[[Hex], bool] | None = None,
                   entering: tuple[Mapping[Hex, int], Container[Hex]] | None = None
                   ) -> tuple[dict[Hex, int], dict[Hex, list[Hex]]]:
    """Every hex reachable from ``start`` for at most ``budget``: its minimal cost and the
    path chosen among the cheapest ones (the straightest, then the most ``along`` a road,
    then a fixed order).  ``cost`` and ``stops`` mean what they mean in
    `hexgrid.movement_range_with_paths` (None = impassable; a stop may be entered but not
    left; ``start`` is never a stop).  Both dicts iterate in Hex order; each path runs
    ``[start, ..., hex]``.

    ``entering`` = (costs, barred), in place of ``cost``, says the same thing faster when a
    step costs only what the hex entered costs: ``costs[hex]``, or impassable where ``costs``
    has no entry or ``barred`` holds the hex."""
    order, dist, preds = _search(start, budget, cost, stops, entering)
    # Everything below works on the hexes' places in the search order (ints), which is
    # also the order a hex's predecessors were settled in: a path is scored from the start
    # by walking its hexes in that order.
    n = len(order)
    sq, sr = start
    dq = [h[0] - sq for h in order]
    dr = [h[1] - sr for h in order]
    off = [0 if along is None or along(h) or i == 0 else 1 for i, h in enumerate(order)]
    found: list[list[Hex] | None] = [None] * n
    # A hex with a single cheapest path (no hex behind it has two ways in) needs no
    # choosing: its path is its predecessor's and one step.  Predecessors come first in
    # the order, so one pass settles which hexes fork and the paths of those that do not.
    forked = [False] * n
    rays: dict[tuple[int, int], list[int]] = {}
    for g in range(n):
        ps = preds[g]
        if len(ps) > 1 or (ps and forked[ps[0]]):
            forked[g] = True
            # Goals on one ray from the start share their choices: a deviation from the
            # line to k * (a, b) is k times the deviation from the line to (a, b), so every
            # comparison, and so every choice, comes out the same.
            k = gcd(dq[g], dr[g])
            rays.setdefault((dq[g] // k, dr[g] // k), []).append(g)
        else:  # the one path there: the one to the hex before, and a step
            found[g] = found[ps[0]] + [order[g]] if ps else [order[g]]  # type: ignore[operator]
    mark = [-1] * n
    dev = [0] * n
    offs = [0] * n
    came = [-1] * n
    for ray, (gq, gr) in enumerate(rays):
        _straightest(rays[gq, gr], ray, gq, gr, preds, mark, dq, dr, off, dev, offs, came,
                     order, found, forked)
    place = {h: i for i, h in enumerate(order)}
    keys = sorted(dist)
    return {h: dist[h] for h in keys}, {h: found[place[h]] for h in keys}  # type: ignore[misc]


def _search(start: Hex, budget: int, cost: CostFn | None, stops: StopFn,
            entering: tuple[Mapping[Hex, int], Container[Hex]] | None = None
            ) -> tuple[list[Hex], dict[Hex, int], list[list[int]]]:
    """Dijkstra keyed on (cost, Hex), as `hexgrid.movement_range_with_paths`: the hexes in
    the order the search left them, the minimal cost of each, and for each (by its place in
    that order) every neighbour a cheapest path can come from, in Hex order.  A hex comes
    only from hexes left before it, so the choices form no loop even with steps that cost
    nothing.

    The ways into a hex are kept as the search goes (reset when a cheaper way turns up,
    added to when an equal one does), not gathered and filtered afterwards: a stop is never
    left, so it never leads anywhere, and a hex already left takes no more ways in."""
    dist: dict[Hex, int] = {start: 0}
    left: dict[Hex, int] = {}  # hex -> when it was left (the order of the search)
    into: dict[Hex, list[Hex]] = {}
    frontier: list[tuple[int, Hex]] = [(0, start)]
    pop, push, get = heapq.heappop, heapq.heappush, dist.get
    costs, barred = entering if entering is not None else (None, ())
    check_stops = stops is not _never
    while frontier:
        spent, here = pop(frontier)
        if spent > dist[here] or here in left:
            continue
        left[here] = len(left)
        if check_stops and here != start and stops(here):
            continue
        for nxt in neighbours(here):
            if costs is not None:
                step = costs.get(nxt)
                if step is None or nxt in barred:
                    continue
            else:
                assert cost is not None
                step = cost(here, nxt)
                if step is None:
                    continue
            if step < 0:
                raise ValueError(f"negative step cost {step} from {here} to {nxt}")
            new = spent + step
            if new > budget or nxt in left:
                continue
            old = get(nxt)
            if old is None or new < old:
                dist[nxt] = new
                into[nxt] = [here]
                push(frontier, (new, nxt))
            elif new == old:
                into[nxt].append(here)
    order = list(left)
    preds: list[list[int]] = []
    for h in order:
        ps = into.get(h)
        if ps is None:
            preds.append([])
        elif len(ps) == 1:
            preds.append([left[ps[0]]])
        else:
            ps.sort()
            preds.append([left[p] for p in ps])
    return order, dist, preds


def _straightest(goals: list[int], ray: int, gq: int, gr: int, preds: list[list[int]],
                 mark: list[int], dq: list[int], dr: list[int], off: list[int],
                 dev: list[int], offs: list[int], came: list[int], order: list[Hex],
                 found: list[list[Hex] | None], forked: list[bool]) -> None:
    """The best of the cheapest paths to each hex (by place) in `goals`, all on the ray
    from the start through (gq, gr), into `found`: the hexes that can lead to them, each
    scored once (deviation from the ray, then hexes off the road, added up from the
    start), in search order; among equal scores the predecessor first in Hex order.
    `mark`, `dev`, `offs` and `came` are scratch space shared between rays."""
    behind = list(goals)
    for g in goals:
        mark[g] = ray
    for h in behind:  # grows as it goes: every hex some goal can be reached through
        for p in preds[h]:
            if mark[p] != ray:
                mark[p] = ray
                behind.append(p)
    behind.sort()
    for h in behind:
        ps = preds[h]
        d = dq[h] * gr - dr[h] * gq
        if d < 0:
            d = -d
        if len(ps) == 1:  # most hexes: no choice here
            p = ps[0]
            dev[h] = dev[p] + d
            offs[h] = offs[p] + off[h]
            came[h] = p
            continue
        if not ps:
            dev[h] = 0
            offs[h] = 0
            continue
        p = ps[0]
        bd, bo = dev[p], offs[p]
        for o in ps[1:]:
            od = dev[o]
            if od < bd or (od == bd and offs[o] < bo):
                p, bd, bo = o, od, offs[o]
        dev[h] = bd + d
        offs[h] = bo + off[h]
        came[h] = p
    for g in goals:  # back to the first hex with only one path there, already known
        tail = [order[g]]
        h = came[g]
        while forked[h]:
            tail.append(order[h])
            h = came[h]
        tail.reverse()
        found[g] = found[h] + tail  # type: ignore[operator]


class Search:
    """One search from `start` (`_search`: every hex reachable and its cost), with the path
    to a hex chosen only when asked: the very path `cheapest_paths` gives that hex.

    Why: a caller that lists where a figure may go but walks him to one hex (Tarnished
    Tale's listing, issue 36) needs the costs of all and the path of one; choosing every
    hex's straightest path was most of the work.  The arguments are `cheapest_paths`'s.
    A hex's path is scored over the hexes it can be reached through alone, which are the
    very hexes and scores `cheapest_paths` uses for it (the score of a hex depends only on
    the hexes behind it), so the choice comes out the same
    (tests/test_paths_one_goal.py)."""

    __slots__ = ("_forked", "_place", "along", "dist", "order", "preds", "start")

    def __init__(self, start: Hex, budget: int, cost: CostFn | None, stops: StopFn = _never,
                 along: Callable[[Hex], bool] | None = None,
                 entering: tuple[Mapping[Hex, int], Container[Hex]] | None = None) -> None:
        self.start, self.along = start, along
        self.order, self.dist, self.preds = _search(start, budget, cost, stops, entering)
        self._place: dict[Hex, int] | None = None
        self._forked: list[bool] | None = None

    def path(self, goal: Hex) -> list[Hex] | None:
        """The path chosen to `goal` (`[start, ..., goal]`), None if it cannot be reached."""
        if goal not in self.dist:
            return None
        order, preds = self.order, self.preds
        if self._place is None:
            self._place = {h: i for i, h in enumerate(order)}
            forked = self._forked = [False] * len(order)
            for i, ps in enumerate(preds):
                forked[i] = len(ps) > 1 or bool(ps and forked[ps[0]])
        forked = self._forked
        assert forked is not None
        g = self._place[goal]
        if not forked[g]:
            return self._single(g)
        n = len(order)
        sq, sr = self.start
        dq = [h[0] - sq for h in order]
        dr = [h[1] - sr for h in order]
        along = self.along
        off = [0 if along is None or along(h) or i == 0 else 1 for i, h in enumerate(order)]
        k = gcd(dq[g], dr[g])
        found = _Unforked(self)
        _straightest([g], 0, dq[g] // k, dr[g] // k, preds, [-1] * n, dq, dr, off, [0] * n,
                     [0] * n, [-1] * n, order, found, forked)  # type: ignore[arg-type]
        return found.chosen

    def _single(self, g: int) -> list[Hex]:
        """The one cheapest path to the hex in place `g` (no hex on it has two ways in)."""
        order, preds = self.order, self.preds
        path = [order[g]]
        while preds[g]:
            g = preds[g][0]
            path.append(order[g])
        path.reverse()
        return path


class _Unforked:
    """What `_straightest` reads as `found`: the path to a hex with one cheapest path,
    walked back when read; and what it writes, the path chosen."""

    __slots__ = ("chosen", "search")

    def __init__(self, search: Search) -> None:
        self.search = search
        self.chosen: list[Hex] | None = None

    def __getitem__(self, place: int) -> list[Hex]:
        return self.search._single(place)

    def __setitem__(self, place: int, path: list[Hex]) -> None:
        self.chosen = path
