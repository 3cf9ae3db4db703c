"""Acceptance tests for the Fallen Empire joust: checklist FE-46..FE-53 and EX-FE-02.

Each test sets up what a GM would describe at the table and asserts what the rule
text ("The Joust's Game Rules", "Unhorsing and Helm Tipping", "Injuring the
Opponent") says.  Sides are 'a' and 'b'.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from fractions import Fraction

import pytest

from rules.systems.fallen_empire.joust import (
    JoustRules,
    JoustState,
    apply_throw,
    best_response_throw,
    legal_throw_sizes,
    pool_from_hit_dice,
    resolve_throw,
    round_win_probability,
    throw_distribution,
)

RULES = JoustRules()
SIZES = [(n_a, n_b) for n_a in (1, 2, 3) for n_b in (1, 2, 3)]


def max_dice(pool_self: int, pool_other: int) -> int:
    return min(3, pool_self)


def one_die(pool_self: int, pool_other: int) -> int:
    return 1


def cites(result, clause: str) -> bool:
    return any(clause in cite for _, cite in result.notes)


# --- FE-46 / R-FE-JOUST-RIDES: "three rides" is flavour; throw until out of dice -------------

def test_fe46_round_goes_on_past_three_rides_until_a_pool_is_empty():
    """FE-46: "a round of jousting continues until one or both jousters are out of dice".
    Two 4 HD knights tie 4 v 4 on single dice four times: four rides, nobody out, the round
    goes on; only when a pool is empty does it end."""
    state = JoustState.start(4, 4)
    for _ in range(4):
        state, _ = apply_throw(state, [4], [4], RULES)
    assert (state.pool_a, state.pool_b, state.throws, state.winner) == (4, 4, 4, None)
    for _ in range(4):
        state, _ = apply_throw(state, [6], [2], RULES)
    assert state.pool_b == 0 and state.winner == "a" and state.ended_by == "pool"


def test_fe46_gm_variant_three_rides_then_larger_pool_wins():
    """FE-46 reading (b) as a GM option (max_throws=3): "take three rides", then the larger
    remaining pool wins; equal pools after the third ride are a draw."""
    three = JoustRules(max_throws=3)
    state = JoustState.start(5, 5)
    state, _ = apply_throw(state, [6], [2], three)   # B 5 -> 4
    state, _ = apply_throw(state, [3], [3], three)   # tie, nobody loses
    assert state.winner is None
    state, _ = apply_throw(state, [2], [2], three)
    assert (state.winner, state.ended_by, state.pool_a, state.pool_b) == ("a", "max_throws", 5, 4)
    with pytest.raises(ValueError, match="round is over"):
        apply_throw(state, [6], [6], three)
    level = JoustState.start(3, 3)
    for _ in range(3):
        level, _ = apply_throw(level, [5], [5], three)
    assert (level.winner, level.ended_by) == ("draw", "max_throws")


# --- FE-47 / R-FE-JOUST-POOL: "1d6 for each hit die or fraction he has" ---------------------

@pytest.mark.parametrize(("hd", "dice"), [
    ("4", 4), ("1", 1), ("3+1", 4), ("3 + 2", 4), ("2-1", 2), ("1-1", 1), ("1/2", 1),
    ("½", 1), ("3 1/2", 4), ("9+3", 10), (" 5 ", 5),
])
def test_fe47_pool_has_a_die_per_hit_die_or_fraction(hd, dice):
    """FE-47 reading (a): a 3+1 HD knight has 3 HD "or fraction" -> 4 dice; 1/2 HD -> 1 die;
    2-1 HD is one whole die and a fraction -> 2 dice."""
    assert pool_from_hit_dice(hd) == dice


@pytest.mark.parametrize("bad", ["", "x", "3+", "+1", "3+0", "0", "1/0", "3 3/2", "3d6", "4.5"])
def test_fe47_malformed_hit_dice_rejected_naming_the_string(bad):
    with pytest.raises(ValueError, match=repr(bad).replace("+", r"\+").replace(".", r"\.")):
        pool_from_hit_dice(bad)


# --- FE-48: "throw one to three dice ... only as many dice as are remaining" ----------------

def test_fe48_throw_sizes_one_to_three_never_more_than_the_pool():
    """FE-48: "A player may only throw as many dice as are remaining in his Dice Pool or a
    maximum of three in any case.\""""
    assert legal_throw_sizes(7) == (1, 2, 3)
    assert legal_throw_sizes(2) == (1, 2)
    assert legal_throw_sizes(0) == ()
    state = JoustState.start(2, 6)
    with pytest.raises(ValueError, match="A has 2 dice"):
        apply_throw(state, [6, 6, 5], [1, 2], RULES)
    with pytest.raises(ValueError, match="1 to 3 dice"):
        resolve_throw([6, 6, 6, 6], [2], RULES)
    with pytest.raises(ValueError, match="1 to 3 dice"):
        resolve_throw([], [2], RULES)
    with pytest.raises(ValueError, match="1 to 6"):
        resolve_throw([7], [2], RULES)


def test_fe48_out_of_dice_has_lost_the_round():
    """FE-48: "Should he be all out of dice, he has lost for the whole round." A 1 HD squire
    loses his only die 2 v 5 against a 3 HD knight."""
    state, _ = apply_throw(JoustState.start(1, 3), [2], [5], RULES)
    assert (state.pool_a, state.winner, state.ended_by) == (0, "b", "pool")
    assert JoustState.start(0, 3).winner == "b"


# --- FE-49 / R-FE-JOUST-TIES: "ties count as victories to him" -----------------------------

def test_fe49_fewer_dice_wins_ties_for_a():
    """FE-49: "If one player has chosen to throw fewer dice than his opponent, then ties count
    as victories to him (and defeats to the majority holder.)" A throws one 5, B throws 5-2-1:
    the 5 v 5 tie is A's win."""
    r = resolve_throw([5], [5, 2, 1], RULES)
    assert r.pairs == ((5, 5, "a"),) and (r.lost_a, r.lost_b) == (0, 1)
    assert cites(r, "FE-49")


