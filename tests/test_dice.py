"""Dice: the counter-based stream is reproducible, scripted dice are strict, and the exact
enumeration driver gives true probabilities."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice import (
    ScriptedDice,
    ScriptExhausted,
    StreamDice,
    count_outcomes,
    enumerate_outcomes,
    face,
    sum_distribution,
)


@given(seed=st.integers(0, 2**63 - 1), counter=st.integers(0, 10**9),
       sides=st.sampled_from([2, 3, 4, 6, 8, 10, 12, 20, 100]))
def test_a_roll_depends_only_on_seed_and_counter(seed: int, counter: int, sides: int) -> None:
    a = face(seed, counter, sides)
    assert a == face(seed, counter, sides)
    assert 1 <= a <= sides


def test_streams_resume_where_they_left_off() -> None:
    whole = StreamDice(42, 0)
    rolls = [whole.d(20) for _ in range(10)]
    resumed = StreamDice(42, 5)
    assert [resumed.d(20) for _ in range(5)] == rolls[5:]
    assert whole.made == rolls


def test_different_seeds_differ() -> None:
    a = [face(1, i, 20) for i in range(50)]
    b = [face(2, i, 20) for i in range(50)]
    assert a != b


def test_scripted_dice_refuse_to_invent_rolls() -> None:
    d = ScriptedDice([3])
    assert d.d(6) == 3
    with pytest.raises(ScriptExhausted, match="not scripted"):
        d.d(6, "damage")
    with pytest.raises(ValueError, match="d6"):
        ScriptedDice([7]).d(6)


def test_sum_distribution_of_2d6_is_the_triangle() -> None:
    ways = dict(sum_distribution(2, 6))
    assert ways == {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}


def test_enumeration_is_exact_for_a_branching_procedure() -> None:
    # Roll a d20; on 11+ roll 2d4 damage.  P(hit) = 1/2; P(damage 8) = 1/2 * 1/16.
    def attack(dice):
        if dice.d(20) >= 11:
            return dice.sum(2, 4)
        return 0

    dist = enumerate_outcomes(attack)
    assert sum(dist.values()) == 1
    assert dist[0] == Fraction(1, 2)
    assert dist[8] == Fraction(1, 32)
    assert dist[5] == Fraction(1, 2) * Fraction(4, 16)


def test_enumeration_counts_in_whole_numbers_over_one_denominator() -> None:
    # The same attack: a miss is 16 of 32 cases, 2d4 = 8 one case (20 x 16 = 320 leaves'
    # worth, put in lowest terms), and no Fraction is made until one is asked for.
    def attack(dice):
        if dice.d(20) >= 11:
            return dice.sum(2, 4)
        return 0

    odds = count_outcomes(attack)
    assert odds.denominator == 32
    assert (odds.ways_of(0), odds.ways_of(8), odds.ways_of(5)) == (16, 1, 4)
    assert sum(odds.ways) == odds.denominator
    assert odds.percent(0) == 50.0 and odds.probability(8) == Fraction(1, 32)
