"""`engine.apply`: a trusted command applied without `check` (issue 36, item 3).

A search applies thousands of commands it took from `legal_commands`; checking each again
is work `submit` does for commands from outside.  The promise: for a legal command, `apply`
gives exactly `submit`'s state and events, and the state it started from is unchanged, so
a search branches from one state with no clone (states are frozen; structural sharing).
Played over every mode of every ruleset the registry knows, seed-fixed random games.
"""

from __future__ import annotations

import copy
import random

import pytest

from rules.engine import BattleSetup, apply, decider, legal_commands, rulesets, start, submit
from rules.scenarios import open_field
from tests.conformance.harness import Battleground, battlegrounds

STEPS = 100  # commands a battleground: a few rounds of each, a fraction of a second apiece


@pytest.mark.parametrize("ground", battlegrounds(), ids=lambda g: g.id)
def test_trusted_apply_is_submit(ground: Battleground) -> None:
    _both_ways(ground.setup(7), ground.id, STEPS)


@pytest.mark.parametrize("ruleset", [rs.id for rs in rulesets()])
def test_trusted_apply_is_submit_in_a_crowd(ruleset: str) -> None:
    """Six a side in two lines (`scenarios.open_field`, what bench/forward.py measures at
    larger sizes): the listings and the caches the rulesets keep per board are larger."""
    _both_ways(open_field(ruleset, 6, seed=3), f"{ruleset} open field", 40)


def _both_ways(setup: BattleSetup, where_from: str, steps: int) -> None:
    """Random legal play from `setup`, each command given both ways and compared."""
    state, _ = start(setup)
    rng = random.Random(7)
    for step in range(steps):
        side = decider(state)
        if side is None:
            break
        options = legal_commands(state, side)
        cmd = rng.choice(options)
        before = copy.deepcopy(state)
        checked, checked_events = submit(state, cmd)
        trusted, trusted_events = apply(state, cmd)
        where = f"{where_from}, command {step} ({cmd.describe()})"
        assert trusted == checked, where
        assert trusted_events == checked_events, where
        # Another branch from the same state: the state searched from stays as it was.
        other = rng.choice(options)
        apply(state, other)
        assert state == before, f"{where}: applying {other.describe()} changed the state"
        assert apply(state, cmd) == (checked, checked_events), f"{where}: not repeatable"
        state = checked
