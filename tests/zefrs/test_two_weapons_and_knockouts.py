"""Two weapons (ZEF-32, ZEF-33, ZEF-34; R-ZEF-SECOND-WEAPON) and knock-outs (ZEF-35,
EX-ZEF-10; R-ZEF-KO)."""

from rules.events import UnitDamaged
from rules.systems.zefrs.events import (
    ExtraActionChecked,
    InitiativeRolled,
    KnockedOut,
    ZefAttackRolled,
)
from tests.zefrs.helpers import begin, declare, duel, every, only, zef

# The duelist: Rapier 9, Dirk 6, the two-weapon talent; the bandit's Movement is 3.


def test_both_weapons_the_second_at_the_turns_end_at_a_penalty() -> None:
    """ZEF-32, ZEF-33, ZEF-34: the rapier on his initiative (column 6), the dirk at the end
    of the turn at −2 (column 6 − 3 − 2 = 1); no extra-action check."""
    st = begin(duel(("a", "duelist", (0, 0)), ("b", "bandit", (1, 0))))
    st, _ = declare(st, a="fight:b:chest:both")
    st, ev = declare(st, 5, 2, 99, 99, 99, b="fight:a:chest")
    first, theirs, second = every(ev, ZefAttackRolled)
    assert (first.attacker, first.weapon, first.column) == ("a", "rapier", 6)
    assert theirs.attacker == "b"
    assert (second.attacker, second.weapon, second.column) == ("a", "dirk", 1)
    assert [(m.value, m.rule) for m in second.shifts] == [(-2, "ZEF-34")]
    assert not every(ev, ExtraActionChecked)


def test_one_weapon_guards_and_the_other_strikes_at_the_end() -> None:
    """ZEF-33: striking with one and defending with the other, the blow falls at the end of
    the turn (he rolls no initiative); he defends with the dirk's 6, nothing subtracted."""
    st = begin(duel(("a", "duelist", (0, 0)), ("b", "bandit", (1, 0))))
    st, _ = declare(st, a="fight:b:chest:guard")
    st, ev = declare(st, 5, 10, 50, 99, b="fight:a:chest")  # his 10: orange, a hit
    assert [e[0] for e in only(ev, InitiativeRolled).entries] == ["b"]
    theirs, mine = every(ev, ZefAttackRolled)
    assert (theirs.attacker, theirs.defence_column, theirs.defence_roll) == ("b", 6, 50)
    assert (mine.attacker, mine.weapon) == ("a", "rapier")


def test_a_red_knock_out_blow() -> None:
    """ZEF-35, EX-ZEF-10: red, and the guard is out 1-10 minutes, 12 combat turns a minute
    (3 minutes: 36 turns); he takes no damage."""
    st = begin(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (1, 0))))
    st, _ = declare(st, a="fight:b:head:ko")
    st, ev = declare(st, 5, 5, 99, 3, b="defend")  # his defence (99) cannot stop it
    ko = only(ev, KnockedOut)
    assert (ko.minutes, ko.wakes_at) == (3, 1 + 36)
    assert st.unit("b").condition == "knocked out" and not every(ev, UnitDamaged)
    line = only(ev, ZefAttackRolled).narrate()
    assert "rolled 5, red" in line and line.endswith(": the knock-out blow lands (ZEF-35).")


def test_short_of_red_a_knock_out_blow_does_no_damage() -> None:
    """ZEF-35, R-ZEF-KO: "On any other color, the blow was not strong enough or missed the
    vital spot": an orange knock-out blow (the Cimmerian's 25 on column 9) would wound as an
    ordinary blow, but it does nothing -- no damage, no knock-out -- and he fights on; the
    log says so."""
    st = begin(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (1, 0))))
    st, _ = declare(st, a="fight:b:head:ko")
    st, ev = declare(st, 5, 25, 99, b="defend")
    blow = only(ev, ZefAttackRolled)
    assert (blow.colour, blow.knockout, blow.damage) == ("orange", True, 0)
    line = blow.narrate()
    assert "rolled 25, orange" in line and line.endswith(
        ": short of red, the knock-out blow was not strong enough; no damage (ZEF-35).")
    assert not every(ev, UnitDamaged) and not every(ev, KnockedOut)
    guard = st.unit("b")
    assert (guard.hp, guard.status) == (guard.max_hp, "active")


def test_with_the_gms_option_short_of_red_the_blow_wounds_as_usual() -> None:
    """R-ZEF-KO: `knockout_damage_on_failure = true` keeps the earlier reading: the same
    orange knock-out blow wounds as an ordinary orange blow."""
    st = begin(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (1, 0)),
                    knockout_damage_on_failure=True))
    st, _ = declare(st, a="fight:b:head:ko")
    st, ev = declare(st, 5, 25, 99, b="defend")
    assert only(ev, UnitDamaged).amount == only(ev, ZefAttackRolled).damage > 0
    assert not every(ev, KnockedOut)


def test_the_knocked_out_come_to() -> None:
    """EX-ZEF-10: a 1-minute knock-out lasts 12 turns; at the start of the 13th turn after
    the blow he is back in the fight."""
    sc = zef().side("pcs", True).side("foes")
    sc.unit("a", "cimmerian", "pcs", (0, 0), facing=0)
    sc.unit("b", "guard", "foes", (1, 0), facing=3)
    sc.unit("c", "guard", "foes", (5, 0), facing=3)
    st = begin(sc)
    st, _ = declare(st, a="fight:b:head:ko")
    st, _ = declare(st, 5, 5, 99, 1, b="defend", c="defend")
    assert st.unit("b").wakes_at == 13
    while st.round < 13:
        assert st.unit("b").status == "down"
        st, _ = declare(st, a="defend", c="defend")
    assert st.round == 13 and st.unit("b").status == "active"
