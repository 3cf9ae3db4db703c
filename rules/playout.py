"""Random legal play: the conformance tests' fuzzer, the soak's and the engine benchmark's
workload.

The chooser has its own `random.Random(seed)`, never the global one, so a playout is
reproducible from (set-up, seed) alone.  `random_steps` is the one loop: `random_playout`
keeps what it yields, and the conformance harness (tests/conformance/harness.py) checks every
step of it, so a game the harness reports can be played again with `random_playout`.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from rules.commands import Command
from rules.engine import BattleSetup, decider, legal_commands, start, submit
from rules.events import Event
from rules.state import Battle


@dataclass
class Playout:
    setup: BattleSetup
    initial: Battle
    final: Battle
    commands: list[Command] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    states: list[Battle] = field(default_factory=list)  # after each command, if kept


@dataclass(frozen=True)
class Step:
    """One command of a random game: the state it was chosen in, what was legal there, the
    one chosen, and what it did."""

    before: Battle
    legal: list[Command]
    command: Command
    after: Battle
    events: list[Event]


def random_steps(state: Battle, seed: int, max_commands: int = 2000) -> Iterator[Step]:
    """Play from `state` by picking uniformly among the legal commands, until the battle is
    over or `max_commands` have been given.  RuntimeError if whoever must decide has no
    legal command (a broken promise)."""
    rng = random.Random(seed)
    for _ in range(max_commands):
        side = decider(state)
        if side is None:
            return
        options = legal_commands(state, side)
        if not options:
            raise RuntimeError(f"{side} must decide but has no legal command "
                               f"(top frame {type(state.top).__name__})")
        cmd = rng.choice(options)
        after, new = submit(state, cmd)
        yield Step(state, options, cmd, after, new)
        state = after


def random_playout(setup: BattleSetup, seed: int, max_commands: int = 2000,
                   keep_states: bool = False) -> Playout:
    state, events = start(setup)
    out = Playout(setup=setup, initial=state, final=state, events=list(events))
    for step in random_steps(state, seed, max_commands):
        out.commands.append(step.command)
        out.events.extend(step.events)
        if keep_states:
            out.states.append(step.after)
        out.final = step.after
    return out
