"""The forward model a search stands on: positions applied per second from a mid-game
position (`engine.apply`, issue 36 item 3), and one round's cost as the battle grows, each
beside references measured in the same run (issue 36 item 5).

Per ruleset (every one the registry knows) and per size (12, 40, 100 a side by default, on
`bench/engine.py`'s `field_of`):
  apply_per_s        from mid-game positions (random play through the second round;
                     `--positions` of its decisions, spread evenly over it), up to 16 legal
                     commands of each, spread over its listing, applied in turn with
                     `engine.apply`, each from its own position (a search's children: states
                     are frozen, so the clone is the position itself and costs nothing); the
                     target is 20,000/s at 12 a side
  submit_per_s       the same commands through `engine.submit`, which checks each first
  listing_ms         `legal_commands` of a position, the first time asked, the median over
                     every decision of the second round (a search pays it per node)
  round_s            one round of random play, the mean of the first `--rounds`
                     (`bench/engine.py`'s `round_seconds`)
  growth             the exponent k of round_s ~ N^k fitted over the sizes, and the same for
                     apply's cost per position (`apply_growth`)
References, same run, so the ratios mean something on any machine:
  dict_copy_per_s    copying a dict of 2N small dicts (24 at 12 a side: a record a figure),
                     one level deep: the floor of copying a state instead of sharing it
  json_loads_per_s   `json.loads` of one line of the game's save (an event, as a save holds it)
  nx_dijkstra_per_s  networkx's Dijkstra over the field's hexes from its centre, per size
                     (the search a figure's moves need; `pip install -e ".[bench]"`)
  openspiel_per_s    OpenSpiel's backgammon (pyspiel, C++ through Python): a mid-game
                     state's `clone()` and `apply_action` of each legal action in turn, the
                     same copy-and-apply; skipped, and said so, where pyspiel is not installed

    python bench/forward.py [--ruleset all] [--sizes 12,40,100] [--seconds 1]
                            [--positions 24] [--rounds 2] [--clock wall|cpu] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine import field_of, growth, round_seconds

CLOCK: Callable[[], float] = time.perf_counter  # --clock cpu: time.process_time


def rate(work: Callable[[int], None], seconds: float, batch: int = 1) -> float:
    """Calls of `work(i)` per second, called at least `batch` times and for `seconds`."""
    done, t0 = 0, CLOCK()
    while True:
        for i in range(done, done + batch):
            work(i)
        done += batch
        spent = CLOCK() - t0
        if spent >= seconds:
            return done / spent


def mid_game(ruleset: str, per_side: int, count: int, seed: int = 0
             ) -> tuple[list[tuple[Any, list[Any]]], list[float], list[Any]]:
    """Mid-game positions of random play on `field_of`: `count` decisions spread evenly
    over the second round (over the first, if the battle ends in it), each with the
    commands legal there; the time every listing of that round took, the first time it was
    asked (`--clock`); and the game's events up to the round's end."""
    from rules.engine import decider, legal_commands, start, submit

    state, events = start(field_of(ruleset, per_side, seed))
    rng = random.Random(seed)
    first = state.round
    kept: list[tuple[Any, float]] = []
    while decider(state) is not None and state.round <= first + 1:
        if state.round > first and kept and kept[0][0].round == first:
            kept.clear()  # the second round begun: its decisions, not the first's
        t0 = CLOCK()
        options = legal_commands(state)
        kept.append((state, CLOCK() - t0))
        state, new = submit(state, rng.choice(options))
        events.extend(new)
    every = max(1, len(kept) // count)
    chosen = [s for s, _ in kept[::every][:count]]
    return ([(s, legal_commands(s)) for s in chosen], [t for _, t in kept], events)


def measure_position(ruleset: str, per_side: int, seconds: float, count: int,
                     per_position: int = 16) -> dict[str, Any]:
    """Applying (and submitting) up to `per_position` of the legal commands of each of
    `count` mid-game positions, spread evenly over its listing, each from its position."""
    from rules.engine import apply, submit
    from rules.events import event_to_json

    positions, listings, events = mid_game(ruleset, per_side, count)
    work = [(state, cmd) for state, options in positions
            for cmd in options[::max(1, len(options) // per_position)][:per_position]]
    n = len(work)
    applied = rate(lambda i: apply(*work[i % n]), seconds, batch=min(n, 100))
    submitted = rate(lambda i: submit(*work[i % n]), seconds, batch=min(n, 100))
    lines = [event_to_json(e) for e in events]
    return {"positions": len(positions),
            "legal_commands": round(statistics.fmean(len(o) for _, o in positions), 1),
            "apply_per_s": round(applied, 1), "submit_per_s": round(submitted, 1),
            "decisions": len(listings),
            "listing_ms": round(statistics.median(listings) * 1000, 3),
            "_lines": lines, "_board": positions[-1][0].board}


def dict_copy_rate(seconds: float, records: int) -> float:
    """Copies per second of a dict of `records` small dicts, one level deep."""
    state = {f"u{i:02d}": {"q": i, "r": -i, "hp": 8, "facing": 3, "side": "men",
                           "status": "ready"} for i in range(records)}
    return rate(lambda _: {k: dict(v) for k, v in state.items()}, seconds, batch=100)


def json_rate(lines: list[str], seconds: float) -> float:
    n = len(lines)
    return rate(lambda i: json.loads(lines[i % n]), seconds, batch=min(n, 200))


def nx_rate(board: Any, seconds: float) -> float | None:
    try:
        import networkx as nx
    except ImportError:
        return None
    from rules.hexgrid import neighbours

    hexes = {h for h, _ in board.cells}
    graph = nx.Graph()
    graph.add_nodes_from(hexes)
    graph.add_edges_from((h, n) for h in hexes for n in neighbours(h) if n in hexes)
    centre = min(hexes, key=lambda h: (abs(h.q) + abs(h.r) + abs(h.s), h))
    return rate(lambda _: nx.single_source_dijkstra_path_length(graph, centre), seconds)


def openspiel_rate(seconds: float) -> tuple[float | None, str]:
    """Backgammon's clone-and-apply per second from a mid-game state, or None and why."""
    try:
        import pyspiel
    except ImportError:
        return None, "pyspiel not installed (open_spiel, bench extras)"
    game = pyspiel.load_game("backgammon")
    rng = random.Random(0)
    state = game.new_initial_state()
    for _ in range(40):  # into the middle of a game, chance nodes sampled
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    actions = state.legal_actions()
    n = len(actions)

    def child(i: int) -> None:
        s = state.clone()
        s.apply_action(actions[i % n])

    return rate(child, seconds, batch=min(n, 50)), f"backgammon, {n} legal actions"


