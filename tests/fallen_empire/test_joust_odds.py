"""The odds a rider is shown before he chooses his throw (FE-48), checked against an
independent count.

The module under test sums the exact law of a throw (``joust.throw_distribution``).  These
tests instead throw every multiset of faces through ``joust.apply_throw`` (the rules' own
play of a pass) with its multinomial weight, and read what happened from the state it leaves:
a different road to the same numbers.  The other rider answers as the computer would
(``joust.best_response_throw``, which the tactician plays through ``joust_odds.advise_throw``).
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache
from math import factorial

import pytest

from rules.builder import Scenario
from rules.commands import Choose
from rules.engine import start, submit
from rules.systems.fallen_empire.joust import (
    JoustRules,
    JoustState,
    apply_throw,
    best_response_throw,
    legal_throw_sizes,
    round_win_probability,
)
from rules.systems.fallen_empire.joust_odds import (
    PassOdds,
    advise_throw,
    answer,
    best_choice,
    choice_odds,
    pass_odds,
    throw_choice_odds,
)


@cache
def throws_of(n: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every multiset of n d6 faces, high to low, with how many of the 6**n rolls give it."""
    out = []
    for faces in itertools.combinations_with_replacement(range(6, 0, -1), n):
        ways = factorial(n)
        for c in Counter(faces).values():
            ways //= factorial(c)
        out.append((faces, ways))
    assert sum(w for _, w in out) == 6 ** n
    return tuple(out)


def passes(state: JoustState, k: int, j: int, rules: JoustRules):
    """(probability, state after the pass) for every throw of k dice against j."""
    total = 6 ** (k + j)
    for da, wa in throws_of(k):
        for db, wb in throws_of(j):
            after, _ = apply_throw(state, da, db, rules)
            yield Fraction(wa * wb, total), after


def counted_pass(k: int, j: int, rules: JoustRules) -> PassOdds:
    """The pass's odds for rider 'a', read off the states apply_throw leaves."""
    big = JoustState(10, 10)
    tally = dict.fromkeys(("win", "even", "lose", "unhorse", "unhorsed", "injure", "injured"),
                          Fraction(0))
    for p, after in passes(big, k, j, rules):
        if after.ended_by == "injury":
            tally["injure"] += p if "a" in after.ejected else 0
            tally["injured"] += p if "a" in after.injured else 0
            verdict = {"a": "win", "b": "lose", "draw": "even"}[after.winner or ""]
        elif after.ended_by in ("unhorsed", "helm"):
            tally["unhorse" if after.winner == "a" else "unhorsed"] += p
            verdict = "win" if after.winner == "a" else "lose"
        else:
            lost_a, lost_b = big.pool_a - after.pool_a, big.pool_b - after.pool_b
            verdict = "win" if lost_b > lost_a else "lose" if lost_a > lost_b else "even"
        tally[verdict] += p
    return PassOdds(**tally)


def counted_round(pool_a: int, pool_b: int, rules: JoustRules):
    """{throw now: (win, draw, lose)} for 'a' throwing that now, then the throw with the most
    wins (then draws, then fewer dice) at every later position, by brute force over the tree
    of passes.  Only for a limited number of rides (the tree is finite)."""
    assert rules.max_throws is not None

    @cache
    def q(pa: int, pb: int, t: int, k: int) -> tuple[Fraction, Fraction, Fraction]:
        j = best_response_throw(pb, pa, rules, t)
        win = draw = lose = Fraction(0)
        for p, after in passes(JoustState(pa, pb, t), k, j, rules):
            if after.winner is not None:
                win += p * (after.winner == "a")
                draw += p * (after.winner == "draw")
                lose += p * (after.winner == "b")
            else:
                w, d, x = v(after.pool_a, after.pool_b, after.throws)
                win, draw, lose = win + p * w, draw + p * d, lose + p * x
        return win, draw, lose

    @cache
    def v(pa: int, pb: int, t: int) -> tuple[Fraction, Fraction, Fraction]:
        options = [(q(pa, pb, t, k), -k) for k in legal_throw_sizes(pa)]
        return max(options, key=lambda o: (o[0][0], o[0][1], o[1]))[0]

    return {k: q(pool_a, pool_b, 0, k) for k in legal_throw_sizes(pool_a)}


# --- one pass --------------------------------------------------------------------------------

@pytest.mark.parametrize("helm", [False, True])
@pytest.mark.parametrize(("k", "j"), list(itertools.product((1, 2, 3), repeat=2)))
def test_fe48_fe50_the_odds_of_a_pass_match_a_count_of_every_throw(k, j, helm):
    """FE-49..FE-53: for every pair of throws, the pass's odds are those of every face of
    every die played through the rules' own pass (apply_throw).  Helm tipping (FE-52) only
    renames the unhorsing."""
    rules = JoustRules(helm_tipping=helm)
    got = pass_odds(k, j, rules)
    assert got == counted_pass(k, j, rules)
    assert got.win + got.even + got.lose == 1


def test_fe53_one_die_shows_a_one_a_sixth_of_the_time_and_that_injures():
    """FE-53: all 1s "on one, two or three dice" injures the other rider; with one die that
    is 1 in 6, with two 1 in 36, whatever the other throws."""
    for j in (1, 2, 3):
        assert pass_odds(1, j, JoustRules()).injure == Fraction(1, 6)
        assert pass_odds(2, j, JoustRules()).injure == Fraction(1, 36)