def test_fe49_fewer_dice_wins_ties_for_b():
    """FE-49, the other way: A throws 6-4-4, B throws 6-4; both ties are B's wins."""
    r = resolve_throw([4, 6, 4], [4, 6], RULES)
    assert r.pairs == ((6, 6, "b"), (4, 4, "b")) and (r.lost_a, r.lost_b) == (2, 0)


def test_fe49_equal_dice_ties_cost_nobody_a_die():
    """R-FE-JOUST-TIES reading (a): both throw two dice, 5-3 v 5-2; the 5s tie and nobody
    loses a die for it; 3 beats 2 so B loses one."""
    r = resolve_throw([3, 5], [2, 5], RULES)
    assert r.pairs == ((5, 5, None), (3, 2, "a")) and (r.lost_a, r.lost_b) == (0, 1)
    assert cites(r, "R-FE-JOUST-TIES")


# --- FE-50: pair highest with highest; "Dice without a mate are not counted" --------------

def test_fe50_dice_sorted_and_paired_high_to_high():
    """FE-50: "Match up each player's highest-scoring die with the other's highest die, then
    the second-highest." A throws 2-6-4, B throws 5-3-6 -> (6,6) (4,5) (2,3)."""
    r = resolve_throw([2, 6, 4], [5, 3, 6], RULES)
    assert r.dice_a == (6, 4, 2) and r.dice_b == (6, 5, 3)
    assert r.pairs == ((6, 6, None), (4, 5, "b"), (2, 3, "b"))
    assert (r.lost_a, r.lost_b) == (2, 0)


def test_fe50_unmatched_dice_do_not_count():
    """FE-50: a 4 HD knight throws 6-6-5 against a single die showing 4.  Only the top pair
    counts; A's other 6 and 5 have no mate and cost B nothing."""
    r = resolve_throw([6, 5, 6], [4], RULES)
    assert r.pairs == ((6, 4, "a"),) and (r.lost_a, r.lost_b) == (0, 1)
    assert any("unmatched" in text for text, _ in r.notes)


