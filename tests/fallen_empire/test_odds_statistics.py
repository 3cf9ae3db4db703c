"""One resolution function, two drivers: 20,000 attacks rolled on the dice stream agree with
the exact odds enumerated through the same function (chi-square, fixed seed).

The position has everything that branches: a charge (FE-17, FE-18: 2d8 damage) into the rear
(FE-20) of a shield-bearing orc (FE-30)."""

from __future__ import annotations

import math
from collections import Counter

from rules.dice import StreamDice
from rules.engine import start
from rules.systems.fallen_empire.combat import outcome_odds, resolve, situation
from tests.fallen_empire.helpers import fe


def chi2_critical(df: int, z: float = 3.090232) -> float:
    """Upper 0.1% point of chi-square (Wilson–Hilferty), accurate to ~1% for df ≥ 3."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def test_rolled_attacks_match_the_exact_odds() -> None:
    state, _ = start(fe().side("men", True).side("orcs")
                     .unit("knight", "fighting_man", "men", (0, 0), facing=0)
                     .unit("orc", "orc", "orcs", (1, 0), facing=0).build())
    s = situation(state, "knight", "orc", "charge")
    exact = outcome_odds(s).fractions()
    n = 20_000
    seen: Counter = Counter()
    counter = 0
    for _ in range(n):
        dice = StreamDice(seed=20260, counter=counter)
        r = resolve(s, dice)
        counter += len(dice.made)
        seen[(r.hit, r.damage)] += 1
    expected = Counter()
    for r, p in exact.items():
        expected[(r.hit, r.damage)] += p * n
    # merge cells expected below 5 into one
    cells, small_o, small_e = [], 0, 0.0
    for key, e in expected.items():
        if e < 5:
            small_o += seen[key]
            small_e += float(e)
        else:
            cells.append((seen[key], float(e)))
    if small_e:
        cells.append((small_o, small_e))
    stat = sum((o - e) ** 2 / e for o, e in cells)
    df = len(cells) - 1
    assert set(seen) <= set(expected), "a rolled outcome the odds call impossible"
    assert stat < chi2_critical(df), f"chi-square {stat:.1f} on {df} df"


def test_odds_are_a_probability_distribution() -> None:
    state, _ = start(fe().side("men", True).side("orcs")
                     .unit("knight", "fighting_man", "men", (0, 0), facing=0)
                     .unit("orc", "orc", "orcs", (1, 0), facing=3).build())
    from rules.engine import ruleset_of

    odds = ruleset_of(state).odds(state, "knight", "orc")
    assert sum(odds.damage.values()) == 1
    assert odds.hit == 1 - odds.damage[0]
    assert 0 < odds.kill < odds.hit
