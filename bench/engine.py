"""Engine throughput: random legal self-play on a 12-versus-12 open field, and rebuilding the
state from its event log.

Prints figures (with --json, one JSON object).  Baselines measured in the same run, so the
figures mean something on any machine:
  json_decode_events_per_s   parsing the same events from JSON lines: the floor for loading
                             a save, since a rebuild must at least parse
  deepcopy_states_per_s      copy.deepcopy of the state: what an engine with mutable state
                             would pay per command just to keep an undo point (ours pays 0)

    python bench/engine.py [--games 3] [--json]
"""

from __future__ import annotations

import argparse
import copy
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.engine import evolve_all, initial_state
from rules.events import event_from_json, event_to_json
from rules.playout import random_playout
from rules.scenarios import open_field


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--ruleset", default="fallen_empire")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    cmd_rates, ev_rates, rebuild_rates, decode_rates, copy_rates = [], [], [], [], []
    total_cmds = total_events = 0
    for g in range(args.games):
        setup = open_field(args.ruleset, 12, seed=g)
        t0 = time.perf_counter()
        play = random_playout(setup, seed=g, max_commands=20_000)
        dt = time.perf_counter() - t0
        total_cmds += len(play.commands)
        total_events += len(play.events)
        cmd_rates.append(len(play.commands) / dt)
        ev_rates.append(len(play.events) / dt)

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
        n = 200
        for _ in range(n):
            copy.deepcopy(play.final)
        copy_rates.append(n / (time.perf_counter() - t0))

    figures = {
        "ruleset": args.ruleset,
        "games": args.games,
        "commands": total_cmds,
        "events": total_events,
        "commands_per_s": round(statistics.median(cmd_rates), 1),
        "events_per_s": round(statistics.median(ev_rates), 1),
        "rebuild_events_per_s": round(statistics.median(rebuild_rates), 1),
        "baselines": {
            "json_decode_events_per_s": round(statistics.median(decode_rates), 1),
            "deepcopy_states_per_s": round(statistics.median(copy_rates), 1),
        },
    }
    if args.json:
        print(json.dumps(figures))
    else:
        for k, v in figures.items():
            print(f"{k:>28}: {v}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
