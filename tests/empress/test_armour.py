"""§3.2.1 Armor and shields: Coverage and Protection, HC and AC, complete armour, the large
shield, the cap of 8, Table VII, shield wear, facing, shield walls, explosions
(EMP-10..23, EX-EMP-02).

The usual position: the legionary of the §3 example (Agility 13, light mail 4/3, medium
reinforced-wood shield 1/2/6, +1 HC) at (0, 0) facing east, struck from the front.
"""

import pytest

from rules.commands import Attack
from rules.systems.empress.armour import explosion_protection
from rules.systems.empress.combat import situation
from rules.systems.empress.events import EmpAttackRolled, ShieldStruck
from rules.systems.empress.tables import load_tables
from tests.empress.helpers import act, act_exact, begin, duel, emp, mods, of_type, only

LEG = ("leg", "legionary", (0, 0), 0, {})


def facing_off(attacker: str = "orc", defender=LEG, at=(1, 0), **over):
    over.setdefault("initiative", 20)
    return begin(duel(defender, ("foe", attacker, at, 3, over)))


def test_table_v_coverage():
    """EMP-10 [TABLE] (R-EMP-TABLE-V): the rows of Table V, with NOTES' suit of armour 6 and
    the light mail suit's 4; shields' Coverage is their maximum."""
    t = load_tables()
    assert t.coverage == {"complete": 8, "almost_complete": 7, "suit": 6, "partial": 5,
                          "pieces": 4, "breastplate_and_skirt_or_helm": 3, "breastplate": 2,
                          "helmet_or_limbs": 1}
    assert t.armour_coverage("mail_suit") == 6
    assert (t.shield_sizes["large"].coverage_melee, t.shield_sizes["large"].coverage_missile
            ) == (3, 4)


def test_table_vi_protection():
    """EMP-11 [TABLE] (R-EMP-TABLE-VI): every material of Table VI, rising as the text lists
    them; NOTES: light mail 3, reinforced wood 6; thick hides is both an armour and a shield
    material."""
    t = load_tables()
    assert t.armour_protection["light_mail"] == 3
    assert t.shield_protection["reinforced_wood"] == 6
    assert "thick_hides" in t.armour_protection and "thick_hides" in t.shield_protection
    materials = set(t.armour_protection) | set(t.shield_protection)
    assert len(materials) == 16  # 17 entries in the text, "thick hides" twice
    assert list(t.armour_protection.values()) == sorted(t.armour_protection.values())
    assert list(t.shield_protection.values()) == sorted(t.shield_protection.values())


@pytest.mark.parametrize(("agility", "hc"), [(1, 7), (3, 8), (5, 9), (8, 10), (12, 11),
                                             (13, 12), (16, 13), (18, 14), (20, 15)])
def test_base_hc_is_11_plus_the_agility_modifier(agility, hc):
    """EMP-12 [TABLE] (NOTES, R-EMP-HC): HC = 11 + the Table II modifier of Agility."""
    st = facing_off(defender=("leg", "villager", (0, 0), 0, {"agility": agility}))
    assert situation(st, "foe", "leg").hc == hc


def test_no_armour_and_no_shield_means_no_ac():
    """EMP-13 / EMP-48: without armour or shield there is no AC: every hit is direct."""
    st = facing_off(defender=("leg", "villager", (0, 0), 0, {}))
    s = situation(st, "foe", "leg")
    assert s.ac == 0
    _, ev = act_exact(st, Attack(unit="foe", target="leg"), 19, 4)
    assert only(ev, EmpAttackRolled).band == "direct"


def test_complete_armour_turns_every_non_critical_hit_into_a_protected_one():
    """EMP-14 (a): closed plate is complete: Coverage unimportant, a total far above HC +
    Coverage is still a protected hit; a critical still gets through (it is not
    "completely enclosing")."""
    st = facing_off(defender=("leg", "villager", (0, 0), 0, {"armour": "closed_plate"}))
    _, ev = act_exact(st, Attack(unit="foe", target="leg"), 19, 8)
    a = only(ev, EmpAttackRolled)
    assert (a.band, a.damage) == ("protected", 1)  # 8 − 7 heavy plate
    _, ev = act_exact(st, Attack(unit="foe", target="leg"), 20)
    a = only(ev, EmpAttackRolled)
    assert (a.band, a.critical, a.damage) == ("direct", True, 8)


def test_complete_armour_reading_b_blocks_criticals_too():
    """EMP-14 (b), `complete_armour_criticals = "blocked"`: complete = enclosing."""
    st = begin(duel(("leg", "villager", (0, 0), 0, {"armour": "closed_plate"}),
                    ("foe", "orc", (1, 0), 3, {"initiative": 20}),
                    complete_armour_criticals="blocked"))
    _, ev = act_exact(st, Attack(unit="foe", target="leg"), 20)
    a = only(ev, EmpAttackRolled)
    assert (a.band, a.critical, a.damage) == ("protected", True, 1)


