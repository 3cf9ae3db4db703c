"""Enchanted Realms keeps the engine's promises under random play (tests/conformance/
harness.py): after every command the invariants hold and a wrong field is refused; after
every game the events and the command log replay, a save loads back, and the same seed plays
the same game.  The suite-wide conformance test covers it once its entry point is installed;
until then this file plays it through the same harness."""

import json

import pytest

from rules.commands import command_from_json
from rules.events import event_from_json, event_to_json
from rules.playout import random_playout
from tests.conformance.harness import Battleground, game_checks, play_checked

GROUND = Battleground("enchanted_realms", "skirmish")


@pytest.mark.parametrize("seed", [0, 1, 2, 7, 11])
def test_random_games_keep_every_promise(seed: int) -> None:
    play = play_checked(GROUND, seed, max_commands=250, probes_per_step=1)
    assert play.commands
    assert play.probes and play.refused + play.harmless == play.probes
    game_checks(play)


def test_every_event_and_command_round_trips_through_json() -> None:
    play = random_playout(GROUND.setup(5), 5, max_commands=400)
    for e in play.events:
        assert event_from_json(event_to_json(e)) == e
        json.loads(event_to_json(e))
    for c in play.commands:
        assert command_from_json(c.model_dump_json()) == c


def test_random_players_fight_a_whole_battle_to_its_end() -> None:
    """Two random players finish the sample battle: a side wins or the rounds run out."""
    for seed in range(3):
        play = random_playout(GROUND.setup(seed), seed, max_commands=8000)
        assert play.final.outcome is not None