def test_fe50_nobody_loses_more_dice_than_he_threw():
    """FE-50: "Each die throw lost subtracts a die", so a pool never drops below zero: over
    every possible throw, dice lost <= dice thrown by that side (and <= the other's)."""
    for n_a, n_b in SIZES:
        for faces in itertools.product(range(1, 7), repeat=n_a + n_b):
            r = resolve_throw(faces[:n_a], faces[n_a:], RULES)
            assert r.lost_a + r.lost_b <= min(n_a, n_b)
            assert r.lost_a <= n_a and r.lost_b <= n_b


# --- FE-51 / R-FE-JOUST-BOTH-EMPTY: "the largest remaining Dice Pool is the winner" ---------

def test_fe51_larger_remaining_pool_wins():
    """FE-51: a 3 HD knight (3 dice) against a 2 HD one: B throws both his dice, 4-3 against
    A's 6-5, and is out of dice; A has 3 left and wins."""
    state, _ = apply_throw(JoustState.start(3, 2), [6, 5], [4, 3], RULES)
    assert (state.pool_a, state.pool_b, state.winner, state.ended_by) == (3, 0, "a", "pool")


def test_fe51_both_out_of_dice_is_a_draw():
    """R-FE-JOUST-BOTH-EMPTY: "until one or both jousters are out of dice" - if both pools are
    empty the round is a draw (equal remaining pools, FE-51).  Under R-FE-JOUST-TIES (a) one
    throw can never empty both pools (losses <= pairs <= the smaller throw), so the case only
    arises for a round started with two empty pools; check both facts."""
    assert (JoustState.start(0, 0).winner, JoustState.start(0, 0).ended_by) == ("draw", "pool")
    for n_a, n_b in SIZES:
        for faces in itertools.product(range(1, 7), repeat=n_a + n_b):
            r = resolve_throw(faces[:n_a], faces[n_a:], RULES)
            assert not (r.lost_a >= n_a and r.lost_b >= n_b)


# --- FE-52: "the opponent is unhorsed, the round ends, and that player is the winner" -------

def test_fe52_triple_unhorses_and_wins():
    """FE-52: a 4 HD knight throws three 6s against two dice 6-6; B is unhorsed, the round
    ends at once and A wins, whatever the pools."""
    state, r = apply_throw(JoustState.start(4, 9), [6, 6, 6], [6, 6], RULES)
    assert r.unhorsed_b and not r.unhorsed_a and (r.lost_a, r.lost_b) == (0, 0)
    assert (state.winner, state.ended_by) == ("a", "unhorsed")


def test_fe52_triple_needs_three_dice():
    """FE-52: "throw three dice and the three dice all come up the same number"; two 6s on
    two dice unhorse nobody."""
    r = resolve_throw([6, 6], [2, 1], RULES)
    assert not r.unhorsed_b and (r.lost_a, r.lost_b) == (0, 2)


def test_fe52_both_unhorse_is_scored_normally():
    """FE-52: "Should both players unhorse each other, score the round normally." Triple 5s
    v triple 3s: pairs compared, B loses three dice, the round goes on if he has any."""
    state, r = apply_throw(JoustState.start(4, 5), [5, 5, 5], [3, 3, 3], RULES)
    assert not (r.unhorsed_a or r.unhorsed_b) and (r.lost_a, r.lost_b) == (0, 3)
    assert (state.pool_a, state.pool_b, state.winner) == (4, 2, None)
    assert cites(r, "FE-52")


def test_fe52_gm_may_call_it_helm_tipping():
    """FE-52: "the Referee may say that the helm is tipped off rather than the rider being
    unhorsed" - same effect, different name."""
    helm = JoustRules(helm_tipping=True)
    state, r = apply_throw(JoustState.start(3, 3), [2, 5], [4, 4, 4], helm)
    assert r.unhorsed_a and (state.winner, state.ended_by) == ("b", "helm")
    assert any("helm tipped off" in text for text, _ in r.notes)