def test_the_large_shield():
    """EMP-15 [TABLE] (R-EMP-SHIELDS): a large shield gives +1 HC and Coverage 3 (melee),
    and its bearer is −1 to hit."""
    st = facing_off(defender=("leg", "villager", (0, 0), 0,
                              {"shield": "large_reinforced_wood"}),
                    shield="large_reinforced_wood")
    s = situation(st, "foe", "leg")
    assert mods(s.hc_parts)["EMP-15"] == 1
    assert mods(s.coverage_parts) == {"EMP-13": 3}
    assert mods(s)["EMP-15"] == -1  # the attacker carries one too


@pytest.mark.parametrize(("armour", "shield", "total"), [
    ("plate_suit", "medium_reinforced_wood", 8),  # 7 + 1
    ("plate_suit", "large_reinforced_wood", 8),  # 7 + 3 → 8
    ("closed_plate", "large_reinforced_wood", 8),  # 8: the shield adds nothing
])
def test_coverage_is_capped_at_8(armour, shield, total):
    """EMP-16: an armoured character's Coverage is capped at 8."""
    st = facing_off(defender=("leg", "villager", (0, 0), 0, {"armour": armour,
                                                              "shield": shield}))
    s = situation(st, "foe", "leg")
    assert s.ac - s.hc == total


def test_the_cap_reading_a_and_b():
    """EMP-16: with the cap lowered to 7 for the test, closed plate (8) keeps its own 8 under
    reading (a) and drops to 7 under (b); a shield alone is never capped."""
    for reading, total in (("a", 8), ("b", 7)):
        st = begin(duel(("leg", "villager", (0, 0), 0, {"armour": "closed_plate"}),
                        ("foe", "orc", (1, 0), 3, {}), coverage_cap=7,
                        coverage_cap_reading=reading))
        s = situation(st, "foe", "leg")
        assert s.ac - s.hc == total
    st = begin(duel(("leg", "villager", (0, 0), 0, {"shield": "large_reinforced_wood"}),
                    ("foe", "orc", (1, 0), 3, {}), coverage_cap=2))
    s = situation(st, "foe", "leg")
    assert s.ac - s.hc == 3


def test_a_shield_alone_protects_with_its_own_protection():
    """EMP-17: a shield-bearer without armour: a protected hit is reduced by the shield's
    Protection (hide shield 2): 5 → 3."""
    st = facing_off(defender=("leg", "villager", (0, 0), 0, {"shield": "hide_shield"}))
    # villager: HC 11 + 1 = 12, Coverage 1 → AC 13; the orc rolls 12 (protected), 5 damage.
    _, ev = act_exact(st, Attack(unit="foe", target="leg"), 12, 5)
    a = only(ev, EmpAttackRolled)
    assert (a.band, a.intercepted, a.protection, a.damage) == ("protected", "shield", 2, 3)
    assert mods(a.protection_modifiers) == {"EMP-17": 2}


def test_table_vii_the_shield_takes_the_first_blow_the_armour_the_next():
    """EMP-18 [TABLE] (R-EMP-TABLE-VII): against melee a medium shield intercepts the first
    protected hit of the round (Protection 6: 5 → 0), the armour the second (light mail 3:
    5 → 2)."""
    sc = (emp().side("pcs", True).side("foes")
          .unit("leg", "legionary", "pcs", (0, 0), facing=0)
          .unit("o1", "orc", "foes", (1, 0), facing=3, initiative=20)
          .unit("o2", "orc", "foes", (1, -1), facing=4, initiative=19))
    st = begin(sc)
    st, ev = act_exact(st, Attack(unit="o1", target="leg"), 14, 5)
    a = only(ev, EmpAttackRolled)
    assert (a.intercepted, a.protection, a.damage) == ("shield", 6, 0)
    st, ev = act_exact(st, Attack(unit="o2", target="leg"), 14, 5)
    a = only(ev, EmpAttackRolled)
    assert (a.intercepted, a.protection, a.damage) == ("armour", 3, 2)
    assert "Table VII" in a.protection_modifiers[0].reason


def test_table_vii_against_missiles_the_medium_shield_takes_two():
    """EMP-18 (R-EMP-TABLE-VII): against missiles a medium shield intercepts two protected
    hits a round, then the armour."""
    sc = (emp().side("pcs", True).side("foes")
          .unit("leg", "legionary", "pcs", (0, 0), facing=0))
    for i in range(3):
        sc.unit(f"s{i}", "villager", "foes", (5, i - 1), facing=3, initiative=20 - i,
                missile="sling")
    st = begin(sc)
    seen = []
    for i in range(3):
        st, ev = act_exact(st, Attack(unit=f"s{i}", target="leg", weapon="sling"), 14, 3)
        seen.append(only(ev, EmpAttackRolled).intercepted)
    assert seen == ["shield", "shield", "armour"]


def test_a_blow_past_the_shields_protection_costs_it_coverage():
    """EMP-19: an ogre's great club (2d6, Penetrating: the shield's 6 counts as 5) rolls 4+3
    = 7 on the shield: 2 get through, and the shield loses 1 Coverage (AC 18 → 17)."""
    st = facing_off("ogre")
    # ogre: PM +3; 11 + 3 = 14 → protected (HC 13, AC 18).
    st, ev = act_exact(st, Attack(unit="foe", target="leg"), 11, 4, 3)
    a = only(ev, EmpAttackRolled)
    assert (a.band, a.intercepted, a.protection, a.damage) == ("protected", "shield", 5, 2)
    struck = only(ev, ShieldStruck)
    assert not struck.destroyed and st.unit("leg").shield_wear == 1
    assert situation(st, "foe", "leg").ac == 17


