"""The Damage rating (ZEF-51, ZEF-52, ZEF-53; R-ZEF-ZERO): damage comes off it; an Enemy at 0
falls at once; a PC or Foe already at 0 or below who takes more checks against his new
rating: red, he fights on; green, yellow or orange, unconscious; white, dead."""

from rules.systems.zefrs.events import DamageChecked
from tests.zefrs.helpers import begin, declare, duel, every

# The Cimmerian strikes a captain's right arm (no armour there; the shield is on the left):
# column 11 − 4 = 7 (red 01-11, orange 12-36): a roll of 20 is orange, 3 + 2 = 5 damage;
# the defender defends and fails (99, white), so the blow lands in full.


def _at(hp: int, **options: object) -> object:
    return begin(duel(("a", "cimmerian", (0, 0)), ("b", "captain", (1, 0)),
                      b_over={"hp": hp}, **options))


def test_a_foe_brought_to_zero_stands_until_hit_again() -> None:
    """ZEF-51, ZEF-52 (the text: "every time a character whose current Damage rating is 0 or
    less takes additional damage"): 3 → −2, no check yet."""
    st = _at(3)
    st, _ = declare(st, a="fight:b:right_arm")
    st, ev = declare(st, 5, 20, 99, b="defend")
    b = st.unit("b")
    assert (b.hp, b.status) == (-2, "active") and not every(ev, DamageChecked)


def test_hit_again_at_zero_he_checks_his_damage_rating() -> None:
    """ZEF-52: at 0 or below, hit again: a check on the column of his new rating (−5 → read
    on column −5); white (60) kills him."""
    st = _at(0)
    st, _ = declare(st, a="fight:b:right_arm")
    st, ev = declare(st, 5, 20, 99, 60, b="defend")
    check = every(ev, DamageChecked)[0]
    assert (check.column, check.roll, check.colour) == (-5, 60, "white")
    assert (st.unit("b").status, st.unit("b").condition) == ("dead", "dead")


def test_red_fights_on_and_other_colours_knock_him_out() -> None:
    st = _at(0)
    st, _ = declare(st, a="fight:b:right_arm")
    st, ev = declare(st, 5, 20, 99, 3, b="defend")
    assert every(ev, DamageChecked)[0].colour == "red" and st.unit("b").status == "active"
    st = _at(0)
    st, _ = declare(st, a="fight:b:right_arm")
    st, ev = declare(st, 5, 20, 99, 20, b="defend")
    assert every(ev, DamageChecked)[0].colour == "yellow"  # column −5: 20 is yellow
    assert st.unit("b").condition == "unconscious"


def test_the_gm_may_check_on_reaching_zero() -> None:
    """R-ZEF-ZERO's other reading (`zero_check = "on_reaching"`): the first blow that takes
    him to 0 or below already calls for the check."""
    st = _at(3, zero_check="on_reaching")
    st, _ = declare(st, a="fight:b:right_arm")
    st, ev = declare(st, 5, 20, 99, 3, b="defend")
    assert every(ev, DamageChecked)[0].column == -2


def test_an_enemy_falls_at_zero_without_a_check() -> None:
    """ZEF-53: the guard (Damage 7) takes 7 and is down; no check is rolled."""
    st = begin(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (1, 0)), b_over={"hp": 5}))
    st, _ = declare(st, a="fight:b:right_arm")
    st, ev = declare(st, 5, 20, 99, b="defend")
    assert not every(ev, DamageChecked)
    assert (st.unit("b").status, st.unit("b").condition) == ("down", "fallen")


def test_the_log_speaks_of_damage_points_as_the_text_does() -> None:
    """ZEF-51: ZeFRS calls a figure's measure its Damage rating, in Damage Points, so the log
    line of the blow says "Damage Points left", not another ruleset's "HP"."""
    from rules.events import UnitDamaged
    from rules.wording import Words

    st = _at(10)
    st, _ = declare(st, a="fight:b:right_arm")
    st, ev = declare(st, 5, 20, 99, b="defend")
    line = Words.of(st).say(every(ev, UnitDamaged)[0])
    assert line.endswith("takes 5 damage (5 Damage Points left).") and "HP" not in line
