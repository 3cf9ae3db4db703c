"""Who can be struck and where (ZEF-02, ZEF-24, ZEF-25; R-ZEF-REACH, R-ZEF-MOUNTED-AIM), and
the exact odds of a blow (ZEF-07, ZEF-44; DESIGN: one resolution function, two drivers)."""

from fractions import Fraction

from rules.commands import Declare
from rules.engine import legal_commands, ruleset_of
from tests.zefrs.helpers import begin, declare, duel

ALL = ("head", "chest", "right_arm", "left_arm", "gut", "right_leg", "left_leg")


def _aims(st: object, side: str, unit: str, target: str) -> set[str]:
    return {c.action.split(":")[2] for c in legal_commands(st, side)  # type: ignore[arg-type]
            if isinstance(c, Declare) and c.unit == unit
            and c.action.startswith(f"fight:{target}:")}


def test_a_pike_reaches_two_hexes_and_a_spear_one() -> None:
    """ZEF-02 / R-ZEF-REACH: the pikeman strikes the guard two hexes off; the guard cannot
    strike back from there."""
    st = begin(duel(("a", "pikeman", (0, 0)), ("b", "guard", (2, 0))))
    assert _aims(st, "pcs", "a", "b") == set(ALL)
    st, _ = declare(st, a="defend")
    assert _aims(st, "foes", "b", "a") == set()


def test_on_foot_against_a_rider_only_chest_gut_and_legs() -> None:
    """ZEF-25: a guard's spear (Initiative Bonus 0) reaches only the rider's legs, gut and
    chest."""
    st = begin(duel(("a", "guard", (0, 0)), ("b", "knight", (1, 0))))
    assert _aims(st, "pcs", "a", "b") == {"chest", "gut", "right_leg", "left_leg"}


def test_a_rider_cannot_reach_a_footmans_legs_unless_his_weapon_is_quick() -> None:
    """ZEF-25: the raider's saber (0) cannot reach the legs; the knight's light lance
    (+3 in the first turn) reaches every point (R-ZEF-MOUNTED-AIM)."""
    st = begin(duel(("a", "raider", (0, 0)), ("b", "guard", (1, 0))))
    assert _aims(st, "pcs", "a", "b") == set(ALL) - {"right_leg", "left_leg"}
    st = begin(duel(("a", "knight", (0, 0)), ("b", "guard", (1, 0))))
    assert _aims(st, "pcs", "a", "b") == set(ALL)


def test_the_odds_of_a_blow_are_the_charts() -> None:
    """Column 9 (red 12, orange 27, yellow 21, green 19 of 100): on the guard's unarmoured
    right arm the Cimmerian does 4+2, 3+2, 2+2, 1+2 or nothing."""
    st = begin(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (1, 0))))
    odds = ruleset_of("zefrs").odds(st, "a", "b", aim="right_arm")
    assert odds.hit == Fraction(79, 100)
    assert odds.damage == {0: Fraction(21, 100), 3: Fraction(19, 100), 4: Fraction(21, 100),
                           5: Fraction(27, 100), 6: Fraction(12, 100)}
    assert odds.kill == 0  # Damage 7: no one blow fells him
    assert odds.notes[0] == "column 9"


def test_the_odds_count_the_defence_and_the_fall() -> None:
    """A guard at Damage 5 falls to 5 or more (ZEF-53): red or orange, 39 %; if he defends
    (Spear 4, column 4), every defence roll is counted too (ZEF-36)."""
    st = begin(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (1, 0)), b_over={"hp": 5}))
    rs = ruleset_of("zefrs")
    assert rs.odds(st, "a", "b", aim="right_arm").kill == Fraction(39, 100)
    guarded = rs.odds(st, "a", "b", aim="right_arm", defending=True)
    assert guarded.hit == Fraction(79, 100)
    assert guarded.kill < Fraction(39, 100) and guarded.expected_damage < rs.odds(
        st, "a", "b", aim="right_arm").expected_damage
