"""Headless AI-versus-AI batches: `flank simulate` and the AI benchmark.

    batch = run_batch(MapSource("maps/duel.tmx", None), ["tactician", "greedy"], games=100,
                      seed=1, jobs=2)
    print(format_table(batch.summary()))

Every game is a pure function of (set-up, game index, base seed, players): its seed is
`game_seed(seed, index)`, the battle's dice come from that seed and each side's AI is seeded
from it too, so the results (winners, lengths, final state hashes) are the same whatever
`jobs` is and in whatever order the workers finish.  Only the think-time figures vary from
run to run: they are wall-clock measurements of each `choose` call.
"""

from __future__ import annotations

import json
import math
import os
import statistics
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game.ai import make_controller, parse_spec
from game.turns import Seat, TurnManager
from rules.dice import splitmix64
from rules.engine import BattleSetup
from rules.state import state_hash

MAX_STEPS = 50_000  # commands in one game before it is called unfinished (a draw)
_MASK63 = (1 << 63) - 1


def game_seed(base: int, index: int) -> int:
    """The seed of game `index` of a batch seeded `base` (independent of the worker count)."""
    return splitmix64((splitmix64(base & ((1 << 64) - 1)) + index) & ((1 << 64) - 1)) & _MASK63


def ai_seed(seed: int, side_index: int) -> int:
    return splitmix64((seed ^ (0xA1 * (side_index + 1))) & ((1 << 64) - 1)) & _MASK63


@dataclass(frozen=True)
class MapSource:
    """Set-ups read from a Tiled map (each worker reads it once)."""

    path: str
    ruleset: str | None = None

    def setup(self, seed: int) -> BattleSetup:
        base = _MAP_CACHE.get((self.path, self.ruleset))
        if base is None:
            from game.maps import load_map

            base = _MAP_CACHE[(self.path, self.ruleset)] = load_map(
                self.path, ruleset=self.ruleset, seed=0).setup
        return base.model_copy(update={"seed": seed})

    @property
    def name(self) -> str:
        return Path(self.path).stem


@dataclass(frozen=True)
class SetupSource:
    """Set-ups from a `BattleSetup` given directly (the seed is replaced per game)."""

    base: BattleSetup
    label: str = ""

    def setup(self, seed: int) -> BattleSetup:
        return self.base.model_copy(update={"seed": seed})

    @property
    def name(self) -> str:
        return self.label or self.base.title or "set-up"


_MAP_CACHE: dict[tuple[str, str | None], BattleSetup] = {}


@dataclass
class GameResult:
    index: int
    seed: int
    players: dict[str, str]  # side → player spec
    winner: str | None
    reason: str
    rounds: int
    commands: int
    events: int
    final_hash: str
    finished: bool
    think_ms: dict[str, list[float]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)


@dataclass
class Job:
    source: MapSource | SetupSource
    players: tuple[str, ...]  # one spec per side, in the set-up's side order
    base_seed: int
    index: int
    save_dir: str | None = None
    swap: bool = False  # play the players the other way round (bench: both sides each)


def play_game(job: Job) -> GameResult:
    """One whole game, headless, through the turn manager."""
    seed = game_seed(job.base_seed, job.index)
    setup = job.source.setup(seed)
    sides = [s.id for s in setup.sides]
    if len(job.players) != len(sides):
        raise ValueError(f"{len(job.players)} players for {len(sides)} sides")
    specs = list(job.players)
    if job.swap:
        specs.reverse()
    ctls = {side: make_controller(spec, ai_seed(seed, i))
            for i, (side, spec) in enumerate(zip(sides, specs, strict=True))}
    tm = TurnManager(setup, {side: Seat(side, ctl, False, spec)
                             for (side, ctl), spec in zip(ctls.items(), specs, strict=True)})
    writer = None
    if job.save_dir:
        writer = _save_writer(job, setup, dict(zip(sides, specs, strict=True)), tm)
    errors: list[str] = []
    try:
        results = tm.run(MAX_STEPS)
    finally:
        if writer is not None:
            writer.close()
    if writer is not None and writer.failure is not None:
        raise writer.failure  # the batch stops: a save was asked for and is not whole
    if results and not results[-1].ok:
        errors.append(f"refused command: {results[-1].error}")
    for side, ctl in ctls.items():
        errors += [f"{side}: {e}" for e in ctl.errors]
    out = tm.outcome
    return GameResult(
        index=job.index, seed=seed, players=dict(zip(sides, specs, strict=True)),
        winner=out.winner if out else None, reason=out.reason if out else "unfinished",
        rounds=tm.state.round, commands=len(tm.history), events=len(tm.events),
        final_hash=state_hash(tm.state), finished=out is not None,
        think_ms={side: ctl.think_ms for side, ctl in ctls.items()}, errors=errors)


