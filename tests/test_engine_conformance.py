"""The engine's promises, checked by random legal play (OpenSpiel-style conformance) on every
mode of every ruleset, found through the registry (`tests/conformance/harness.py`): a new
ruleset, a new mode (declared in `Ruleset.modes()` with a `sample_setup`) or a GM's house
ruleset installed beside Flank is covered without a line here.

After every command: the board kind's invariants (`rules/invariants.py`: no HP above the
maximum; on a hex map one figure at rest a hex, each facing one of six; the lists' own), a
legal command for whoever must decide until the battle ends, and a legal command with one
field made wrong refused with the state unchanged.  After every game: replay from the
events and from the command log, a save written and loaded back (game.saves), and the same
seed playing the same game.

CI plays a fixed sweep of seeds on every battleground, so a commit passes or fails the same
way on every run; the seeds that ever broke a promise are kept by name in
`tests/conformance/failed_seeds.py` and played too.  The random exploration is the soak:
`pytest --long` for an hour (or `--long-minutes N`), or `python bench/soak.py --minutes N`,
each from a fresh first seed that it prints; a seed it finds broken goes into that table.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass

import pytest

from rules.commands import command_from_json
from rules.engine import evolve_all, initial_state, start, submit
from rules.events import event_from_json, event_to_json
from rules.invariants import violations
from rules.playout import random_playout
from rules.scenarios import open_field
from rules.state import Frame, state_hash
from tests.conformance.failed_seeds import FAILED_SEEDS
from tests.conformance.harness import (
    Battleground,
    battlegrounds,
    fresh_first_seed,
    game_checks,
    play_checked,
    soak,
)
from tests.test_house_ruleset import installed  # noqa: F401 (its fixture, used below)

GROUNDS = battlegrounds()
IDS = [g.id for g in GROUNDS]
SWEEP = range(6)
"""The seeds CI plays on every battleground: six games each, what the suite's time allows."""


def _keeps_every_promise(ground: Battleground, seed: int, commands: int = 250) -> None:
    play = play_checked(ground, seed, max_commands=commands, probes_per_step=1)
    assert play.commands, "the battle asked nobody anything"
    assert play.probes and play.refused + play.harmless == play.probes
    game_checks(play)


@pytest.mark.parametrize("seed", SWEEP)
@pytest.mark.parametrize("ground", GROUNDS, ids=IDS)
def test_random_games_keep_every_promise_after_every_command(ground: Battleground,
                                                            seed: int) -> None:
    _keeps_every_promise(ground, seed)


@pytest.mark.parametrize(("ground_id", "seed", "commands", "what_broke"), FAILED_SEEDS,
                         ids=[f"{g}-{s}" for g, s, _, _ in FAILED_SEEDS])
def test_every_seed_that_ever_broke_a_promise_keeps_them_now(ground_id: str, seed: int,
                                                             commands: int,
                                                             what_broke: str) -> None:
    ruleset, mode = ground_id.split(".")
    _keeps_every_promise(Battleground(ruleset, mode), seed, commands)


def test_every_ruleset_and_mode_is_played() -> None:
    """The registry's rulesets and their modes, not a list kept here."""
    assert {"fallen_empire.skirmish", "fallen_empire.joust", "empress.skirmish"} <= set(IDS)


@pytest.mark.parametrize("ground", GROUNDS, ids=IDS)
def test_every_event_and_command_round_trips_through_json(ground: Battleground) -> None:
    play = random_playout(ground.setup(5), 5, max_commands=400)
    assert play.events and play.commands
    for e in play.events:
        text = event_to_json(e)
        assert event_from_json(text) == e
        json.loads(text)  # plain JSON, nothing exotic
    for c in play.commands:
        assert command_from_json(c.model_dump_json()) == c


