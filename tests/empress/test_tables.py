"""Empress data tables: the shipped data.toml loads and matches the code's defaults, every
figure names real equipment, and a GM's mistake is one clear line (EMP-10, -11, -12, -18,
-24; R-EMP-TABLE-V, -VI, -VII, R-EMP-WEAPONS)."""

from pathlib import Path

import pytest

from rules.builder import Scenario
from rules.data import DataError
from rules.engine import start
from rules.systems.empress.tables import (
    DEFAULT_DATA_PATH,
    SIZE_CLASSES,
    Config,
    EmpTables,
    load_tables,
)
from tests.data_variants import data_variant


@pytest.fixture(scope="module")
def t() -> EmpTables:
    return load_tables()


def _variant(tmp_path: Path, old: str, new: str) -> Path:
    return data_variant(DEFAULT_DATA_PATH, tmp_path, old, new)


def test_shipped_data_loads_and_is_cached(t: EmpTables) -> None:
    assert load_tables() is load_tables()
    assert load_tables(DEFAULT_DATA_PATH) == t


def test_config_defaults_match_the_shipped_file(t: EmpTables) -> None:
    assert t.config == Config()


def test_table_ii(t: EmpTables) -> None:
    """EMP-12 (NOTES): 1: −4; 2–3: −3; 4–5: −2; 6–8: −1; 9–12: 0; 13–15: +1; 16–17: +2;
    18–19: +3; 20: +4."""
    want = {1: -4, 2: -3, 3: -3, 4: -2, 5: -2, 6: -1, 8: -1, 9: 0, 12: 0, 13: 1, 15: 1,
            16: 2, 17: 2, 18: 3, 19: 3, 20: 4, 25: 4}
    assert {s: t.modifier(s) for s in want} == want


def test_table_vii_rows(t: EmpTables) -> None:
    """EMP-18 (R-EMP-TABLE-VII): melee medium 1, large 2; missile medium 2, large 3."""
    assert t.shield_hits("melee", "medium") == 1 and t.shield_hits("melee", "large") == 2
    assert t.shield_hits("missile", "medium") == 2 and t.shield_hits("missile", "large") == 3
    assert t.shield_hits("melee", "buckler") == 0


def test_every_template_builds_and_plays(t: EmpTables) -> None:
    """Every figure of the data file can be put on a board (its references resolve)."""
    sc = Scenario("empress", radius=12).side("a", True).side("b")
    for i, key in enumerate(sorted(t.units)):
        sc.unit(f"u{i}", key, "a" if i % 2 else "b", (i % 12 - 6, i // 12 * 2 - 4))
    state, _ = start(sc.build())
    assert len(state.units) == len(t.units)
    assert all(u.size in SIZE_CLASSES for u in state.units)


def test_fallen_empire_template_names_exist(t: EmpTables) -> None:
    """The bundled maps name Fallen Empire figures: Empress has one of each, so any map
    plays under Empress (DESIGN.md: "any scenario can be played under any of them")."""
    for key in ("fighting_man", "veteran", "man_at_arms_spear", "pikeman", "crossbowman",
                "knight", "horse_archer", "magic_user", "cleric", "thief", "elf", "dwarf",
                "orc", "goblin", "hobgoblin", "gnoll", "bugbear", "ogre", "wolf",
                "giant_spider", "boar", "bandit", "bandit_archer"):
        assert key in t.units


@pytest.mark.parametrize(("old", "new", "where", "problem"), [
    ('weapon = "short_sword"\narmour = "light_mail_suit"\nshield = "medium_reinforced_wood"',
     'weapon = "short_swrod"\narmour = "light_mail_suit"\nshield = "medium_reinforced_wood"',
     "units.legionary.weapon", 'did you mean "short_sword"'),
    ('row = "pieces"\ncoverage = 4', 'row = "peices"\ncoverage = 4',
     "armours.light_mail_suit.row", "Table V row"),
    ("hc_base = 11 ", 'hc_base = "11" ', "config.hc_base", "whole number"),
    ('perks = ["dual_weapon"]', 'perks = ["dual_wepon"]', "units.duelist.perks[0]",
     "unknown perk"),
])
def test_a_gms_mistake_is_one_clear_line(tmp_path, old, new, where, problem) -> None:
    with pytest.raises(DataError) as info:
        load_tables(_variant(tmp_path, old, new))
    text = str(info.value)
    assert where in text and problem in text and "\n" not in text


def test_unknown_options_and_overrides_are_refused() -> None:
    sc = Scenario("empress").side("a", True).side("b").unit("x", "orc", "a", (0, 0))
    with pytest.raises(ValueError, match="unknown Empress option 'hc_bse'"):
        start(sc.options(hc_bse=12).build())
    sc = Scenario("empress").side("a", True).side("b").unit("x", "orc", "a", (0, 0), oa_taken=1)
    with pytest.raises(ValueError, match="cannot override 'oa_taken'"):
        start(sc.build())
    sc = Scenario("empress").side("a", True).side("b").unit("x", "orc", "a", (0, 0),
                                                            weapon="lance")
    with pytest.raises(ValueError, match="weapon 'lance' is not a weapon of the Empress tables"):
        start(sc.build())
