"""The engine's promises, checked on every ruleset by random legal play (OpenSpiel-style
conformance): determinism, replay from events alone, JSON round trips of every event and
command, immutability (copy is free), and that illegal commands change nothing."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.commands import Command, Move, command_from_json
from rules.engine import (
    IllegalCommand,
    catalogue,
    decider,
    evolve_all,
    initial_state,
    legal_commands,
    start,
    submit,
)
from rules.events import event_from_json, event_to_json
from rules.playout import random_playout
from rules.scenarios import demo_setup, open_field
from rules.state import state_hash

RULESETS = [rid for rid, _, _ in catalogue()]
FAST = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("ruleset", RULESETS)
@FAST
@given(seed=st.integers(0, 2**32))
def test_replaying_the_events_rebuilds_the_live_state(ruleset: str, seed: int) -> None:
    setup = demo_setup(ruleset, seed=seed)
    play = random_playout(setup, seed, max_commands=300)
    rebuilt = evolve_all(initial_state(setup), play.events)
    assert rebuilt == play.final
    assert state_hash(rebuilt) == state_hash(play.final)


@pytest.mark.parametrize("ruleset", RULESETS)
@FAST
@given(seed=st.integers(0, 2**32))
def test_same_seed_and_commands_give_the_same_events(ruleset: str, seed: int) -> None:
    setup = demo_setup(ruleset, seed=seed)
    first = random_playout(setup, seed, max_commands=200)
    state, events = start(setup)
    for cmd in first.commands:
        state, new = submit(state, cmd)
        events += new
    assert [e.model_dump() for e in events] == [e.model_dump() for e in first.events]
    assert state_hash(state) == state_hash(first.final)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_event_and_command_round_trips_through_json(ruleset: str) -> None:
    play = random_playout(demo_setup(ruleset, seed=5), 5, max_commands=400)
    assert play.events and play.commands
    for e in play.events:
        text = event_to_json(e)
        assert event_from_json(text) == e
        json.loads(text)  # plain JSON, nothing exotic
    for c in play.commands:
        assert command_from_json(c.model_dump_json()) == c


@pytest.mark.parametrize("ruleset", RULESETS)
def test_states_are_values_so_undo_is_keeping_the_old_one(ruleset: str) -> None:
    play = random_playout(demo_setup(ruleset, seed=9), 9, max_commands=60, keep_states=True)
    before = play.states[10]
    snapshot = state_hash(before)
    state = before
    for cmd in play.commands[11:]:
        state, _ = submit(state, cmd)
    assert state_hash(before) == snapshot  # nothing later touched the earlier state


@pytest.mark.parametrize("ruleset", RULESETS)
@FAST
@given(seed=st.integers(0, 2**32), junk=st.integers(0, 10_000))
def test_illegal_commands_are_refused_with_a_reason_and_change_nothing(
        ruleset: str, seed: int, junk: int) -> None:
    play = random_playout(demo_setup(ruleset, seed=seed), seed, max_commands=40,
                          keep_states=True)
    state = play.states[junk % len(play.states)]
    side = decider(state)
    if side is None:
        return
    legal = legal_commands(state, side)
    unit = state.units[junk % len(state.units)]
    far = (unit.pos.q + 40, unit.pos.r) if unit.pos else (99, 99)
    bogus: list[Command] = [Move(unit=unit.id, path=(far,)),
                            Move(unit="nobody", path=((0, 0),))]
    for cmd in bogus:
        if cmd in legal:
            continue
        snapshot = state_hash(state)
        with pytest.raises(IllegalCommand) as err:
            submit(state, cmd)
        assert err.value.reason
        assert state_hash(state) == snapshot


def test_a_twelve_a_side_battle_runs_to_the_end() -> None:
    play = random_playout(open_field("fallen_empire", 12, seed=2), 2, max_commands=5000)
    assert play.final.outcome is not None
    assert evolve_all(initial_state(play.setup), play.events) == play.final