# --- FE-53 / R-FE-JOUST-INJURY: "throws all 1's on one, two or three dice" -----------------

def test_fe53_single_die_showing_one_injures():
    """FE-53: a knight throws one die and it shows 1 against B's 6-5: B is injured, takes 1d6
    real damage and is out of the tournament; A is ejected. The injury takes precedence over
    the pair (6 would have beaten 1), and B is recorded winner by disqualification."""
    state, r = apply_throw(JoustState.start(3, 3), [1], [6, 5], RULES)
    assert r.injured_b and not r.injured_a and (r.lost_a, r.lost_b) == (0, 0)
    assert (state.winner, state.ended_by) == ("b", "injury")
    assert state.injured == ("b",) and state.ejected == ("a",)
    assert state.injury_damage_dice == (("b", 1),)
    assert any("1d6" in text for text, _ in r.notes)


def test_fe53_damage_dice_equal_the_injurers_throw_and_beat_unhorsing():
    """FE-53: "takes as many dice of real damage as the other player's knight had thrown".
    B throws 1-1 while A throws triple 6s: injury beats unhorsing; A takes 2d6."""
    state, r = apply_throw(JoustState.start(5, 5), [6, 6, 6], [1, 1], RULES)
    assert r.injured_a and not r.unhorsed_b
    assert state.injury_damage_dice == (("a", 2),) and state.ejected == ("b",)


def test_fe53_both_all_ones_both_injured_draw():
    """R-FE-JOUST-INJURY: both throw nothing but 1s: both injured, both out, a draw."""
    state, _ = apply_throw(JoustState.start(3, 3), [1, 1], [1], RULES)
    assert (state.winner, state.ended_by) == ("draw", "injury")
    assert set(state.injured) == {"a", "b"} and set(state.ejected) == {"a", "b"}
    assert dict(state.injury_damage_dice) == {"a": 1, "b": 2}


# --- EX-FE-02 -----------------------------------------------------------------------------

def test_ex_fe02_three_fives_unhorse_three_ones_injure():
    """EX-FE-02: "three 5s thrown on three dice -> the opponent is unhorsed and the thrower
    wins the round; three 1s -> no unhorsing, the opponent is injured instead"."""
    state, _ = apply_throw(JoustState.start(4, 4), [5, 5, 5], [6, 2], RULES)
    assert (state.winner, state.ended_by) == ("a", "unhorsed")
    state, r = apply_throw(JoustState.start(4, 4), [1, 1, 1], [6, 2], RULES)
    assert not r.unhorsed_b and r.injured_b
    assert (state.ended_by, state.injured, state.ejected) == ("injury", ("b",), ("a",))
    assert state.injury_damage_dice == (("b", 3),) and cites(r, "EX-FE-02")


# --- exact odds: the same resolve_throw, driven by enumeration -----------------------------

@pytest.mark.parametrize(("n_a", "n_b"), SIZES)
def test_throw_distribution_sums_to_exactly_one(n_a, n_b):
    dist = throw_distribution(n_a, n_b, RULES)
    assert sum(dist.values()) == 1 and all(isinstance(p, Fraction) for p in dist.values())


def _reference(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, int, str]:
    """Independent restatement of the rules, for the brute-force check."""
    ia, ib = set(a) == {1}, set(b) == {1}
    if ia or ib:
        return (0, 0, "both_injured" if ia and ib else "b_injured" if ia else "a_injured")
    ta, tb = len(a) == 3 and len(set(a)) == 1, len(b) == 3 and len(set(b)) == 1
    if ta != tb:
        return (0, 0, "b_unhorsed" if ta else "a_unhorsed")
    lost = [0, 0]
    for x, y in zip(sorted(a, reverse=True), sorted(b, reverse=True), strict=False):
        if x > y or (x == y and len(a) < len(b)):
            lost[1] += 1
        elif x < y or (x == y and len(b) < len(a)):
            lost[0] += 1
    return (lost[0], lost[1], "")


