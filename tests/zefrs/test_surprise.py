"""Being taken off guard (ZEF-11, ZEF-12, ZEF-13; R-ZEF-SURPRISE, R-ZEF-OPPONENT): at the
start of the combat each fighter checks Animal Reflexes or General Prowess, a colour is that
many advantages, and more advantages than one's opponent are free actions: turns in which
he acts and his opponent cannot even defend."""

import pytest

from rules.commands import Declare
from rules.engine import IllegalCommand, legal_commands, scripted, submit
from rules.systems.zefrs.surprise import FreeActionsGiven, SurpriseChecked
from tests.zefrs.helpers import begin, declare, every, only, zef

# Thieves (Animal Reflexes 7): column 7, red 01-11, orange 12-36, yellow 37-56, green 57-74.
# Guards (Animal Reflexes 2): column 2, red 01-08, orange 09-29, yellow 30-46, green 47-60.


def _hall(**options: object):
    sc = zef(surprise=True, **options).side("pcs", True).side("foes")
    sc.unit("jackal", "thief", "pcs", (0, 0), facing=0, name="Jackal the Reaver")
    sc.unit("besh", "thief", "foes", (1, 0), facing=3, name="Dural Besh")
    return sc


def test_jackal_and_besh_in_the_hall() -> None:
    """EX-ZEF-03 / ZEF-11, ZEF-12: Jackal orange (3 advantages), Besh yellow (2): Jackal
    gets one free action; Besh states nothing that turn."""
    from rules.engine import start

    st, ev = start(_hall().build(), scripted(45, 20))
    checks = {e.who: (e.colour, e.advantages) for e in every(ev, SurpriseChecked)}
    assert checks == {"besh": ("yellow", 2), "jackal": ("orange", 3)}
    assert only(ev, FreeActionsGiven).entries == (("jackal", 1),)
    assert st.top.actor == "pcs"
    st, _ = declare(st, jackal="defend")  # his free turn; Besh is caught off guard
    assert st.round == 2 and st.top.actor == "pcs"
    st, _ = declare(st, jackal="defend")
    assert st.top.actor == "foes"  # now Besh states his action too


def test_the_caught_cannot_declare_in_a_free_turn() -> None:
    sc = zef(surprise=True).side("pcs", True).side("foes")
    sc.unit("jackal", "thief", "pcs", (0, 0), facing=0)
    sc.unit("besh", "thief", "foes", (1, 0), facing=3)
    st = begin(sc, 20, 45)  # Besh orange, Jackal yellow: Besh's free turn
    assert st.top.actor == "foes"
    assert not legal_commands(st, "pcs")
    with pytest.raises(IllegalCommand):
        submit(st, Declare(unit="jackal", action="defend"), scripted())


def _guards(**options: object):
    sc = zef(surprise=True, **options).side("pcs", True).side("foes")
    sc.unit("jackal", "thief", "pcs", (0, 0), facing=0)
    sc.unit("besh", "thief", "pcs", (0, 3), facing=0)
    sc.unit("g1", "guard", "foes", (1, 0), facing=3)
    sc.unit("g2", "guard", "foes", (1, 3), facing=3)
    return sc


def test_against_the_guards_each_checks_against_his_own_opponent() -> None:
    """EX-ZEF-04 / ZEF-13 (pairs, R-ZEF-OPPONENT: the nearest foe): Jackal green against his
    guard's green, no free action; Besh yellow against his guard's white: two unanswered
    actions."""
    from rules.engine import start

    st, ev = start(_guards(surprise_mode="pairs").build(), scripted(45, 50, 90, 70))
    assert only(ev, FreeActionsGiven).entries == (("besh", 2),)
    st, _ = declare(st, besh="defend")
    st, _ = declare(st, besh="defend")
    assert st.round == 3
    assert {c.unit for c in legal_commands(st, "pcs")} == {"besh", "jackal"}


def test_a_large_fight_checks_by_sides_with_the_best_rating() -> None:
    """ZEF-13 [GM]: by sides, each with its best Animal Reflexes or General Prowess: the
    players' orange (3) against the guards' green (1) gives every player two free actions;
    "auto" does so from `surprise_sides_from` fighters."""
    from rules.engine import start

    for options in ({"surprise_mode": "sides"}, {"surprise_sides_from": 4}):
        _st, ev = start(_guards(**options).build(), scripted(20, 50))
        checks = every(ev, SurpriseChecked)
        assert [(c.who, c.side, c.advantages) for c in checks] == [("pcs", True, 3),
                                                                    ("foes", True, 1)]
        assert only(ev, FreeActionsGiven).entries == (("besh", 2), ("jackal", 2))


def test_no_check_when_the_gm_turns_surprise_off() -> None:
    st = begin(zef(surprise=False).side("pcs", True).side("foes")
               .unit("a", "thief", "pcs", (0, 0)).unit("b", "thief", "foes", (1, 0)))
    assert st.round == 1 and st.top.actor == "pcs"


def test_a_newcomer_checks_only_against_the_one_he_takes_on() -> None:
    """EX-ZEF-05 / ZEF-14 (R-ZEF-NEWCOMER): a third guard comes round the corner beside
    Jackal; at the next turn only he and Jackal check for advantage."""
    from rules.engine import UnitSpec, start
    from rules.gm import PlaceUnit, gm_submit

    st, _ = start(_guards(surprise_mode="pairs").build(), scripted(99, 99, 99, 99))
    st, _ = gm_submit(st, PlaceUnit(unit=UnitSpec(id="g3", side="foes", template="guard",
                                                  pos=(-1, 0), facing=0)))
    st, _ = declare(st, besh="defend", jackal="defend")
    st, ev = declare(st, 45, 20, g1="defend", g2="defend", g3="defend")
    assert [e.who for e in every(ev, SurpriseChecked)] == ["g3", "jackal"]
    assert only(ev, FreeActionsGiven).entries == (("jackal", 1),)  # orange 3 − yellow 2
