"""§3.2.2 Parrying surfaces: who can parry what, and +1 against those who cannot
(EMP-37..40, EX-EMP-03, EX-EMP-04, EX-EMP-05).

The position: an attacker at (0, 0) facing east, the defender beside him at (1, 0) facing
west; neither carries a shield (a shield in use parries, R-EMP-SHIELD-PARRY).
"""

import pytest

from rules.systems.empress.combat import situation
from rules.systems.empress.reach import parry_surface
from tests.empress.helpers import begin, duel, mods


def st_for(attacker: dict, defender: dict):
    return begin(duel(("a", "villager", (0, 0), 0, attacker),
                      ("d", "villager", (1, 0), 3, defender)))


def cannot_parry(st) -> int:
    return sum(v for k, v in mods(situation(st, "a", "d")).items() if k.startswith("EMP-40"))


@pytest.mark.parametrize(("defence", "blow", "bonus"), [
    ("sword", "sword", 0),  # a 3-ft blade parries
    ("dagger", "sword", 1),  # 1 ft: too short
    ("broom_handle", "sword", 1),  # EX-EMP-04: too light for a cutting blow
    ("broom_handle", "mace", 0),  # … but it can stop a blunt one
    ("rapier", "battle_axe", 0),  # EX-EMP-04: "a rapier can parry a battle-ax"
    ("flail", "sword", 1),  # a chain turns nothing
])
def test_parrying_surfaces(defence, blow, bonus):
    """EMP-37 [GM]: a weapon 2 ft or longer that can parry is a parrying surface; a light
    object (a broom handle) is not against a cutting weapon (R-EMP-PARRY)."""
    st = st_for({"weapon": blow}, {"weapon": defence})
    assert cannot_parry(st) == bonus


def test_a_frost_giants_axe_cannot_be_parried_and_takes_the_shield_hc_away():
    """EMP-38 [GM]: blows no human can turn (the frost giant's axe, `unparryable` in the
    data) and blows from two or more size classes larger (a hill giant) are not parried, and
    the defender loses his shield's HC bonus against them."""
    st = begin(duel(("a", "frost_giant", (0, 0), 0, {}),
                    ("d", "legionary", (1, 0), 3, {})))
    s = situation(st, "a", "d")
    assert mods(s)["EMP-40, EMP-38"] == 1
    assert mods(s.hc_parts)["EMP-38"] == 0 and "EMP-15" not in mods(s.hc_parts)
    st = begin(duel(("a", "hill_giant", (0, 0), 0, {}), ("d", "legionary", (1, 0), 3, {})))
    assert mods(situation(st, "a", "d"))["EMP-40, EMP-38"] == 1
    st = begin(duel(("a", "ogre", (0, 0), 0, {}), ("d", "legionary", (1, 0), 3, {})))
    assert not any(k.startswith("EMP-40") for k in mods(situation(st, "a", "d")))


def test_an_unparryable_weapon_takes_the_shield_hc_away_whoever_swings_it():
    """EMP-38 [GM]: an ogre (one size larger than a man, so his size alone does not make
    his blows unparryable) has picked up a frost giant's axe, a blow no one turns: the
    legionary cannot parry it (+1, EMP-40) and his shield gives no HC against it, though
    its Coverage still counts toward his AC."""
    st = begin(duel(("a", "ogre", (0, 0), 0, {"weapon": "frost_giant_axe"}),
                    ("d", "legionary", (1, 0), 3, {})))
    s = situation(st, "a", "d")
    assert mods(s)["EMP-40, EMP-38"] == 1
    assert mods(s.hc_parts)["EMP-38"] == 0 and "EMP-15" not in mods(s.hc_parts)
    assert "EMP-13" in mods(s.coverage_parts)
    sword = situation(begin(duel(("a", "ogre", (0, 0), 0, {"weapon": "sword"}),
                                 ("d", "legionary", (1, 0), 3, {}))), "a", "d")
    assert mods(sword.hc_parts)["EMP-15"] >= 1 and s.hc == sword.hc - mods(
        sword.hc_parts)["EMP-15"]


def test_armoured_hands_parry_a_blade():
    """EMP-39: mail gauntlets (light mail, Protection 3) parry a sword (1d8: 3 ≥ 1 + 2) but
    not a mace (Penetrating: 3 − 1 = 2 < 3), even bare-handed."""
    st = st_for({"weapon": "sword"}, {"weapon": "", "armour": "mail_and_gauntlets"})
    can, _why, rule = parry_surface(st, st.unit("d"), _w("sword"), st.unit("a"))
    assert (can, rule) == (True, "EMP-39")
    st = st_for({"weapon": "mace"}, {"weapon": "", "armour": "mail_and_gauntlets"})
    assert cannot_parry(st) == 1


def _w(key):
    from rules.systems.empress.tables import load_tables

    return load_tables().weapon(key)


def test_sword_against_knife_or_bare_hands_is_plus_two():
    """EMP-40 / EX-EMP-03: +1 reach advantage (4 ft vs 2) and +1 cannot parry."""
    for defence in ("dagger", ""):
        st = st_for({"weapon": "sword"}, {"weapon": defence})
        m = mods(situation(st, "a", "d"))
        assert m["EMP-31"] == 1 and cannot_parry(st) == 1


def test_knife_against_knife_is_plus_one_each_way():
    """EX-EMP-03: neither can parry, neither out-reaches the other: +1 each way."""
    st = st_for({"weapon": "dagger"}, {"weapon": "dagger"})
    for a, d in (("a", "d"), ("d", "a")):
        m = mods(situation(st, a, d))
        assert "EMP-31" not in m and sum(v for k, v in m.items() if k.startswith("EMP-40")) == 1


def test_dual_long_daggers_with_the_perk_parry():
    """EMP-44 [GM] / EX-EMP-05: two long daggers (1 ft each) wielded with the Dual Weapon
    perk make a 2-ft surface and parry; without the perk they do not."""
    pair = {"weapon": "long_dagger", "offhand": "long_dagger"}
    st = st_for({"weapon": "sword"}, {**pair, "perks": ["dual_weapon"]})
    assert cannot_parry(st) == 0
    can, _, rule = parry_surface(st, st.unit("d"), _w("sword"), st.unit("a"))
    assert (can, rule) == (True, "EMP-44")
    st = st_for({"weapon": "sword"}, pair)
    assert cannot_parry(st) == 1
    st = begin(duel(("a", "villager", (0, 0), 0, {"weapon": "sword"}),
                    ("d", "villager", (1, 0), 3, {**pair, "perks": ["dual_weapon"]}),
                    dual_parry_sum=False))
    assert cannot_parry(st) == 1
