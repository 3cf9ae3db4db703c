"""The fast path searches give exactly what the plain ones they replaced gave (issue 22).

`hexgrid.movement_range_with_paths`, `hexgrid.find_path` and `paths.cheapest_paths` were
rewritten for speed (a neighbour table, flat loops, goals on one ray from the start choosing
together).  The plain versions are kept here, word for word as they were, as the reference:
on random boards of grass, rough ground, rock and roads, with and without hexes where a move
must stop, both give the same costs, the same predecessors and the same paths, including
the straightest-then-along-the-road choice among equally cheap paths (R-POS-PATH).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Container, Mapping

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.hexgrid import CostFn, Hex, StopFn, disk, find_path, movement_range_with_paths, path_to
from rules.paths import cheapest_paths


def _never(h: Hex) -> bool:
    return False


def _slow_step(cost: CostFn, a: Hex, b: Hex) -> int | None:
    c = cost(a, b)
    if c is not None and c < 0:
        raise ValueError(f"negative step cost {c} from {a} to {b}")
    return c


# --- the plain versions, as they were before the rewrite --------------------------------------

def slow_movement_range_with_paths(
    start: Hex, budget: int, cost: CostFn, stops: StopFn = _never,
) -> tuple[dict[Hex, int], dict[Hex, Hex]]:
    """Dijkstra over hexes reachable from ``start`` for at most ``budget``.

    ``cost(a, b)`` is the cost of entering ``b`` from adjacent ``a`` (None = impassable,
    negative costs are an error).  A hex with ``stops(h)`` may be entered but not left (e.g. an
    enemy zone of control); ``start`` is never treated as a stop.  Returns ``(dist, pred)``:
    minimal cost per reachable hex (start -> 0) and each hex's predecessor on one cheapest
    path (see :func:`path_to`).  The heap is keyed on ``(cost, Hex)`` so equal-cost
    alternatives resolve identically every run; both dicts iterate in Hex order.
    """
    dist: dict[Hex, int] = {start: 0}
    pred: dict[Hex, Hex] = {}
    frontier: list[tuple[int, Hex]] = [(0, start)]
    while frontier:
        spent, here = heapq.heappop(frontier)
        if spent > dist[here] or (here != start and stops(here)):
            continue
        for nxt in here.neighbors():
            step = _slow_step(cost, here, nxt)
            if step is None or spent + step > budget:
                continue
            if spent + step < dist.get(nxt, budget + 1):
                dist[nxt] = spent + step
                pred[nxt] = here
                heapq.heappush(frontier, (spent + step, nxt))
    return dict(sorted(dist.items())), dict(sorted(pred.items()))


def slow_find_path(
    start: Hex, goal: Hex, cost: CostFn, stops: StopFn = _never,
    heuristic_scale: int = 1, budget: int | None = None,
) -> list[Hex] | None:
    """Cheapest path ``[start, ..., goal]`` by A*, or None if unreachable (within ``budget``).

    ``cost`` and ``stops`` mean the same as in :func:`movement_range_with_paths`; a stop may
    be the goal but never an intermediate hex.  The heuristic is ``distance * heuristic_scale``,
    which is admissible (and consistent) only if no step costs less than ``heuristic_scale``;
    pass 0 to get plain Dijkstra.  Ties go to the lower ``(f, h, Hex)``.
    """
    if heuristic_scale < 0:
        raise ValueError("heuristic_scale must be >= 0")
    dist: dict[Hex, int] = {start: 0}
    pred: dict[Hex, Hex] = {}
    closed: set[Hex] = set()  # membership only, never iterated
    guess = start.distance(goal) * heuristic_scale
    frontier: list[tuple[int, int, Hex]] = [(guess, guess, start)]
    while frontier:
        _, _, here = heapq.heappop(frontier)
        if here == goal:
            return path_to(pred, start, goal)
        if here in closed:
            continue
        closed.add(here)
        if here != start and stops(here):
            continue
        spent = dist[here]
        for nxt in here.neighbors():
            step = _slow_step(cost, here, nxt)
            if step is None or (budget is not None and spent + step > budget):
                continue
            if nxt not in dist or spent + step < dist[nxt]:
                dist[nxt] = spent + step
                pred[nxt] = here
                guess = nxt.distance(goal) * heuristic_scale
                heapq.heappush(frontier, (spent + step + guess, guess, nxt))
    return None


def slow_cheapest_paths(start: Hex, budget: int, cost: CostFn | None, stops: StopFn = _never,
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
    dq = [h[0] - start[0] for h in order]
    dr = [h[1] - start[1] for h in order]
    off = [0 if along is None or along(h) or i == 0 else 1 for i, h in enumerate(order)]
    place = {h: i for i, h in enumerate(order)}
    mark = [-1] * n
    dev = [0] * n
    offs = [0] * n
    came = [-1] * n
    paths: dict[Hex, list[Hex]] = {}
    for h in sorted(dist):
        g = place[h]
        paths[h] = _straightest(g, preds, mark, dq, dr, off, dev, offs, came, order)
    return {h: dist[h] for h in sorted(dist)}, paths




def _search(start: Hex, budget: int, cost: CostFn | None, stops: StopFn,
            entering: tuple[Mapping[Hex, int], Container[Hex]] | None = None
            ) -> tuple[list[Hex], dict[Hex, int], list[list[int]]]:
    """Dijkstra keyed on (cost, Hex), as `hexgrid.movement_range_with_paths`: the hexes in
    the order the search left them, the minimal cost of each, and for each (by its place in
    that order) every neighbour a cheapest path can come from, in Hex order.  A hex comes
    only from hexes left before it, so the choices form no loop even with steps that cost
    nothing."""
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
            if entering is not None:
                step = entering[0].get(nxt)
                if step is None or nxt in entering[1]:
                    continue
            else:
                assert cost is not None
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
    order = list(left)
    preds: list[list[int]] = []
    for h in order:
        dh, lh = dist[h], left[h]
        ps = sorted(p for p, step in into.get(h, ()) if dist[p] + step == dh
                    and left[p] < lh and (p == start or not stops(p)))
        preds.append([left[p] for p in ps])
    return order, dist, preds


def _straightest(g: int, preds: list[list[int]], mark: list[int], dq: list[int],
                 dr: list[int], off: list[int], dev: list[int], offs: list[int],
                 came: list[int], order: list[Hex]) -> list[Hex]:
    """The best of the cheapest paths to the hex at place `g`: the hexes that can lead to
    it, each scored once (deviation, then hexes off the road, added up from the start), in
    search order; among equal scores the predecessor first in Hex order.  `mark`, `dev`,
    `offs` and `came` are scratch space shared between goals."""
    behind = [g]
    mark[g] = g
    single = True
    i = 0
    while i < len(behind):
        ps = preds[behind[i]]
        if len(ps) > 1:
            single = False
        for p in ps:
            if mark[p] != g:
                mark[p] = g
                behind.append(p)
        i += 1
    if single:  # only one cheapest path: nothing to choose
        path = [order[g]]
        h = g
        while preds[h]:
            h = preds[h][0]
            path.append(order[h])
        path.reverse()
        return path
    gq, gr = dq[g], dr[g]
    behind.sort()
    for h in behind:
        ps = preds[h]
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
        d = dq[h] * gr - dr[h] * gq
        dev[h] = bd + (d if d >= 0 else -d)
        offs[h] = bo + off[h]
        came[h] = p
    path = [order[g]]
    h = g
    while preds[h]:
        h = came[h]
        path.append(order[h])
    path.reverse()
    return path


# --- random boards -----------------------------------------------------------------------------

RADIUS = 6
KINDS = ("grass", "grass", "grass", "rough", "rock", "road", "slide")
COST = {"grass": 1, "rough": 2, "road": 1, "slide": 0}  # a slide: steps that cost nothing


@st.composite
def boards(draw: st.DrawFn) -> tuple[dict[Hex, str], Hex, frozenset[Hex], frozenset[Hex]]:
    """A hexagonal board of random ground, a start on it, hexes a move must stop in and
    hexes barred to the mover (as enemy-held hexes are)."""
    hexes = disk(Hex(0, 0), RADIUS)
    kinds = draw(st.lists(st.sampled_from(KINDS), min_size=len(hexes), max_size=len(hexes)))
    ground = dict(zip(hexes, kinds, strict=True))
    start = draw(st.sampled_from(hexes))
    ground[start] = "grass"
    stops = frozenset(draw(st.sets(st.sampled_from(hexes), max_size=6)))
    barred = frozenset(draw(st.sets(st.sampled_from(hexes), max_size=4))) - {start}
    return ground, start, stops, barred


def costs_of(ground: dict[Hex, str], barred: frozenset[Hex]) -> tuple[CostFn, dict[Hex, int]]:
    entry = {h: COST[k] for h, k in ground.items() if k in COST}

    def cost(a: Hex, b: Hex) -> int | None:
        return None if b in barred else entry.get(b)

    return cost, entry


budgets = st.one_of(st.integers(0, 12), st.just(10**9))


@settings(max_examples=150, deadline=None)
@given(boards(), budgets, st.booleans())
def test_movement_range_gives_the_same_costs_and_predecessors(board, budget, with_stops):
    ground, start, stops, barred = board
    cost, _ = costs_of(ground, barred)
    stop = stops.__contains__ if with_stops else _never
    fast = movement_range_with_paths(start, budget, cost, stop)
    slow = slow_movement_range_with_paths(start, budget, cost, stop)
    assert fast == slow
    assert list(fast[0]) == list(slow[0]) and list(fast[1]) == list(slow[1])  # Hex order


@settings(max_examples=150, deadline=None)
@given(boards(), st.data(), st.sampled_from([0, 1]), st.one_of(st.none(), st.integers(0, 12)))
def test_a_star_finds_the_same_path(board, data, scale, budget):
    ground, start, stops, barred = board
    cost, _ = costs_of(ground, barred)
    goal = data.draw(st.sampled_from(sorted(ground)))
    assert (find_path(start, goal, cost, stops.__contains__, scale, budget)
            == slow_find_path(start, goal, cost, stops.__contains__, scale, budget))


@settings(max_examples=150, deadline=None)
@given(boards(), budgets, st.booleans(), st.booleans())
def test_the_straightest_cheapest_paths_are_the_same(board, budget, with_stops, table):
    """R-POS-PATH: same costs, same chosen path to every hex, both ways of giving costs."""
    ground, start, stops, barred = board
    cost, entry = costs_of(ground, barred)
    stop = stops.__contains__ if with_stops else _never
    road = {h for h, k in ground.items() if k == "road"}.__contains__
    slow = slow_cheapest_paths(start, budget, cost, stop, road)
    if table:
        fast = cheapest_paths(start, budget, None, stop, road, entering=(entry, barred))
    else:
        fast = cheapest_paths(start, budget, cost, stop, road)
    assert fast == slow
    assert list(fast[1]) == list(slow[1])


def test_on_open_ground_the_whole_board_agrees():
    """A bigger board than hypothesis draws, all grass: the most ties, every path chosen."""
    hexes = disk(Hex(0, 0), 14)
    entry = dict.fromkeys(hexes, 1)

    def cost(a: Hex, b: Hex) -> int | None:
        return entry.get(b)

    corner = Hex(-14, 7)
    assert cheapest_paths(corner, 10**9, cost) == slow_cheapest_paths(corner, 10**9, cost)
    assert path_to(movement_range_with_paths(corner, 10**9, cost)[1], corner, Hex(14, -7)) \
        == path_to(slow_movement_range_with_paths(corner, 10**9, cost)[1], corner, Hex(14, -7))