def test_fe52_three_dice_unhorse_on_a_triple_unless_he_throws_a_one():
    """FE-52: any triple but 1s unhorses (5 of 216 throws); against one die the other's
    single 1 (FE-53) comes first, so the unhorsing chance is 5/216 x 5/6."""
    assert pass_odds(3, 1, JoustRules()).unhorse == Fraction(5, 216) * Fraction(5, 6)
    assert pass_odds(1, 3, JoustRules()).unhorsed == Fraction(5, 216) * Fraction(5, 6)
    assert pass_odds(1, 1, JoustRules()).unhorse == 0  # one die never unhorses


# --- the whole round ---------------------------------------------------------------------------

@pytest.mark.parametrize(("pools", "rides"), [((3, 3), 2), ((2, 3), 3), ((4, 2), 2),
                                              ((1, 2), 3), ((3, 1), 1)])
def test_fe46_fe51_round_odds_match_a_brute_force_tree_of_passes(pools, rides):
    """FE-46 (b), FE-51, R-FE-JOUST-RIDES: with a GM's limit of rides the round is a finite
    tree of passes; each choice's chance to win, draw and lose the round equals the tree
    walked pass by pass through apply_throw, the rider playing his best afterwards."""
    rules = JoustRules(max_throws=rides)
    counted = counted_round(*pools, rules)
    got = choice_odds(*pools, rules)
    assert [c.dice for c in got] == list(legal_throw_sizes(pools[0]))
    for c in got:
        assert (c.round_win, c.round_draw, c.round_lose) == counted[c.dice]
        assert c.round_win + c.round_draw + c.round_lose == 1
    best = max(counted, key=lambda k: (counted[k][0], counted[k][1], -k))
    assert best_choice(*pools, rules) == best


@pytest.mark.parametrize("pools", [(1, 1), (3, 3), (3, 2), (2, 5), (6, 4)])
def test_fe51_unlimited_rides_the_best_throw_is_the_cores_own_round_odds(pools):
    """FE-46 (a), FE-51: with rides until a pool is empty, the odds of the best throw are
    what the rules core's own round recursion (round_win_probability) gives for the rider
    keeping to his best throws and the other answering as the computer would; no other
    throw now does better."""
    rules = JoustRules()
    got = {c.dice: c for c in choice_odds(*pools, rules)}
    best = got[best_choice(*pools, rules)]
    core = round_win_probability(
        JoustState(*pools), rules,
        lambda mine, other: best_choice(mine, other, rules),
        lambda mine, other: best_response_throw(mine, other, rules))
    assert (best.round_win, best.round_draw, best.round_lose) == (
        core["a"], core["draw"], core["b"])
    assert all(c.round_win <= best.round_win for c in got.values())
    assert all(c.round_win + c.round_draw + c.round_lose == 1 for c in got.values())


def test_a_rider_with_more_dice_has_the_better_of_the_round():
    """"The higher-Level combatant enjoys a strong advantage in any joust" (FE-51): five
    dice against three win the round more often than three against three."""
    rules = JoustRules()
    even = max(c.round_win for c in choice_odds(3, 3, rules))
    ahead = max(c.round_win for c in choice_odds(5, 3, rules))
    assert ahead > even and ahead > Fraction(1, 2)


def test_fe48_an_empty_pool_or_the_last_ride_has_no_odds_to_show():
    with pytest.raises(ValueError, match="FE-48"):
        choice_odds(0, 3, JoustRules())
    with pytest.raises(ValueError, match="over"):
        choice_odds(2, 2, JoustRules(max_throws=2), throws=2)


# --- in a battle -------------------------------------------------------------------------------

def joust(seed: int = 0) -> Scenario:
    sc = Scenario("fallen_empire", seed=seed).side("pcs", player_characters=True).side("rival")
    sc = sc.unit("kay", "knight", "pcs", (0, 0), facing=0)
    sc = sc.unit("bors", "fighting_man", "rival", (6, 0), facing=3)
    return sc.options(mode="joust")


def test_fe48_odds_in_a_joust_are_each_riders_own_and_never_read_the_sealed_choice():
    """FE-48: Kay (3 dice) and Bors (1 die) each see odds for their own pool; once Kay has
    chosen in secret, Bors's odds are the same whatever Kay chose, and the other rider's
    answer in them is the computer's own throw (advise_throw)."""
    state, _ = start(joust().build())
    kay = throw_choice_odds(state, "pcs")
    assert [c.dice for c in kay] == [1, 2, 3]
    assert all(c.answer == advise_throw(state, "rival") for c in kay)
    seen = set()
    for n in ("1", "3"):
        after, _ = submit(state, Choose(unit="kay", option=n))
        bors = throw_choice_odds(after, "rival")
        assert [c.dice for c in bors] == [1]
        assert bors[0].answer == answer(1, 3, JoustRules())
        seen.add(bors)
    assert len(seen) == 1


def test_odds_of_a_battle_that_is_not_a_joust_are_refused():
    sc = Scenario("fallen_empire").side("a").side("b").unit("x", "knight", "a", (0, 0)) \
        .unit("y", "orc", "b", (3, 0))
    state, _ = start(sc.build())
    with pytest.raises(ValueError, match="not a joust"):
        throw_choice_odds(state, "a")