def measure(ruleset: str, sizes: list[int], seconds: float, rounds: int, count: int
            ) -> dict[str, Any]:
    out: dict[str, Any] = {"ruleset": ruleset, "sizes": {}}
    round_seconds(ruleset, min(sizes), 1)  # warm up: modules and tables load lazily
    for n in sizes:
        pos = measure_position(ruleset, n, seconds, count)
        lines, board = pos.pop("_lines"), pos.pop("_board")
        pos["round_s"] = round(round_seconds(ruleset, n, rounds, clock=CLOCK), 4)
        dijkstra = nx_rate(board, seconds / 2)
        pos["refs"] = {"dict_copy_per_s": round(dict_copy_rate(seconds / 2, 2 * n), 1),
                       "json_loads_per_s": round(json_rate(lines, seconds / 2), 1),
                       "nx_dijkstra_per_s": None if dijkstra is None else round(dijkstra, 1)}
        out["sizes"][str(n)] = pos
    if len(sizes) >= 2:
        got = [out["sizes"][str(n)] for n in sizes]
        out["growth"] = round(growth(sizes, [g["round_s"] for g in got]), 2)
        out["apply_growth"] = round(growth(sizes, [1 / g["apply_per_s"] for g in got]), 2)
    return out


def report(results: dict[str, Any]) -> None:
    common = results["references"]
    print("reference: OpenSpiel clone+apply_action "
          + (f"{common['openspiel_per_s']:,.0f}/s ({common['openspiel_note']})"
             if common["openspiel_per_s"] else f"not measured: {common['openspiel_note']}"))
    print(f"clock: {results['clock']}\n")
    head = (f"{'ruleset':<17}{'a side':>7}{'legal':>7}{'apply/s':>10}{'submit/s':>10}"
            f"{'list ms':>9}{'round s':>9}{'x dict':>8}{'x json':>8}{'x OSp':>7}"
            f"{'round in nx':>12}")
    print(head)
    for rs, res in results["rulesets"].items():
        for n, f in res["sizes"].items():
            ap = f["apply_per_s"]
            vs_dict = ap / f["refs"]["dict_copy_per_s"]
            vs_json = ap / f["refs"]["json_loads_per_s"]
            vs_osp = f"{ap / common['openspiel_per_s']:.3f}" if common["openspiel_per_s"] \
                else "-"
            nx = f["refs"]["nx_dijkstra_per_s"]
            in_nx = f"{f['round_s'] * nx:,.0f}" if nx else "-"
            print(f"{rs:<17}{n:>7}{f['legal_commands']:>7.0f}{ap:>10,.0f}"
                  f"{f['submit_per_s']:>10,.0f}{f['listing_ms']:>9.2f}{f['round_s']:>9.3f}"
                  f"{vs_dict:>8.3f}{vs_json:>8.3f}{vs_osp:>7}{in_nx:>12}")
        refs = [f"{n} a side: dict copy {f['refs']['dict_copy_per_s']:,.0f}/s, json.loads "
                f"{f['refs']['json_loads_per_s']:,.0f}/s, networkx Dijkstra "
                + (f"{f['refs']['nx_dijkstra_per_s']:,.0f}/s" if f["refs"]["nx_dijkstra_per_s"]
                   else "not installed") for n, f in res["sizes"].items()]
        for line in refs:
            print(f"{'':<17}{line}")
        if "growth" in res:
            print(f"{'':<17}growth N^k of a round {res['growth']}, "
                  f"of an apply {res['apply_growth']}")
    print("\nx dict / x json / x OSp: apply's rate over the reference's in the same run; "
          "round in nx: a round's cost in networkx Dijkstras over the same field")


