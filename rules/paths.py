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
import threading
from collections.abc import Callable, Container, Iterable, Iterator, Mapping
from math import gcd
from typing import Any

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
                   ) -> tuple[dict[Hex, int], Paths]:
    """Every hex reachable from ``start`` for at most ``budget``: its minimal cost and the
    path chosen among the cheapest ones (the straightest, then the most ``along`` a road,
    then a fixed order).  ``cost`` and ``stops`` mean what they mean in
    `hexgrid.movement_range_with_paths` (None = impassable; a stop may be entered but not
    left; ``start`` is never a stop).  Both iterate in Hex order; each path runs
    ``[start, ..., hex]``.

    The costs come at once; the paths are a `Paths` mapping that chooses a hex's path when
    it is first read (issue 36): the search is a plain Dijkstra, but choosing the straightest
    path scores, for every hex, the hexes its cheapest paths can come through, and most
    callers read one path, or none.  The paths chosen are the same whatever is read first.

    ``entering`` = (costs, barred), in place of ``cost``, says the same thing faster when a
    step costs only what the hex entered costs: ``costs[hex]``, or impassable where ``costs``
    has no entry or ``barred`` holds the hex."""
    found = None
    if entering is not None and stops is _never:
        found = _search_table(start, budget, entering[0], entering[1])
    if found is None:
        order, dist, preds = _search(start, budget, cost, stops, entering)
        place = {h: i for i, h in enumerate(order)}
        keys = sorted(dist)
        found = {h: dist[h] for h in keys}, {h: place[h] for h in keys}, order, preds
    costs, places, order, preds = found
    return costs, Paths(_Chooser(order, preds, along), places)


class Paths(Mapping[Hex, list[Hex]]):
    """Hex -> the path chosen to it (R-POS-PATH), chosen when first read and kept.

    A read-only mapping in Hex order, equal to the dict of every path (`Mapping.__eq__`).
    Several may share one `_Chooser` (the board keeps a walk's, `reachable` leaves out the
    occupied hexes of it); with ``fresh`` each read gives a new list the caller may change,
    without it the chooser's own list, which must not be changed."""

    __slots__ = ("_chooser", "_fresh", "_places")

    def __init__(self, chooser: _Chooser, places: dict[Hex, int], fresh: bool = False) -> None:
        self._chooser = chooser
        self._places = places  # hex -> its place in the search's order, in Hex order
        self._fresh = fresh

    def __getitem__(self, h: Hex) -> list[Hex]:
        path = self._chooser.path(self._places[h])
        return list(path) if self._fresh else path

    def __contains__(self, h: object) -> bool:
        return h in self._places

    def __iter__(self) -> Iterator[Hex]:
        return iter(self._places)

    def __len__(self) -> int:
        return len(self._places)

    def __repr__(self) -> str:
        return f"Paths({len(self._places)} hexes)"

    def without(self, leave_out: Container[Hex], fresh: bool = False) -> Paths:
        """The same paths but for the hexes in `leave_out` (the choices shared)."""
        places = (self._places if not leave_out else
                  {h: i for h, i in self._places.items() if h not in leave_out})
        return Paths(self._chooser, places, fresh)


