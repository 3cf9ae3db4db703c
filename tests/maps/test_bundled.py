"""The bundled scenarios in maps/ and the tilesets in assets/: they load, they start, they are
what their scripts make."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.maps import Scenario, load_map
from rules.engine import decider, ruleset_of, start
from rules.hexgrid import Hex
from tests.maps.tmx import ASSETS, BRIDGE, FOREST, GRASS, REPO, WATER, csv, map_xml, unit, write

MAPS = REPO / "maps"
BUNDLED = ["duel.tmx", "river_ford.tmx", "walled_village.tmx", "open_field.tmx",
           "stress_128.tmx", "shield_wall.tmx", "tournament.tmx",
           "the_bowman_at_the_door.tmx", "market_chase.tmx"]
RULESET = {"shield_wall.tmx": "empress",  # the rest default to Fallen Empire
           "the_bowman_at_the_door.tmx": "enchanted_realms",
           "market_chase.tmx": "enchanted_realms"}


def _script(path: Path):
    spec = importlib.util.spec_from_file_location(f"flank_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def scenarios() -> dict[str, Scenario]:
    return {name: load_map(MAPS / name) for name in BUNDLED}


def test_every_bundled_map_is_there():
    assert sorted(p.name for p in MAPS.glob("*.tmx")) == sorted(BUNDLED)


@pytest.mark.parametrize("name", BUNDLED)
def test_bundled_map_starts_a_battle(scenarios, name):
    sc = scenarios[name]
    ruleset = RULESET.get(name, "fallen_empire")
    assert sc.is_scenario and sc.ruleset == ruleset
    state, events = start(sc.setup)
    assert events and decider(state) in sc.sides
    templates = set(ruleset_of(ruleset).templates())
    assert {u.template for u in sc.setup.units} <= templates
    assert sc.pc_side in sc.sides
    assert [s.id for s in sc.setup.sides] == list(sc.sides)
    assert [s.player_characters for s in sc.setup.sides] == [s == sc.pc_side for s in sc.sides]
    assert sc.title and sc.description and sc.victory == "last_side_standing"
    assert sc.feet_per_hex == 5


def test_the_set_uses_both_stagger_axes_and_both_indexes(scenarios):
    variants = {(s.stagger_axis, s.stagger_index) for s in scenarios.values()}
    assert variants == {("y", "odd"), ("y", "even"), ("x", "odd"), ("x", "even")}
    assert scenarios["river_ford.tmx"].orientation == "flat"


def _count(sc: Scenario) -> dict[str, int]:
    out: dict[str, int] = {}
    for u in sc.setup.units:
        out[u.side] = out.get(u.side, 0) + 1
    return out


def test_what_each_scenario_holds(scenarios):
    duel = scenarios["duel.tmx"]
    assert (duel.width, duel.height) == (9, 9)
    assert sorted(u.template for u in duel.setup.units) == ["fighting_man", "orc"]
    assert len(duel.tiles) == 61  # a round arena: the corners of the 9 x 9 map are no hex

    ford = scenarios["river_ford.tmx"]
    kinds = {k for _, _, k in ford.setup.board.cells}
    assert {"water", "bridge", "ford"} <= kinds
    assert _count(ford) == {"men": 6, "orcs": 6}

    village = scenarios["walled_village.tmx"]
    palette = village.setup.board.palette
    assert palette["wall"].impassable and palette["wall"].cover
    assert palette["building"].cover and not palette["building"].impassable
    assert (village.width, village.height) == (24, 20)

    field = scenarios["open_field.tmx"]
    assert _count(field) == {"men": 12, "orcs": 12}
    assert (field.width, field.height) == (30, 20)

    lists = scenarios["tournament.tmx"]  # a joust (FE-44): two mounted knights, mode joust
    assert lists.setup.options == {"mode": "joust"}
    assert sorted(u.template for u in lists.setup.units) == ["knight", "knight"]
    assert start(lists.setup)[0].board_kind == "lists"

    stress = scenarios["stress_128.tmx"]
    assert (stress.width, stress.height) == (128, 128)
    assert len(stress.setup.board.cells) == 128 * 128
    assert _count(stress) == {"men": 50, "orcs": 50}


@pytest.mark.parametrize("name", BUNDLED)
def test_each_unit_object_sits_on_the_hex_its_col_and_row_say(tmp_path, name):
    """Drop the col/row properties: the pixel positions alone must give the same hexes."""
    text = (MAPS / name).read_text()
    text = re.sub(r'\s*<property name="(col|row)" type="int" value="-?\d+"/>', "", text)
    text = text.replace('source="../assets/', f'source="{ASSETS}/')
    by_pixel = load_map(write(tmp_path / name, text))
    assert by_pixel.setup.units == load_map(MAPS / name).setup.units


def test_tile_art_points_into_the_tilesheet(scenarios):
    sc = scenarios["walled_village.tmx"]
    art = sc.tiles[Hex(0, 0)]
    assert Path(art.image) == ASSETS / "terrain_pointy.png"
    assert art.rect == (0, 0, 70, 80)  # grass is tile 0
    wall = next(h for h, t in sc.tiles.items() if t.tile_id == 8)
    assert sc.setup.board.build().terrain(wall).kind == "wall"
    assert sc.tiles[wall].rect == (210, 80, 70, 80)  # tile 8: column 3, row 1 of 5 columns
    assert all(Path(t.image).is_file() for t in sc.tiles.values())


def test_the_map_scripts_output_is_what_is_in_git():
    make_maps = _script(MAPS / "make_maps.py")
    for name, data in make_maps.build().items():
        assert (MAPS / name).read_bytes() == data, f"maps/{name}: run maps/make_maps.py"


def test_the_tilesets_are_what_the_tile_script_draws():
    pygame = pytest.importorskip("pygame")
    make_tiles = _script(ASSETS / "make_tiles.py")
    made = make_tiles.build()
    assert sorted(made) == sorted(p.name for p in ASSETS.iterdir()
                                  if p.suffix in (".png", ".tsx"))
    drawn_with = re.search(r"pygame-ce (\S+)\.", (ASSETS / "terrain_pointy.tsx").read_text())
    if drawn_with is None or drawn_with.group(1) != pygame.version.ver:
        pytest.skip("the committed tiles were drawn with another pygame-ce")
    for name, data in made.items():
        if name.endswith(".png"):  # compare pixels, so a different zlib does not matter
            assert (make_tiles.decode_png_pixels((ASSETS / name).read_bytes())
                    == make_tiles.decode_png_pixels(data)), f"assets/{name}"
        else:
            assert (ASSETS / name).read_bytes() == data, f"assets/{name}"
    assert make_tiles.build() == made  # and drawing twice gives the same bytes


def test_loading_a_map_never_imports_pygame():
    code = ("import sys; from game.maps import load_map; "
            "s = load_map('maps/river_ford.tmx'); "
            "assert 'pygame' not in sys.modules, 'pygame was imported'; print(len(s.tiles))")
    run = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                         text=True, timeout=60, env={"PYTHONPATH": str(REPO), "PATH": ""})
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "432" and run.stderr == ""


# --- maps made on the spot -------------------------------------------------------------------


def test_a_map_without_units_is_a_board_not_an_error(tmp_path):
    sc = load_map(write(tmp_path / "m.tmx", map_xml(assets=str(ASSETS))))
    assert not sc.is_scenario and sc.sides == () and sc.setup.units == ()
    assert len(sc.setup.board.cells) == 81


def test_map_properties_are_read(tmp_path):
    props = {"title": "Skirmish", "description": "Two lines", "feet_per_hex": 10,
             "victory": "hold_the_bridge", "pc_side": "orcs", "side.orcs": "The Red Hand",
             "option.max_rounds": 12, "custom": "kept"}
    sc = load_map(write(tmp_path / "m.tmx", map_xml(
        props=props, assets=str(ASSETS),
        units=[unit("a", "men", "fighting_man", 1, 1), unit("b", "orcs", "orc", 5, 5)])),
        seed=42)
    assert (sc.title, sc.description, sc.feet_per_hex, sc.victory) == (
        "Skirmish", "Two lines", 10, "hold_the_bridge")
    assert sc.setup.seed == 42 and sc.setup.board.feet_per_hex == 10
    assert sc.setup.options == {"max_rounds": 12}
    orcs = next(s for s in sc.setup.sides if s.id == "orcs")
    assert orcs.name == "The Red Hand" and orcs.player_characters
    assert sc.properties["custom"] == "kept"
    start(sc.setup)


def test_defaults_when_the_map_says_nothing(tmp_path):
    sc = load_map(write(tmp_path / "plain.tmx", map_xml(
        assets=str(ASSETS), units=[unit("a", "men", "orc", 1, 1)])))
    assert (sc.title, sc.ruleset, sc.feet_per_hex, sc.victory, sc.pc_side) == (
        "plain", "fallen_empire", 5, "last_side_standing", None)
    assert sc.setup.units[0].name == "a"


def test_unnamed_units_get_ids_from_template_and_object_id(tmp_path):
    units = [unit("", "men", "orc", 1, 1), unit("", "orcs", "goblin", 2, 2,
                                                 props={"name": "Snaga"})]
    sc = load_map(write(tmp_path / "m.tmx", map_xml(assets=str(ASSETS), units=units)))
    assert [(u.id, u.name) for u in sc.setup.units] == [("orc_1", ""), ("goblin_2", "Snaga")]


def test_upper_layers_override_terrain_and_art_only_tiles_are_kept(tmp_path):
    """The top-most tile with a `terrain` property decides; tiles without one are art."""
    top = [0] * 81
    top[0], top[1] = FOREST, WATER
    extra = (' <layer id="3" name="over" width="9" height="9">\n'
             f'  <data encoding="csv">{csv(top, 9)}</data>\n </layer>\n')
    sc = load_map(write(tmp_path / "m.tmx", map_xml(assets=str(ASSETS), extra_layers=extra)))
    board = sc.setup.board.build()
    assert board.terrain(Hex(0, 0)).kind == "forest"
    assert board.terrain(Hex(1, 0)).impassable
    assert board.terrain(Hex(2, 0)).kind == "grass"
    assert [a.tile_id for a in sc.art[Hex(0, 0)]] == [GRASS - 1, FOREST - 1]


def test_base64_layers_plain_zlib_and_gzip_read_like_csv(tmp_path):
    import base64
    import gzip
    import zlib

    gids = [GRASS] * 81
    gids[40] = BRIDGE
    raw = b"".join(g.to_bytes(4, "little") for g in gids)
    csv_map = load_map(write(tmp_path / "c.tmx", map_xml(assets=str(ASSETS), gids=gids)))
    for name, packed, attrs in (
            ("plain", raw, 'encoding="base64"'),
            ("zlib", zlib.compress(raw), 'encoding="base64" compression="zlib"'),
            ("gzip", gzip.compress(raw, mtime=0), 'encoding="base64" compression="gzip"')):
        sc = load_map(write(tmp_path / f"{name}.tmx", map_xml(
            assets=str(ASSETS), data=base64.b64encode(packed).decode(), data_attrs=attrs)))
        assert sc.setup.board == csv_map.setup.board, name


def test_flipped_tiles_keep_their_terrain_and_say_how_to_draw(tmp_path):
    gids = [GRASS] * 81
    gids[0] = FOREST | 0x80000000  # flipped horizontally
    gids[1] = FOREST | 0x10000000  # turned 120 degrees (hexagonal maps only)
    sc = load_map(write(tmp_path / "m.tmx", map_xml(assets=str(ASSETS), gids=gids)))
    assert sc.tiles[Hex(0, 0)].flip_x and sc.tiles[Hex(0, 0)].tile_id == FOREST - 1
    assert sc.tiles[Hex(1, 0)].rotate_120 and not sc.tiles[Hex(1, 0)].flip_x
    assert sc.setup.board.build().terrain(Hex(1, 0)).kind == "forest"


def test_hexes_without_a_tile_are_not_on_the_board(tmp_path):
    gids = [GRASS] * 81
    gids[0] = 0
    sc = load_map(write(tmp_path / "m.tmx", map_xml(assets=str(ASSETS), gids=gids)))
    assert Hex(0, 0) not in sc.setup.board.build()
    assert Hex(0, 0) not in sc.tiles and len(sc.tiles) == 80