def main() -> int:
    global CLOCK
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="all", help="a ruleset id, or 'all'")
    ap.add_argument("--sizes", default="12,40,100")
    ap.add_argument("--seconds", type=float, default=1.0, help="per rate measured")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--positions", type=int, default=24,
                    help="mid-game positions a size, spread over the second round")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="cpu: this process's CPU time (other programs weigh less)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    CLOCK = time.process_time if args.clock == "cpu" else time.perf_counter
    sizes = [int(s) for s in args.sizes.split(",") if s]

    from rules.engine import rulesets

    known = [rs.id for rs in rulesets()]
    if args.ruleset != "all" and args.ruleset not in known:
        print(f"forward.py: no ruleset {args.ruleset!r}; known: {', '.join(known)}",
              file=sys.stderr)
        return 2
    chosen = known if args.ruleset == "all" else [args.ruleset]
    osp, note = openspiel_rate(args.seconds)
    results: dict[str, Any] = {
        "clock": args.clock,
        "references": {"openspiel_per_s": None if osp is None else round(osp, 1),
                       "openspiel_note": note},
        "rulesets": {rs: measure(rs, sizes, args.seconds, args.rounds, args.positions)
                     for rs in chosen},
    }
    if args.json:
        print(json.dumps(results))
    else:
        report(results)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
