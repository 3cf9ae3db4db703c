"""Anyone's map keeps its ground (issue 35, item 6): a Tiled map made for another game says
what its tiles are by their class ("Ocean", "Forest", "Mountain", written `type=` as Tiled
1.10 does or `class=` as Tiled 1.9 did) or a property (`terrain_type` = "Swamp"); Flank reads
those names as its terrains through an editable file (game/maps/terrain_names.toml, then the
user's `terrain.toml` in the config folder, then `<map>.terrain.toml` beside the map), so the
sea is impassable and a bugbear cannot charge across it.  A name nobody knows is open ground,
said in one `flank validate` line naming the file to add it to; a broken names file is
refused in one line naming it (exit status 2).  R-FLANK-NAMED-GROUND.

The map is tests/maps/hex_world/hex_world.tmx (made by make_hex_world.py there): forest in
columns 0-1, sea in columns 4-5 from top to bottom ("Deep Ocean" in column 5, rows 2-4),
mountains in columns 8-9 of rows 0-3, a swamp in column 7 of rows 4-6, grassland between.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.cli import main as flank
from game.maps import MapError, load_map
from game.maps.terrain_names import DEFAULT_FILE, names_for, words_of
from game.sandbox import Sandbox
from rules.commands import Move
from rules.engine import legal_commands, start
from rules.hexgrid import Hex
from rules.setup import SideSpec, UnitSpec
from tests.fallen_empire.helpers import declare, to_phase

WORLD = Path(__file__).resolve().parent / "hex_world"
SEA = {(c, r) for c in (4, 5) for r in range(7)}


def _copy(tmp_path: Path, *, lava: bool = False) -> Path:
    """The world map in a folder of its own (its mountains turned to "Lava" if `lava`)."""
    folder = tmp_path / "world"
    shutil.copytree(WORLD, folder)
    if lava:
        tsx = folder / "hex_world.tsx"
        tsx.write_text(tsx.read_text(encoding="utf-8").replace('type="Mountain"', 'type="Lava"'),
                       encoding="utf-8")
    return folder / "hex_world.tmx"


def _at(sc, col: int, row: int):
    return sc.setup.board.build().terrain(sc.hex_at(col, row))


def test_the_tiles_classes_and_properties_give_the_ground() -> None:
    sc = load_map(WORLD / "hex_world.tmx")
    for col, row in SEA:  # class="Ocean" (Tiled 1.9) and type="Deep Ocean" (Tiled 1.10)
        t = _at(sc, col, row)
        assert (t.kind, t.impassable) == ("water", True), (col, row)
    for col, row in ((0, 0), (1, 0), (0, 3)):  # "Forest" and "forest_2"
        t = _at(sc, col, row)
        assert (t.kind, t.move_cost, t.cover) == ("forest", 2, True)
    t = _at(sc, 9, 0)  # "Mountain"
    assert (t.kind, t.move_cost, t.elevation, t.impassable) == ("mountain", 3, 2, False)
    t = _at(sc, 7, 5)  # no class; property terrain_type = "Swamp"
    assert (t.kind, t.move_cost) == ("marsh", 2)
    assert _at(sc, 2, 3).kind == "grass"  # "Grassland": open ground, by name
    # Every tile was named and known: nothing was filled in, nothing to warn about.
    assert sc.warnings == () and sc.open_ground == ()
    named = {(t.name, t.named_by): (t.terrain.kind, t.hexes) for t in sc.named_ground}
    assert named[("Ocean", "class")] == ("water", 11)
    assert named[("Deep Ocean", "class")] == ("water", 3)
    assert named[("Swamp", "terrain_type")] == ("marsh", 3)
    assert named[("forest_2", "class")][0] == "forest"


@pytest.mark.parametrize(("name", "kind"), [
    ("Ocean", "water"), ("Deep Ocean", "water"), ("DeepOcean", "water"), ("SEA", "water"),
    ("lake_3", "water"), ("river", "water"), ("forest_2", "forest"), ("Woods", "forest"),
    ("Trees", "forest"), ("Hills", "hills"), ("Mountains", "mountain"), ("road", "road"),
    ("Stone Wall", "wall"), ("Marshes", "marsh"), ("swamp", "marsh"), ("Sand", "sand"),
    ("Desert", "sand"), ("Forest Road", "road"), ("River Ford", "ford"), ("Lava", None),
    ("", None), ("42", None),
])
def test_a_name_is_read_by_its_words_the_last_known_one_deciding(name, kind) -> None:
    found = names_for(WORLD / "hex_world.tmx").terrain_of(name)
    assert (found.kind if found is not None else None) == kind


def test_words_of_a_name() -> None:
    assert words_of("DeepOcean_2") == ("deep", "ocean", "2")
    assert words_of("Terrain Type") == words_of("terrain_type") == words_of("TerrainType")


def _battle_across_the_sea():
    """A bugbear on the west shore (col 2, row 3), a fighting-man on the east (col 7, row 3),
    five hexes apart with the sea between: the charge (FE-16, at least 5 of the bugbear's 9
    hexes) would reach him if the sea were open ground."""
    sc = load_map(WORLD / "hex_world.tmx")
    bug, man = sc.hex_at(2, 3), sc.hex_at(7, 3)
    setup = sc.setup.model_copy(update={
        "sides": (SideSpec(id="beasts", name="The beasts"),
                  SideSpec(id="men", name="The men", player_characters=True)),
        "units": (UnitSpec(id="bugbear", side="beasts", template="bugbear",
                           pos=(bug.q, bug.r), facing=0),
                  UnitSpec(id="man", side="men", template="fighting_man", pos=(man.q, man.r),
                           facing=3)),
        "options": {"surprise_enabled": False, "morale_enabled": False}})
    return sc, start(setup)[0]


def test_a_bugbear_cannot_charge_across_the_sea() -> None:
    """FE-16 under Fallen Empire: the bugbear declares a charge; in its movement no charge is
    legal (every way to the man crosses the sea) and no step of any move enters the sea."""
    sc, st = _battle_across_the_sea()
    st, _ = declare(st, {"bugbear": "charge", "man": "melee"}, initiative=(6, 1))
    st = to_phase(st, "movement", "beasts")
    moves = [c for c in legal_commands(st, "beasts")
             if isinstance(c, Move) and c.unit == "bugbear"]
    sea = {sc.hex_at(c, r) for c, r in SEA}
    assert not [m for m in moves if m.target == "man"]
    assert not [m for m in moves if sea & {Hex(*p) for p in m.path}]


def test_a_bugbear_cannot_walk_across_the_sea() -> None:
    sc, st = _battle_across_the_sea()
    st, _ = declare(st, {"bugbear": "move", "man": "melee"}, initiative=(6, 1))
    st = to_phase(st, "movement", "beasts")
    ends = {Hex(*c.path[-1]) for c in legal_commands(st, "beasts")
            if isinstance(c, Move) and c.unit == "bugbear"}
    assert ends  # he may walk, on his own shore
    cols = {sc.offset_of(h)[0] for h in ends}
    assert max(cols) <= 3, sorted(cols)


def test_flank_validate_names_a_class_left_as_open_ground(tmp_path, capsys) -> None:
    path = _copy(tmp_path, lava=True)
    assert flank(["validate", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == (f"{path}: warning: tile class 'Lava' (8 hexes) is read as open ground: "
                      f"add it to {path.parent / 'hex_world.terrain.toml'} to give it a "
                      "terrain (see docs/MAPS.md, 'Someone else's map')")
    assert len([line for line in out if "warning" in line]) == 1
    assert _at(load_map(path), 9, 0).kind == "grass"


def test_the_users_file_beside_the_map_overrides_the_default(tmp_path) -> None:
    path = _copy(tmp_path, lava=True)
    (path.parent / "hex_world.terrain.toml").write_text(
        "# My world's ground\n"
        "[terrain.lava]\nwords = [\"lava\", \"magma\"]\nimpassable = true\nelevation = 1\n\n"
        "[terrain.water]\nimpassable = false\nmove_cost = 4\n\n"  # the words are kept
        "[terrain.ford]\nwords = [\"deep\"]\nmove_cost = 3\n",  # "deep" was water's
        encoding="utf-8")
    sc = load_map(path)
    assert sc.warnings == ()
    lava = _at(sc, 9, 0)
    assert (lava.kind, lava.impassable, lava.elevation) == ("lava", True, 1)
    sea = _at(sc, 4, 0)
    assert (sea.kind, sea.impassable, sea.move_cost) == ("water", False, 4)
    # "Deep Ocean": "ocean" is the last word and still water's.
    assert _at(sc, 5, 3).kind == "water"
    assert names_for(path).terrain_of("Deep").kind == "ford"


def test_the_config_folders_file_is_read_and_the_maps_own_wins(tmp_path, monkeypatch) -> None:
    path = _copy(tmp_path, lava=True)
    config = tmp_path / "config"
    config.mkdir()
    monkeypatch.setenv("FLANK_CONFIG_DIR", str(config))
    (config / "terrain.toml").write_text(
        '[terrain.lava]\nwords = ["lava"]\nimpassable = true\n', encoding="utf-8")
    assert _at(load_map(path), 9, 0).impassable
    (path.parent / "hex_world.terrain.toml").write_text(
        "[terrain.lava]\nimpassable = false\nmove_cost = 5\n", encoding="utf-8")
    lava = _at(load_map(path), 9, 0)
    assert (lava.kind, lava.impassable, lava.move_cost) == ("lava", False, 5)


@pytest.mark.parametrize(("text", "problem"), [
    ("[terrain.water\n", "not valid TOML: "),
    ('[terrain.water]\nimpassable = "yes"\n',
     "terrain.water.impassable: must be true or false, not 'yes'"),
    ("[terrain.water]\nmove_cost = 0\n",
     "terrain.water.move_cost: input should be greater than or equal to 1"),
    ("[terrain.water]\nmovecost = 2\n", "terrain.water.movecost: unknown key (a terrain has "
     "only words, move_cost, cover, impassable, elevation)"),
    ("[terrain.lava]\nimpassable = true\n", "terrain.lava: a new terrain needs words that "
     "name it"),
    ('[terrain.lava]\nwords = ["fire"]\n[terrain.ash]\nwords = ["Fire"]\n',
     "the word 'fire' is given to both lava and ash"),
    ('[terrain.lava]\nwords = "lava"\n',
     "terrain.lava.words: must be a list like [\"a\", \"b\"], not 'lava'"),
])
def test_a_broken_names_file_is_refused_in_one_line_naming_it(tmp_path, capsys, text,
                                                              problem) -> None:
    path = _copy(tmp_path)
    names = path.parent / "hex_world.terrain.toml"
    names.write_text(text, encoding="utf-8")
    with pytest.raises(MapError) as caught:
        load_map(path)
    assert caught.value.path == str(names)
    assert caught.value.problem.startswith(problem)
    assert flank(["validate", str(path)]) == 2
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1 and out[0].startswith(f"{names}: {problem}")
    capsys.readouterr()
    assert flank(["play", str(path)]) == 2
    said = capsys.readouterr()
    assert [line for line in (said.out + said.err).splitlines()
            if f"{names}: {problem}" in line]


def test_a_broken_names_file_in_the_config_folder_leaves_flanks_own_maps_alone(
        tmp_path, monkeypatch) -> None:
    """Flank's maps name their terrain themselves: the names are read only for a map that
    needs them."""
    monkeypatch.setenv("FLANK_CONFIG_DIR", str(tmp_path))
    (tmp_path / "terrain.toml").write_text("terrain = [", encoding="utf-8")
    assert load_map("maps/duel.tmx").warnings == ()
    with pytest.raises(MapError) as caught:
        load_map(WORLD / "hex_world.tmx")
    assert caught.value.path == str(tmp_path / "terrain.toml")


def test_read_strictly_a_class_is_not_flanks_terrain_property() -> None:
    """`flank validate --strict` is for scenario authors: only Flank's `terrain` counts."""
    with pytest.raises(MapError) as caught:
        load_map(WORLD / "hex_world.tmx", strict=True)
    assert "has no 'terrain' property" in caught.value.problem


