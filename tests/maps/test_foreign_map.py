"""Anyone's Tiled hex map opens (issue 20, item 5): a map made without Flank's properties loads
with its tiles read as open ground and one warning line saying which tiles and how to fix
them; `flank validate` says it is good with that warning, `flank validate --strict` refuses it
as before; and the safety pass forgives nothing else."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from game.cli import main as flank
from game.maps import OPEN_GROUND, MapError, load_map
from tests.maps.foreign import HEIGHT, LAYOUTS, WIDTH, tile_counts, write_foreign_map

BAD = Path(__file__).resolve().parent / "bad"
EXPECTED: dict[str, str] = tomllib.loads((BAD / "expected.toml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_a_map_made_without_flanks_properties_loads_as_open_ground(tmp_path, layout):
    sc = load_map(write_foreign_map(tmp_path, layout))
    cells = sc.setup.board.cells
    assert len(cells) == WIDTH * HEIGHT
    assert {key for _q, _r, key in cells} == {"grass"}
    assert sc.setup.board.palette["grass"] == OPEN_GROUND
    assert sc.setup.units == () and sc.setup.sides == ()
    assert sc.ruleset == "fallen_empire" and sc.feet_per_hex == 5
    assert sc.title == "found"
    assert sc.orientation == LAYOUTS[layout]["axis"].replace("y", "pointy").replace("x", "flat")
    counts = tile_counts()
    assert {(t.tileset, t.tile_id, t.hexes) for t in sc.open_ground} == {
        ("tileset 'hexes.tsx'", tid, n) for tid, n in counts.items()}
    # Its own pictures are what is drawn.
    assert {Path(a.image).name for a in sc.tiles.values()} == {"hexes.png"}


def test_one_warning_line_names_the_tiles_counted_and_the_fix(tmp_path):
    sc = load_map(write_foreign_map(tmp_path))
    assert len(sc.warnings) == 1
    line = sc.warnings[0]
    assert "\n" not in line
    assert line.startswith(f"{WIDTH * HEIGHT} hexes are read as open ground")
    assert ("tileset 'hexes.tsx' tiles 0 (28 hexes), 1 (3 hexes), 2 (2 hexes), 3 (2 hexes)"
            in line)
    assert "Tiled's tileset editor" in line and "property 'terrain'" in line
    assert "docs/MAPS.md" in line


def test_a_flank_map_has_no_warning():
    assert load_map("maps/duel.tmx").warnings == ()
    assert load_map("maps/duel.tmx", strict=True).open_ground == ()


def test_read_strictly_the_same_map_is_refused_as_before(tmp_path):
    with pytest.raises(MapError) as caught:
        load_map(write_foreign_map(tmp_path), strict=True)
    assert caught.value.problem == ("layer 'Tile Layer 1' row 0 col 0: tileset 'hexes.tsx' "
                                    "tile 1 has no 'terrain' property, and no other layer "
                                    "gives this hex a terrain")


def test_flank_validate_says_ok_with_the_warning(tmp_path, capsys):
    path = write_foreign_map(tmp_path)
    assert flank(["validate", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{path}: warning: 35 hexes are read as open ground")
    assert out[1:] == ["1 map checked: all valid"]


def test_flank_validate_strict_refuses_it_with_exit_2(tmp_path, capsys):
    path = write_foreign_map(tmp_path)
    assert flank(["validate", "--strict", str(path)]) == 2
    out = capsys.readouterr().out.splitlines()
    assert out == [f"{path}: layer 'Tile Layer 1' row 0 col 0: tileset 'hexes.tsx' tile 1 has "
                   "no 'terrain' property, and no other layer gives this hex a terrain"]


def test_a_folder_with_a_foreign_map_is_good_unless_strict(tmp_path, capsys):
    write_foreign_map(tmp_path)
    assert flank(["validate", str(tmp_path)]) == 0
    assert flank(["validate", "--strict", str(tmp_path)]) == 2


@pytest.mark.parametrize("name", sorted(n for n in EXPECTED if n != "tile_without_terrain.tmx"))
def test_every_malformed_or_hostile_map_is_refused_just_as_strictly(name):
    """Only a missing terrain is forgiven: bad XML, entities, paths out of the folder, sizes,
    bad property values and bad units get the very same message read leniently."""
    with pytest.raises(MapError) as caught:
        load_map(BAD / name)
    assert caught.value.problem == EXPECTED[name]


def test_the_corpus_map_with_a_tile_without_terrain_loads_leniently():
    sc = load_map(BAD / "tile_without_terrain.tmx")
    assert len(sc.warnings) == 1 and "tileset 'no_terrain.tsx' tile 0" in sc.warnings[0]
