"""Mass battles in Tiled (ZEF-61): an orthogonal map of 5 × 7 squares with `mode = "mass"`,
units placed by its object layer; `flank validate` checks them with one line a problem,
naming the file and what is wrong, as it checks hex maps."""

import importlib.util
import sys
from pathlib import Path

import pytest

from game.maps import MapError, load_map, validate_paths
from rules.engine import decider, start
from rules.systems.zefrs.mass.units import MassUnit

ROOT = Path(__file__).resolve().parents[2]
MASS = ROOT / "maps" / "mass"


def _script():
    spec = importlib.util.spec_from_file_location("flank_make_mass_maps",
                                                  MASS / "make_mass_maps.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_bundled_mass_battles_load_start_and_are_what_their_script_makes():
    script = _script()
    for name, make in script.MAPS.items():
        assert (MASS / name).read_text(encoding="utf-8") == make()
        sc = load_map(MASS / name)
        state, _ = start(sc.setup)
        assert state.board_kind == "grid" and decider(state) == sc.pc_side
        assert sc.title and sc.description


def test_pikes_and_horse_is_the_texts_example():
    """EX-ZEF-11: 100 pikemen against 50 unarmoured cavalry."""
    sc = load_map(MASS / "pikes_and_horse.tmx")
    state, _ = start(sc.setup)
    units = {u.template: u for u in state.units if isinstance(u, MassUnit)}
    assert units["pikemen"].fighters == 100 and units["cavalry"].fighters == 50
    assert units["cavalry"].armour_value == 0


def test_the_full_battle_has_three_units_and_reserves_a_side():
    """ZEF-58: left, centre and right, and up to three reserves."""
    sc = load_map(MASS / "border_battle.tmx")
    for side in sc.sides:
        slots = [u.overrides.get("slot") for u in sc.setup.units
                 if u.side == side and "slot" in u.overrides]
        assert sorted(s for s in slots if s != "reserve") == ["centre", "left", "right"]
        assert 1 <= slots.count("reserve") <= 3


def _variant(tmp_path: Path, old: str, new: str) -> Path:
    text = _script().pikes_and_horse()
    assert old in text, old
    path = tmp_path / "bad.tmx"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(("old", "new", "problem"), [
    ('width="5" height="7"', 'width="6" height="7"', "grid of 5 × 7 squares (ZEF-61), not 6 × 7"),
    ('value="pikemen"', 'value="pikes"', "'pikes' is no troop type of the mass tables"),
    ('name="fighters" type="int" value="100"', 'name="fighters" type="int" value="0"',
     "'fighters' must be a whole number from 1"),
    ('value="north"', 'value="up"', "facing on the grid is 0-3 or north, east, south, west"),
    ('name="col" type="int" value="2"/>\n    <property name="facing" value="north"',
     'name="col" type="int" value="9"/>\n    <property name="facing" value="north"',
     "off the grid at col 9"),
    ('value="commander"', 'value="general"', 'role is "commander" or absent'),
])
def test_a_bad_mass_map_is_one_line_naming_the_file_and_the_problem(tmp_path, old, new,
                                                                      problem):
    sub = tmp_path / "maps" / "mass"
    sub.mkdir(parents=True)
    (tmp_path / "assets").symlink_to(ROOT / "assets")
    path = _variant(sub, old, new)
    lines = validate_paths([path])
    assert len(lines) == 1 and lines[0].startswith(f"{path}: ")
    assert problem in lines[0]
    with pytest.raises(MapError):
        load_map(path)


def test_an_orthogonal_map_that_is_no_mass_battle_is_still_refused_as_before():
    bad = ROOT / "tests" / "maps" / "bad" / "orthogonal.tmx"
    assert "Flank reads only hexagonal maps" in validate_paths([bad])[0]
