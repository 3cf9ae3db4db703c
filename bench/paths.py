"""Paths: A* corner to corner and whole-grid movement range, ours against networkx.

Prints figures (with --json, one JSON object); asserts nothing.  The board: 128 x 128 hexes
(Tiled offset rows, as the maps are), seeded so every run sees the same ground: 15% of hexes
impassable, 20% of the rest rough (entering costs 2; --rough), the rest grass (1).
  astar_ms         `hexgrid.find_path` from the top-left corner to the bottom-right one
  nx_astar_ms      `networkx.astar_path`, same graph and costs, hex distance as heuristic
  range_ms         `hexgrid.movement_range_with_paths` from the corner, unlimited budget
  reachable_ms     `positioning.reachable` for a figure standing there, unlimited budget,
                   the board's memo emptied first (what a figure's first walk costs): every
                   destination and its cost; a path is chosen when read (issue 36)
  every_path_ms    the same, then every destination's path read (R-POS-PATH's choosing for
                   all 14k hexes: what `reachable` did before issue 36)
  nx_dijkstra_ms   `networkx.single_source_dijkstra_path_length`, same source
  nx_pred_ms       `networkx.dijkstra_predecessor_and_distance`: costs and predecessors,
                   what `movement_range_with_paths` returns (its like-for-like peer)
The networkx graph (a DiGraph, edge weight = the cost of entering its head) is built once
and not timed.  Each figure is the best of --repeat runs (the machine is shared: best-of is
the least noisy); ratios are to networkx in the same run, so they mean something anywhere.

Targets (measured here, never asserted): whole-grid movement range no slower than networkx's
Dijkstra and A* kept well ahead of networkx's (issue 22); `reachable` over the whole grid
within 2x networkx's Dijkstra (issue 36).

    python bench/paths.py [--size 128] [--repeat 5] [--rough 0.2] [--clock wall|cpu] [--json]

Profile:  python -m cProfile -s tottime bench/paths.py --repeat 1
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.builder import Scenario
from rules.engine import start
from rules.hexgrid import Hex, find_path, hexes_in_rect_offset, movement_range_with_paths
from rules.positioning import reachable
from rules.state import Battle, Board, Terrain

UNLIMITED = 10**9


def make_board(size: int, seed: int = 22, rough: float = 0.2) -> Board:
    """A size x size board: 15% impassable, `rough` of the rest rough, both corners open."""
    rng = random.Random(seed)
    hexes = hexes_in_rect_offset(size, size, "y", "odd")
    grass, hard, rock = Terrain(), Terrain(kind="rough", move_cost=2), \
        Terrain(kind="rock", impassable=True)
    hard_below = 0.15 + 0.85 * rough
    corners = {hexes[0], hexes[-1]}
    cells = []
    for h in hexes:
        roll = rng.random()
        t = grass if h in corners else rock if roll < 0.15 else hard if roll < hard_below else grass
        cells.append((h, t))
    return Board(cells=tuple(sorted(cells)), width=size, height=size)


def make_battle(board: Board) -> Battle:
    """One figure on the top-left corner of `board`, a foe on the bottom-right one."""
    first = min(board.hexes(), key=lambda h: (h.r, h.q))
    far = max(board.hexes(), key=lambda h: (h.r, h.q))
    sc = (Scenario("fallen_empire", seed=0).options(surprise_enabled=False, morale_enabled=False)
          .side("men", True).side("orcs")
          .unit("mover", "fighting_man", "men", (0, 0), facing=0)
          .unit("foe", "orc", "orcs", (3, 0), facing=3))
    state, _ = start(sc.build())
    units = (dataclasses.replace(state.units[0], pos=first),
             dataclasses.replace(state.units[1], pos=far))
    return dataclasses.replace(state, board=board, units=units)


CLOCK: Callable[[], float] = time.perf_counter  # --clock cpu: time.process_time


def best_ms(fn: Callable[[], Any], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = CLOCK()
        fn()
        best = min(best, CLOCK() - t0)
    return best * 1000


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=128)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--rough", type=float, default=0.2,
                    help="share of the passable ground that costs 2 (0: all of one cost)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="cpu: this process's CPU time (less disturbed on a shared machine)")
    args = ap.parse_args(argv)
    global CLOCK
    CLOCK = time.process_time if args.clock == "cpu" else time.perf_counter

    import networkx as nx

    board = make_board(args.size, rough=args.rough)
    entry = board.entry_costs
    start_hex = min(board.hexes(), key=lambda h: (h.r, h.q))
    goal = max(board.hexes(), key=lambda h: (h.r, h.q))

    def cost(a: Hex, b: Hex) -> int | None:
        return entry.get(b)

    graph = nx.DiGraph()
    for h in entry:
        for n in h.neighbors():
            if n in entry:
                graph.add_edge(h, n, weight=entry[n])

    def heuristic(a: Hex, b: Hex) -> int:
        return a.distance(b)

    state = make_battle(board)
    mover = state.units[0]

    def ours_reachable() -> None:
        board.memo.clear()
        reachable(state, mover, UNLIMITED)

    def every_path() -> None:
        board.memo.clear()
        for _ in reachable(state, mover, UNLIMITED).values():
            pass

    ours_path = find_path(start_hex, goal, cost)
    theirs_path = nx.astar_path(graph, start_hex, goal, heuristic=heuristic, weight="weight")
    assert ours_path is not None
    dist, _ = movement_range_with_paths(start_hex, UNLIMITED, cost)
    theirs = nx.single_source_dijkstra_path_length(graph, start_hex)
    assert dist == dict(theirs), "our costs differ from networkx's"
    assert sum(entry[h] for h in ours_path[1:]) == sum(entry[h] for h in theirs_path[1:])

    fig: dict[str, Any] = {"size": args.size, "rough": args.rough, "hexes": len(board.cells),
                           "reached": len(dist), "repeat": args.repeat}
    fig["astar_ms"] = best_ms(lambda: find_path(start_hex, goal, cost), args.repeat)
    fig["nx_astar_ms"] = best_ms(
        lambda: nx.astar_path(graph, start_hex, goal, heuristic=heuristic, weight="weight"),
        args.repeat)
    fig["range_ms"] = best_ms(lambda: movement_range_with_paths(start_hex, UNLIMITED, cost),
                              args.repeat)
    fig["reachable_ms"] = best_ms(ours_reachable, args.repeat)
    fig["every_path_ms"] = best_ms(every_path, max(1, min(args.repeat, 2)))
    fig["nx_dijkstra_ms"] = best_ms(
        lambda: nx.single_source_dijkstra_path_length(graph, start_hex), args.repeat)
    fig["nx_pred_ms"] = best_ms(
        lambda: nx.dijkstra_predecessor_and_distance(graph, start_hex), args.repeat)
    fig["astar_vs_nx"] = fig["astar_ms"] / fig["nx_astar_ms"]
    fig["range_vs_nx"] = fig["range_ms"] / fig["nx_dijkstra_ms"]
    fig["range_vs_nx_pred"] = fig["range_ms"] / fig["nx_pred_ms"]
    fig["reachable_vs_nx"] = fig["reachable_ms"] / fig["nx_dijkstra_ms"]
    fig["every_path_vs_nx"] = fig["every_path_ms"] / fig["nx_dijkstra_ms"]
    if args.json:
        print(json.dumps(fig))
        return 0
    print(f"{args.size}x{args.size} board, {fig['hexes']} hexes ({args.rough:.0%} of the "
          f"ground rough), {fig['reached']} reached from the corner; best of {args.repeat}")
    print(f"  A* corner to corner      ours {fig['astar_ms']:8.1f} ms   networkx "
          f"{fig['nx_astar_ms']:8.1f} ms   ratio {fig['astar_vs_nx']:.2f}")
    print(f"  range (movement_range)   ours {fig['range_ms']:8.1f} ms   networkx "
          f"{fig['nx_dijkstra_ms']:8.1f} ms   ratio {fig['range_vs_nx']:.2f}")
    print(f"  range, with predecessors ours {fig['range_ms']:8.1f} ms   networkx "
          f"{fig['nx_pred_ms']:8.1f} ms   ratio {fig['range_vs_nx_pred']:.2f}")
    print(f"  range (reachable)        ours {fig['reachable_ms']:8.1f} ms   networkx "
          f"{fig['nx_dijkstra_ms']:8.1f} ms   ratio {fig['reachable_vs_nx']:.2f}")
    print(f"  reachable, every path    ours {fig['every_path_ms']:8.1f} ms   networkx "
          f"{fig['nx_dijkstra_ms']:8.1f} ms   ratio {fig['every_path_vs_nx']:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
