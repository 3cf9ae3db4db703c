"""FE-37 Natural Healing Rates: "1 Hit Point is healed each night on the trail.  1d3 Hit Points
is healed per night of good bed rest back in town."

Healing happens between battles, so it is a pure campaign function,
`campaign.natural_healing(hp, max_hp, nights, in_town, dice)`.

FE-36 (poison, [GM]) has no engine counterpart yet: there are no poisons, venoms or saves
versus poison in the Fallen Empire ruleset, so nothing here tests it.
"""

import pytest

from rules.dice import ScriptedDice, ScriptExhausted
from rules.systems.fallen_empire.campaign import natural_healing


def test_one_hit_point_per_night_on_the_trail():
    """FE-37: "1 Hit Point is healed each night on the trail": 3 nights, 2 → 5; no dice."""
    dice = ScriptedDice([])
    assert natural_healing(2, 6, 3, False, dice) == 5
    assert dice.made == []


def test_trail_healing_stops_at_full():
    """FE-37: healing restores lost Hit Points only: 5 of 6 after 3 nights is 6."""
    assert natural_healing(5, 6, 3, False, ScriptedDice([])) == 6


def test_one_d3_per_night_of_bed_rest_in_town():
    """FE-37: "1d3 Hit Points is healed per night of good bed rest back in town": two nights
    with 1d3 = 3 and 2: 1 → 6 of 8."""
    dice = ScriptedDice([3, 2])
    assert natural_healing(1, 8, 2, True, dice) == 6
    assert dice.made == [3, 2]


def test_bed_rest_stops_rolling_once_whole():
    """FE-37: 5 of 6, two nights in town: the first 1d3 (3) makes him whole (capped at 6)
    and the second night throws no die."""
    dice = ScriptedDice([3])
    assert natural_healing(5, 6, 2, True, dice) == 6
    assert dice.made == [3]


def test_each_town_night_throws_its_own_die():
    """FE-37: "per night": three nights are three 1d3, not one roll times three."""
    with pytest.raises(ScriptExhausted):
        natural_healing(1, 20, 3, True, ScriptedDice([1, 1]))


def test_no_nights_no_healing():
    assert natural_healing(3, 6, 0, True, ScriptedDice([])) == 3


def test_nights_cannot_be_negative():
    with pytest.raises(ValueError, match="nights"):
        natural_healing(3, 6, -1, False, ScriptedDice([]))
