"""Random play with every promise checked: the conformance tests' and the soak's one harness.

Why this exists: the engine's promises (DESIGN.md, "The rules core") must hold under every
ruleset and every mode, including those that arrive later and a GM's house ruleset
installed beside Flank.  So nothing here names a ruleset: the battles come from the
registry (`rules.engine.rulesets()`, each ruleset's `modes()` and `sample_setup`), the
per-state promises from the board kind's invariants (`rules.invariants`), and the wrong
commands from `mutations.wrong_values`.

After every command (`play_checked`):
  * the board kind's invariants hold (no HP above the maximum; on a hex map one figure at
    rest a hex, each facing one of six; the lists' own …);
  * whoever must decide has a legal command, and while nobody must the battle is over;
  * a legal command with one field made wrong is refused with a reason and changes nothing,
    or (where the change is harmless) gives the identical events and state.
After every game (`game_checks`):
  * folding the events onto the initial state rebuilds the final state;
  * submitting the command log again gives the same events and state;
  * written as a save and loaded back (game.saves), it is the same battle, and verifies;
  * the same seed plays the same game (`rules.playout.random_playout`, the same chooser).
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from rules.builder import Scenario
from rules.commands import Command
from rules.engine import (
    BattleSetup,
    IllegalCommand,
    Ruleset,
    decider,
    evolve_all,
    initial_state,
    legal_commands,
    ruleset_of,
    rulesets,
    start,
    submit,
)
from rules.events import Event
from rules.invariants import violations
from rules.playout import random_playout, random_steps
from rules.state import Battle, state_hash
from tests.conformance.mutations import mutated, wrong_values


class ConformanceError(AssertionError):
    """A promise broken: says which battle, seed and step, and what."""


@dataclass(frozen=True)
class Battleground:
    """One ruleset in one of its modes: what the conformance tests and the soak play."""

    ruleset: str
    mode: str

    @property
    def id(self) -> str:
        return f"{self.ruleset}.{self.mode}"

    def setup(self, seed: int) -> BattleSetup:
        return setup_for(ruleset_of(self.ruleset), self.mode, seed)


def battlegrounds() -> list[Battleground]:
    """Every mode of every ruleset that loads, bundled or installed beside Flank."""
    return [Battleground(rs.id, mode) for rs in rulesets() for mode in rs.modes()]


def setup_for(rs: Ruleset, mode: str, seed: int) -> BattleSetup:
    """The ruleset's own sample battle in `mode`; for a skirmish of a ruleset that gives
    none, two figures a side from its first templates (or any name, if it keeps none)."""
    sample = rs.sample_setup(mode, seed)
    if sample is not None:
        return sample
    if mode != "skirmish":
        raise LookupError(f"{rs.id} defines the mode {mode!r} but no sample_setup for it, so "
                          "it cannot be fuzzed")
    templates = rs.templates() or ["figure"]
    a, b = templates[0], templates[min(1, len(templates) - 1)]
    return (Scenario(rs.id, seed=seed, radius=5, title="conformance")
            .side("blue", player_characters=True).side("red")
            .unit("b1", a, "blue", (-2, 0), facing=0).unit("b2", b, "blue", (-2, 1), facing=0)
            .unit("r1", b, "red", (2, 0), facing=3).unit("r2", a, "red", (2, -1), facing=3)
            .build())


@dataclass
class Played:
    """A game played by `play_checked`, with what was tried on the way."""

    ground: str
    seed: int
    setup: BattleSetup
    opening: list[Event]
    final: Battle
    commands: list[Command] = field(default_factory=list)
    steps: list[tuple[Command, tuple[Event, ...]]] = field(default_factory=list)
    probes: int = 0  # wrong commands tried
    refused: int = 0
    harmless: int = 0  # accepted, with the identical result

    @property
    def events(self) -> list[Event]:
        return self.opening + [e for _, evs in self.steps for e in evs]


def _fail(play: Played, step: int, what: str) -> ConformanceError:
    return ConformanceError(f"{play.ground}, seed {play.seed}, after {step} commands: {what}")


def check_state(play: Played, state: Battle, step: int) -> None:
    """The board kind's invariants, and a legal command for whoever must decide."""
    broken = violations(state)
    if broken:
        raise _fail(play, step, "; ".join(broken))
    side = decider(state)
    if side is None:
        if state.outcome is None:
            raise _fail(play, step, "nobody is to decide, yet the battle is not over")
        return
    if not legal_commands(state, side):
        raise _fail(play, step, f"{side} must decide but has no legal command "
                                f"({type(state.top).__name__} on top)")