def test_throw_distribution_matches_brute_force_count_3v3():
    counts = Counter(_reference(f[:3], f[3:]) for f in itertools.product(range(1, 7), repeat=6))
    expected = {k: Fraction(c, 6 ** 6) for k, c in counts.items()}
    assert throw_distribution(3, 3, RULES) == expected


def _chi2_sf(x: float, df: int) -> float:
    """Upper tail of chi-square with integer df (regularised upper incomplete gamma)."""
    half = x / 2
    if df % 2 == 0:
        return math.exp(-half) * sum(half ** i / math.factorial(i) for i in range(df // 2))
    tail = math.erfc(math.sqrt(half))
    return tail + math.exp(-half) * sum(
        half ** (i + 0.5) / math.gamma(i + 1.5) for i in range((df - 1) // 2))


def test_seeded_random_throws_match_exact_distribution_chi_square():
    """20,000 seeded 3v2 throws: chi-square goodness of fit at the 0.001 level, cells with
    expected count < 5 merged (the both-injured cell, expected ~2.6, is one)."""
    rng, n = random.Random(1234), 20_000
    seen = Counter()
    for _ in range(n):
        r = resolve_throw([rng.randint(1, 6) for _ in range(3)],
                          [rng.randint(1, 6) for _ in range(2)], RULES)
        seen[(r.lost_a, r.lost_b, r.special)] += 1
    dist = throw_distribution(3, 2, RULES)
    assert set(seen) <= set(dist)
    cells = sorted(((float(p) * n, seen[k]) for k, p in dist.items()), reverse=True)
    while cells[-1][0] < 5:  # merge the two smallest cells
        (e1, o1), (e2, o2) = cells.pop(), cells.pop()
        cells.append((e1 + e2, o1 + o2))
        cells.sort(reverse=True)
    stat = sum((o - e) ** 2 / e for e, o in cells)
    df = len(cells) - 1
    assert df >= 4
    assert _chi2_sf(stat, df) > 0.001, (stat, df)
    assert abs(_chi2_sf(20.515, 5) - 0.001) < 1e-5  # the helper itself, against the table


# --- whole-round odds and the AI heuristic -------------------------------------------------

def test_round_win_probability_sums_to_one_and_is_fair_when_symmetric():
    for rules in (RULES, JoustRules(max_throws=3)):
        odds = round_win_probability(JoustState.start(4, 4), rules, max_dice, max_dice)
        assert sum(odds.values()) == 1 and odds["a"] == odds["b"]
        odds = round_win_probability(JoustState.start(5, 3), rules, one_die, max_dice)
        assert sum(odds.values()) == 1


def test_round_win_probability_one_die_each_by_hand():
    """1 v 1 dice: A wins on 10/36 (higher) + 5/36 (B rolls a 1, A is injured but wins by
    disqualification); same for B; 1/36 both 1s is a draw; 5/36 ties repeat. So 15/31 each."""
    odds = round_win_probability(JoustState.start(1, 1), RULES, one_die, one_die)
    assert odds == {"a": Fraction(15, 31), "b": Fraction(15, 31), "draw": Fraction(1, 31)}
    done = round_win_probability(JoustState.start(0, 2), RULES, one_die, one_die)
    assert done == {"a": 0, "b": 1, "draw": 0}


def test_best_response_throw_is_legal_and_deterministic():
    for pool_self in range(1, 7):
        for pool_other in range(1, 7):
            k = best_response_throw(pool_self, pool_other, RULES)
            assert k in legal_throw_sizes(pool_self)
            assert k == best_response_throw(pool_self, pool_other, RULES)
    assert best_response_throw(1, 5, RULES) == 1
    assert best_response_throw(4, 4, JoustRules(max_throws=3), throws=2) in (1, 2, 3)
    with pytest.raises(ValueError):
        best_response_throw(0, 3, RULES)
