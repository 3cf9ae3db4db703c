"""The skills "Swing on the Run" names, in a chase (ER-23, ER-24, ER-25; R-ER-SKILLS-NAMED):
each can be given to a figure and does there what the text says.

The dice each test writes down come first (the initiative d20s by the runners' ids, then the
blow's dice); every later die is a 10.
"""

from __future__ import annotations

import pytest

from rules.commands import Choose
from rules.systems.enchanted_realms.chase.pace import running_penalty
from rules.systems.enchanted_realms.chase.tables import load_chase
from rules.systems.enchanted_realms.combat_events import ErAttackRolled
from rules.systems.enchanted_realms.tables import load_tables
from tests.er_chase.helpers import act, chase, of, open_chase
from tests.er_chase.test_pace import total, unit


def blow(pursuer: dict[str, object], quarry: dict[str, object]) -> ErAttackRolled:
    """The halberdier (+4 on each d20, two d20s) swings at the thief in second 10."""
    st, _ = open_chase(chase(("p", "halberdier", (-2, 0), pursuer),
                             quarry=(("q", "thief", (0, 0), quarry),)), 15, 3)
    st, ev = act(st, Choose(unit="p", option="swing:q"), 13, 2)
    return of(ev, ErAttackRolled)[0]


def test_a_martial_artist_on_the_run_takes_minus_two() -> None:
    """ER-23: "the penalty is lowered by one for having ... martial arts": the halberdier
    who has it swings at +4 -3 +1."""
    b = blow({"skills": ["weapon_training", "martial_arts"]}, {})
    assert b.bonus == 4 - 3 + 1
    assert any(m.rule.startswith("ER-23") and m.value == 1 for m in b.modifiers)


@pytest.mark.parametrize("second", ["ambidexterity", "drive", "grapplers_shield", "footwork"])
def test_with_a_second_running_skill_a_martial_artist_takes_only_minus_one(second: str
                                                                            ) -> None:
    """ER-23: "reduced to only -1 if also having one of ambidexterity, drive, footwork or
    grappler's shield" (R-ER-CHASE-SKILLS (a))."""
    b = blow({"skills": ["weapon_training", "martial_arts", second]}, {})
    assert b.bonus == 4 - 1


@pytest.mark.parametrize("evasive", ["treachery", "takedown", "dodge"])
def test_a_treacherous_quarry_puts_a_point_back_on_his_attacker(evasive: str) -> None:
    """ER-24: dodge, treachery or takedown "increase a point of penalty back upon the other
    attackers, even to a -4": the halberdier swings at +4 -3 -1."""
    b = blow({}, {"skills": [evasive]})
    assert b.bonus == 4 - 4
    assert any(m.rule.startswith("ER-24") and m.value == -1 for m in b.modifiers)


def test_an_aerial_fighter_on_the_wing_is_minus_two_more_to_hit() -> None:
    """ER-25: "if using ... aerial fighting, then a -2 penalty is inflicted to the other
    attackers": a flying thief who has it.  Under reading (b) of R-ER-CHASE-MOUNTED (only
    with the skill) the skill is what counts, and only while he flies."""
    flier = {"skills": ["aerial_fighting"], "fly_ft": 60}
    b = blow({}, flier)
    assert b.bonus == 4 - 3 - 2
    t = load_chase()
    strict = t.model_copy(update={"rules": t.rules.model_copy(
        update={"mounted_needs_skill": True})})
    attacker = unit()

    def pen(**over: object) -> int:
        return sum(m.value for m in running_penalty(attacker, unit("thief", **over), strict))

    assert pen(skills=["aerial_fighting"], fly_ft=60) == -5
    assert pen(fly_ft=60) == -3  # a flier without the skill, under (b)
    assert pen(skills=["aerial_fighting"]) == -3  # the skill, but on foot: not in use


def test_mounted_fighting_counts_while_he_rides() -> None:
    """ER-25 (b): mounted fighting gives the -2 to a rider, not to a man on foot."""
    t = load_chase()
    strict = t.model_copy(update={"rules": t.rules.model_copy(
        update={"mounted_needs_skill": True})})
    attacker = unit()

    def pen(template: str, **over: object) -> int:
        return sum(m.value for m in running_penalty(attacker, unit(template, **over), strict))

    assert pen("knight", skills=["mounted_fighting"]) == -5
    assert pen("knight") == -3
    assert pen("thief", skills=["mounted_fighting"]) == -3
    assert total(attacker, unit("knight", skills=["mounted_fighting"])) == -5  # (a) as well


def test_every_skill_the_chase_reads_is_in_the_creature_tables() -> None:
    """chase.toml's lists (ER-23, -24, -25, -27) name skills a figure can be given."""
    s = load_chase().skills
    known = set(load_tables().skills)
    named = {*s.relief, *s.relief_more, *s.evasive, *s.mounted, *s.aerial, s.abandonment}
    assert named <= known, sorted(named - known)
