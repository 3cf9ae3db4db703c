"""ZeFRS fighters as data: talents (Using Talent Pools, ZEF-05), PCs, Foes and Enemies
(ZEF-01), the weapon chart from NOTES (ZEF-18, ZEF-45; the ranges of EX-ZEF-09), armour by body area
(ZEF-47..50), and figures for every bundled map (R-ZEF-TEMPLATES)."""

import re
from pathlib import Path

import pytest

from rules.data import DataError
from rules.systems.zefrs.armour import (
    armour_move_penalty,
    kit,
    protection_by_area,
    shield_covers,
)
from rules.systems.zefrs.catalogue import Talents
from rules.systems.zefrs.tables import DEFAULT_DATA_PATH, ZefTables, load_tables
from tests.data_variants import data_variant

MAPS = Path(__file__).resolve().parents[2] / "maps"


@pytest.fixture(scope="module")
def t() -> ZefTables:
    return load_tables()


def _variant(tmp_path: Path, old: str, new: str) -> Path:
    return data_variant(DEFAULT_DATA_PATH, tmp_path, old, new)


def test_esmis_uses_his_dirk_rating_and_wrestles_on_general_fighting() -> None:
    """EX-ZEF-01 / ZEF-05: General Fighting 2, Dirk Fighting 7 → a dirk attack uses 7, a
    broadsword 2, a wrestle 2 (no Wrestling talent)."""
    esmis = Talents(general_fighting=2, fighting={"dirk": 7})
    assert esmis.weapon_rating("dirk") == 7
    assert esmis.weapon_rating("broadsword") == 2
    assert esmis.wrestling_rating() == 2
    assert Talents(general_fighting=2, wrestling=5).wrestling_rating() == 5  # EX-ZEF-07
    # a weapon rating below General Fighting is not a handicap
    assert Talents(general_fighting=6, fighting={"dirk": 3}).weapon_rating("dirk") == 6


def test_the_higher_of_two_talents_where_the_text_says_or() -> None:
    """Surprise, waits and extra actions check Animal Reflexes or General Prowess; ZEF-06
    subtracts Movement or
    General Prowess (R-ZEF-DODGE: the higher); ZEF-46 Strength 25 → +2."""
    f = Talents(animal_reflexes=3, general_prowess=5, movement=7, strength=25)
    assert (f.agility(), f.dodge(), f.strength_bonus()) == (5, 7, 2)
    assert Talents(strength=9).strength_bonus() == 0


def test_the_weapon_chart_as_notes_gives_it(t: ZefTables) -> None:
    """ZEF-18, ZEF-45 (NOTES): damage and initiative bonuses, "x/y" first turn then after."""
    w = t.weapons
    assert (w["pike"].damage, w["pike"].initiative_bonus(1), w["pike"].initiative_bonus(2)) \
        == (0, 2, -3)
    assert (w["jousting_lance"].damage, w["jousting_lance"].initiative_bonus(1),
            w["jousting_lance"].initiative_bonus(5)) == (3, 4, -4)
    assert w["bill"].initiative_bonus(1) == 2 and w["bill"].initiative_bonus(2) == -2
    assert w["bastard_sword"].damage_bonus(False) == 0 and \
        w["bastard_sword"].damage_bonus(True) == 1
    assert (w["fork"].damage_bonus(False), w["fork"].damage_bonus(True),
            w["fork"].unseat_percent) == (1, 2, 10)
    assert (w["great_axe"].damage, w["great_axe"].initiative) == (2, -2)
    assert (w["maul"].damage, w["maul"].initiative) == (2, -3)
    assert (w["rapier"].initiative, w["katar"].damage, w["katar"].initiative) == (1, -1, 1)
    assert (w["tiger_claw"].damage, w["tiger_claw"].initiative) == (-2, -2)
    assert w["man_catcher"].no_damage and w["man_catcher"].initiative == 2
    assert w["arbalest"].reload_turns == 3 and w["arbalest"].damage == 1
    assert not w["dirk"].missile  # "thrown range 0"