class _Chooser:
    """The choosing of `cheapest_paths`, done per ray from the start when a path on it is
    first asked for.  Works on the hexes' places in the search order (ints), which is also
    the order a hex's predecessors were settled in: a path is scored from the start by
    walking its hexes in that order.  A lock keeps two threads reading one kept walk from
    sharing the scratch lists at once."""

    def __init__(self, order: list[Hex], preds: list[list[int]],
                 along: Callable[[Hex], bool] | None) -> None:
        self.order = order
        self.preds = preds
        self.along = along
        self.found: list[list[Hex] | None] = [None] * len(order)
        self.ready = False
        self.lock = threading.Lock()

    def __getstate__(self) -> dict[str, Any]:  # a copy or a pickle takes no lock along
        return {k: v for k, v in self.__dict__.items() if k != "lock"}

    def __setstate__(self, values: dict[str, Any]) -> None:
        self.__dict__.update(values)
        self.lock = threading.Lock()

    def path(self, g: int) -> list[Hex]:
        p = self.found[g]
        if p is None:
            with self.lock:
                p = self.found[g]
                if p is None:
                    p = self._choose(g)
        return p

    def _prepare(self) -> None:
        """Which hexes fork (some hex behind them has two cheapest ways in), and the ray of
        each that does: a hex that does not has one cheapest path and needs no choosing."""
        order, preds = self.order, self.preds
        n = len(order)
        sq, sr = order[0]
        along = self.along
        self.dq = dq = [h[0] - sq for h in order]
        self.dr = dr = [h[1] - sr for h in order]
        self.off = [0 if along is None or i == 0 or along(h) else 1
                    for i, h in enumerate(order)]
        forked = self.forked = [False] * n
        ray_of: list[tuple[int, int] | None] = [None] * n
        rays: dict[tuple[int, int], list[int]] = {}
        for g in range(n):
            ps = preds[g]
            if len(ps) > 1 or (ps and forked[ps[0]]):
                forked[g] = True
                # Goals on one ray from the start share their choices: a deviation from
                # the line to k * (a, b) is k times the deviation from the line to (a, b),
                # so every comparison, and so every choice, comes out the same.
                k = gcd(dq[g], dr[g])
                ray = ray_of[g] = (dq[g] // k, dr[g] // k)
                rays.setdefault(ray, []).append(g)
        self.ray_of, self.rays = ray_of, rays
        self.mark = [-1] * n
        self.dev = [0] * n
        self.offs = [0] * n
        self.came = [-1] * n
        self.rays_done = 0
        self.ready = True

    def _choose(self, g: int) -> list[Hex]:
        if not self.ready:
            self._prepare()
        if not self.forked[g]:
            return self._single(g)
        gq, gr = ray = self.ray_of[g]  # type: ignore[misc]
        self.rays_done += 1
        _straightest(self.rays[ray], self.rays_done, gq, gr, self.preds, self.mark, self.dq,
                     self.dr, self.off, self.dev, self.offs, self.came, self.order,
                     self.found, self.forked, self._single)
        return self.found[g]  # type: ignore[return-value]

    def _single(self, g: int) -> list[Hex]:
        """The one cheapest path to a hex that does not fork: the one to the hex before it,
        and a step (those on the way kept too)."""
        found, preds, order = self.found, self.preds, self.order
        chain = []
        h = g
        base: list[Hex] = []
        while True:
            p = found[h]
            if p is not None:
                base = p
                break
            chain.append(h)
            ps = preds[h]
            if not ps:
                break
            h = ps[0]
        for h in reversed(chain):
            base = base + [order[h]]
            found[h] = base
        return base


# Each passable board's hexes as ints (their places in Hex order), their passable
# neighbours and what entering each costs, by the costs table they were made from (held
# here, so its id cannot be reused while the entry lives).  A table made of a board's
# `entry_costs` lives as long as the board; a handful are kept.
_GRAPHS: dict[int, tuple[Mapping[Hex, int], tuple[Any, ...]]] = {}
_GRAPH_LIMIT = 8


def _graph(costs: Mapping[Hex, int]) -> tuple[Any, ...] | None:
    hit = _GRAPHS.get(id(costs))
    if hit is not None and hit[0] is costs:
        return hit[1]
    if any(c < 0 for c in costs.values()):
        return None  # the plain search names the step
    hexes = sorted(costs)
    index = {h: i for i, h in enumerate(hexes)}
    bits = max(1, len(hexes)).bit_length()
    steps = tuple(tuple((index[n], costs[n]) for n in neighbours(h) if n in index)
                  for h in hexes)
    graph = (hexes, index, steps, bits)
    if len(_GRAPHS) >= _GRAPH_LIMIT:
        _GRAPHS.clear()
    _GRAPHS[id(costs)] = (costs, graph)
    return graph


def _search_table(start: Hex, budget: int, costs: Mapping[Hex, int], barred: Container[Hex]
                  ) -> tuple[dict[Hex, int], dict[Hex, int], list[Hex], list[list[int]]] | None:
    """`_search` with a step costing what the hex entered costs (``costs``, less
    ``barred``), over ints: each hex is its place in Hex order, a heap entry is one int
    (cost shifted left, place below), so a pop takes the cheapest and among equals the
    first in Hex order, as `_search`'s (cost, Hex) does.  No Hex is made in the loop.
    Returns the costs and each hex's place in the search order (both in Hex order), the
    order and the predecessors; None where it does not apply (a start off the table)."""
    graph = _graph(costs)
    if graph is None:
        return None
    hexes, index, steps, bits = graph
    s = index.get(start)
    if s is None:
        return None
    mask = (1 << bits) - 1
    n = len(hexes)
    closed = bytearray(n)  # 1: left already, or barred (never entered)
    if isinstance(barred, (set, frozenset, dict)) and len(barred) < 64:
        for h in barred:
            if h in index:
                closed[index[h]] = 1
    else:
        for i, h in enumerate(hexes):
            if h in barred:
                closed[i] = 1
    closed[s] = 0
    unseen = budget + 1
    dist = [unseen] * n
    dist[s] = 0
    went: list[int] = []  # the hexes in the order the search left them
    into: dict[int, list[int]] = {}
    frontier = [s]
    pop, push, leave = heapq.heappop, heapq.heappush, went.append
    while frontier:
        key = pop(frontier)
        here = key & mask
        if closed[here]:
            continue
        closed[here] = 1
        leave(here)
        spent = key >> bits
        for nxt, step in steps[here]:
            if closed[nxt]:
                continue
            new = spent + step
            old = dist[nxt]
            if new < old:
                dist[nxt] = new
                into[nxt] = [here]
                push(frontier, new << bits | nxt)
            elif new == old and new <= budget:
                into[nxt].append(here)
    left = {i: k for k, i in enumerate(went)}
    order = [hexes[i] for i in went]
    preds = _ways_in(went, into, left)
    keys = sorted(went)
    return ({hexes[i]: dist[i] for i in keys}, {hexes[i]: left[i] for i in keys}, order,
            preds)


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
    preds = _ways_in(order, into, left)
    return order, dist, preds


def _straightest(goals: list[int], ray: int, gq: int, gr: int, preds: list[list[int]],
                 mark: list[int], dq: list[int], dr: list[int], off: list[int],
                 dev: list[int], offs: list[int], came: list[int], order: list[Hex],
                 found: list[list[Hex] | None], forked: list[bool],
                 single: Callable[[int], list[Hex]]) -> None:
    """The best of the cheapest paths to each hex (by place) in `goals`, all on the ray
    from the start through (gq, gr), into `found`: the hexes that can lead to them, each
    scored once (deviation from the ray, then hexes off the road, added up from the
    start), in search order; among equal scores the predecessor first in Hex order.
    `mark`, `dev`, `offs` and `came` are scratch space shared between rays; `single` gives
    the path to a hex that does not fork."""
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
        found[g] = single(h) + tail


class Search:
    """One search from `start`: every hex reachable and its cost at once (`dist`), the path
    to one hex chosen only when asked, the very path `cheapest_paths` gives it (its `Paths`
    choose a hex's path when first read).  The arguments are `cheapest_paths`'s.

    Why a name of its own: a caller that lists where a figure may go but walks him to one
    hex (Tarnished Tale's listing, issue 36) keeps the search and asks for one path."""

    __slots__ = ("_paths", "dist", "start")

    def __init__(self, start: Hex, budget: int, cost: CostFn | None, stops: StopFn = _never,
                 along: Callable[[Hex], bool] | None = None,
                 entering: tuple[Mapping[Hex, int], Container[Hex]] | None = None) -> None:
        self.start = start
        self.dist, self._paths = cheapest_paths(start, budget, cost, stops, along, entering)

    def path(self, goal: Hex) -> list[Hex] | None:
        """The path chosen to `goal` (`[start, ..., goal]`, a list of its own), None if it
        cannot be reached."""
        return list(self._paths[goal]) if goal in self._paths else None


def _ways_in(keys: Iterable[Any], into: Mapping[Any, list[Any]], left: Mapping[Any, int]
             ) -> list[list[int]]:
    """For each of `keys` in the search's order, the places in that order of the hexes its
    cheapest ways come in through (`into`), sorted as the choosing expects; [] for the
    start.  One reading for both searches, by Hex and by integer."""
    out: list[list[int]] = []
    for k in keys:
        ps = into.get(k)
        if ps is None:
            out.append([])
        elif len(ps) == 1:
            out.append([left[ps[0]]])
        else:
            ps.sort()
            out.append([left[p] for p in ps])
    return out
