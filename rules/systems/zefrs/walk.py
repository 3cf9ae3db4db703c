"""Where a ZeFRS figure can walk this turn, and the path of the one move he declared
(R-ZEF-MOVE, R-POS-BLOCK, R-POS-PATH), without working out a path to every other hex.

Why: a declared move walks one path, but `positioning.reachable` chooses the straightest
cheapest path to every hex he could reach (issue 36: the largest cost of a ZeFRS turn once
the declarations were kept).  The choice for one hex reads only the hexes some cheapest
path to it runs through (each such hex's cheapest ways in are all on such paths too), so
`cheapest_paths` run over those hexes alone chooses the same path; `path_to` finds them
from the costs of the walk out from the start and back from the goal.
"""

from __future__ import annotations

import heapq
from typing import Any

from rules.hexgrid import Hex, neighbours
from rules.paths import cheapest_paths
from rules.positioning import on_road, remember, walk_key
from rules.state import Battle
from rules.systems.zefrs.units import ZefUnit

__all__ = ["costs_within", "kept_costs", "path_to"]


def costs_within(start: Hex, budget: int, entry: dict[Hex, int], blocked: frozenset[Hex]
                 ) -> dict[Hex, int]:
    """Hex -> least cost from `start` within `budget`, as `hexgrid.movement_range` finds it
    with `positioning.step_cost` (entering a hex costs `entry[hex]`, at least 1;
    impassable where it has none or `blocked` holds it).  Not in Hex order.

    Dijkstra with a bucket for each cost up to `budget` in place of a heap: every step
    costs a whole number of at least 1, so the buckets are emptied in order and a hex
    leaves the search at its least cost, as from the heap.  Each hex's enterable
    neighbours and their costs are read from a table made once per `entry`."""
    dist = {start: 0}
    buckets: list[list[Hex]] = [[] for _ in range(budget + 1)]
    buckets[0].append(start)
    get = dist.get
    ways = _ways(entry)
    for spent, bucket in enumerate(buckets):
        for here in bucket:
            if dist[here] != spent:
                continue
            around = ways.get(here)
            if around is None:
                around = ways[here] = tuple((n, entry[n]) for n in neighbours(here)
                                            if n in entry)
            for nxt, step in around:
                new = spent + step
                if new > budget or nxt in blocked:
                    continue
                old = get(nxt)
                if old is None or new < old:
                    dist[nxt] = new
                    buckets[new].append(nxt)
    return dist


_WAYS: dict[int, tuple[dict[Hex, int], dict[Hex, tuple[tuple[Hex, int], ...]]]] = {}


def _ways(entry: dict[Hex, int]) -> dict[Hex, tuple[tuple[Hex, int], ...]]:
    """Hex -> its neighbours one may enter and what each costs, for the board whose
    `entry_costs` is `entry` (held here with it, so its id is not reused while kept)."""
    hit = _WAYS.get(id(entry))
    if hit is not None and hit[0] is entry:
        return hit[1]
    if len(_WAYS) >= 16:
        _WAYS.clear()
    table: dict[Hex, tuple[tuple[Hex, int], ...]] = {}
    _WAYS[id(entry)] = (entry, table)
    return table


def kept_costs(state: Battle, u: ZefUnit, budget: int, walk: tuple[Any, ...] | None = None
               ) -> dict[Hex, int]:
    """`costs_within` for `u` this turn (R-POS-BLOCK: the enemy-held hexes within his move
    barred), kept on the board under `positioning.walk_key`: what he could reach at his
    declaration he can reach as he walks unless an enemy near him has moved.  Shared:
    never change it.  Only for a board whose every step costs at least 1.  (`walk`: his
    `walk_key`, if the caller has it.)"""
    walk = walk or walk_key(state, u, budget)
    key = ("zef-costs", walk)
    found = state.board.memo.get(key)
    if found is None:
        found = costs_within(walk[1], budget, state.board.entry_costs, walk[3])
        remember(state.board, key, found)
    return found  # type: ignore[no-any-return]


def path_to(state: Battle, u: ZefUnit, budget: int, to: Hex) -> list[Hex] | None:
    """The path `positioning.reachable(state, u, budget)[to]` gives (R-POS-PATH: among the
    cheapest, the straightest, then the one along roads), or None where that has no entry
    for `to` or the board has steps that cost nothing (then ask `reachable`)."""
    board = state.board
    if u.pos is None or board.cheapest_step < 1:
        return None
    if to == u.pos:
        return [to]
    here = state.where.standing.get(to)
    if here and any(i != u.id for i in here):
        return None  # taken: not a place to end a move (R-POS-BLOCK)
    entry = board.entry_costs
    out = kept_costs(state, u, budget)
    total = out.get(to)
    if total is None:
        return None
    on_way = {h: entry[h] for h in _back_from(to, total, entry, out) if h != u.pos}
    _, paths = cheapest_paths(u.pos, budget, None, along=on_road(state),
                              entering=(on_way, ()))
    return paths[to]


def _back_from(goal: Hex, total: int, entry: dict[Hex, int], reached: dict[Hex, int]
               ) -> dict[Hex, int]:
    """The hexes some cheapest path from the start to `goal` (costing `total`) runs
    through, each with the least cost of walking on from it to `goal` (the hexes entered
    after it, `goal` included).  `reached`: each hex's least cost from the start.

    Walked back from `goal`; a hex is taken only where its cost from the start and the
    cost on from it add up to `total` (never less: both are least costs), so the search
    never leaves those hexes, and each is reached first by that cost."""
    dist = {goal: 0}
    frontier = [(0, goal)]
    pop, push, get, came = heapq.heappop, heapq.heappush, dist.get, reached.get
    while frontier:
        spent, here = pop(frontier)
        if spent > dist[here]:
            continue
        step = entry.get(here)  # stepping from a neighbour into `here`
        if step is None:
            continue
        new = spent + step
        for prev in neighbours(here):
            if came(prev) != total - new or get(prev) is not None:
                continue
            dist[prev] = new
            push(frontier, (new, prev))
    return dist
