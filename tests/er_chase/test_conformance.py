"""The chase keeps the engine's promises under random play (tests/conformance/harness.py):
after every command the "track" board's invariants hold (nobody on the lane twice, no
pursuer past a fleeing figure, the seconds 10 to 1) and a command with one field made wrong
is refused; after every game the events and the command log replay, a save loads back and
verifies, and the same seed plays the same chase."""

import json

import pytest

from rules.commands import command_from_json
from rules.events import event_from_json, event_to_json
from rules.invariants import violations
from rules.playout import random_playout
from tests.conformance.harness import Battleground, battlegrounds, game_checks, play_checked

GROUND = Battleground("enchanted_realms", "chase")


def test_the_chase_is_a_mode_the_conformance_tests_find() -> None:
    assert GROUND in battlegrounds()


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_chases_keep_every_promise(seed: int) -> None:
    play = play_checked(GROUND, seed, max_commands=150, probes_per_step=1)
    assert play.commands
    assert play.probes and play.refused + play.harmless == play.probes
    game_checks(play)


def test_every_chase_event_and_command_round_trips_through_json() -> None:
    kinds: set[str] = set()
    for seed in (3, 4, 5, 6):
        play = random_playout(GROUND.setup(seed), seed, max_commands=2000)
        kinds |= {e.type for e in play.events}
        for e in play.events:
            assert event_from_json(event_to_json(e)) == e
            json.loads(event_to_json(e))
        for c in play.commands:
            assert command_from_json(c.model_dump_json()) == c
    assert {"er_chase_began", "er_chase_initiative", "er_chase_moved", "er_chase_choice",
            "er_chase_second_ended", "er_chase_ended"} <= kinds


def test_random_runners_finish_the_cutpurses_sprint() -> None:
    for seed in range(4):
        play = random_playout(GROUND.setup(seed), seed, max_commands=3000)
        assert play.final.outcome is not None


def test_a_pursuer_past_the_thief_is_reported() -> None:
    """The track's invariant can fail: a lane with the pursuer ahead of the thief."""
    from dataclasses import replace

    from rules.engine import initial_state
    from rules.systems.enchanted_realms.chase.events import chase_frame

    st = initial_state(GROUND.setup(0))
    f = chase_frame(st)
    assert f is not None
    bad = replace(f, runners=tuple(replace(r, at=50) if r.role == "pursuer" else r
                                   for r in f.runners))
    broken = violations(st.remade(stack=(bad,)))
    assert broken and "has passed" in broken[0]
