"""Every bundled hex map plays under every ruleset that reads another text's maps by its own
templates of the same names (R-ER-TEMPLATES, R-ZEF-TEMPLATES, R-TT-TEMPLATES): its figures
are built from that ruleset's templates and a few random turns run.  One test over the
registry's rulesets instead of a copy in each ruleset's folder; the maps' own rulesets
(Fallen Empire, Empress) start them in tests/maps/test_bundled.py, and the tournament (a
joust, a mode of Fallen Empire's text) is left to it."""

import random

import pytest

from game.content import load_setup
from rules.engine import decider, legal_commands, rulesets, start, submit
from tests.bundled_maps import MAPS, skirmish_maps

BY_TEMPLATE_NAME = {"enchanted_realms": "R-ER-TEMPLATES", "zefrs": "R-ZEF-TEMPLATES",
                    "tarnished_tale": "R-TT-TEMPLATES"}
"""The rulesets whose ruling builds a map's figures from their own templates of the same
names, with that ruling's id."""

PLAYS = [(rs.id, name) for rs in rulesets() if rs.id in BY_TEMPLATE_NAME
         for name in skirmish_maps(rs.id)]


def test_every_ruleset_that_reads_maps_by_template_name_is_installed() -> None:
    assert set(BY_TEMPLATE_NAME) <= {rs.id for rs in rulesets()}


@pytest.mark.parametrize(("ruleset", "name"), PLAYS, ids=[f"{r}-{n}" for r, n in PLAYS])
def test_the_map_sets_up_and_plays(ruleset: str, name: str) -> None:
    setup, _ = load_setup(MAPS / name, ruleset=ruleset, seed=3)
    state, _ = start(setup)
    assert state.ruleset == ruleset and state.units
    rng = random.Random(3)
    for _ in range(40 if len(state.units) < 40 else 8):
        side = decider(state)
        if side is None:
            break
        state, _ = submit(state, rng.choice(legal_commands(state, side)))
