"""Engine throughput: random legal self-play, how a round's cost grows with the size of the
battle, and rebuilding the state from its event log.

Figures (with --json, one JSON object), per ruleset:
  commands_per_s            random self-play on the 12-a-side open field (`scenarios.open_field`)
  round_s                   one round of random self-play at 4, 12, 40 and 100 a side (the mean
                            of the first `--rounds` rounds) on a generated open field whose
                            size grows with the bands (`field_of`), so crowding stays the same
  growth_12_100             the exponent k of a least-squares fit round_s ~ N^k over 12..100
                            a side (the target is at most 1.3: twice the figures, a little
                            more than twice the work)
  rebuild_events_per_s      folding the game's events back onto its first state
Baselines measured in the same run, so the figures mean something on any machine:
  json_decode_events_per_s   parsing the same events from JSON lines
  deepcopy_states_per_s      copy.deepcopy of the state (what a mutable engine pays per undo)

`--against DIR` runs the same measurements, back to back, on the code in another checkout
(e.g. the main branch before a change) and prints both with their ratio: the machine is
shared, so only figures from one run compare.

    python bench/engine.py [--ruleset fallen_empire] [--games 3] [--sizes 4,12,40,100]
                           [--rounds 2] [--against /work/main] [--json]
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


def _import_root(root: str | None) -> None:
    sys.path.insert(0, root or str(Path(__file__).resolve().parent.parent))


def field_of(ruleset: str, per_side: int, seed: int = 0) -> Any:
    """Two bands of `per_side` figures in ranks facing each other across open ground, four
    hexes apart, on a board sized to them: a front about twice the square root of the band,
    as deep as it needs, with eight hexes of room all round."""
    from rules.builder import Scenario

    pcs = ["fighting_man", "man_at_arms_spear", "crossbowman", "pikeman", "veteran", "elf"]
    foes = ["orc", "orc", "hobgoblin", "goblin", "gnoll", "orc"]
    front = max(6, round(2 * math.sqrt(per_side)))
    ranks = -(-per_side // front)
    radius = max(front // 2 + front % 2, 4 + ranks) + 8
    sc = Scenario(ruleset, seed=seed, radius=radius, title=f"Open field, {per_side} a side")
    sc.side("men", True).side("orcs")
    for i in range(per_side):
        rank, file = divmod(i, front)
        r = file - front // 2
        shift = (r + 1) // 2
        sc.unit(f"m{i:03d}", pcs[i % len(pcs)], "men", (-2 - rank - shift, r), facing=0)
        sc.unit(f"o{i:03d}", foes[i % len(foes)], "orcs", (2 + rank - shift, r), facing=3)
    return sc.build()


def round_seconds(ruleset: str, per_side: int, rounds: int, seed: int = 0,
                  clock: Callable[[], float] = time.perf_counter) -> float:
    """Mean time (wall, or `clock`'s) of the first `rounds` rounds of random play at
    `per_side` a side."""
    import random

    from rules.engine import decider, legal_commands, start, submit

    state, _ = start(field_of(ruleset, per_side, seed))
    rng = random.Random(seed)
    first = state.round
    t0 = clock()
    while state.round < first + rounds:
        side = decider(state)
        if side is None:
            break
        state, _ = submit(state, rng.choice(legal_commands(state, side)))
    played = state.round - first + (1 if decider(state) is None else 0)  # ended: partial
    return (clock() - t0) / max(1, played)


def growth(sizes: list[int], seconds: list[float]) -> float:
    """The least-squares slope of log(seconds) against log(size)."""
    xs = [math.log(n) for n in sizes]
    ys = [math.log(max(s, 1e-9)) for s in seconds]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum(
        (x - mx) ** 2 for x in xs)


def measure(ruleset: str, games: int, sizes: list[int], rounds: int) -> dict[str, Any]:
    from rules.engine import evolve_all, initial_state
    from rules.events import event_from_json, event_to_json
    from rules.playout import random_playout
    from rules.scenarios import open_field

    cmd_rates, rebuild_rates, decode_rates, copy_rates = [], [], [], []
    total_cmds = 0
    for g in range(games):
        setup = open_field(ruleset, 12, seed=g)
        t0 = time.perf_counter()
        play = random_playout(setup, seed=g, max_commands=20_000)
        cmd_rates.append(len(play.commands) / (time.perf_counter() - t0))
        total_cmds += len(play.commands)

        t0 = time.perf_counter()
        rebuilt = evolve_all(initial_state(setup), play.events)
        rebuild_rates.append(len(play.events) / (time.perf_counter() - t0))
        assert rebuilt == play.final, "rebuild diverged"

        lines = [event_to_json(e) for e in play.events]
        t0 = time.perf_counter()
        for line in lines:
            event_from_json(line)
        decode_rates.append(len(lines) / (time.perf_counter() - t0))

        t0 = time.perf_counter()
        for _ in range(50):
            copy.deepcopy(play.final)
        copy_rates.append(50 / (time.perf_counter() - t0))

    round_seconds(ruleset, 12, 1)  # warm up: every module and table loaded lazily
    round_s = {n: round_seconds(ruleset, n, rounds) for n in sizes}
    big = [n for n in sizes if n >= 12]
    return {
        "ruleset": ruleset,
        "games": games,
        "commands": total_cmds,
        "commands_per_s": round(statistics.median(cmd_rates), 1),
        "round_s": {str(n): round(s, 4) for n, s in round_s.items()},
        "growth_12_100": round(growth(big, [round_s[n] for n in big]), 2)
        if len(big) >= 2 else None,
        "growth_all": round(growth(sizes, list(round_s.values())), 2)
        if len(sizes) >= 2 else None,
        "rebuild_events_per_s": round(statistics.median(rebuild_rates), 1),
        "baselines": {
            "json_decode_events_per_s": round(statistics.median(decode_rates), 1),
            "deepcopy_states_per_s": round(statistics.median(copy_rates), 1),
        },
    }


def _flat(d: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in d.items():
        if isinstance(v, dict):
            out.update(_flat(v, f"{prefix}{k}."))
        else:
            out[f"{prefix}{k}"] = v
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--ruleset", default="all",
                    help="a ruleset id, or 'all': every ruleset the registry knows")
    ap.add_argument("--sizes", default="4,12,40,100")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--root", help="measure the code in this checkout (default: this one)")
    ap.add_argument("--against", help="also measure this checkout, back to back, and compare")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    _import_root(args.root)
    sizes = [int(s) for s in args.sizes.split(",") if s]
    from rules.engine import rulesets

    chosen = [rs.id for rs in rulesets()] if args.ruleset == "all" else [args.ruleset]

    results: dict[str, Any] = {}
    for rs in chosen:
        if args.against:
            cmd = [sys.executable, __file__, "--root", args.against, "--json", "--ruleset", rs,
                   "--games", str(args.games), "--sizes", args.sizes,
                   "--rounds", str(args.rounds)]
            theirs = json.loads(subprocess.run(cmd, check=True, capture_output=True,
                                               text=True).stdout)[rs]
        ours = measure(rs, args.games, sizes, args.rounds)
        results[rs] = {"this": ours, "against": theirs} if args.against else ours

    if args.json:
        print(json.dumps(results))
        return 0
    for rs, res in results.items():
        print(f"== {rs}")
        if not args.against:
            for k, v in _flat(res).items():
                print(f"{k:>40}: {v}")
            continue
        a, b = _flat(res["against"]), _flat(res["this"])
        print(f"{'':>40}  {'against':>12}  {'this':>12}  ratio")
        for k in b:
            x, y = a.get(k), b[k]
            ratio = ""
            if (isinstance(x, (int, float)) and isinstance(y, (int, float)) and x and y
                    and not k.startswith(("growth", "games", "commands."))):
                ratio = f"{(x / y if k.startswith('round_s') else y / x):.2f}x"
            print(f"{k:>40}  {x!s:>12}  {y!s:>12}  {ratio}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
