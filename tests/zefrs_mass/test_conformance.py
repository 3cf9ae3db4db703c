"""The mass battle keeps the engine's promises under random play (tests/conformance/
harness.py): after every command the "grid" board's invariants hold and a command with one
field made wrong is refused; after every game the events and the command log replay, a save
loads back and verifies, and the same seed plays the same game."""

import json

import pytest

from rules.commands import command_from_json
from rules.events import event_from_json, event_to_json
from rules.playout import random_playout
from tests.conformance.harness import Battleground, game_checks, play_checked

GROUND = Battleground("zefrs", "mass")


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_mass_battles_keep_every_promise(seed: int) -> None:
    play = play_checked(GROUND, seed, max_commands=150, probes_per_step=1)
    assert play.commands
    assert play.probes and play.refused + play.harmless == play.probes
    game_checks(play)


def test_every_mass_event_and_command_round_trips_through_json() -> None:
    kinds: set[str] = set()
    for seed in (3, 4, 5):
        play = random_playout(GROUND.setup(seed), seed, max_commands=2000)
        kinds |= {e.type for e in play.events}
        for e in play.events:
            assert event_from_json(event_to_json(e)) == e
            json.loads(event_to_json(e))
        for c in play.commands:
            assert command_from_json(c.model_dump_json()) == c
    assert {"zef_mass_deployed", "zef_mass_revealed", "zef_mass_ordered",
            "zef_mass_unit_checked", "zef_mass_round_ended"} <= kinds


def test_random_commanders_fight_a_mass_battle_to_its_end() -> None:
    """Two random commanders finish the sample battle: a side is swept from the field or
    the rounds run out (R-ZEF-MASS-END)."""
    for seed in range(2):
        play = random_playout(GROUND.setup(seed), seed, max_commands=3000)
        assert play.final.outcome is not None
