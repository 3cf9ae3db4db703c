"""The watch's hound against a lone 40-ft thief (issue 34, item 3): his chance of having the
thief in his jaws' reach when the round ends follows the text's arithmetic (ER-29..ER-33),
worked by hand below and compared with the engine's exact odds (odds.round_odds); and the
rolled chases agree with those odds within the binomial spread.

The runners: Grip, a wolf (50 ft, Agility +2, fangs reaching 5 ft); Jory, a thief made
40 ft (Agility +3).  Every die the tests do not write down is a 10.
"""

from __future__ import annotations

import math
from fractions import Fraction

from rules.engine import legal_commands
from rules.events import Event
from rules.state import Battle
from rules.systems.enchanted_realms.chase.events import ChaseRunnerOut, ChaseSecondEnded
from rules.systems.enchanted_realms.chase.odds import round_odds
from tests.er_chase.helpers import chase, frame, open_chase, round_to_its_end

THIEF_40 = ("jory", "thief", (0, 0), {"walk_ft": 40})


def hound_at(gap: int) -> tuple:
    return ("grip", "wolf", (-gap, 0))


def test_the_hounds_catch_in_the_last_seconds_is_the_texts_arithmetic() -> None:
    """By hand, from the text alone.

    The position: the initiative d20s are 1 for the hound (1 + 2 = 3: he swings in second
    3, ER-29) and 15 for the thief (18: second 10, and he goes first each second).  Both
    gain their chart's hexes every second up to the hound's moment in second 3 (all 10s),
    so he is 3 hexes (15 ft) behind: out of reach, he runs.  What is left of the round:

        second 3   the hound rolls (the thief has moved already)
        second 2   the thief rolls, then the hound
        second 1   the 40-ft row gives the thief nothing (ER-30: 1,1,1,1,1,0,1,1,1,0),
                   so he has no roll; the hound rolls

    One roll (ER-31, DC 5, a natural 1 fails, a natural 20 a hex more):
        hound, d20 + 2, 1 hex a second at 50 ft (ER-30):
            H = 0 on a 1 or 2 (2/20), 1 on 3..19 (17/20), 2 on a 20 (1/20)
        thief, d20 + 3, 1 hex in second 2 at 40 ft:
            T = 0 on a 1 (1/20), 1 on 2..19 (18/20), 2 on a 20 (1/20)

    The gap never drops below a hex (R-ER-CHASE-HEELS) and the hound is left behind at 5
    hexes (25 ft, half his 50 ft, ER-33 / R-ER-CHASE-END), checked at each second's end.
    From 3 the gap is 3 - H3 >= 1 after second 3, 3 - H3 + T2 - H2 after second 2 (the
    heels only cut in below 1), and the jaws reach him (5 ft: a gap of 1) when the round
    ends exactly when H3 + H2 + H1 - T2 >= 2.

    Left behind: only 3 + 2 - 0 - 0 = 5 at the end of second 2, a natural 20 for the thief
    and both the hound's rolls failing:  1/20 * 2/20 * 2/20 = 4/8000 = 1/2000.  (Then the
    reach needs H1 >= 4: the two do not meet.)

    The sum S = H3 + H2 + H1 of three hound rolls, in 20ths cubed (8000ths):
        S = 0: 2*2*2                                  =    8
        S = 1: 3 * (2*2*17)                           =  204
        S = 2: 3 * (2*17*17) + 3 * (2*2*1)            = 1746
        S = 3: 17^3 + 6 * (2*17*1)                    = 5117
        S = 4: 3 * (17*17*1) + 3 * (2*1*1)            =  873
        S = 5: 3 * (17*1*1)                           =   51
        S = 6: 1                                      =    1      (8000 in all)
    so P(S >= 2) = 7788/8000, P(S >= 3) = 6042/8000, P(S >= 4) = 925/8000, and

        P(reach) = 1/20 * 7788/8000 + 18/20 * 6042/8000 + 1/20 * 925/8000
                 = (7788 + 108756 + 925) / 160000 = 117469 / 160000  (73.4%)
    """
    st, _ = open_chase(chase(hound_at(3), quarry=(THIEF_40,)), 1, 15)
    f = frame(st)
    assert (f.deciding, f.second, f.order, f.gap("grip")) == ("grip", 3, ("jory", "grip"), 3)
    assert [c.option for c in legal_commands(st)] == ["run", "break_off"]
    o = round_odds(st, "grip", "jory")
    assert o.escape == Fraction(1, 2000)
    assert o.reach == Fraction(117469, 160000)


def _round_from(state: Battle, seed: int) -> list[Event]:
    """The round rolled from 'grip''s moment with the dice of `seed` (helpers.round_to_its_end)."""
    return round_to_its_end(state, 'grip', seed, 12)


def test_rolled_rounds_agree_with_the_exact_odds() -> None:
    """The whole round with dice: the hound 2 hexes behind, his moment first in second 10
    (initiative 15 + 2 against the thief's 3 + 3).  3,000 rounds rolled from fixed seeds
    (`StreamDice`); each count of "in reach at the round's end" and "left behind" lies
    within four binomial standard deviations, sqrt(p (1 - p) / n), of the exact odds, and
    the mean gap within four standard errors of the exact mean."""
    st, _ = open_chase(chase(hound_at(2), quarry=(THIEF_40,)), 15, 3)
    f = frame(st)
    assert (f.deciding, f.second, f.gap("grip")) == ("grip", 10, 2)
    exact = round_odds(st, "grip", "jory")
    assert Fraction(1, 2) < exact.reach < 1 and 0 < exact.escape < Fraction(1, 10)
    n = 3000
    reached = escaped = 0
    total_gap = 0
    for seed in range(n):
        events = _round_from(st, 34_000 + seed)
        out = [e for e in events if isinstance(e, ChaseRunnerOut) and e.unit == "grip"]
        if out:
            escaped += 1
            total_gap += out[0].gap
            continue
        end = next(e for e in events if isinstance(e, ChaseSecondEnded) and e.second == 1)
        gap = dict(end.gaps)["grip"]
        total_gap += gap
        reached += gap * 5 <= 5

    def close(count: int, p: Fraction) -> bool:
        return abs(count / n - float(p)) <= 4 * math.sqrt(float(p * (1 - p)) / n) + 1e-9

    assert close(reached, exact.reach), (reached / n, float(exact.reach))
    assert close(escaped, exact.escape), (escaped / n, float(exact.escape))
    var = float(sum(pr * (g - exact.expected_gap) ** 2 for g, pr in exact.gaps))
    assert abs(total_gap / n - float(exact.expected_gap)) <= 4 * math.sqrt(var / n)
