"""What the rulesets' own conformance files checked beyond tests/test_engine_conformance.py,
as one test over the registry's battlegrounds instead of a copy in each ruleset's folder.

The engine-wide file already plays seeds 0 to 5 on every battleground with the same checks
and round-trips seed 5's events and commands through JSON; here are the further seeds a
ruleset's file played (after every command the invariants hold and a wrong field is
refused; after every game the events and the command log replay, a save loads back, and the
same seed plays the same game) and the random players who fight a whole battle to its end.
The modes' events are checked by kind (the chase's and the mass battle's); the chase's
track invariant stays in its folder."""

import json

import pytest

from rules.commands import command_from_json
from rules.events import event_from_json, event_to_json
from rules.playout import random_playout
from tests.conformance.harness import Battleground, battlegrounds, game_checks, play_checked

GROUNDS = {g.id: g for g in battlegrounds()}

FURTHER_SEEDS = {"enchanted_realms.skirmish": ((7, 11), 250), "zefrs.skirmish": ((7, 11), 250),
                 "tarnished_tale.skirmish": ((7, 11), 250),
                 "enchanted_realms.chase": ((0, 1, 2), 150), "zefrs.mass": ((0, 1, 2), 150)}
"""Games beyond the engine-wide sweep, by battleground id: the seeds and their commands."""

EVENT_KINDS = {
    "enchanted_realms.chase": ((3, 4, 5, 6), {"er_chase_began", "er_chase_initiative",
                                              "er_chase_moved", "er_chase_choice",
                                              "er_chase_second_ended", "er_chase_ended"}),
    "zefrs.mass": ((3, 4, 5), {"zef_mass_deployed", "zef_mass_revealed", "zef_mass_ordered",
                               "zef_mass_unit_checked", "zef_mass_round_ended"}),
}
"""Modes whose own events a few random games of 2,000 commands must show, every one
round-tripping through JSON: the seeds and the event types."""

TO_THE_END = {"enchanted_realms.skirmish": (range(3), 8000), "zefrs.skirmish": (range(3), 5000),
              "tarnished_tale.skirmish": (range(3), 5000),
              "enchanted_realms.chase": (range(4), 3000),
              "zefrs.mass": (range(2), 3000)}
"""Battlegrounds whose sample battle two random players must finish (a side wins, or the
rounds or the chase's seconds run out; R-ZEF-MASS-END for the mass battle): the seeds, and
the commands that are enough."""

SEEDED = [(GROUNDS[g], s, n) for g, (seeds, n) in FURTHER_SEEDS.items() if g in GROUNDS
          for s in seeds]
ENDED = [GROUNDS[g] for g in TO_THE_END if g in GROUNDS]
KINDS = [GROUNDS[g] for g in EVENT_KINDS if g in GROUNDS]


def test_every_battleground_named_here_is_in_the_registry() -> None:
    assert set(FURTHER_SEEDS) | set(TO_THE_END) | set(EVENT_KINDS) <= set(GROUNDS)


@pytest.mark.parametrize(("ground", "seed", "commands"), SEEDED,
                         ids=[f"{g.id}-{s}" for g, s, _ in SEEDED])
def test_random_games_keep_every_promise(ground: Battleground, seed: int,
                                         commands: int) -> None:
    play = play_checked(ground, seed, max_commands=commands, probes_per_step=1)
    assert play.commands
    assert play.probes and play.refused + play.harmless == play.probes
    game_checks(play)


@pytest.mark.parametrize("ground", ENDED, ids=[g.id for g in ENDED])
def test_random_players_fight_a_whole_battle_to_its_end(ground: Battleground) -> None:
    seeds, commands = TO_THE_END[ground.id]
    for seed in seeds:
        play = random_playout(ground.setup(seed), seed, max_commands=commands)
        assert play.final.outcome is not None, f"seed {seed} did not end"


@pytest.mark.parametrize("ground", KINDS, ids=[g.id for g in KINDS])
def test_every_mode_event_and_command_round_trips_through_json(ground: Battleground) -> None:
    seeds, wanted = EVENT_KINDS[ground.id]
    kinds: set[str] = set()
    for seed in seeds:
        play = random_playout(ground.setup(seed), seed, max_commands=2000)
        kinds |= {e.type for e in play.events}
        for e in play.events:
            assert event_from_json(event_to_json(e)) == e
            json.loads(event_to_json(e))
        for c in play.commands:
            assert command_from_json(c.model_dump_json()) == c
    assert wanted <= kinds
