"""The computer rides the joust through the hooks of that mode (FE-48), found by the battle's
mode in the registry: "fallen_empire.joust", not the skirmish hooks."""

from __future__ import annotations

import pytest

from game.ai import make_controller
from game.ai.fallen_empire.hooks import FallenEmpireHooks
from game.ai.fallen_empire.joust import JoustHooks
from game.ai.hooks import hooks_for
from game.turns import RandomController, Seat, TurnManager
from rules.engine import start
from rules.systems.fallen_empire.joust_odds import advise_throw
from tests.fallen_empire.test_joust_mode import lists


def test_a_joust_is_played_with_the_joust_hooks_and_a_skirmish_with_the_skirmish_ones():
    joust, _ = start(lists().build())
    assert joust.mode == "joust" and joust.board_kind == "lists"
    assert isinstance(hooks_for(joust.ruleset, joust.mode), JoustHooks)
    assert isinstance(hooks_for("fallen_empire", "skirmish"), FallenEmpireHooks)


@pytest.mark.parametrize("level", ["tactician", "greedy"])
def test_the_computer_throws_the_best_response_and_rides_the_joust_to_its_end(level):
    """FE-48: each throw the computer chooses is the rules core's best response to the pools
    as they stand; the joust ends with a winner or a draw (FE-50..53)."""
    setup = lists(seed=7, a="knight", b="knight").build()
    ai = make_controller(level, seed=1)
    throws: list[tuple[int, int]] = []

    class Watching:
        def choose(self, state, side, legal):
            cmd = ai.choose(state, side, legal)
            throws.append((int(cmd.option), advise_throw(state, side)))
            return cmd

    seats = {setup.sides[0].id: Seat(setup.sides[0].id, Watching(), False, "computer"),
             setup.sides[1].id: Seat(setup.sides[1].id, RandomController(3), False, "dice")}
    tm = TurnManager(setup, seats)
    tm.run()
    assert tm.is_over
    assert throws and all(chosen == advised for chosen, advised in throws)
