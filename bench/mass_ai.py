"""The ZeFRS mass battle's computer commander against a random one: how often it wins.

Prints figures (with --json, one JSON object); asserts nothing.  Plays the bundled full
battle (maps/mass/border_battle.tmx) `--games` times, the players changing sides every
other game, and gives the win rate with its Wilson 95% interval (draws counted apart) and
the mean rounds and think time per decision.  Target (issue 24): at least 95% of 200 games.

    python bench/mass_ai.py [--games 200] [--player tactician|greedy] [--seed 2024] [--json]

`bench/ai.py` runs it too (its --mass-games), beside the skirmish rulesets' figures.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ai import make_controller  # noqa: E402
from game.maps import load_map  # noqa: E402
from rules.engine import decider, legal_commands, register_ruleset, start, submit  # noqa: E402


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (centre - half, centre + half)


def mass_strength(games: int = 200, player: str = "tactician", seed: int = 2024
                  ) -> dict[str, object]:
    """`player` against the random commander on the border battle, `games` games, the
    sides changing every other game; the figures `main` prints (bench/ai.py reports them
    too)."""
    from game.ai.hooks import register_hooks
    from game.ai.zefrs_mass import HOOKS
    from rules import registry
    from rules.systems.zefrs.ruleset import RULESET

    if not registry.has(registry.RULESETS, "zefrs"):
        register_ruleset(RULESET)  # as an installed entry point would
    register_hooks(HOOKS, "mass")
    base = load_map(ROOT / "maps" / "mass" / "border_battle.tmx").setup
    wins = draws = rounds = 0
    think: list[float] = []
    t0 = time.perf_counter()
    for g in range(games):
        setup = base.model_copy(update={"seed": seed + g})
        sides = [s.id for s in setup.sides]
        mine = sides[g % 2]
        ctl = {s: make_controller(player if s == mine else "random", seed + 7 * g + i)
               for i, s in enumerate(sides)}
        state, _ = start(setup)
        steps = 0
        while state.outcome is None and steps < 10_000:
            side = decider(state)
            cmd = ctl[side].choose(state, side, legal_commands(state, side))
            state, _ = submit(state, cmd)
            steps += 1
        rounds += state.round
        think += ctl[mine].think_ms
        if state.outcome is None or state.outcome.winner is None:
            draws += 1
        elif state.outcome.winner == mine:
            wins += 1
    low, high = wilson(wins, games)
    return {"scenario": "border_battle (ZeFRS mass battle)", "games": games, "player": player,
            "wins": wins, "draws": draws, "win_rate": wins / max(1, games),
            "wilson95": [round(low, 3), round(high, 3)],
            "mean_rounds": rounds / max(1, games),
            "mean_think_ms": sum(think) / max(1, len(think)),
            "wall_s": time.perf_counter() - t0}


def describe(out: dict[str, object]) -> str:
    low, high = out["wilson95"]  # type: ignore[misc]
    return (f"{out['player']} v random on the border battle: {out['wins']}/{out['games']} "
            f"won ({100 * out['win_rate']:.1f}%, 95% {100 * low:.1f}-{100 * high:.1f}), "  # type: ignore[operator]
            f"{out['draws']} drawn; {out['mean_rounds']:.1f} rounds a game; "
            f"{out['mean_think_ms']:.1f} ms a decision; {out['wall_s']:.0f} s "
            "(target >= 95%)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--player", default="tactician")
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out = mass_strength(args.games, args.player, args.seed)
    print(json.dumps(out) if args.json else describe(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
