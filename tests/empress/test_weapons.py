"""§3.2.2 Weapons: damage, minimum Toughness, Thrusting, Penetrating(+X), mighty weapons and
the longsword (EMP-24..30)."""

import pytest

from rules.commands import Attack, Choose
from rules.systems.empress.combat import situation
from rules.systems.empress.events import EmpAttackRolled
from rules.systems.empress.round_events import ModeSet
from rules.systems.empress.tables import load_tables
from tests.empress.helpers import act_exact, begin, duel, mods, only, turn_of


def test_weapon_data():
    """EMP-24 [TABLE] (R-EMP-WEAPONS): damage "as in LotFP" by class (minor 1d4, small 1d6,
    medium 1d8, great 1d10), unarmed 1d2; reach and parrying length in feet; the tags."""
    t = load_tables()
    by_class = {"dagger": "1d4", "short_sword": "1d6", "sword": "1d8", "two_handed_sword": "1d10",
                "unarmed": "1d2"}
    for key, dice in by_class.items():
        assert str(t.weapons[key].damage) == dice
    assert t.weapons["spear"].thrusting and not t.weapons["spear"].penetrating
    assert t.weapons["mace"].penetrating == 1 and t.weapons["mace"].damage_type == "blunt"
    assert t.weapons["pike"].reach_ft == 15 and t.weapons["dagger"].length_ft == 1


def weak(weapon: str, **opts):
    return begin(duel(("me", "villager", (0, 0), 0, {"weapon": weapon, "toughness": 9,
                                                    "initiative": 20}),
                      ("foe", "villager", (1, 0), 3, {"weapon": "short_sword"}), **opts))


def test_minimum_toughness_costs_am_and_the_weapon_cannot_parry():
    """EMP-25: Toughness 9 with a sword (medium: 11) → AM −2, and −2 to base HC.  Reading (a):
    the shortfall is off AM only, so in melee he strikes with his PM (+0) instead."""
    assert load_tables().min_toughness("sword") == 11
    st = weak("sword")
    s = situation(st, "me", "foe")
    assert mods(s) == {"EMP-47": 0}  # PM +0 beats AM 0 − 2
    assert "PM" in s.modifiers[0].reason
    assert mods(situation(st, "foe", "me").hc_parts)["EMP-25"] == -2
    shot = begin(duel(("me", "villager", (0, 0), 0, {"missile": "long_bow", "toughness": 9}),
                      ("foe", "villager", (6, 0), 3, {})))
    assert mods(situation(shot, "me", "foe", "missile", weapon="long_bow")) == {
        "EMP-47": 0, "EMP-25": -2}


def test_minimum_toughness_reading_b():
    """EMP-25 (b), `min_toughness_applies_to = "both"`: the PM is short too."""
    st = weak("sword", min_toughness_applies_to="both")
    assert sum(m.value for m in situation(st, "me", "foe").modifiers) == -2


def legionary_struck_by(weapon: str, **opts):
    return begin(duel(("leg", "legionary", (0, 0), 0, {}),
                      ("foe", "villager", (1, 0), 3, {"weapon": weapon, "initiative": 20}),
                      **opts))


def test_thrusting_takes_one_off_the_armours_coverage():
    """EMP-26 (b): a spear against light mail 4 + shield 1: the armour counts 3: AC 17; a
    defender with a shield and no armour is unaffected.  Reading (a) (`"total"`) takes the
    1 off the shield as well."""
    st = legionary_struck_by("spear")
    s = situation(st, "foe", "leg")
    assert s.ac == 17 and mods(s.coverage_parts)["EMP-26 (b)"] == -1
    st = begin(duel(("leg", "villager", (0, 0), 0, {"shield": "hide_shield"}),
                    ("foe", "villager", (1, 0), 3, {"weapon": "spear"})))
    assert situation(st, "foe", "leg").ac - situation(st, "foe", "leg").hc == 1
    st = begin(duel(("leg", "villager", (0, 0), 0, {"shield": "hide_shield"}),
                    ("foe", "villager", (1, 0), 3, {"weapon": "spear"}),
                    coverage_reduction_applies_to="total"))
    assert situation(st, "foe", "leg").ac - situation(st, "foe", "leg").hc == 0


def test_penetrating_takes_one_off_the_protection():
    """EMP-27: a protected mace blow of 6 against light mail (3) does 4."""
    st = begin(duel(("leg", "villager", (0, 0), 0, {"armour": "light_mail_suit"}),
                    ("foe", "villager", (1, 0), 3, {"weapon": "mace", "initiative": 20})))
    _, ev = act_exact(st, Attack(unit="foe", target="leg"), 12, 6)
    a = only(ev, EmpAttackRolled)
    assert (a.band, a.protection, a.damage) == ("protected", 2, 4)
    assert mods(a.protection_modifiers) == {"EMP-49": 3, "EMP-27": -1}


def test_penetrating_plus_x():
    """EMP-28 [GM]: a hill giant's tree-trunk club is Penetrating+3 (data): heavy plate's 7
    counts 4."""
    st = begin(duel(("leg", "villager", (0, 0), 0, {"armour": "plate_suit"}),
                    ("foe", "hill_giant", (1, 0), 3, {"initiative": 20})))
    s = situation(st, "foe", "leg")
    assert s.protection == 4 and mods(s.protection_parts)["EMP-28"] == -3


@pytest.mark.parametrize("weapon", ["polearm", "long_bow", "heavy_crossbow"])
def test_mighty_weapons_are_both(weapon):
    """EMP-29: longbows, heavy crossbows and polearms are Thrusting and Penetrating."""
    w = load_tables().weapons[weapon]
    assert w.thrusting and w.penetrating == 1


def test_a_polearm_shows_both_tags_against_the_legionary():
    """EMP-29 in play: AC 17 (Thrusting) and the armour's Protection 3 → 2 (Penetrating)."""
    st = begin(duel(("leg", "villager", (0, 0), 0, {"armour": "light_mail_suit"}),
                    ("foe", "halberdier", (2, 0), 3, {})))
    s = situation(st, "foe", "leg")
    assert "EMP-26 (b)" in mods(s.coverage_parts) and s.protection == 2


def test_the_longsword_modes():
    """EMP-30: a two-handed longsword is Penetrating ("power") or Thrusting ("thrust"),
    chosen round by round; one-handed (with a shield) it is neither."""
    st = begin(duel(("k", "knight", (0, 0), 0, {"initiative": 20}),
                    ("leg", "legionary", (1, 0), 3, {})))
    s = situation(st, "k", "leg")
    assert s.penetrating == 1 and "EMP-26 (b)" not in mods(s.coverage_parts)
    assert turn_of(st) == "k"
    st, ev = act_exact(st, Choose(unit="k", option="longsword:thrust"))
    assert only(ev, ModeSet).value == "thrust"
    s = situation(st, "k", "leg")
    assert s.penetrating == 0 and mods(s.coverage_parts)["EMP-26 (b)"] == -1
    st = begin(duel(("k", "knight", (0, 0), 0, {"shield": "medium_planks"}),
                    ("leg", "legionary", (1, 0), 3, {})))
    s = situation(st, "k", "leg")
    assert s.penetrating == 0 and "EMP-26 (b)" not in mods(s.coverage_parts)
    assert any("one-handed" in n for n in s.notes)
