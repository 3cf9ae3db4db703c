"""A GM opens someone else's Tiled hex map in the sandbox, places figures and saves it as a
scenario (issue 20, item 5): the map written back keeps its own tileset and pictures, has
Flank's properties filled in, and passes `flank validate --strict`."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli import main as flank
from game.maps import load_map
from game.sandbox import Sandbox
from tests.maps.foreign import LAYOUTS, write_foreign_map


def free_hexes(sb: Sandbox, n: int) -> list:
    return sorted(sb.state.board.hexes())[:: max(1, len(list(sb.state.board.hexes())) // n)][:n]


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_place_figures_on_a_foreign_map_and_save_it_as_a_scenario(tmp_path, layout, capsys):
    original = write_foreign_map(tmp_path, layout)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    sb = Sandbox.from_map(original)
    # Nobody on it until the GM places them; two sides to place them on.
    assert sb.state.units == ()
    assert [(s.id, s.name) for s in sb.state.sides] == [("red", "Red"), ("blue", "Blue")]
    assert len(sb.scenario.warnings) == 1

    a, b = free_hexes(sb, 2)
    hero = sb.place("fighting_man", "red", a, facing=1, name="Aldric").subject
    orc = sb.place("orc", "blue", b, facing=4).subject
    sb.override("max_rounds", 12)
    out = sb.save_as_scenario()

    assert out.path == tmp_path / "found_scenario.tmx"
    # The GM's own files are untouched.
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.name in before} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*before, out.path.name])

    capsys.readouterr()
    assert flank(["validate", "--strict", str(out.path)]) == 0
    assert capsys.readouterr().out.strip() == "1 map checked: all valid"

    sc = load_map(out.path, strict=True)
    assert sc.warnings == ()
    assert sc.ruleset == "fallen_empire" and sc.feet_per_hex == 5 and sc.title == "found"
    assert sc.setup.options.get("max_rounds") == 12
    units = {u.id: u for u in sc.setup.units}
    assert (units[hero].side, units[hero].template, units[hero].name, units[hero].pos,
            units[hero].facing) == ("red", "fighting_man", "Aldric", (a.q, a.r), 1)
    assert (units[orc].side, units[orc].template, units[orc].pos, units[orc].facing) == (
        "blue", "orc", (b.q, b.r), 4)
    assert [(s.id, s.name) for s in sc.setup.sides] == [("red", "Red"), ("blue", "Blue")]
    # Same board, drawn with its own pictures, in its own layout.
    assert sc.setup.board.cells == load_map(original).setup.board.cells
    assert {Path(t.image).name for t in sc.tiles.values()} == {"hexes.png"}
    assert (sc.stagger_axis, sc.tile_width, sc.tile_height) == (
        LAYOUTS[layout]["axis"], *LAYOUTS[layout]["tile"])
    # The figures stand on the map's own tiles in Tiled too (their points, not just col/row).
    text = out.path.read_text(encoding="utf-8")
    assert '<property name="terrain" value="grass"/>' in text
    assert 'source="hexes.png"' in text and "hexes.tsx" not in text


def test_saving_again_after_more_changes_rewrites_the_scenario(tmp_path):
    sb = Sandbox.from_map(write_foreign_map(tmp_path))
    a, b, c = free_hexes(sb, 3)
    sb.place("fighting_man", "red", a)
    sb.place("orc", "blue", b)
    first = sb.save_as_scenario()
    sb.place("goblin", "blue", c)
    again = Sandbox.from_map(sb.save_as_scenario().path)
    assert again.scenario.path == str(first.path)
    assert len(again.state.units) == 3 and again.scenario.warnings == ()
    # Opened from the saved scenario, saving again writes over it rather than beside it.
    assert again.scenario_path() == first.path
    again.save_as_scenario()
    assert len(load_map(first.path, strict=True).setup.units) == 3


def test_a_bundled_scenario_saved_as_a_scenario_keeps_its_figures(tmp_path):
    """A Flank map needs nothing filled in: it is written back with the position's figures."""
    source = Path("maps/duel.tmx").resolve()
    for name in ("duel.tmx",):
        (tmp_path / name).write_bytes(source.read_bytes().replace(
            b'source="../assets/', f'source="{source.parent.parent / "assets"}/'.encode()))
    sb = Sandbox.from_map(tmp_path / "duel.tmx")
    gone = sb.state.units[0].id
    sb.delete(gone)
    out = sb.save_as_scenario()
    sc = load_map(out.path, strict=True)
    assert gone not in {u.id for u in sc.setup.units}
    assert len(sc.setup.units) == len(sb.state.units)
