"""Armies and units as data (ZEF-58, ZEF-59, ZEF-74..76): a unit has its fighters, its
average talent and Will, one armour value from its kit, a leader who is a ZeFRS fighter, and
each side an overall commander."""

import pytest

from rules.data import DataError
from rules.engine import initial_state
from rules.systems.zefrs.mass.armour import armour_points, unit_armour
from rules.systems.zefrs.mass.tables import DEFAULT_MASS_PATH, Kit, load_mass
from rules.systems.zefrs.mass.units import MassUnit
from rules.systems.zefrs.units import ZefUnit
from tests.data_variants import data_variant
from tests.zefrs_mass.helpers import army, commander, unit


def test_ex_zef_12_the_armour_formula_weighs_each_area_and_adds_the_shield():
    """EX-ZEF-12: leather jack (chest 1, gut 1), leather arm protectors (arms 1 each),
    steel helmet (head 2), small shield: 25 + 25 + 10 + 10 + 20 + 80 = 170 → 1.7 → 1."""
    kit = ["leather_jack", "leather_arm_protectors", "steel_helmet"]
    assert armour_points(kit, "small_shield") == 170
    assert unit_armour([Kit(armour=tuple(kit), shield="small_shield")]) == 1


def test_the_legs_are_ruled_so_protection_one_everywhere_makes_one():
    """R-ZEF-MASS-MULTIPLIERS: the seven multipliers add up to 100."""
    assert sum(load_mass().multipliers.values()) == 100


def test_a_unit_dressed_two_ways_averages_its_groups():
    """ZEF-76, R-ZEF-MASS-MIXED: 3 shares in mail and large shields (value 3) and 1 share
    unarmoured (0) average (3×3 + 0) / 4 = 2.25 → 2."""
    mail = Kit(share=3, armour=("steel_helmet", "mail_shirt", "steel_greaves"),
               shield="large_shield")
    assert unit_armour([mail]) == 3
    assert unit_armour([mail, Kit(share=1)]) == 2


def test_a_unit_is_raised_from_its_troop_type_with_a_zefrs_leader_and_a_commander():
    """ZEF-58, ZEF-59: a hundred pikemen led by a Foe, and a commander for each side."""
    st = initial_state(army(
        unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100, leader="veteran",
             leader_name="Sergeant Brann"),
        unit("cav", "b", "armoured_cavalry", (2, 3), 2, fighters=50)))
    pikes = st.unit("pikes")
    assert isinstance(pikes, MassUnit)
    assert (pikes.fighters, pikes.start, pikes.talent, pikes.will, pikes.armour_value) == \
        (100, 100, 5, 3, 0)
    leader = st.unit(pikes.leader)
    assert isinstance(leader, ZefUnit) and leader.name == "Sergeant Brann"
    assert leader.rank == "foe" and leader.pos == pikes.pos
    cav_leader = st.unit(st.unit("cav").leader)
    assert isinstance(cav_leader, ZefUnit) and cav_leader.enemy  # the ranks: an Enemy
    assert isinstance(st.unit("ca"), ZefUnit) and isinstance(st.unit("cb"), ZefUnit)


def test_a_side_without_a_commander_is_refused_by_name():
    """ZEF-59: each side must have an overall commander."""
    setup = army(unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100),
                 unit("cav", "b", "cavalry", (2, 3), 2, fighters=50),
                 commander("ca2", "a", (0, 6)))
    bad = setup.model_copy(update={"units": tuple(u for u in setup.units if u.id != "cb")})
    with pytest.raises(ValueError, match="side 'b' has no overall commander"):
        initial_state(bad)


def test_two_units_on_one_square_are_refused():
    """ZEF-61: only one unit in each square."""
    with pytest.raises(ValueError, match="same square"):
        initial_state(army(unit("p1", "a", "pikemen", (2, 4), 0, fighters=100),
                           unit("p2", "a", "pikemen", (2, 4), 0, fighters=100),
                           unit("cav", "b", "cavalry", (2, 3), 2, fighters=50)))


def test_a_unit_needs_its_number_of_fighters():
    with pytest.raises(ValueError, match="fighters must be a whole number"):
        initial_state(army(unit("p1", "a", "pikemen", (2, 4), 0, fighters=0),
                           unit("cav", "b", "cavalry", (2, 3), 2, fighters=50)))


def test_a_bad_value_in_the_mass_tables_is_one_line_naming_file_and_place(tmp_path):
    """The data file is checked like every ruleset's: a misspelt ruling names the key."""
    path = data_variant(DEFAULT_MASS_PATH, tmp_path, 'casualties_of = "current"',
                        'casualties_of = "sometimes"')
    with pytest.raises(DataError) as err:
        load_mass(path)
    assert "casualties_of" in str(err.value) and str(path) in str(err.value)
