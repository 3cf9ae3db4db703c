"""Every bundled hex map plays under Enchanted Realms (R-ER-TEMPLATES): its figures are
built from the templates of the same names and a few random turns run.  The tournament is a
joust, a mode of Fallen Empire's text, and is left to it."""

import random
from pathlib import Path

import pytest

from game.content import load_setup
from rules.engine import decider, legal_commands, start, submit

MAPS = Path(__file__).resolve().parents[2] / "maps"
HEX_MAPS = sorted(p.relative_to(MAPS).as_posix() for p in MAPS.rglob("*.tmx")
                  if p.name != "tournament.tmx")


@pytest.mark.parametrize("name", HEX_MAPS)
def test_the_map_sets_up_and_plays(name: str) -> None:
    setup, _ = load_setup(MAPS / name, ruleset="enchanted_realms", seed=3)
    state, _ = start(setup)
    assert state.ruleset == "enchanted_realms" and state.units
    rng = random.Random(3)
    for _ in range(40 if len(state.units) < 40 else 8):
        side = decider(state)
        if side is None:
            break
        state, _ = submit(state, rng.choice(legal_commands(state, side)))
