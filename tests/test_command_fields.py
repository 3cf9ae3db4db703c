"""Every field of a command is checked (issue 21, item 5).

A player (or a corrupted save, or a computer player with a bug) who sends a command with one
field wrong is told why, and nothing happens: an Empress fall-back with facing 6, −1 or 10⁹,
or naming a target that is not there, used to be accepted with the field silently ignored.
The property test takes legal commands from random games under every ruleset and mode
(found through the registry, so new ones are covered without a line here), makes one field
wrong, and requires a refusal with a reason and an unchanged state, or the identical result.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.commands import Choose, Command, EndPhase, Move, Turn
from rules.engine import IllegalCommand, check, decider, legal_commands, submit
from rules.playout import random_playout
from rules.state import Battle, state_hash
from tests.conformance.harness import Battleground, battlegrounds
from tests.conformance.mutations import HUGE, mutated, wrong_values

GROUNDS = battlegrounds()
PROPERTY = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def refusal(state: Battle, cmd: Command) -> str:
    """The reason `submit` gives for refusing `cmd`, after checking it changed nothing."""
    before = state_hash(state)
    with pytest.raises(IllegalCommand) as err:
        submit(state, cmd)
    assert state_hash(state) == before
    assert err.value.reason
    return err.value.reason


def first_state(ground: str, wanted: Callable[[Battle], bool], seeds: int = 60) -> Battle:
    """The first state of random games on `ground` (seed 0, 1, …) that is `wanted`."""
    ruleset, mode = ground.split(".")
    for seed in range(seeds):
        play = random_playout(Battleground(ruleset, mode).setup(seed), seed, keep_states=True)
        for state in play.states:
            if wanted(state):
                return state
    raise LookupError(f"no such moment in {seeds} games of {ground}")


# --- what a player would have seen --------------------------------------------------------


def _falling_back(state: Battle) -> bool:
    top = state.top
    return type(top).__name__ == "FallBackFrame" and getattr(top, "stage", "") == "move"


@pytest.mark.parametrize("facing", [6, -1, HUGE, 2])
def test_an_empress_fall_back_that_would_turn_him_is_refused_naming_him(facing: int) -> None:
    """EMP-58: a cautious fall-back keeps the facing; a facing that is no direction at all
    is refused before that, as for any command."""
    state = first_state("empress.skirmish", _falling_back)
    move = next(c for c in legal_commands(state) if isinstance(c, Move))
    why = refusal(state, move.model_copy(update={"facing": facing}))
    assert move.unit in why
    if facing in range(6):
        assert "keeps his facing (EMP-58)" in why
    else:
        assert "cannot face that way: facing must be one of the six directions" in why


def test_an_empress_fall_back_naming_a_target_is_refused() -> None:
    state = first_state("empress.skirmish", _falling_back)
    move = next(c for c in legal_commands(state) if isinstance(c, Move))
    why = refusal(state, move.model_copy(update={"target": "ghost"}))
    assert why == f"{move.unit} cannot aim at 'ghost': there is no such unit in this battle"
    foe = next(u.id for u in state.units if u.side != decider(state))
    assert "strikes nobody" in refusal(state, move.model_copy(update={"target": foe}))


def test_a_move_whose_path_leaves_the_board_is_refused_naming_the_hex() -> None:
    state = first_state("fallen_empire.skirmish", lambda s: any(
        isinstance(c, Move) and len(c.path) > 1 for c in legal_commands(s)))
    move = next(c for c in legal_commands(state) if isinstance(c, Move) and len(c.path) > 1)
    why = refusal(state, move.model_copy(update={"path": (*move.path[:-1], (40, -40))}))
    assert why == f"{move.unit}'s path leaves the board at (40, -40)"


def test_a_fallen_empire_turn_in_place_must_turn() -> None:
    """A move in place that names no new facing would spend his turn in the phase doing
    nothing; it is refused (FE-09: he may pass instead)."""
    state = first_state("fallen_empire.skirmish", lambda s: any(
        isinstance(c, Move) and len(c.path) == 1 for c in legal_commands(s)))
    turn = next(c for c in legal_commands(state) if isinstance(c, Move) and len(c.path) == 1)
    facing_now = state.unit(turn.unit).facing
    assert "neither moves nor turns" in refusal(state, turn.model_copy(update={"facing": None}))
    assert refusal(state, turn.model_copy(update={"facing": facing_now})) == (
        f"{turn.unit} already faces that way")
    assert refusal(state, Turn(unit=turn.unit, facing=facing_now)) == (
        f"{turn.unit} already faces that way")


@pytest.mark.parametrize("option", ["02", " 2", "+2", "٢", "2.0"])
def test_a_joust_throw_is_spelled_as_offered(option: str) -> None:
    """FE-48: one to three dice, offered as "1", "2", "3"; "02" is not read as two."""
    state = first_state("fallen_empire.joust", lambda s: bool(legal_commands(s)))
    rider = legal_commands(state)[0].unit
    why = refusal(state, Choose(unit=rider, option=option))
    assert why == f"option must be the number of dice to throw, 1 to 3, not {option!r}"


def test_a_field_of_the_wrong_type_is_refused_saying_which() -> None:
    """A command that skipped pydantic's checks (model_copy) is read as a save would be."""
    state = first_state("empress.skirmish", lambda s: any(
        isinstance(c, Move) for c in legal_commands(s)))
    move = next(c for c in legal_commands(state) if isinstance(c, Move))
    why = refusal(state, move.model_copy(update={"facing": "2"}))
    assert why == f"{move.unit}'s order cannot be read: facing should be a valid integer, not '2'"


def test_ending_the_phase_in_empress_is_refused_in_words() -> None:
    """Empress has no side-wide step to end: each character acts on his own turn."""
    state = first_state("empress.skirmish", lambda s: type(s.top).__name__ == "TurnFrame")
    why = refusal(state, EndPhase(side=decider(state)))
    assert why.startswith("Empress has no end phase for a whole side: it is ")
    assert "None" not in why


# --- the property ---------------------------------------------------------------------------


@pytest.mark.parametrize("ground", GROUNDS, ids=[g.id for g in GROUNDS])
@PROPERTY
@given(seed=st.integers(0, 2**31 - 1), data=st.data())
def test_a_legal_command_with_one_field_made_wrong_is_refused_and_changes_nothing(
        ground: Battleground, seed: int, data: st.DataObject) -> None:
    play = random_playout(ground.setup(seed), seed, max_commands=120, keep_states=True)
    states = [s for s in play.states if decider(s) is not None] or [play.initial]
    state = data.draw(st.sampled_from(states), label="moment")
    cmd = data.draw(st.sampled_from(legal_commands(state)), label="legal")
    wrong = wrong_values(state, cmd)
    if not wrong:
        return
    name, value = data.draw(st.sampled_from(wrong), label="wrong field")
    bad = mutated(cmd, name, value)
    before = state_hash(state)
    reason = check(state, bad)
    if reason is not None:
        assert reason.strip(), "a refusal says why"
        with pytest.raises(IllegalCommand):
            submit(state, bad)
        assert state_hash(state) == before
        return
    # accepted: only if the wrong value is read exactly as the right one
    got_state, got = submit(state, bad)
    want_state, want = submit(state, cmd)
    assert [e.model_dump() for e in got] == [e.model_dump() for e in want], bad.describe()
    assert state_hash(got_state) == state_hash(want_state)