def test_missile_ranges_in_feet(t: ZefTables) -> None:
    """EX-ZEF-09: short bow 50/110/200; the rest as NOTES lists them."""
    want = {"short_bow": (50, 110, 200), "longbow": (70, 150, 250), "arbalest": (50, 120, 200),
            "sling": (50, 100, 150), "javelin": (30, 50, 80), "spear": (10, 25, 40),
            "francisca": (5, 10, 20), "throwing_knife": (5, 10, 15),
            "throwing_dirk": (10, 20, 30)}
    assert {k: t.weapons[k].ranges_ft for k in want} == want


def test_long_weapons_reach_two_hexes(t: ZefTables) -> None:
    """ZEF-02 (R-ZEF-REACH): pike, halberd, bill and the lances reach 10 ft, the rest 5."""
    long = {k for k, w in t.weapons.items() if w.reach_ft > 5}
    assert long == {"pike", "halberd", "bill", "jousting_lance", "light_lance"}


def test_esmis_girds_his_loins(t: ZefTables) -> None:
    """EX-ZEF-08 / ZEF-47: kilt (gut, thighs 1) + brazen greaves (shins 1) + breastplate
    (chest 2) + iron helmet (head 2) → legs 2, gut 1, chest 2, head 2, arms 0."""
    armour = protection_by_area(kit(["studded_leather_kilt", "brazen_greaves", "breastplate",
                                     "iron_helmet"], t.armour))
    assert armour == {"head": 2, "chest": 2, "right_arm": 0, "left_arm": 0, "gut": 1,
                      "right_leg": 2, "left_leg": 2}


def test_the_armoured_cavalry_kit(t: ZefTables) -> None:
    """EX-ZEF-12's pieces: leather jack (chest 1, gut 1), arm protectors (1 each arm), steel
    helmet (head 2)."""
    armour = protection_by_area(kit(["leather_jack", "leather_arm_protectors",
                                     "steel_helmet"], t.armour))
    assert armour == {"head": 2, "chest": 1, "right_arm": 1, "left_arm": 1, "gut": 1,
                      "right_leg": 0, "left_leg": 0}


def test_notes_armour_values(t: ZefTables) -> None:
    """ZEF-50 (NOTES): splint arm guard 2 both arms, −1; armoured sleeve 3 one arm, −1;
    leather arm armour 1 one arm; armet 3 head, −1."""
    a = t.armour
    assert (a["arm_guard_splint"].protection, a["arm_guard_splint"].move,
            set(a["arm_guard_splint"].covers)) == (2, -1, {"right_arm", "left_arm"})
    assert (a["armoured_sleeve"].protection, a["armoured_sleeve"].move,
            len(a["armoured_sleeve"].covers)) == (3, -1, 1)
    assert (a["leather_arm_armour"].protection, len(a["leather_arm_armour"].covers)) == (1, 1)
    assert (a["armet"].protection, a["armet"].move, set(a["armet"].covers)) == (3, -1, {"head"})


def test_one_piece_an_area_unless_they_cover_different_parts(t: ZefTables) -> None:
    """ZEF-47: a helmet on a helmet does not add; a kilt's thighs and greaves' shins do."""
    with pytest.raises(ValueError, match="both cover the head"):
        protection_by_area(kit(["iron_helmet", "armet"], t.armour))
    with pytest.raises(ValueError, match="both cover the right leg"):
        protection_by_area(kit(["mail_chausses", "steel_greaves"], t.armour))


def test_a_figure_wearing_two_pieces_on_one_area_is_a_clear_line(tmp_path: Path) -> None:
    path = _variant(tmp_path, 'armour = ["iron_helmet", "leather_jack"]',
                    'armour = ["iron_helmet", "leather_cap"]')
    with pytest.raises(DataError) as err:
        load_tables(path)
    assert "units.cimmerian.armour" in str(err.value) and "ZEF-47" in str(err.value)


