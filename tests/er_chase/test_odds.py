"""The odds shown before a runner decides (issue 26, item 4): exact chances from the chart
and the movement rolls (ER-30, ER-31) as a Markov chain over the seconds left, agreeing
with 10,000 chases played by the engine with random dice, within sampling error."""

from __future__ import annotations

import math
from fractions import Fraction

from rules.events import Event
from rules.state import Battle
from rules.systems.enchanted_realms.chase.events import ChaseRunnerOut, ChaseSecondEnded
from rules.systems.enchanted_realms.chase.odds import gain, round_odds
from tests.er_chase.helpers import chase, open_chase, round_to_its_end

SPEAR = ("p", "man_at_arms_spear", (-2, 0), {"walk_ft": 40})  # 10 ft reach, 40 ft
THIEF = ("q", "thief", (0, 0))  # 35 ft, Agility +3
HALBERD = ("p", "halberdier", (-2, 0))


def test_one_seconds_gain_by_the_roll() -> None:
    """ER-31 at 50 ft with Agility 0: a 1 to 4 gains nothing (4 of 20), a 5 to 19 one hex
    (15), a natural 20 two (1); where the chart gives nothing, nothing (ER-30)."""
    assert gain(50, 0, 7) == {0: Fraction(4, 20), 1: Fraction(15, 20), 2: Fraction(1, 20)}
    assert gain(45, 5, 1) == {0: Fraction(1)}


def test_the_odds_are_a_distribution() -> None:
    st, _ = open_chase(chase(SPEAR, quarry=(THIEF,)), 15, 3)
    o = round_odds(st, "p", "q")
    assert sum(pr for _, pr in o.gaps) == 1
    assert 0 < o.reach < 1 and 0 < o.escape < 1
    assert o.expected_gap == sum(g * pr for g, pr in o.gaps)


def test_a_heavy_swing_shows_its_cost_in_the_odds() -> None:
    """ER-28: swinging the halberd now gives up this second's ground, so the thief is
    likelier to get away this round than if he runs."""
    st, _ = open_chase(chase(HALBERD, quarry=(THIEF,)), 15, 3)
    swing, run = round_odds(st, "p", "q", "swing"), round_odds(st, "p", "q", "run")
    assert swing.escape > run.escape and swing.expected_gap > run.expected_gap


def _to_round_end(state: Battle, seed: int) -> list[Event]:
    """The round rolled from 'p''s moment with the dice of `seed` (helpers.round_to_its_end)."""
    return round_to_its_end(state, 'p', seed, 10)


def test_the_odds_agree_with_ten_thousand_chases() -> None:
    st, _ = open_chase(chase(SPEAR, quarry=(THIEF,)), 15, 3)
    exact = round_odds(st, "p", "q")
    n = 10_000
    reached = escaped = 0
    total_gap = 0
    for seed in range(n):
        events = _to_round_end(st, seed)
        out = [e for e in events if isinstance(e, ChaseRunnerOut) and e.unit == "p"]
        if out:
            escaped += 1
            total_gap += out[0].gap
            continue
        end = next(e for e in events if isinstance(e, ChaseSecondEnded) and e.second == 1)
        gap = dict(end.gaps)["p"]
        total_gap += gap
        reached += gap * 5 <= 10

    def close(count: int, p: Fraction) -> bool:
        return abs(count / n - float(p)) <= 4 * math.sqrt(float(p * (1 - p)) / n) + 1e-9

    assert close(reached, exact.reach)
    assert close(escaped, exact.escape)
    var = float(sum(pr * (g - exact.expected_gap) ** 2 for g, pr in exact.gaps))
    assert abs(total_gap / n - float(exact.expected_gap)) <= 4 * math.sqrt(var / n)
