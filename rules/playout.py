"""Random legal play: the conformance tests' fuzzer and the engine benchmark's workload.

The chooser has its own `random.Random(seed)`, never the global one, so a playout is
reproducible from (set-up, seed) alone.
"""

from __future__ import annotations

import random
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


def random_playout(setup: BattleSetup, seed: int, max_commands: int = 2000,
                   keep_states: bool = False) -> Playout:
    rng = random.Random(seed)
    state, events = start(setup)
    out = Playout(setup=setup, initial=state, final=state, events=list(events))
    for _ in range(max_commands):
        side = decider(state)
        if side is None:
            break
        options = legal_commands(state, side)
        if not options:
            raise RuntimeError(f"{side} must decide but has no legal command "
                               f"(top frame {type(state.top).__name__})")
        cmd = rng.choice(options)
        state, new = submit(state, cmd)
        out.commands.append(cmd)
        out.events.extend(new)
        if keep_states:
            out.states.append(state)
    out.final = state
    return out