@pytest.mark.parametrize("ground", GROUNDS, ids=IDS)
def test_states_are_values_so_undo_is_keeping_the_old_one(ground: Battleground) -> None:
    play = random_playout(ground.setup(9), 9, max_commands=60, keep_states=True)
    before = play.states[len(play.states) // 3]
    snapshot = state_hash(before)
    state = before
    for cmd in play.commands[len(play.states) // 3 + 1:]:
        state, _ = submit(state, cmd)
    assert state_hash(before) == snapshot  # nothing later touched the earlier state


def test_a_twelve_a_side_battle_runs_to_the_end() -> None:
    play = random_playout(open_field("fallen_empire", 12, seed=2), 2, max_commands=5000)
    assert play.final.outcome is not None
    assert evolve_all(initial_state(play.setup), play.events) == play.final


# --- the invariants can fail ----------------------------------------------------------------


def test_two_figures_at_rest_on_one_hex_or_facing_no_hexside_are_caught() -> None:
    state, _ = start(Battleground("empress", "skirmish").setup(1))
    a, b = state.units[0], state.units[1]
    assert violations(state) == []
    assert violations(state.update_unit(a.id, pos=b.pos)) == [
        f"{b.id} and {a.id} both stand at {(b.pos.q, b.pos.r)}"]
    assert violations(state.update_unit(a.id, facing=6)) == [
        f"{a.id} faces 6, not one of the six hexsides"]
    assert violations(state.update_unit(a.id, hp=a.max_hp + 1)) == [
        f"{a.id} has {a.max_hp + 1} HP of a maximum {a.max_hp}"]


def test_a_joust_pool_below_nothing_is_caught() -> None:
    from dataclasses import replace

    state, _ = start(Battleground("fallen_empire", "joust").setup(1))
    frame = state.stack[-1]
    broken = state.replace_top(replace(frame, bout=replace(frame.bout, pool_b=-1)))
    assert any("dice pool is negative" in v for v in violations(broken))


def test_a_mode_on_a_board_kind_with_no_invariants_cannot_be_fuzzed_unchecked() -> None:
    """A new mode brings its invariants with its board (rules/invariants.py says where; the
    mass grid and the chase track have brought theirs); until then a battle drawn on it is
    a failure."""

    @dataclass(frozen=True, slots=True)
    class Voyage(Frame):
        mode = "voyage"
        board = "sea"

    state, _ = start(Battleground("empress", "skirmish").setup(1))
    assert violations(state.push(Voyage())) == [
        "board kind 'sea' has no invariants registered (rules/invariants.py says where "
        "they go)"]


# --- a house ruleset is fuzzed too ----------------------------------------------------------


@pytest.mark.usefixtures("installed")
def test_a_house_ruleset_installed_beside_flank_is_fuzzed_too() -> None:
    """The Stones ruleset of tests/test_house_ruleset.py, installed as pip would, is found
    and played with every promise checked, though it keeps no templates and no sample."""
    stones = Battleground("stones", "skirmish")
    assert stones in battlegrounds()
    for seed in range(3):
        play = play_checked(stones, seed, max_commands=200, probes_per_step=2)
        assert play.final.outcome is not None and play.refused
        game_checks(play)


# --- the soak -------------------------------------------------------------------------------


@pytest.mark.long
def test_an_hour_of_random_games_keeps_every_promise(request: pytest.FixtureRequest) -> None:
    """`pytest --long tests/test_engine_conformance.py`: the soak of bench/soak.py."""
    seconds = 60 * request.config.getoption("--long-minutes")
    first = fresh_first_seed()
    print(f"\nsoak from seed {first} (`python bench/soak.py --first-seed {first}` plays it again)")
    t0 = time.monotonic()
    tally = soak(lambda _: time.monotonic() - t0 >= seconds, first_seed=first)
    print(f"\nsoak: {tally.games} games, {tally.commands} commands, {tally.probes} wrong "
          f"commands tried ({tally.refused} refused, {tally.harmless} harmless), "
          f"{time.monotonic() - t0:.0f} s")
    assert tally.games
