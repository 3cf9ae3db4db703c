"""Every bundled hex map plays under ZeFRS (R-ZEF-TEMPLATES): its figures are built from the
ZeFRS templates of the same names and a few random turns run.  The tournament is a joust,
a mode of Fallen Empire's text, and is left to it."""

import random

import pytest

from game.content import load_setup
from rules.engine import decider, legal_commands, start, submit
from tests.bundled_maps import MAPS, skirmish_maps

HEX_MAPS = skirmish_maps("zefrs")


@pytest.mark.parametrize("name", HEX_MAPS)
def test_the_map_sets_up_and_plays(name: str) -> None:
    setup, _ = load_setup(MAPS / name, ruleset="zefrs", seed=3)
    state, _ = start(setup)
    assert state.ruleset == "zefrs" and state.units
    rng = random.Random(3)
    for _ in range(40 if len(state.units) < 40 else 8):
        side = decider(state)
        if side is None:
            break
        state, _ = submit(state, rng.choice(legal_commands(state, side)))
