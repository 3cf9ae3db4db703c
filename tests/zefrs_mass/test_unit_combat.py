"""Segments 2–4 (ZEF-72..75, ZEF-65, ZEF-67): each attacking unit checks on the column of its
members' average weapon talent; the colour gives the defenders' losses as a percentage of the
attackers, rounded up, cut by the defenders' armour; both sides at once."""

from fractions import Fraction

from rules.systems.zefrs.mass.combat import check_odds, check_of, rulings_of
from rules.systems.zefrs.mass.events import MassUnitChecked
from tests.zefrs_mass.helpers import (
    WHITE,
    army,
    attack,
    begin,
    defend,
    every,
    fighters,
    round_of,
    unit,
)

# Column 5 (the pikemen's talent) reads red to 9, orange to 33, yellow to 52, green to 69.
GREEN_ON_5 = 60
DUEL_MISSES = [5, 3, WHITE, WHITE]  # both leaders' initiative, then two white blows


def pikes_and_horse(troop: str = "cavalry"):
    return begin(army(unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100),
                      unit("cav", "b", troop, (2, 3), 2, fighters=50)))


def test_ex_zef_11_a_marginal_success_costs_unarmoured_riders_ten_percent_of_the_pikemen():
    """EX-ZEF-11: 100 pikemen score a marginal success against 50 unarmoured cavalry: 10%
    of 100 = 10 riders incapacitated (ZEF-72, ZEF-73)."""
    st = pikes_and_horse()
    st, ev = round_of(st, DUEL_MISSES + [WHITE, GREEN_ON_5] + [WHITE] * 4,
                      pikes=attack(0), cav=attack(2))
    check = next(e for e in every(ev, MassUnitChecked) if e.attacker == "pikes")
    assert (check.segment, check.colour, check.percent, check.of, check.lost) == \
        (2, "green", 10, 100, 10)
    assert fighters(st, "cav") == 40


def test_ex_zef_12_armoured_riders_lose_only_five():
    """EX-ZEF-12: leather jack, arm protectors, steel helmet and small shield make unit
    armour 1, which cuts the losses by 5 points: 100 × (10 − 5)% = 5 riders (ZEF-74,
    ZEF-75)."""
    st = pikes_and_horse("armoured_cavalry")
    assert st.unit("cav").armour_value == 1
    st, ev = round_of(st, DUEL_MISSES + [WHITE, GREEN_ON_5] + [WHITE] * 4,
                      pikes=attack(0), cav=attack(2))
    check = next(e for e in every(ev, MassUnitChecked) if e.attacker == "pikes")
    assert (check.percent, check.armour, check.lost) == (5, 1, 5)
    assert fighters(st, "cav") == 45


def test_losses_are_rounded_up_and_both_sides_strike_at_once():
    """ZEF-72: casualties rounded up; both sides' checks are made from the numbers at the
    start of the segment, so the riders' blow lands though they lose men to the pikes."""
    st = begin(army(unit("pikes", "a", "pikemen", (2, 4), 0, fighters=33),
                    unit("cav", "b", "cavalry", (2, 3), 2, fighters=50)))
    # cav (id first) rolls red on its column 5; pikes roll green: 10% of 33 = 3.3 -> 4.
    # 13 of 33 down is a third: the pikes check morale and hold on a 01 (ZEF-77).
    st, ev = round_of(st, DUEL_MISSES + [5, GREEN_ON_5] + [WHITE] * 4 + [1],
                      pikes=attack(0), cav=attack(2))
    seg2 = [e for e in every(ev, MassUnitChecked) if e.segment == 2]
    by = {e.attacker: e for e in seg2}
    assert by["pikes"].lost == 4 and by["pikes"].of == 33
    assert by["cav"].colour == "red" and by["cav"].lost == 13  # 25% of 50 = 12.5 -> 13
    assert fighters(st, "pikes") == 20 and fighters(st, "cav") == 46


def test_a_defending_unit_strikes_nothing_and_is_harder_to_hurt():
    """ZEF-67, R-ZEF-MASS-DEFEND: the defenders make no check; the attackers' check takes
    −2 columns (a roll of 66 is green on column 5, white on column 3)."""
    st = pikes_and_horse()
    st, ev = round_of(st, DUEL_MISSES + [66, WHITE, WHITE],
                      pikes=attack(0), cav=defend(2))
    checks = every(ev, MassUnitChecked)
    assert {e.attacker for e in checks} == {"pikes"}
    assert checks[0].column == 3 and checks[0].colour == "white"
    assert fighters(st, "cav") == 50


def test_units_ganging_up_outnumber_the_defenders_who_check_at_a_loss():
    """ZEF-65, R-ZEF-MASS-GANG: two units on two sides of one add their fighters; 150
    against 50 is 3 to 1, so the defenders' own check takes −2 columns."""
    st = begin(army(unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100),
                    unit("spears", "a", "spearmen", (1, 3), 1, fighters=50),
                    unit("cav", "b", "cavalry", (2, 3), 2, fighters=50)))
    check = check_of(st, "cav", "pikes")
    assert check.walk.column == 5  # nobody attacks it yet: no orders are given
    # the orders set by hand, as a GM sets a position up
    ordered = st.update_unit("pikes", order="attack").update_unit("spears", order="attack")
    ordered = ordered.update_unit("cav", order="attack")
    check = check_of(ordered, "cav", "pikes")
    assert [s.clause for s in check.walk.shifts] == ["ZEF-65"]
    assert check.walk.column == 3


def test_the_odds_of_a_check_come_from_the_same_casualties_function():
    """The side panel's odds enumerate every roll through the resolution: on column 5, 69
    rolls of 100 succeed, and against unarmoured riders they cost 10, 15, 20 or 25."""
    st = pikes_and_horse().update_unit("pikes", order="attack")
    law = check_odds(check_of(st, "pikes", "cav"), rulings_of(st))
    assert law == {0: 31, 10: 69 - 52, 15: 52 - 33, 20: 33 - 9, 25: 9}


def test_before_an_attack_the_round_ahead_is_shown_exactly():
    """The side panel's preview (mass/odds.py): the pikes' losses to the riders and the
    riders' to the pikes over the round's three segments, each law summing to 1, and the
    chance the riders strike enough to call a morale check on the pikes (ZEF-77)."""
    from rules.systems.zefrs.mass.odds import attack_preview

    st = pikes_and_horse()
    p = attack_preview(st, "pikes", 0)
    assert p is not None and p.target == "cav"
    assert sum(p.inflict.values()) == 1 and sum(p.suffer.values()) == 1
    assert max(p.inflict) == 50  # three reds would cut down all 50 riders
    # the riders (column 4: outnumbered, −1) cut down 13, 10, 8 or 5 for red (9 rolls),
    # orange (23), yellow (18), green (16); a third of the pikes is 34: red-red-red,
    # red-red-orange or red-red-yellow in any order
    r, o, y = Fraction(9, 100), Fraction(23, 100), Fraction(18, 100)
    assert p.morale == r**3 + 3 * r * r * o + 3 * r * r * y
    assert attack_preview(st, "pikes", 1) is None  # nobody to the east
