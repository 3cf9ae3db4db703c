"""Segment 1 and the end of the round (ZEF-59, ZEF-70, ZEF-71, ZEF-77..79): the leaders
duel with the skirmish's own blow; a leader hurt or slain costs his unit; morale is checked
on the four triggers, and a unit that flees or is cut down leaves the grid, its square
taken at once."""

from rules.hexgrid import Hex
from rules.state import DEAD, GONE
from rules.systems.zefrs.events import ZefAttackRolled
from rules.systems.zefrs.mass.events import (
    MassDuelsOpened,
    MassLeaderDown,
    MassLeaderReplaced,
    MassMoraleChecked,
    MassUnitBroke,
    MassUnitChecked,
)
from tests.zefrs_mass.helpers import (
    WHITE,
    army,
    attack,
    begin,
    defend,
    every,
    only,
    round_of,
    unit,
)


def _duellists():
    """The pikes' veteran against a rider captain already at 0 Damage (a Foe: the next
    wound makes him check, ZEF-52, R-ZEF-ZERO)."""
    return begin(army(
        unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100, leader="veteran"),
        unit("cav", "b", "cavalry", (2, 3), 2, fighters=50, leader="raider",
             leader_overrides={"hp": 0, "rank": "foe"})))


def test_the_leaders_duel_in_segment_one_and_a_slain_leader_costs_his_unit():
    """ZEF-70: the leaders duel under the regular rules (d10 initiative with the best
    rating and the weapon's bonus, ZEF-17, then a blow: the veteran's 20 is orange on
    column 2 (striking up at a rider, ZEF-41), 4 damage, and the rider fails his Damage
    check, ZEF-52); ZEF-71: his unit fights on shaken, −2; ZEF-77: a slain leader calls
    for a morale check, with the troops' Will alone; ZEF-59: someone from the ranks steps
    into the breach."""
    st = _duellists()
    # init: cav-leader 1 + 4 + saber 0, pikes-leader 9 + 5 + axe −1; the blow 20; Damage
    # check 100; the rider's blow (each strikes at the chest: round_of's plain declaration)
    # finds him down;
    # segments: cav then pikes, white; morale for the riders: 01 holds.
    st, ev = round_of(st, [1, 9, 20, WHITE] + [WHITE] * 6 + [1],
                      pikes=attack(0), cav=attack(2))
    duel = only(ev, MassDuelsOpened)
    assert duel.order == ("pikes-leader", "cav-leader")
    assert only(ev, ZefAttackRolled).colour == "orange"
    down = only(ev, MassLeaderDown)
    assert (down.unit, down.how) == ("cav", "slain")
    assert st.unit("cav-leader").status == DEAD
    rider_check = next(e for e in every(ev, MassUnitChecked) if e.attacker == "cav")
    assert "ZEF-71" in rider_check.walk and "ZEF-65" in rider_check.walk
    morale = only(ev, MassMoraleChecked)
    assert morale.triggers == ("its leader was slain",) and morale.checker == ""
    assert morale.column == 3  # the riders' average Will
    new = only(ev, MassLeaderReplaced)
    assert st.unit("cav").leader == new.leader and st.unit(new.leader).pos == Hex(2, 3)


def test_the_leaders_duel_only_in_the_first_round_a_unit_fights():
    """ZEF-70, R-ZEF-MASS-DUEL: "during the first round"; `every_round` is the GM's other
    reading."""
    st = begin(army(unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100),
                    unit("cav", "b", "cavalry", (2, 3), 2, fighters=50)))
    st, ev = round_of(st, [5, 3, WHITE, WHITE] + [WHITE] * 6, pikes=attack(0), cav=attack(2))
    st, ev = round_of(st, [WHITE] * 6, pikes=attack(0), cav=attack(2))
    assert not every(ev, MassDuelsOpened)
    st = begin(army(unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100),
                    unit("cav", "b", "cavalry", (2, 3), 2, fighters=50), duels="every_round"))
    st, ev = round_of(st, [5, 3, WHITE, WHITE] + [WHITE] * 6, pikes=attack(0), cav=attack(2))
    st, ev = round_of(st, [5, 3, WHITE, WHITE] + [WHITE] * 6, pikes=attack(0), cav=attack(2))
    assert every(ev, MassDuelsOpened)


def test_a_third_down_checks_morale_and_white_breaks_the_unit():
    """ZEF-77: 10 of 30 down reaches a third; ZEF-78: the leader checks on the average of
    his Will and the troops' (3 and 3: column 3); white, the unit flees; ZEF-79: off the
    grid, its leader with no friend beside him captured, the pikes take the square; and
    with no unit left the Nemedians have lost."""
    st = begin(army(unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100),
                    unit("cav", "b", "cavalry", (2, 3), 2, fighters=30)))
    st, ev = round_of(st, [5, 3, WHITE, WHITE, WHITE, 60] + [WHITE] * 4 + [WHITE],
                      pikes=attack(0), cav=attack(2))
    morale = only(ev, MassMoraleChecked)
    assert morale.triggers == ("a third of its fighters are down",)
    assert (morale.checker, morale.column, morale.flees) == ("cav-leader", 3, True)
    broke = only(ev, MassUnitBroke)
    assert (broke.how, broke.leader, broke.leader_joins, broke.taken_by) == \
        ("fled", "cav-leader", "", "pikes")
    assert st.unit("cav").status == GONE and st.unit("cav").pos is None
    assert st.unit("cav-leader").condition == "captured"
    assert st.unit("pikes").pos == Hex(2, 3)
    assert st.outcome is not None and st.outcome.winner == "a"


def test_an_adjacent_reserve_takes_the_square_and_the_leader_joins_a_friend():
    """ZEF-79: the reserve behind the broken unit moves up at once; its living leader joins
    the friendly unit beside it."""
    st = begin(army(unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100),
                    unit("cav", "b", "cavalry", (2, 3), 2, fighters=30),
                    unit("res", "b", "spearmen", (2, 2), 2, fighters=40, slot="reserve")))
    st, ev = round_of(st, [5, 3, WHITE, WHITE, WHITE, 60] + [WHITE] * 4 + [WHITE],
                      pikes=attack(0), cav=attack(2), res=defend(2))
    broke = only(ev, MassUnitBroke)
    assert (broke.leader_joins, broke.taken_by, broke.reserve) == ("res", "res", True)
    assert st.unit("res").pos == Hex(2, 3)
    assert st.unit("cav-leader").condition == "with Spearmen"  # in the ranks he joined
    assert st.outcome is None


def test_outnumbered_five_to_one_a_marginal_success_flees_too():
    """ZEF-78 [GM], R-ZEF-MASS-EXTREME: a green on the morale check breaks a unit the enemy
    outnumbers 5 to 1; with the option off it holds."""
    for extreme, flees in ((5, True), (0, False)):
        st = begin(army(unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100),
                        unit("cav", "b", "cavalry", (2, 3), 2, fighters=20),
                        extreme_odds=extreme))
        st, ev = round_of(st, [5, 3, WHITE, WHITE, WHITE, 60] + [WHITE] * 4 + [60],
                          pikes=attack(0), cav=attack(2))
        morale = only(ev, MassMoraleChecked)
        assert morale.colour == "green" and morale.flees is flees