def saves_available() -> bool:
    try:
        from game import saves
    except ImportError:
        return False
    return hasattr(saves, "SaveWriter") and hasattr(saves, "new_header")


def _save_writer(job: Job, setup: BattleSetup, players: dict[str, str], tm: TurnManager
                 ) -> Any:
    from game import saves

    path = Path(job.save_dir or ".") / f"{job.source.name}-{job.base_seed}-{job.index:05d}.flank"
    header = saves.new_header(setup, scenario_path=getattr(job.source, "path", ""),
                              controllers={s: f"ai:{p}" for s, p in players.items()})
    writer = saves.SaveWriter(path, header, fsync=False)
    writer.attach(tm)
    return writer


# --- batches ---------------------------------------------------------------------------------


@dataclass
class Batch:
    source_name: str
    ruleset: str
    sides: list[str]
    players: list[str]
    seed: int
    results: list[GameResult]

    def summary(self) -> dict[str, Any]:
        return summarize(self)


def _pool_map(fn: Callable[[Job], GameResult], jobs: list[Job], workers: int
              ) -> Iterator[GameResult]:
    if workers <= 1 or len(jobs) <= 1:
        for j in jobs:
            yield fn(j)
        return
    import multiprocessing as mp

    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
    with ctx.Pool(min(workers, len(jobs)), initializer=_worker_start) as pool:
        yield from pool.imap(fn, jobs, chunksize=1)


def _worker_start() -> None:
    """A forked worker ends when the pool ends it: SIGTERM back to its default action.  A
    parent that had started pygame (a window, a test before) left SDL's handler installed,
    which caught the pool's SIGTERM and kept the worker, and the batch, waiting."""
    import signal

    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def run_batch(source: MapSource | SetupSource, players: Sequence[str], games: int,
              seed: int = 0, jobs: int = 1, progress: bool = False,
              save_dir: str | None = None, swap_sides: bool = False) -> Batch:
    """Play `games` games; results in game order whatever `jobs` is.  `swap_sides`: every
    odd-numbered game is played with the players the other way round."""
    setup = source.setup(0)
    sides = [s.id for s in setup.sides]
    specs = [parse_spec(p) for p in players]
    work = [Job(source, tuple(specs), seed, i, save_dir, swap_sides and i % 2 == 1)
            for i in range(games)]
    bar = _progress(games, progress, f"{source.name}: {' v '.join(specs)}")
    results: list[GameResult] = []
    try:
        for r in _pool_map(play_game, work, jobs):
            results.append(r)
            if bar is not None:
                bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    return Batch(source.name, setup.ruleset, sides, specs, seed, results)


def _progress(total: int, show: bool, label: str) -> Any:
    if not show:
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    return tqdm(total=total, desc=label, unit="game", file=sys.stderr, leave=False)


