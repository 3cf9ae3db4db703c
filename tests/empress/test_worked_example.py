"""EX-EMP-01, the §3 worked example (with EMP-12, EMP-13, EMP-48, EMP-50):

"A character with an Agility of 13 is wearing a shirt, skirt and coif of light mail and
carrying a medium reinforced wood shield.  This character's base HC is 12 + 1 (for the
shield) = 13.  The full suit of light mail has a Coverage of 4 and a Protection of 3, while
the shield has a Coverage of 1 (versus melee) and 2 (versus missiles), and a Protection of
6. … Thus, this character has an HC of 13 and a AC of 18 against melee and 19 against
missiles.  For melee attacks, … a roll less than 13 is a miss, a melee roll of 13-17 hits but
is intercepted by protection, and a roll of 18 or higher will hit unprotected flesh for full
damage.  With missiles, less than 13 is a miss, 13-18 is a protected hit, and 19+ hits bare
flesh.  In both cases, 23+ and natural 20 are critical hits."

The position: the legionary (the example's character) at (0, 0) facing east; a villager
with a broom handle (AM and PM +0, so his total is his roll) beside him at (1, 0), or a
slinger (AM +0, a sling is no thrusting weapon) five hexes east.
"""

import pytest

from rules.commands import Attack
from rules.engine import ruleset_of
from rules.systems.empress.combat import situation
from rules.systems.empress.events import EmpAttackRolled
from rules.systems.empress.tables import load_tables
from tests.empress.helpers import act_exact, begin, duel, mods, only, turn_of

LEGIONARY = ("leg", "legionary", (0, 0), 0, {})


def melee_position():
    return begin(duel(LEGIONARY, ("vil", "villager", (1, 0), 3, {"initiative": 20})))


def missile_position():
    return begin(duel(LEGIONARY, ("sling", "villager", (5, 0), 3,
                                  {"initiative": 20, "missile": "sling"})))


def test_the_example_character_is_what_the_data_says():
    """EMP-12 (NOTES): Table II gives Agility 13 → +1; HC = 11 + 1 = 12 before the shield.
    EMP-10/11 (NOTES): the light mail suit is Coverage 4, Protection 3; the medium shield
    1/2 Coverage, Protection 6 (reinforced wood), +1 HC."""
    t = load_tables()
    assert t.modifier(13) == 1
    assert t.armour_coverage("light_mail_suit") == 4
    assert t.armour_protection_of("light_mail_suit") == 3
    size = t.shield_size("medium_reinforced_wood")
    assert (size.coverage_melee, size.coverage_missile, size.hc) == (1, 2, 1)
    assert t.shield_protection_of("medium_reinforced_wood") == 6


def test_hc_13_and_ac_18_against_melee():
    """EX-EMP-01: HC 12 + 1 (shield) = 13; Coverage 4 + 1 = 5; AC 18 against melee."""
    st = melee_position()
    s = situation(st, "vil", "leg", "melee")
    assert s.hc == 13
    assert mods(s.hc_parts) == {"R-EMP-HC": 11, "EMP-12": 1, "EMP-15": 1}
    assert s.ac == 18
    assert mods(s.coverage_parts) == {"EMP-10": 4, "EMP-13": 1}
    assert s.total_modifier == 0


def test_ac_19_against_missiles():
    """EX-EMP-01: Coverage 4 + 2 = 6 against missiles: AC 19 (same HC 13)."""
    st = missile_position()
    s = situation(st, "sling", "leg", "missile", weapon="sling")
    assert (s.hc, s.ac) == (13, 19)
    assert mods(s.coverage_parts) == {"EMP-10": 4, "EMP-13": 2}


@pytest.mark.parametrize(("roll", "band", "critical"), [
    (12, "miss", False), (13, "protected", False), (17, "protected", False),
    (18, "direct", False), (19, "direct", False),
])
def test_melee_bands(roll, band, critical):
    """EX-EMP-01, melee: < 13 miss, 13–17 protected, 18+ direct (EMP-48)."""
    st = melee_position()
    assert turn_of(st) == "vil"
    dice = (roll,) if band == "miss" else (roll, 2)
    _, ev = act_exact(st, Attack(unit="vil", target="leg"), *dice)
    a = only(ev, EmpAttackRolled)
    assert (a.total, a.needed, a.ac, a.band, a.critical) == (roll, 13, 18, band, critical)


@pytest.mark.parametrize(("roll", "band"), [
    (12, "miss"), (13, "protected"), (18, "protected"), (19, "direct"),
])
def test_missile_bands(roll, band):
    """EX-EMP-01, missiles: < 13 miss, 13–18 protected, 19+ direct (EMP-48)."""
    st = missile_position()
    dice = (roll,) if band == "miss" else (roll, 3)
    _, ev = act_exact(st, Attack(unit="sling", target="leg", weapon="sling"), *dice)
    a = only(ev, EmpAttackRolled)
    assert (a.total, a.needed, a.ac, a.band) == (roll, 13, 19, band)


def test_23_or_more_is_a_critical_hit():
    """EX-EMP-01 / EMP-50: "23+ … are critical hits": a total of 23 (roll 20 is natural, so
    a +3 attacker rolling 20 would not show it; the villager rolls 19 with a +4 stance and
    Dexterity) is a critical that ignores armour for maximum damage (EMP-51, EMP-52)."""
    st = begin(duel(LEGIONARY, ("vil", "villager", (1, 0), 3,
                                {"initiative": 20, "dexterity": 20})))
    # Dexterity 20 → AM +4 (Table II); 19 + 4 = 23 = HC 13 + 10.
    _, ev = act_exact(st, Attack(unit="vil", target="leg"), 19)
    a = only(ev, EmpAttackRolled)
    assert (a.total, a.critical, a.band, a.damage) == (23, True, "direct", 2)


def test_a_natural_20_is_always_a_critical_hit():
    """EX-EMP-01 / EMP-50: a natural 20 hits and is critical even at a total of 20 < 23."""
    st = melee_position()
    _, ev = act_exact(st, Attack(unit="vil", target="leg"), 20)
    a = only(ev, EmpAttackRolled)
    assert (a.total, a.critical, a.band) == (20, True, "direct")
    assert a.damage == 2  # the broom handle's 1d2 at its maximum (EMP-51 default "max")


def test_the_odds_panel_states_the_bands_and_every_modifier():
    """The odds panel explains the exchange modifier by modifier: as for Fallen Empire's AC,
    the defender's HC beyond its base 11 shows as to-hit modifiers of the opposite sign
    ("needs 11 on d20 before modifiers"), AC and Protection part by part in the notes, and
    the bands of EX-EMP-01."""
    st = melee_position()
    odds = ruleset_of("empress").odds(st, "vil", "leg", kind="melee")
    assert odds.needed == 11
    assert mods(odds) == {"EMP-47": 0, "EMP-12": -1, "EMP-15": -1}
    assert [m.reason for m in odds.modifiers][1:] == ["leg's HC: Agility 13",
                                                      "leg's HC: medium shield"]
    assert any("13–17 are protected hits, 18+ direct hits, 23+ or a natural 20 critical" in n
               for n in odds.notes)
    assert any(n.startswith("AC 18 = HC 13 + Coverage: light mail shirt, skirt and coif +4 "
                            "(EMP-10), medium shield vs melee +1 (EMP-13)") for n in odds.notes)
    assert any("Protection 6" in n and "(EMP-18)" in n for n in odds.notes)
    # 13..20 hit (8 faces): 8/20.
    assert odds.hit == pytest.approx(8 / 20)
