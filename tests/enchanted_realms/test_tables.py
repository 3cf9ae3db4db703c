"""The data file (R-ER-TEMPLATES, every [TABLE] value a ruling kept in data.toml): it loads,
matches the code's defaults, and a GM's mistake in it is one clear line."""

from pathlib import Path

import pytest

from rules.builder import Scenario
from rules.data import DataError
from rules.engine import start
from rules.systems.enchanted_realms.catalogue import WEIGHT_DAMAGE
from rules.systems.enchanted_realms.tables import DEFAULT_DATA_PATH, Config, load_tables
from tests.data_variants import data_variant


def test_shipped_file_loads_once_and_matches_the_code() -> None:
    t = load_tables()
    assert load_tables() is t
    assert load_tables(DEFAULT_DATA_PATH) == t
    assert t.config == Config()


def test_weapon_weights_are_the_notes_values() -> None:
    """ER-04 (NOTES): light 0, medium +1, heavy +2, ranged 0."""
    assert WEIGHT_DAMAGE == {"light": 0, "medium": 1, "heavy": 2, "ranged": 0}


def test_a_creature_naming_an_unknown_weapon_is_refused_by_name(tmp_path: Path) -> None:
    bad = data_variant(DEFAULT_DATA_PATH, tmp_path, 'weapon = "fangs"', 'weapon = "claws"')
    with pytest.raises(DataError) as err:
        load_tables(bad)
    assert "units.wolf.weapon" in str(err.value) and "claws" in str(err.value)


def test_a_scenario_option_overrides_a_ruling_for_one_battle() -> None:
    """R-FLANK-OPTIONS: a setting object written wrongly is refused when the battle is set
    up, naming the option."""
    sc = Scenario("enchanted_realms").side("a").side("b").options(deeds=["idol at 3,0"])
    sc.unit("x", "orc", "a", (0, 0)).unit("y", "orc", "b", (3, 0))
    with pytest.raises(ValueError, match="deeds"):
        start(sc.build())
