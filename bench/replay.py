"""Replay: reading a save back, as watching a replay does and as loading to play on does.

Prints figures (with --json, one JSON object); asserts nothing.  For each save:
  json_loads_events_per_s  `json.loads` of the save's record lines, nothing else: the peer,
                           measured in the same run (a load must at least parse)
  decode_events_per_s      the loader reading and checking every record line (JSON, limits,
                           the events and commands validated), nothing folded
  replay_events_per_s      `load_save(path)`: read, check and fold every event (what
                           `flank replay SAVE` does before the window opens)
  evolve_events_per_s      `engine.evolve` over the same events alone: the engine's share of
                           folding, which no reader can beat
  verify_s                 `load_save(path, verify=True)`: every command decided again and
                           every recorded hash checked (what Continue and `flank play --load`
                           do), in seconds
Each figure is the best of --repeat runs (the machine is shared: best-of is the least noisy);
ratios are to json.loads in the same run, so they mean something on any machine.

Targets (issue 36, measured here, never asserted): replay >= 100k events/s; re-deciding a
save <= 0.5 s per 1,000 commands.

By default the save is made here: `flank simulate shield_wall --players random,random
--games 2 --seed 0`, second game (1,247 commands, 6,152 events).  Give --save to bench others.

    python bench/replay.py [--save PATH ...] [--repeat 5] [--clock wall|cpu] [--json]

Profile:  python -m cProfile -s cumulative bench/replay.py --repeat 1
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.saves import load_save  # noqa: E402
from game.saves.loader import _Loader, _read  # noqa: E402
from rules.engine import evolve  # noqa: E402

CLOCK: Callable[[], float] = time.perf_counter  # --clock cpu: time.process_time


def _best(fn: Callable[[], Any], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = CLOCK()
        fn()
        best = min(best, CLOCK() - t0)
    return best


def _default_save(folder: Path) -> Path:
    subprocess.run([sys.executable, "-m", "game", "simulate", "shield_wall", "--players",
                    "random,random", "--games", "2", "--seed", "0", "--jobs", "1",
                    "--save-dir", str(folder)], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    return folder / "shield_wall-0-00001.flank"


def bench_save(path: Path, repeat: int) -> dict[str, Any]:
    raw = _read(path)
    lines = [x for x in raw.split(b"\n")[1:] if x]
    loaded = load_save(path)  # also warms every cache (adapters, rulesets)
    events = loaded.events
    n = len(events)

    def loads() -> None:
        for x in lines:
            json.loads(x)

    def decode() -> None:
        loader = _Loader(path, raw)
        all_lines, _ = loader.lines()
        loader.records(all_lines, loader.header(loader.parse(1, all_lines[0]))[1])

    def fold() -> None:
        s = loaded.initial
        for e in events:
            s = evolve(s, e)

    t_json = _best(loads, repeat)
    t_decode = _best(decode, repeat)
    t_replay = _best(lambda: load_save(path), repeat)
    t_evolve = _best(fold, repeat)
    t_verify = _best(lambda: load_save(path, verify=True), max(1, repeat // 2))
    return {
        "save": str(path), "commands": len(loaded.steps), "events": n,
        "json_loads_events_per_s": round(n / t_json),
        "decode_events_per_s": round(n / t_decode),
        "replay_events_per_s": round(n / t_replay),
        "evolve_events_per_s": round(n / t_evolve),
        "verify_s": round(t_verify, 3),
        "verify_s_per_1000": round(t_verify * 1000 / max(1, len(loaded.steps)), 3),
        "decode_vs_json": round(t_json / t_decode, 3),
        "replay_vs_json": round(t_json / t_replay, 3),
        "verify_vs_json": round(t_json / t_verify, 4),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--save", action="append", type=Path, default=[])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="cpu: this process's CPU time, which leaves out the time other "
                         "programs take the CPU away on a shared machine")
    args = ap.parse_args()
    global CLOCK
    CLOCK = time.process_time if args.clock == "cpu" else time.perf_counter
    with tempfile.TemporaryDirectory() as tmp:
        saves = args.save or [_default_save(Path(tmp))]
        results = [bench_save(p, max(1, args.repeat)) for p in saves]
    if args.json:
        print(json.dumps(results))
        return 0
    for r in results:
        print(f"{r['save']}: {r['commands']} commands, {r['events']} events")
        print(f"  json.loads (peer)      {r['json_loads_events_per_s']:>9,} events/s")
        print(f"  decode (read, checked) {r['decode_events_per_s']:>9,} events/s   "
              f"{r['decode_vs_json']:.2f}x json")
        print(f"  replay (load_save)     {r['replay_events_per_s']:>9,} events/s   "
              f"{r['replay_vs_json']:.2f}x json   target >= 100,000")
        print(f"  engine.evolve alone    {r['evolve_events_per_s']:>9,} events/s")
        print(f"  re-decide (verify)     {r['verify_s']:>9.3f} s          "
              f"{r['verify_s_per_1000']:.3f} s per 1,000 commands   target <= 0.5")
    return 0


if __name__ == "__main__":
    sys.exit(main())
