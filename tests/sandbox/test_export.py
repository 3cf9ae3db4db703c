"""Exports from the sandbox (game/sandbox/; the picture: game/render/picture_export.py): a
position as a Tiled scenario that loads back identically (docs/MAPS.md), a picture, and a
Markdown transcript of the exchanges."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.maps import ASSETS_DIR, load_map
from game.render.picture_export import export_png
from game.sandbox import ExportError, export_tmx, transcript_markdown
from rules.engine import scripted, start
from rules.gm import Exchange, RelocateUnit, gm_submit
from rules.hexgrid import Hex
from tests.fallen_empire.helpers import begin, fe

MAPS = Path(__file__).resolve().parents[2] / "maps"

# One bundled map per stagger variant (pointy/flat × odd/even).
VARIANTS = ["duel.tmx", "river_ford.tmx", "walled_village.tmx", "open_field.tmx"]


@pytest.mark.parametrize("name", VARIANTS)
def test_a_bundled_scenario_exports_and_loads_back_identically(tmp_path, name):
    sc = load_map(MAPS / name)
    out = export_tmx(sc.setup, tmp_path / name, sc.title, description=sc.description,
                     victory=sc.victory)
    back = load_map(out.path)
    assert back.setup == sc.setup  # board, sides, figures, options, ruleset, title
    assert (back.orientation, back.stagger_axis, back.stagger_index) == (
        sc.orientation, sc.stagger_axis, sc.stagger_index)
    assert (back.width, back.height, back.description, back.victory, back.pc_side) == (
        sc.width, sc.height, sc.description, sc.victory, sc.pc_side)
    assert out.shift == (0, 0) and out.notes == () and out.copied == ()
    # The tileset is the bundled one, by a relative path the loader allows (assets/).
    assert (tmp_path / out.tileset).resolve() == (
        ASSETS_DIR / f"terrain_{sc.orientation}.tsx").resolve()
    # Written as maps/make_maps.py writes them: the same bytes but for the tileset's path.
    written = out.path.read_text().replace(out.tileset, "TILESET")
    bundled = (MAPS / name).read_text().replace(f"../assets/terrain_{sc.orientation}.tsx",
                                                "TILESET")
    assert written == bundled


@pytest.mark.parametrize("name", VARIANTS)
def test_a_battle_state_exports_to_the_same_scenario(tmp_path, name):
    sc = load_map(MAPS / name)
    state, _ = start(sc.setup)
    out = export_tmx(state, tmp_path / name, sc.title, description=sc.description)
    back = load_map(out.path).setup
    assert back.board == sc.setup.board and back.sides == sc.setup.sides
    assert back.options == sc.setup.options and back.ruleset == sc.setup.ruleset
    assert sorted(back.units, key=lambda u: u.id) == sorted(sc.setup.units, key=lambda u: u.id)
    assert start(back)[0].units == state.units


def test_a_built_position_with_its_own_terrain_and_rulings(tmp_path):
    """A position built in code sits around (0, 0): it is moved so Tiled's columns and rows
    start at 0, a terrain the bundled tiles lack gets an embedded tileset, whole-number and
    true/false rulings become option.<key>, and a list is written as JSON text."""
    setup = (fe(max_rounds=12, surprise_on=[5, 6]).side("men", True).side("orcs")
             .unit("f", "fighting_man", "men", (0, 0), facing=2)
             .unit("o", "orc", "orcs", (1, 0), facing=3)
             .terrain((2, -1), "forest", move_cost=2, cover=True)
             .terrain((-1, 1), "swamp", move_cost=3)).build()
    for orientation in (None, "flat"):
        out = export_tmx(setup, tmp_path / "built.tmx", "Built", orientation=orientation)
        shift = Hex(*out.shift)
        assert shift != Hex(0, 0)
        back = load_map(out.path).setup
        assert dict(back.board.build().cells) == {
            h + shift: t for h, t in setup.board.build().cells}
        assert [(u.id, u.side, u.template, Hex(*u.pos), u.facing) for u in back.units] == [
            (u.id, u.side, u.template, Hex(*u.pos) + shift, u.facing) for u in setup.units]
        assert [u.name for u in back.units] == ["Fighting-Man", "Orc"]
        assert back.options == {"max_rounds": 12, "surprise_enabled": False,
                                "morale_enabled": False, "surprise_on": [5, 6]}
        assert not any("surprise_on" in n for n in out.notes)
        assert any("moved by" in n for n in out.notes)
    assert "flank_terrain_1" in (tmp_path / "built.tmx").read_text()


def test_tilesets_copied_beside_the_map_when_asked(tmp_path):
    sc = load_map(MAPS / "duel.tmx")
    out = export_tmx(sc.setup, tmp_path / "duel.tmx", copy_tilesets=True)
    assert out.tileset == "terrain_pointy.tsx"
    assert sorted(p.name for p in out.copied) == ["terrain_pointy.png", "terrain_pointy.tsx"]
    assert load_map(out.path).setup == sc.setup
    again = export_tmx(sc.setup, tmp_path / "duel2.tmx", copy_tilesets=True)
    assert again.copied == ()  # the same files are there already


def test_bad_exports_are_refused_and_write_nothing(tmp_path):
    sc = load_map(MAPS / "duel.tmx")
    with pytest.raises(ExportError, match=r"\.tmx"):
        export_tmx(sc.setup, tmp_path / "duel.txt")
    with pytest.raises(ExportError, match="no such folder"):
        export_tmx(sc.setup, tmp_path / "nowhere" / "duel.tmx")
    with pytest.raises(ExportError, match="orientation"):
        export_tmx(sc.setup, tmp_path / "duel.tmx", orientation="round")
    assert list(tmp_path.iterdir()) == []


def test_a_dead_figure_is_left_out_and_edits_are_named(tmp_path):
    st = begin(fe().side("men", True).side("orcs")
               .unit("f", "fighting_man", "men", (0, 0), hp=3)
               .unit("o", "orc", "orcs", (1, 0), facing=3, status="dead")
               .unit("g", "orc", "orcs", (4, 0), facing=3))
    out = export_tmx(st, tmp_path / "p.tmx", "Aftermath")
    back = load_map(out.path).setup
    assert [u.id for u in back.units] == ["f", "g"]
    assert any(n.startswith("o is dead") for n in out.notes)
    assert any(n.startswith("f: hp") for n in out.notes)


def test_a_picture_of_the_position(tmp_path):
    import pygame

    sc = load_map(MAPS / "river_ford.tmx")
    state, _ = start(sc.setup)
    for overlay in ("none", "threat", "reach", "facing"):
        out = export_png(state, tmp_path / f"{overlay}.png", (320, 200), overlay, scenario=sc)
        assert pygame.image.load(str(out)).get_size() == (320, 200)
    with pytest.raises(ExportError, match="overlay"):
        export_png(state, tmp_path / "x.png", (320, 200), "fog")


def test_the_transcript_shows_every_modifier_with_its_citation():
    """FE-20: +2 from the rear and no shield; the transcript names both with their rule,
    what was needed, the dice and the result, then narrates every event in order."""
    st = begin(fe().side("men", True).side("orcs")
               .unit("f", "fighting_man", "men", (0, 0), facing=0, name="Aldric")
               .unit("o", "orc", "orcs", (3, 0), facing=3))
    st, ev1 = gm_submit(st, RelocateUnit(unit="o", to=(1, 0), facing=0))
    _, ev2 = gm_submit(st, Exchange(attacker="f", target="o"), dice=scripted(12, 4))
    text = transcript_markdown(ev1 + ev2, "Rear attack")
    assert text.startswith("# Rear attack\n")
    assert "### Exchange 1: f attacks o" in text
    assert "| rear attack | +2 | FE-20 | to hit |" in text
    assert "| no shield against a rear attack | +0 | FE-20 | to hit |" in text
    assert "**Needed:** 12" in text
    assert "d20 12; damage 1d8: 4" in text
    assert "**Result:** a hit: o takes 4" in text
    lines = [t for t in text.splitlines() if t[:2] in ("1.", "2.", "3.")]
    assert lines[0].startswith("1. GM sets o at B1, facing east")
    assert lines[1].startswith("2. f melee attack on o with Sword: rolled 12")
    assert lines[2].startswith("3. o takes 4 damage")


def test_list_rulings_survive_the_round_trip(tmp_path):
    """A GM's ruling that is a list (surprise on 4-6, FE-02) goes into the map as "[4, 5, 6]"
    and comes back as the same list."""
    from game.maps import load_map
    from game.sandbox import export_tmx
    from rules.engine import start
    from tests.fallen_empire.helpers import fe

    setup = (fe(surprise_on=[4, 5, 6]).side("men", True).side("orcs")
             .unit("f", "fighting_man", "men", (0, 0)).unit("o", "orc", "orcs", (3, 0))
             .build())
    state, _ = start(setup)
    out = tmp_path / "surprise.tmx"
    export_tmx(state, out, "Surprise on 4-6")
    assert load_map(out).setup.options["surprise_on"] == [4, 5, 6]
