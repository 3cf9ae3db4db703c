"""Specific wounds (ZEF-54, ZEF-55, ZEF-56, ZEF-26; R-ZEF-WOUNDS, R-ZEF-WOUND-CHECK): a red
hit may leave a wound by its aiming point, whatever the damage; a PC or Foe checks the
higher of Damage and General Endurance to avoid it; an Enemy suffers it."""

from rules.systems.zefrs.events import ZefAttackRolled
from rules.systems.zefrs.wounds import WoundChecked, WoundSuffered
from tests.zefrs.helpers import begin, declare, duel, every, only

# The Cimmerian on column 9 against a guard (red 01-12); on column 7 against the captain.


def test_an_enemy_suffers_the_wound_of_a_red_blow() -> None:
    """ZEF-56: the guard, an Enemy, does not check; a red blow to his right arm maims it and
    his spear falls (R-ZEF-WOUNDS)."""
    st = begin(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (1, 0)), b_over={"hp": 30}))
    st, _ = declare(st, a="fight:b:right_arm")
    st, ev = declare(st, 5, 5, 99, b="defend")
    hurt = only(ev, WoundSuffered)
    assert (hurt.wound, hurt.automatic) == ("maimed right arm", True)
    assert not every(ev, WoundChecked) and st.unit("b").weapon == ""


def test_the_wound_comes_whatever_the_armour_stopped() -> None:
    """ZEF-54: a red blow on a helmeted head that the helmet, shield and a red defence bring
    to 1 still cracks the skull: the guard is out (R-ZEF-WOUNDS: unconscious)."""
    st = begin(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (1, 0)), b_over={"hp": 30}))
    st, _ = declare(st, a="fight:b:head")
    st, ev = declare(st, 5, 5, 1, b="defend")
    assert only(ev, ZefAttackRolled).damage <= 1
    assert only(ev, WoundSuffered).effect == "unconscious"
    assert st.unit("b").condition == "unconscious"


def test_a_foe_checks_the_higher_of_damage_and_endurance() -> None:
    """ZEF-55 (R-ZEF-WOUND-CHECK): the captain (Damage 14 less this blow's, Endurance 4)
    checks on his Damage column; a chest wound is avoided on yellow or better."""
    st = begin(duel(("a", "cimmerian", (0, 0)), ("b", "captain", (1, 0))))
    st, _ = declare(st, a="fight:b:chest")
    st, ev = declare(st, 5, 5, 99, 50, b="defend")
    check = only(ev, WoundChecked)
    hp = st.unit("b").hp
    assert (check.column, check.needed, check.colour, check.avoided) == (hp, "yellow",
                                                                          "yellow", True)
    assert not every(ev, WoundSuffered)
    st = begin(duel(("a", "cimmerian", (0, 0)), ("b", "captain", (1, 0))))
    st, _ = declare(st, a="fight:b:chest")
    st, ev = declare(st, 5, 5, 99, 95, b="defend")
    assert only(ev, WoundSuffered).effect == "shift"
    assert st.unit("b").wound_shift == -2 and st.unit("b").wounds == ("broken ribs",)


def test_a_wound_lasts_and_weighs_on_every_check() -> None:
    """ZEF-56: the wound lasts; R-ZEF-WOUNDS: broken ribs cost 2 columns on his blows."""
    st = begin(duel(("a", "cimmerian", (0, 0)), ("b", "captain", (1, 0))))
    st, _ = declare(st, a="fight:b:chest")
    st, _ = declare(st, 5, 5, 99, 95, b="defend")
    st, _ = declare(st, a="defend")
    st, ev = declare(st, 5, 99, b="fight:a:chest")
    assert [(m.value, m.rule) for m in only(ev, ZefAttackRolled).shifts] == [(-2, "ZEF-56")]


def test_a_leg_wound_lames_and_brawling_has_its_own_wounds() -> None:
    """R-ZEF-WOUNDS: a hamstrung man falls and moves a hex a turn; ZEF-26: a red punch to
    the head knocks him down (the brawling set), it does not crack his skull."""
    st = begin(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (1, 0)), b_over={"hp": 30}))
    st, _ = declare(st, a="fight:b:left_leg")
    st, _ = declare(st, 5, 5, 99, b="defend")
    b = st.unit("b")
    assert b.lamed and b.knocked_down
    st = begin(duel(("a", "brawler", (0, 0)), ("b", "guard", (1, 0)), b_over={"hp": 30}))
    st, _ = declare(st, a="fight:b:head")
    st, ev = declare(st, 5, 1, 99, b="defend")
    assert only(ev, WoundSuffered).wound == "stunned senseless"
    assert st.unit("b").knocked_down and st.unit("b").status == "active"