def test_the_shield_guards_only_its_own_side() -> None:
    """ZEF-48: on the left arm, head, left arm, chest, gut, left leg; not right arm or leg."""
    guarded = {a for a in ("head", "chest", "right_arm", "left_arm", "gut", "right_leg",
                           "left_leg") if shield_covers("left", a)}
    assert guarded == {"head", "left_arm", "chest", "gut", "left_leg"}
    assert shield_covers("right", "right_leg") and not shield_covers("right", "left_arm")


def test_armour_weight_adds_up(t: ZefTables) -> None:
    """ZEF-49: every piece's penalty and the shield's, added (the knight below zero)."""
    knight = t.units["knight"]
    penalty = armour_move_penalty(kit(knight.armour, t.armour), t.shields[knight.shield])
    assert penalty == -1 - 2 - 1 - 1  # armet, plate cuirass, splint arm guard, chausses
    assert knight.talents.dodge() + penalty == -1  # "may very well result in a negative"


def test_two_weapons_need_the_talent_and_one_hand_each(tmp_path: Path) -> None:
    """ZEF-32: the two-weapon talent; one-handed weapons only."""
    path = _variant(tmp_path, "wrestling = 3, two_weapons = true,", "wrestling = 3,")
    with pytest.raises(DataError, match="two-weapon talent"):
        load_tables(path)
    path = _variant(tmp_path, 'weapon = "rapier"\noffhand = "dirk"',
                    'weapon = "great_axe"\noffhand = "dirk"')
    with pytest.raises(DataError, match="both hands"):
        load_tables(path)


def test_a_lance_needs_a_horse(tmp_path: Path) -> None:
    """R-ZEF-LANCES."""
    path = _variant(tmp_path, 'weapon = "light_lance"\narmour = ["armet"',
                    'weapon = "light_lance"\nmounted = false\narmour = ["armet"')
    text = path.read_text(encoding="utf-8").replace("mounted = false\narmour = [\"armet\"",
                                                    "armour = [\"armet\"", 1)
    path.write_text(text.replace('shield = "round_shield"\nmounted = true',
                                 'shield = "round_shield"', 1), encoding="utf-8")
    with pytest.raises(DataError, match="saddle"):
        load_tables(path)


def test_pcs_foes_and_enemies(t: ZefTables) -> None:
    """ZEF-01: the hero and the captains are Foes (PCs when on the players' side,
    R-ZEF-RANKS); guards, archers and the raider are Enemies."""
    u = t.units
    assert {k for k in ("cimmerian", "captain", "veteran", "knight") if u[k].rank == "foe"} \
        == {"cimmerian", "captain", "veteran", "knight"}
    assert {u[k].rank for k in ("guard", "archer", "raider", "orc", "pikeman")} == {"enemy"}
    assert u["raider"].mounted and u["raider"].missile == "short_bow"
    assert u["cimmerian"].talents.strength_bonus() == 2


def test_every_bundled_map_names_figures_zefrs_has(t: ZefTables) -> None:
    """R-ZEF-TEMPLATES: every template a bundled map places exists under ZeFRS."""
    named = set()
    for tmx in MAPS.rglob("*.tmx"):
        named |= set(re.findall(r'name="template" value="([a-z_0-9]+)"',
                                tmx.read_text(encoding="utf-8")))
    assert named and named <= set(t.units), sorted(named - set(t.units))


def test_weapons_of_desperation_fight_as_their_chart_row(t: ZefTables) -> None:
    """ZEF-31 [GM] (R-ZEF-IMPROVISED): a fireplace poker is a club, a big rock a maul; a
    figure handed one fights with that row."""
    from rules.builder import Scenario
    from rules.engine import start

    assert t.improvised["fireplace_poker"] == "club" and t.improvised["big_rock"] == "maul"
    sc = (Scenario("zefrs").side("pcs", True).side("foes")
          .unit("a", "brawler", "pcs", (0, 0), weapon="fireplace_poker")
          .unit("b", "guard", "foes", (1, 0)).options(surprise=False))
    st, _ = start(sc.build())
    assert st.unit("a").weapon == "club"