# --- figures ---------------------------------------------------------------------------------


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson score interval for k successes in n trials (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of `values`; 0 for none."""
    if not values:
        return 0.0
    s = sorted(values)
    k = max(0, min(len(s) - 1, math.ceil(q / 100 * len(s)) - 1))
    return s[k]


def summarize(batch: Batch) -> dict[str, Any]:
    res = batch.results
    n = len(res)
    wins = {s: sum(1 for r in res if r.winner == s) for s in batch.sides}
    by_player: dict[str, int] = {}
    for r in res:
        if r.winner is not None:
            spec = r.players[r.winner]
            by_player[spec] = by_player.get(spec, 0) + 1
    draws = sum(1 for r in res if r.winner is None)
    think_all = [t for r in res for ts in r.think_ms.values() for t in ts]
    think_side = {s: [t for r in res for t in r.think_ms.get(s, [])] for s in batch.sides}
    think_player: dict[str, list[float]] = {}
    for r in res:
        for s, ts in r.think_ms.items():
            think_player.setdefault(r.players[s], []).extend(ts)

    def ms(values: list[float]) -> dict[str, float]:
        return {"median": round(statistics.median(values), 3) if values else 0.0,
                "p95": round(percentile(values, 95), 3), "decisions": len(values)}

    return {
        "map": batch.source_name,
        "ruleset": batch.ruleset,
        "seed": batch.seed,
        "games": n,
        "players": dict(zip(batch.sides, batch.players, strict=True)),
        "wins": wins,
        "wins_by_player": {p: by_player.get(p, 0) for p in dict.fromkeys(batch.players)},
        "win_rate": {s: {"rate": round(wins[s] / n, 4) if n else 0.0,
                         "ci95": [round(x, 4) for x in wilson(wins[s], n)]}
                     for s in batch.sides},
        "draws": draws,
        "unfinished": sum(1 for r in res if not r.finished),
        "mean_rounds": round(statistics.fmean(r.rounds for r in res), 3) if n else 0.0,
        "mean_events": round(statistics.fmean(r.events for r in res), 3) if n else 0.0,
        "mean_commands": round(statistics.fmean(r.commands for r in res), 3) if n else 0.0,
        "think_ms": {**ms(think_all), "by_side": {s: ms(v) for s, v in think_side.items()},
                     "by_player": {p: ms(v) for p, v in think_player.items()}},
        "errors": sum(len(r.errors) for r in res),
        "state_hashes": [r.final_hash for r in res],
    }


def format_table(s: dict[str, Any]) -> str:
    """The summary as a small text table."""
    lines = [f"{s['games']} games of {s['map']} under {s['ruleset']} (seed {s['seed']})", ""]
    head = f"{'side':<14}{'player':<12}{'wins':>6}{'win rate':>10}   {'95% CI (Wilson)':<17}"
    lines += [head, "-" * len(head)]
    for side, spec in s["players"].items():
        w = s["win_rate"][side]
        lo, hi = w["ci95"]
        lines.append(f"{side:<14}{spec:<12}{s['wins'][side]:>6}{w['rate'] * 100:>9.1f}%   "
                     f"{lo * 100:5.1f}% – {hi * 100:5.1f}%")
    d = s["draws"]
    lo, hi = wilson(d, s["games"])
    lines.append(f"{'draws':<26}{d:>6}{(d / s['games'] * 100 if s['games'] else 0):>9.1f}%   "
                 f"{lo * 100:5.1f}% – {hi * 100:5.1f}%")
    lines.append("")
    lines.append(f"mean length: {s['mean_rounds']:.1f} rounds, {s['mean_events']:.0f} events, "
                 f"{s['mean_commands']:.0f} commands")
    t = s["think_ms"]
    lines.append(f"AI think time per decision: median {t['median']:.2f} ms, p95 {t['p95']:.2f} ms"
                 f" ({t['decisions']} decisions)")
    for p, v in t["by_player"].items():
        lines.append(f"  {p:<12} median {v['median']:.2f} ms, p95 {v['p95']:.2f} ms")
    if s["unfinished"]:
        lines.append(f"{s['unfinished']} game(s) unfinished after {MAX_STEPS} commands "
                     "(counted as draws)")
    if s["errors"]:
        lines.append(f"{s['errors']} AI fallback(s): a search failed and a safe command was "
                     "played instead")
    return "\n".join(lines)


def to_json(s: dict[str, Any]) -> str:
    return json.dumps(s, sort_keys=False)


def default_jobs() -> int:
    return max(1, min(os.cpu_count() or 1, 8))


__all__ = ["Batch", "GameResult", "Job", "MapSource", "SetupSource", "ai_seed", "asdict",
           "format_table", "game_seed", "play_game", "run_batch", "saves_available",
           "summarize", "wilson"]


# --- the command line (`flank simulate`) ------------------------------------------------------


class SimulateUsage(Exception):
    """Bad input to `flank simulate`: one line, exit status 2."""


def _whole(text: Any, flag: str, low: int, high: int) -> int:
    try:
        value = int(str(text).strip())
    except ValueError:
        raise SimulateUsage(f"{flag} {text!r}: give a whole number") from None
    if not low <= value <= high:
        raise SimulateUsage(f"{flag} {value}: must be between {low} and {high}")
    return value


def main(args: Any) -> int:
    """Run `flank simulate` from parsed arguments; SimulateUsage for bad input."""
    from game.content import chosen_map, find_scenario
    from game.maps import MapError, load_map
    from rules.engine import ruleset_of

    games = _whole(args.games, "--games", 1, 1_000_000)
    seed = _whole(args.seed, "--seed", 0, 2**63 - 1)
    jobs = default_jobs() if args.jobs is None else _whole(args.jobs, "--jobs", 1, 256)
    if args.ruleset is not None:
        try:
            ruleset_of(args.ruleset)
        except KeyError as exc:
            raise SimulateUsage(f"--ruleset: {exc.args[0]}") from None
    try:
        path = str(find_scenario(args.map))
    except FileNotFoundError as exc:
        raise SimulateUsage(str(exc)) from None
    try:
        sc = load_map(path, ruleset=args.ruleset, seed=0, to_play=True)
    except MapError as exc:
        raise SimulateUsage(str(exc)) from None
    chosen_map(path)  # its saves (--save) may draw it when watched (game.saves.map_path)
    sides = [s.id for s in sc.setup.sides]
    players = [p.strip() for p in str(args.players).split(",")]
    for p in players:
        try:
            parse_spec(p)
        except ValueError as exc:
            raise SimulateUsage(f"--players: {exc}") from None
    if len(players) != len(sides):
        raise SimulateUsage(f"--players names {len(players)} player(s) but {Path(path).name} "
                            f"has {len(sides)} sides ({', '.join(sides)})")
    save_dir = None
    if args.save_dir:
        if saves_available():
            save_dir = _checked_save_dir(args.save_dir)
        else:
            print(f"flank simulate: --save-dir {args.save_dir}: saves are not available in "
                  "this build, so the games are not saved", file=sys.stderr)
    progress = not args.json and sys.stderr.isatty()
    try:
        batch = run_batch(MapSource(path, args.ruleset), players, games, seed=seed, jobs=jobs,
                          progress=progress, save_dir=save_dir)
    except OSError as exc:  # the disk filled, or the folder went read-only, during the batch
        raise SimulateUsage(_save_dir_problem(args.save_dir, exc)) from None
    summary = batch.summary()
    print(to_json(summary) if args.json else format_table(summary))
    return 0


def _checked_save_dir(given: str) -> str:
    """The --save-dir folder, made if need be and tried with a small write, before any game
    is played; SimulateUsage (one line) if saves cannot be written there."""
    from game.saves import check_save_folder

    try:
        check_save_folder(Path(given))
    except OSError as exc:
        raise SimulateUsage(_save_dir_problem(given, exc)) from None
    return given


def _save_dir_problem(given: str, exc: OSError) -> str:
    """One line: the folder given, and what is wrong with it or with a save in it."""
    from game.saves import SaveFolderError

    if isinstance(exc, SaveFolderError):
        return f"--save-dir {exc}" if exc.path == str(Path(given)) else \
            f"--save-dir {given}: {exc}"
    return f"--save-dir {given}: {exc.strerror or exc}"
