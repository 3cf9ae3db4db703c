"""The conformance soak: random games under every mode of every ruleset, every promise
checked, for as long as asked (an hour by default).

What each game checks is tests/conformance/harness.py (the CI test's own harness, sized
down there): after every command the board kind's invariants (rules/invariants.py), a legal
command for whoever must decide, and legal commands with one field made wrong refused with
the state unchanged; after every game replay from the events and from the command log, the
save written and loaded back, and the same seed playing the same game.  The first broken
promise stops the soak with the battle, seed and step that broke it (exit status 1), so it
can be played again:  `python bench/soak.py --minutes 0 --first-seed SEED` plays one round.

    python bench/soak.py [--minutes 60] [--first-seed SEED] [--max-commands 600] [--probes 1]
                         [--json]

Prints the figures (games, commands, wrong commands refused, seconds; with --json one JSON
object).  The same soak runs as `pytest --long tests/test_engine_conformance.py`.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.conformance.harness import ConformanceError, Played, Tally, fresh_first_seed, soak


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=60.0,
                    help="how long to soak (0: one game on each battleground)")
    ap.add_argument("--first-seed", type=int, default=None,
                    help="where the seeds start (default: a fresh one, printed)")
    ap.add_argument("--max-commands", type=int, default=600, help="per game")
    ap.add_argument("--probes", type=int, default=1,
                    help="wrong commands tried at each step")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    first = fresh_first_seed() if args.first_seed is None else args.first_seed
    if not args.json:
        print(f"soak from seed {first} (--first-seed {first} plays the same games)", flush=True)
    t0 = time.monotonic()
    last = [t0]

    def until(tally: Tally) -> bool:
        return tally.games > 0 and time.monotonic() - t0 >= 60 * args.minutes

    def progress(play: Played) -> None:
        now = time.monotonic()
        if not args.json and now - last[0] >= 60:
            last[0] = now
            print(f"  {now - t0:6.0f} s  seed {play.seed}  {play.ground}", flush=True)

    try:
        tally = soak(until, first_seed=first, max_commands=args.max_commands,
                     probes_per_step=args.probes, on_game=progress)
    except ConformanceError as exc:
        print(f"broken: {exc}", file=sys.stderr)
        return 1
    seconds = time.monotonic() - t0
    figures = {"games": tally.games, "commands": tally.commands, "probes": tally.probes,
               "refused": tally.refused, "harmless": tally.harmless,
               "seconds": round(seconds, 1), "games_by_battleground": tally.by_ground}
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"{tally.games} games ({', '.join(f'{k} {v}' for k, v in tally.by_ground.items())}),"
              f" {tally.commands} commands, {tally.probes} wrong commands tried "
              f"({tally.refused} refused, {tally.harmless} harmless), {seconds:.0f} s: "
              "every promise kept")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