def test_save_as_scenario_writes_the_named_terrain_as_flanks_properties(tmp_path) -> None:
    path = _copy(tmp_path)
    sb = Sandbox.from_map(path)
    sc = sb.scenario
    sb.place("bugbear", "red", sc.hex_at(2, 3))
    made = sb.save_as_scenario()
    saved = load_map(made.path, strict=True)
    assert dict(saved.setup.board.build().cells) == dict(sc.setup.board.build().cells)
    assert "7 tiles read by their names now carry their terrains" in made.notes[-1]


def test_the_default_names_file_is_good() -> None:
    names = names_for(DEFAULT_FILE.with_name("nowhere.tmx"))
    assert {"grass", "water", "forest", "hills", "mountain", "road", "wall", "marsh",
            "sand"} <= set(names.terrains)
    assert names.terrains["water"].impassable and names.terrains["wall"].impassable
    assert names.reads_property("Terrain Type") and names.reads_property("biome")


def test_the_example_in_docs_maps_is_a_names_file_that_does_what_it_says(tmp_path) -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "MAPS.md").read_text(encoding="utf-8")
    start = doc.index("    # found.terrain.toml\n")
    block = doc[start:doc.index("\n\n", doc.index("[terrain.ford]", start))]
    path = _copy(tmp_path, lava=True)
    (path.parent / "hex_world.terrain.toml").write_text(
        "\n".join(line[4:] for line in block.splitlines()), encoding="utf-8")
    sc = load_map(path)
    assert _at(sc, 9, 0).impassable and _at(sc, 9, 0).kind == "lava"
    assert (_at(sc, 4, 0).impassable, _at(sc, 4, 0).move_cost) == (False, 3)
    names = names_for(path)
    assert names.terrain_of("River").kind == "ford" and names.reads_property("biome")
    assert not names.reads_property("ground")  # the example's list replaces Flank's