def probe(play: Played, state: Battle, cmd: Command, rng: random.Random, step: int) -> None:
    """One field of the legal `cmd` made wrong: refused with a reason and the state
    unchanged, or the identical result."""
    wrong = wrong_values(state, cmd)
    if not wrong:
        return
    name, value = rng.choice(wrong)
    bad = mutated(cmd, name, value)
    what = f"{cmd.describe()} with {name}={value!r}"
    before = state_hash(state)
    play.probes += 1
    try:
        after, events = submit(state, bad)
    except IllegalCommand as exc:
        if not exc.reason:
            raise _fail(play, step, f"{what} was refused without a reason") from None
        if state_hash(state) != before:
            raise _fail(play, step, f"refusing {what} changed the state") from None
        play.refused += 1
        return
    except Exception as exc:
        raise _fail(play, step, f"{what} crashed the engine: {exc!r}") from exc
    good_state, good_events = submit(state, cmd)
    if ([e.model_dump() for e in events] != [e.model_dump() for e in good_events]
            or state_hash(after) != state_hash(good_state)):
        raise _fail(play, step, f"{what} was accepted and did something else than "
                                f"{cmd.describe()}")
    play.harmless += 1


def play_checked(ground: Battleground, seed: int, max_commands: int = 300,
                 probes_per_step: int = 1) -> Played:
    """A random game (`rules.playout.random_steps`, the one `random_playout(setup, seed)`
    plays) with every per-command promise checked; raises ConformanceError at the first
    one broken."""
    setup = ground.setup(seed)
    prober = random.Random(seed ^ 0x5EED)
    state, opening = start(setup)
    play = Played(ground.id, seed, setup, list(opening), state)
    check_state(play, state, 0)
    steps = random_steps(state, seed, max_commands)
    while True:
        n = len(play.commands) + 1
        try:
            step = next(steps)
        except StopIteration:
            break
        except IllegalCommand as exc:
            raise _fail(play, n, f"a legal {exc.command.describe()} was refused: "
                                 f"{exc.reason}") from None
        for _ in range(probes_per_step):
            probe(play, step.before, prober.choice(step.legal), prober, n)
        play.commands.append(step.command)
        play.steps.append((step.command, tuple(step.events)))
        play.final = step.after
        check_state(play, step.after, n)
    return play


def game_checks(play: Played, *, save: bool = True) -> None:
    """Replay from events and from commands, save and load, and the same seed again."""
    final = play.final
    if evolve_all(initial_state(play.setup), play.events) != final:
        raise _fail(play, len(play.commands), "folding the events does not rebuild the state")
    state, events = start(play.setup)
    for cmd in play.commands:
        state, new = submit(state, cmd)
        events += new
    if ([e.model_dump() for e in events] != [e.model_dump() for e in play.events]
            or state_hash(state) != state_hash(final)):
        raise _fail(play, len(play.commands), "the command log, submitted again, plays out "
                                              "differently")
    again = random_playout(play.setup, play.seed, max_commands=len(play.commands))
    if again.commands != play.commands or state_hash(again.final) != state_hash(final):
        raise _fail(play, len(play.commands), "the same seed played a different game")
    if save:
        save_round_trip(play)


def save_round_trip(play: Played) -> None:
    """Written as a save (game.saves) and loaded back: the same battle, and it verifies."""
    from game.saves import SaveWriter, load_save, new_header, verify_save

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "conformance.flank"
        with SaveWriter(path, new_header(play.setup), fsync=False) as writer:
            writer.record_opening(play.opening)
            for cmd, events in play.steps:
                writer.record_step(cmd, events)
        loaded = load_save(path)
        if loaded.state != play.final or loaded.history != play.steps:
            raise _fail(play, len(play.commands), "the save loads back as another battle")
        if not verify_save(loaded).ok:
            raise _fail(play, len(play.commands), "the save does not verify")


@dataclass
class Tally:
    games: int = 0
    commands: int = 0
    probes: int = 0
    refused: int = 0
    harmless: int = 0
    by_ground: dict[str, int] = field(default_factory=dict)

    def add(self, play: Played) -> None:
        self.games += 1
        self.commands += len(play.commands)
        self.probes += play.probes
        self.refused += play.refused
        self.harmless += play.harmless
        self.by_ground[play.ground] = self.by_ground.get(play.ground, 0) + 1


def fresh_first_seed() -> int:
    """A first seed no earlier soak is likely to have played: a soak explores (CI's sweep is
    the fixed part), and prints this seed so the same games can be played again."""
    return random.SystemRandom().randrange(10_000, 2**31)


def soak(until: Callable[[Tally], bool], first_seed: int = 0, max_commands: int = 600,
         probes_per_step: int = 1, on_game: Callable[[Played], None] | None = None) -> Tally:
    """Play and check games round the battlegrounds, seed after seed, until `until(tally)`:
    the soak (bench/soak.py, `pytest --long`).  Raises ConformanceError at the first
    broken promise (its message names the battle and seed, to play it again)."""
    grounds = battlegrounds()
    tally = Tally()
    seed = first_seed
    while not until(tally):
        for ground in grounds:
            play = play_checked(ground, seed, max_commands, probes_per_step)
            game_checks(play)
            tally.add(play)
            if on_game is not None:
                on_game(play)
        seed += 1
    return tally


__all__ = ["Battleground", "ConformanceError", "Played", "Tally", "battlegrounds",
           "check_state", "fresh_first_seed", "game_checks", "play_checked", "probe",
           "save_round_trip", "setup_for", "soak"]
