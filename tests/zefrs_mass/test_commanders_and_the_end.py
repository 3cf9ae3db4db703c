"""The force commander (ZEF-59, ZEF-63, ZEF-77, ZEF-80) and the end of a mass battle
(ZEF-79, R-ZEF-MASS-END)."""

from rules.hexgrid import Hex
from rules.state import DEAD
from rules.systems.zefrs.mass.events import (
    MassCommanderReplaced,
    MassLeaderDown,
    MassMoraleChecked,
    MassUnitBroke,
    MassUnitChecked,
    mass_frame,
)
from tests.zefrs_mass.helpers import (
    WHITE,
    army,
    attack,
    begin,
    commander,
    defend,
    every,
    only,
    ride,
    round_of,
    unit,
)


def test_the_commander_leading_a_unit_gives_it_his_presence_and_duels_for_it():
    """ZEF-63: he performs all the functions of its leader, the duel included; ZEF-80: his
    presence bonus (+1, R-ZEF-MASS-PRESENCE) for that unit alone."""
    st = begin(army(unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100),
                    unit("cav", "b", "cavalry", (2, 3), 2, fighters=50),
                    commander("ca", "a", (2, 5))))
    st, ev = round_of(st, [5, 3, WHITE, WHITE] + [WHITE] * 6,
                      pikes=attack(0), cav=attack(2), ca=ride((2, 4), lead=True))
    pikes_checks = [e for e in every(ev, MassUnitChecked) if e.attacker == "pikes"]
    assert all("+1 the commander leads it (ZEF-80)" in e.walk for e in pikes_checks)
    rider_checks = [e for e in every(ev, MassUnitChecked) if e.attacker == "cav"]
    assert not any("ZEF-80" in e.walk for e in rider_checks)


def test_the_commander_slain_makes_every_unit_of_his_side_check_and_is_replaced():
    """ZEF-77: the force commander's death makes all his units check morale; ZEF-59: he is
    replaced (R-ZEF-MASS-SUCCESSION: his second, with the side's largest unit)."""
    st = begin(army(unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100, leader="veteran"),
                    unit("cav", "b", "cavalry", (2, 3), 2, fighters=50),
                    unit("foot", "b", "spearmen", (3, 3), 2, fighters=50),
                    commander("cb", "b", (2, 2), hp=0, rank="foe", armour=[], shield="")))
    # init: cb 1 + broadsword 0, pikes-leader 9 − 1; the veteran's 20 is orange on column 4:
    # 5 damage; the commander's Damage check 100 is white (ZEF-52).  Segments: cav, pikes.
    # Morale: cav, then foot, each a 01.
    st, ev = round_of(st, [1, 9, 20, WHITE] + [WHITE] * 6 + [1, 1],
                      pikes=attack(0), cav=attack(2), foot=defend(2),
                      cb=ride((2, 3), lead=True))
    down = only(ev, MassLeaderDown)
    assert (down.unit, down.leader, down.how, down.commander) == ("cav", "cb", "slain", True)
    assert st.unit("cb").status == DEAD
    checked = {e.unit: e.triggers for e in every(ev, MassMoraleChecked)}
    assert set(checked) == {"cav", "foot"}
    assert "the force commander was slain" in checked["foot"]
    new = only(ev, MassCommanderReplaced)
    assert mass_frame(st).commander("b") == new.new and st.unit(new.new).fighting
    assert new.square == (3, 3)  # with the largest unit (the spearmen, by id among equals)


def test_after_the_rounds_the_gm_allows_more_fighters_standing_win():
    """R-ZEF-MASS-END: `mass_max_rounds`; ZEF-79 ends it sooner when a side is swept away
    (tests/zefrs_mass/test_duels_and_morale.py)."""
    st = begin(army(unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100),
                    unit("cav", "b", "cavalry", (2, 1), 2, fighters=50), max_rounds=1))
    st, _ = round_of(st, [], pikes=defend(0), cav=defend(2))
    assert st.outcome is not None and st.outcome.winner == "a"
    assert "R-ZEF-MASS-END" in st.outcome.reason


def test_a_commander_standing_with_a_unit_that_breaks_goes_with_its_leader():
    """R-ZEF-MASS-TAKE (ZEF-79): the commander on the square of a unit that flees, leading
    it or not, shares its leader's fate: he joins the friend beside it (here the foot at
    D4), and is never left standing among the enemy who take the square."""
    st = begin(army(unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100),
                    unit("cav", "b", "cavalry", (2, 3), 2, fighters=30),
                    unit("foot", "b", "spearmen", (3, 3), 2, fighters=40),
                    commander("cb", "b", (2, 3))))
    st, ev = round_of(st, [5, 3, WHITE, WHITE, WHITE, 60] + [WHITE] * 4 + [WHITE],
                      pikes=attack(0), cav=attack(2), foot=defend(2))
    broke = only(ev, MassUnitBroke)
    assert (broke.commander, broke.leader_joins, broke.taken_by) == ("cb", "foot", "pikes")
    assert st.unit("cb").pos == Hex(3, 3) and st.unit("pikes").pos == Hex(2, 3)
