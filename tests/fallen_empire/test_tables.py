"""Fallen Empire data tables: the shipped data.toml, the OD&D matrix and saves, scale helpers."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.data import DataError, DiceExpr
from rules.systems.fallen_empire.tables import (
    DEFAULT_DATA_PATH,
    UNIT_KINDS,
    Config,
    FETables,
    hd_level,
    hd_rank,
    load_tables,
    move_hexes,
    parse_hit_dice,
)
from tests.data_variants import data_variant


@pytest.fixture(scope="module")
def t() -> FETables:
    return load_tables()


def _variant(tmp_path: Path, old: str, new: str) -> Path:
    return data_variant(DEFAULT_DATA_PATH, tmp_path, old, new)


def _load_error(path: Path) -> DataError:
    with pytest.raises(DataError) as info:
        load_tables(path)
    return info.value


# -- the shipped file -------------------------------------------------------------------------


def test_shipped_data_loads_and_is_cached(t: FETables) -> None:
    assert load_tables() is load_tables()
    assert load_tables(DEFAULT_DATA_PATH) == t  # an explicit path reads afresh, same content
    for key in ("sword", "spear", "pike", "lance", "short_bow", "long_bow", "javelin"):
        assert key in t.weapons
    assert {"none", "leather", "chain", "plate"} <= set(t.armours)
    assert "magic_missile" in t.spells


def test_config_defaults_match_shipped_file(t: FETables) -> None:
    # The code defaults and data.toml must not drift apart.
    assert t.config == Config()


def test_every_unit_references_existing_entries(t: FETables) -> None:
    expected = {
        "fighting_man", "veteran", "man_at_arms_spear", "pikeman", "crossbowman", "knight",
        "horse_archer", "magic_user", "cleric", "thief", "elf", "dwarf", "orc", "goblin",
        "hobgoblin", "gnoll", "ogre", "bugbear", "wolf", "boar", "bandit", "bandit_archer",
    }
    assert expected <= set(t.units)
    arts = [u.art for u in t.units.values()]
    assert len(arts) == len(set(arts)), "token glyphs must tell figures apart"
    for uid, u in t.units.items():
        assert u.armour in t.armours, uid
        assert u.shield is None or u.shield in t.shields, uid
        assert t.weapons[u.weapon].kind == "melee", uid
        assert u.sidearm is None or t.weapons[u.sidearm].kind == "melee", uid
        assert u.missile is None or t.weapons[u.missile].kind == "missile", uid
        assert all(s in t.spells for s in u.spells), uid
        assert (u.kind == "monster") == (u.hit_dice is not None), uid
        assert u.kind in UNIT_KINDS
        if u.mounted and u.missile:
            assert t.weapons[u.missile].shortbow, uid  # FE-26


def test_shipped_values(t: FETables) -> None:
    assert t.armours["none"].ac == 9 and t.armours["leather"].ac == 7
    assert t.armours["chain"].ac == 5 and t.armours["plate"].ac == 3
    assert t.shields["shield"].ac_bonus == 1  # FE-30
    magic = t.shields["magic_shield"]
    assert (magic.bonus(), magic.bonus(magic_active=False)) == (2, 1)  # FE-32
    assert t.weapons["spear"].can_set and t.weapons["pike"].can_set  # FE-19
    assert not t.weapons["sword"].can_set
    assert t.weapons["lance"].reach(t.config) == 15  # 5 ft + FE-25's extra 10 ft
    assert t.weapons["short_bow"].shortbow and not t.weapons["long_bow"].shortbow
    assert not t.weapons["short_bow"].charge_ok and not t.weapons["short_bow"].can_subdue
    assert t.weapons["club"].can_subdue and t.weapons["sword"].can_subdue  # FE-34
    assert str(t.weapons["sword"].damage.doubled_dice()) == "2d8"  # FE-18
    assert t.spells["magic_missile"].auto_hit
    assert t.spells["magic_missile"].damage == DiceExpr(1, 6, 1)
    assert not t.units["fighting_man"].checks_morale and t.units["orc"].checks_morale  # FE-04
    assert t.units["crossbowman"].retainer and not t.units["bandit_archer"].retainer  # FE-23
    assert t.units["boar"].can_charge and not t.units["wolf"].can_charge  # FE-16
    assert t.units["orc"].hp == 5 and t.units["orc"].morale == 6
    assert t.units["ogre"].size == "large"


def test_armour_class(t: FETables) -> None:
    assert t.armour_class("fighting_man") == 4  # chain 5, shield -1
    assert t.armour_class("fighting_man", shield=False) == 5  # FE-14 / FE-20
    assert t.armour_class("knight") == 2
    assert t.armour_class("thief") == 6 and t.armour_class("thief", dex=False) == 7
    assert t.armour_class("orc") == 6  # OD&D orcs are AC 6


# -- attack matrix (FE-01, R-FE-MATRIX) -------------------------------------------------------


def test_matrix_level_one_fighting_man(t: FETables) -> None:
    m = t.matrix
    assert m.needed("fighting-man", 1, 9) == 10
    assert m.needed("fighting-man", 1, 5) == 14
    assert m.needed("fighting-man", 1, 2) == 17
    assert t.to_hit("fighting_man", 9) == 10


def test_matrix_monster_4_plus_1(t: FETables) -> None:
    assert t.matrix.needed("monster", "4+1", 9) == 5
    assert t.to_hit("ogre", 9) == 5


@pytest.mark.parametrize(
    ("kind", "level", "ac9"),
    [
        ("fighting-man", 3, 10), ("fighting-man", 4, 8), ("fighting-man", 7, 5),
        ("fighting-man", 10, 3), ("fighting-man", 13, 1), ("fighting-man", 16, 0),
        ("fighting-man", 40, 0), ("normal-man", 0, 10), ("man-at-arms", 0, 10),
        ("demi-man", 4, 8), ("cleric", 4, 10), ("cleric", 5, 8), ("cleric", 9, 5),
        ("cleric", 13, 3), ("thief", 5, 8), ("magic-user", 5, 10), ("magic-user", 6, 8),
        ("magic-user", 11, 5), ("magic-user", 16, 3),
    ],
)
def test_matrix_men_bands(t: FETables, kind: str, level: int, ac9: int) -> None:
    assert t.matrix.needed(kind, level, 9) == ac9


@pytest.mark.parametrize(
    ("hd", "ac9"),
    [
        ("1/2", 10), ("1-1", 10), ("1", 10), ("1+1", 9), ("1+2", 9), ("2", 8), ("2+2", 8),
        ("3", 8), ("3+1", 6), ("4", 6), ("4+1", 5), ("6", 5), ("6+1", 4), ("8", 4),
        ("8+1", 2), ("9", 2), ("10", 2), ("11", 0), ("20+3", 0), (4, 6),
    ],
)
def test_matrix_monster_bands(t: FETables, hd: str | int, ac9: int) -> None:
    assert t.matrix.needed("monster", hd, 9) == ac9


def test_matrix_continues_linearly(t: FETables) -> None:
    # R-FE-MATRIX: no clamping; R-FE-NATURAL decides what a 20 or a 1 does.
    assert t.matrix.needed("fighting-man", 1, -2) == 21
    assert t.matrix.needed("monster", "11", 9) == 0
    assert t.matrix.needed("monster", "11", 12) == -3


def test_matrix_rejects_nonsense(t: FETables) -> None:
    with pytest.raises(ValueError):
        t.matrix.needed("dragon", 1, 9)
    with pytest.raises(ValueError):
        t.matrix.needed("fighting-man", "4+1", 9)
    with pytest.raises(ValueError):
        t.matrix.needed("monster", "4d8", 9)


# -- saves (FE-41, R-FE-SAVES) ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "level", "target"),
    [
        ("fighting-man", 1, 12), ("fighting-man", 3, 12), ("fighting-man", 4, 10),
        ("fighting-man", 7, 8), ("fighting-man", 10, 6), ("fighting-man", 13, 4),
        ("demi-man", 1, 12), ("cleric", 1, 11), ("cleric", 5, 9), ("cleric", 9, 7),
        ("cleric", 13, 5), ("thief", 1, 11), ("magic-user", 1, 13), ("magic-user", 6, 11),
        ("magic-user", 11, 8), ("magic-user", 16, 5), ("normal-man", 0, 14),
        ("man-at-arms", 0, 14), ("monster", "1/2", 12), ("monster", "1-1", 12),
        ("monster", "3", 12), ("monster", "3+1", 10), ("monster", "4+1", 10),
        ("monster", "6+1", 8), ("monster", "12", 6), ("monster", "12+1", 4),
    ],
)
def test_death_saves(t: FETables, kind: str, level: int | str, target: int) -> None:
    assert t.saves.death(kind, level) == target


def test_death_save_by_unit(t: FETables) -> None:
    assert t.death_save("fighting_man") == 12
    assert t.death_save("magic_user") == 13
    assert t.death_save("bandit") == 14
    assert t.death_save("ogre") == 10  # 4+1 HD saves as a level-5 Fighting-Man


def test_hit_dice_helpers() -> None:
    assert parse_hit_dice("4+1") == (4, 1)
    assert parse_hit_dice("1-1") == (1, -1)
    assert parse_hit_dice("1/2") == (0, 0)
    assert hd_rank("1/2") < hd_rank("1-1") < hd_rank("1") < hd_rank("1+1") < hd_rank("2")
    assert [hd_level(x) for x in ("1/2", "1-1", "1", "1+1", "4+1", "4")] == [1, 1, 1, 2, 5, 4]
    for bad in ("", "0", "d8", "4d8", "1+", "1/3", "+1"):
        with pytest.raises(ValueError):
            parse_hit_dice(bad)


# -- scale (EX-FE-03, R-FE-SCALE) -------------------------------------------------------------


def test_ex_fe_03_movement_scale(t: FETables) -> None:
    c = t.config
    # A 12" man: fighting withdrawal "usually 4" or less", full retreat "usually 12" or less".
    assert 12 * c.free_move_fraction_num // c.free_move_fraction_den == 4
    assert move_hexes(4, 5, 5) == 4
    assert move_hexes(12, 5, 5) == 12
    assert c.free_move_hexes(12) == 4
    assert c.hexes(12) == 12


def test_move_hexes_floor_and_other_scales() -> None:
    assert move_hexes(12, 10, 5) == 24  # OD&D indoor scale, 1" = 10 ft
    assert move_hexes(3, 5, 10) == 1  # 15 ft on 10-ft hexes: rounded down
    assert move_hexes(0, 5, 5) == 0
    with pytest.raises(ValueError):
        move_hexes(-1, 5, 5)
    with pytest.raises(ValueError):
        move_hexes(1, 0, 5)


def test_free_move_and_charge_minimum(t: FETables) -> None:
    c = t.config
    assert [c.free_move_hexes(m) for m in (6, 9, 12, 18, 24)] == [2, 3, 4, 6, 8]  # FE-08
    assert [c.charge_min_hexes(m) for m in (6, 9, 12)] == [3, 5, 6]  # FE-16: at least half
    ten = c.model_copy(update={"feet_per_inch": 10})
    assert ten.free_move_hexes(12) == 8 and ten.charge_min_hexes(9) == 9


# -- errors in an edited file -----------------------------------------------------------------


def test_unknown_weapon_names_unit_and_key(tmp_path: Path) -> None:
    err = _load_error(_variant(tmp_path, 'weapon = "great_club"', 'weapon = "grate_club"'))
    assert err.where == "units.ogre.weapon"
    assert '"grate_club"' in err.problem and "great_club" in err.problem


def test_unknown_armour_and_shield(tmp_path: Path) -> None:
    err = _load_error(_variant(tmp_path, 'armour = "fur"\nweapon = "bite"',
                               'armour = "pelt"\nweapon = "bite"'))
    assert err.where == "units.wolf.armour" and '"pelt"' in err.problem
    err = _load_error(_variant(tmp_path, 'shield = "shield"\nweapon = "spear"',
                               'shield = "buckler"\nweapon = "spear"'))
    assert err.where == "units.man_at_arms_spear.shield" and '"buckler"' in err.problem


def test_unknown_spell(tmp_path: Path) -> None:
    err = _load_error(_variant(tmp_path, 'weapon = "dagger"\nspells = ["magic_missile"]',
                               'weapon = "dagger"\nspells = ["fireball"]'))
    assert err.where == "units.magic_user.spells[0]"


def test_mounted_longbow_rejected(tmp_path: Path) -> None:
    err = _load_error(_variant(tmp_path, 'missile = "short_bow"\nmounted = true',
                               'missile = "long_bow"\nmounted = true'))
    assert err.where == "units.horse_archer.missile" and "FE-26" in err.problem


def test_two_handed_weapon_with_shield_rejected(tmp_path: Path) -> None:
    err = _load_error(_variant(tmp_path, 'weapon = "spear"\nretainer', 'weapon = "pike"\nretainer'))
    assert err.where == "units.man_at_arms_spear.shield"


def test_monster_needs_hit_dice(tmp_path: Path) -> None:
    err = _load_error(_variant(tmp_path, 'hit_dice = "2+2"', "level = 2"))
    assert err.where == "units.wolf.hit_dice"


def test_bad_config_value(tmp_path: Path) -> None:
    err = _load_error(_variant(tmp_path, 'spell_disrupted_by = "missile"',
                               'spell_disrupted_by = "melee"'))
    assert err.where == "config.spell_disrupted_by"
    assert '"missile_or_melee"' in err.problem
    err = _load_error(
        _variant(tmp_path, "free_move_fraction_num = 1", "free_move_fraction_num = 4")
    )
    assert err.where == "config.free_move_fraction_num"


def test_matrix_must_cover_every_kind(tmp_path: Path) -> None:
    err = _load_error(_variant(tmp_path, 'thief = "cleric"                # thieves', "# thieves"))
    assert err.where == "matrix.family.thief"


def test_tokens_show_each_templates_own_glyph_and_weapon():
    """The window marks a figure by its template's `art` and its weapon's two letters."""
    from rules.engine import ruleset_of, start
    from rules.scenarios import demo_setup

    state, _ = start(demo_setup("fallen_empire"))
    rs = ruleset_of(state)
    tables = load_tables()
    for u in state.units:
        assert rs.unit_glyph(state, u.id) == tables.units[u.template].art
    assert rs.unit_badge(state, "xbow") == "Ss"  # short sword
