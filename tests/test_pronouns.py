"""A woman is "she" in the log (issue 35, the small wrongs): a figure's `gender` (the
scenario's `set.gender`, rules.state.Unit) gives the words their pronoun, so Wenna's attack
modifier is "her attack modifier" (ER-03), never "his"; a figure whose scenario says
nothing is the texts' own "he"; a gender the words do not know is refused in one line."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from game.content import load_setup
from rules.engine import start
from rules.setup import UnitSpec
from rules.systems.enchanted_realms.attack import plan
from rules.wording import pronoun

MAP = Path(__file__).resolve().parent.parent / "maps" / "the_bowman_at_the_door.tmx"


def _battle():
    state, _ = start(load_setup(MAP)[0])
    return state


def test_wennas_attack_modifier_is_hers():
    state = _battle()
    wenna = state.unit("h1")
    assert wenna.name == "Wenna the bowman" and wenna.gender == "female"
    blow = plan(state, "h1", "o1", kind="ranged")
    reasons = [m.reason for m in blow.modifiers]
    assert "her attack modifier" in reasons and "his attack modifier" not in reasons


def test_a_man_and_a_figure_the_scenario_says_nothing_of_stay_he():
    state = _battle()
    brannoc = state.unit("h2")
    assert brannoc.gender == "" and pronoun(brannoc, "his") == "his"
    blow = plan(state, "h2", "o1")
    assert "his attack modifier" in [m.reason for m in blow.modifiers]
    beast = replace(state.unit("o1"), gender="neuter")
    assert (pronoun(beast), pronoun(beast, "him"), pronoun(beast, "his")) == ("it", "it", "its")


def test_an_unknown_gender_is_refused_in_one_line():
    setup = load_setup(MAP)[0]
    bad = UnitSpec(id="h9", side="heroes", template="archer", pos=(0, 0),
                   overrides={"gender": "maybe"})
    with pytest.raises(ValueError) as err:
        start(setup.model_copy(update={"units": (*setup.units, bad)}))
    assert str(err.value) == ("unit 'h9': gender is \"male\", \"female\" or \"neuter\", "
                              "not 'maybe'")