def test_a_shield_struck_for_twice_its_protection_is_destroyed():
    """EMP-20 (a): 6 + 6 = 12 ≥ 2 × 5: the shield is destroyed."""
    st = facing_off("ogre")
    st, ev = act_exact(st, Attack(unit="foe", target="leg"), 11, 6, 6)
    assert only(ev, ShieldStruck).destroyed and st.unit("leg").shield == ""


def test_shield_destroyed_reading_b():
    """EMP-20 (b), `shield_destroyed_by = "past_protection"`: 12 − 5 = 7 < 10: only worn."""
    st = begin(duel(LEG, ("foe", "ogre", (1, 0), 3, {"initiative": 20}),
                    shield_destroyed_by="past_protection"))
    st, ev = act_exact(st, Attack(unit="foe", target="leg"), 11, 6, 6)
    assert not only(ev, ShieldStruck).destroyed and st.unit("leg").shield_wear == 1


def test_a_shield_counts_only_toward_its_front():
    """EMP-21 (a): from the flank (north-west of a man facing east... here (0, -1)) the
    shield gives neither HC nor Coverage; reading (b) (`shield_arcs = ["front", "flank"]`)
    lets it count from the flank but never from the rear."""
    st = facing_off(at=(0, -1))
    s = situation(st, "foe", "leg")
    assert (s.hc, s.ac) == (12, 16)
    assert mods(s.hc_parts)["EMP-21 (a)"] == 0
    st = begin(duel(LEG, ("foe", "orc", (0, -1), 3, {}), shield_arcs=["front", "flank"]))
    assert (situation(st, "foe", "leg").hc, situation(st, "foe", "leg").ac) == (13, 18)
    st = begin(duel(LEG, ("foe", "orc", (-1, 0), 0, {}), shield_arcs=["front", "flank"]))
    assert situation(st, "foe", "leg").hc == 12


def wall(n: int, **options):
    sc = emp(**options).side("pcs", True).side("foes")
    for i in range(n):
        sc.unit(f"w{i}", "legionary", "pcs", (0, i - 1), facing=0)
    return sc.unit("foe", "orc", "foes", (1, 0), facing=3)


def test_a_shield_wall():
    """EMP-22 (a): three legionaries side by side facing east form a wall: the ends get +1
    Coverage, the middle +2 and −1 to hit."""
    st = begin(wall(3))
    middle, end = situation(st, "foe", "w1"), situation(st, "foe", "w0")
    assert mods(middle.coverage_parts)["EMP-22 (a)"] == 2
    assert mods(end.coverage_parts)["EMP-22 (a)"] == 1
    assert mods(situation(st, "w1", "foe"))["EMP-22 (a)"] == -1
    assert "EMP-22 (a)" not in mods(situation(st, "w0", "foe"))


def test_two_shields_are_not_a_wall_unless_the_gm_says_so():
    """EMP-22 (a): two side by side are no wall; reading (b) (`shield_wall_min = 2`) makes
    them a wall of two ends: +1 each."""
    st = begin(wall(2))
    assert "EMP-22 (a)" not in mods(situation(st, "foe", "w0").coverage_parts)
    st = begin(wall(2, shield_wall_min=2))
    assert mods(situation(st, "foe", "w0").coverage_parts)["EMP-22 (a)"] == 1


def test_armour_against_explosions():
    """EMP-23 / EX-EMP-02: Protection × Coverage / 8: Coverage 4, Protection 6 → 3.  Halves
    are rounded up (reading (a)): a breastplate (2) of light plate (6) → 1.5 → 2; reading (b)
    rounds them down → 1."""
    st = facing_off(defender=("leg", "villager", (0, 0), 0, {"armour": "plate_pieces"}))
    assert explosion_protection(st, st.unit("leg")) == 3
    st = facing_off(defender=("leg", "villager", (0, 0), 0, {"armour": "breastplate"}))
    assert explosion_protection(st, st.unit("leg")) == 2
    st = begin(duel(("leg", "villager", (0, 0), 0, {"armour": "breastplate"}),
                    ("foe", "orc", (1, 0), 3, {}), explosion_rounding="half_down"))
    assert explosion_protection(st, st.unit("leg")) == 1


def test_two_attacks_on_one_shield_in_a_round_count_toward_table_vii():
    """EMP-18: the count of intercepted hits resets every round (R-EMP-TABLE-VII)."""
    st = facing_off()
    st, _ = act_exact(st, Attack(unit="foe", target="leg"), 14, 5)
    assert st.unit("leg").shield_blocks == 1
    from rules.commands import Pass

    st, _ = act(st, Pass(unit="leg"))
    assert st.round == 2 and st.unit("leg").shield_blocks == 0
    assert of_type([], EmpAttackRolled) == []
