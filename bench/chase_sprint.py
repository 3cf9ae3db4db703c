"""The bundled chase, "The cutpurse's sprint" (maps/market_chase.tmx), computer against
computer: how often the watch runs the thieves down, how often they get away, how often
the runners are spent (a draw, R-ER-CHASE-ROUNDS).

Why: with several runners on the lane the sprint is only worth playing from either side if
the watch can win it; issue 34 found the watch's hound held at the heels of the slower thief
and the watch winning none of 66 games.  Prints figures, asserts nothing.

Every game is seeded from `--seed` and its index (`game.simulate.game_seed`), the computer
players from the game's seed, so the same arguments give the same figures on any machine
and with any `--jobs`.

    python bench/chase_sprint.py [--games 200] [--seed 34] [--player tactician]
                                 [--jobs 1] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.simulate import MapSource, run_batch, wilson  # noqa: E402

MAP = ROOT / "maps" / "market_chase.tmx"


def measure(games: int, seed: int, player: str, jobs: int, progress: bool = True
            ) -> dict[str, object]:
    """Play the sprint `games` times, `player` on both sides; the tally and the watch's
    win rate with its Wilson 95% interval."""
    batch = run_batch(MapSource(str(MAP)), [player, player], games, seed=seed, jobs=jobs,
                      progress=progress)
    tally = Counter(r.winner or "draw" for r in batch.results)
    errors = [e for r in batch.results for e in r.errors]
    lo, hi = wilson(tally["watch"], games)
    return {"map": MAP.name, "games": games, "seed": seed, "player": player,
            "watch": tally["watch"], "thieves": tally["thieves"], "draws": tally["draw"],
            "watch_rate": tally["watch"] / games if games else 0.0,
            "watch_interval": (lo, hi), "errors": errors[:5]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=34)
    ap.add_argument("--player", default="tactician", help="the computer on both sides")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.games < 1:
        print("chase_sprint: --games must be at least 1", file=sys.stderr)
        return 2
    out = measure(args.games, args.seed, args.player, args.jobs, progress=not args.json)
    if args.json:
        print(json.dumps(out))
        return 0
    lo, hi = out["watch_interval"]  # type: ignore[misc]
    print(f"{out['map']}, {out['player']} against {out['player']}, {out['games']} games, "
          f"seed {out['seed']}:")
    print(f"  watch wins {out['watch']}, thieves wins {out['thieves']}, draws {out['draws']}")
    print(f"  the watch wins {100 * out['watch_rate']:.1f}% "  # type: ignore[operator]
          f"(95% interval {100 * lo:.1f}-{100 * hi:.1f}%)")
    for e in out["errors"]:  # type: ignore[attr-defined]
        print(f"  error: {e}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
