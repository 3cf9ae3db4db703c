"""ZEF-32 and R-ZEF-HANDS for every figure however made (issue 34, item 3): "fighting with
two weapons needs the two-weapon talent and one-handed weapons only", and a weapon that
takes both hands leaves none for a shield.  The data file's templates, a scenario's
overrides (a builder's and a map's `set.<field>`) and the GM sandbox's placing and editing
all meet the one check of rules/systems/zefrs/hands.py through `Ruleset.unit_refusal`."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli import main as flank
from game.sandbox import Sandbox, SandboxError
from rules.data import DataError
from rules.engine import initial_state
from rules.state import state_hash
from rules.systems.zefrs.tables import DEFAULT_DATA_PATH, load_tables
from tests.data_variants import data_variant
from tests.maps.tmx import ASSETS, map_xml, unit, write
from tests.zefrs.helpers import duel, zef

AXE_AND_DIRK = {"weapon": "great_axe", "offhand": "dirk", "two_weapons": True}
AXE_AND_SHIELD = {"weapon": "great_axe", "shield": "round_shield"}


# --- the data file -----------------------------------------------------------------------


def test_a_template_with_a_great_axe_and_a_round_shield_is_refused(tmp_path: Path) -> None:
    """R-ZEF-HANDS: the great axe takes both hands; the key at fault is named."""
    path = data_variant(DEFAULT_DATA_PATH, tmp_path,
                        'weapon = "great_axe"\narmour = ["steel_helmet", "mail_shirt", '
                        '"steel_greaves"]', 'weapon = "great_axe"\nshield = "round_shield"\n'
                        'armour = ["steel_helmet", "mail_shirt", "steel_greaves"]')
    with pytest.raises(DataError) as err:
        load_tables(path)
    line = str(err.value)
    assert "units.dwarf.weapon" in line and "needs both hands" in line
    assert "great axe" in line and "round shield" in line and "\n" not in line


# --- a scenario's overrides ------------------------------------------------------------------


@pytest.mark.parametrize(("kit", "items"), [(AXE_AND_DIRK, ("great axe", "dirk", "ZEF-32")),
                                            (AXE_AND_SHIELD, ("great axe", "round shield"))])
def test_a_scenario_cannot_give_a_great_axe_a_second_hand(kit: dict[str, object],
                                                          items: tuple[str, ...]) -> None:
    """ZEF-32: the overrides are checked as the template is; one line names him and both
    items.  (Before, the figure was built and struck with both.)"""
    sc = duel(("a", "cimmerian", (0, 0)), ("b", "guard", (1, 0)),
              a_over={"name": "Hrolf", **kit})
    with pytest.raises(ValueError) as err:
        initial_state(sc.build())
    line = str(err.value)
    assert line.startswith("Hrolf: ") and "needs both hands" in line and "\n" not in line
    assert all(item in line for item in items)


def test_a_second_weapon_without_the_talent_is_refused_in_a_scenario() -> None:
    """ZEF-32: the two-weapon talent, for an override as for a template."""
    sc = duel(("a", "cimmerian", (0, 0)), ("b", "guard", (1, 0)),
              a_over={"name": "Hrolf", "weapon": "broadsword", "offhand": "dirk"})
    with pytest.raises(ValueError, match=r"Hrolf: .*two-weapon talent"):
        initial_state(sc.build())


def test_one_handed_pairs_still_set_up() -> None:
    """The check refuses nothing the text allows: a broadsword and a dirk with the talent,
    a great axe alone."""
    sc = zef().side("pcs", True).side("foes")
    sc.unit("a", "cimmerian", "pcs", (0, 0), weapon="broadsword", offhand="dirk",
            two_weapons=True)
    sc.unit("b", "guard", "foes", (1, 0), weapon="great_axe", shield="")
    state = initial_state(sc.build())
    assert state.unit("a").offhand == "dirk" and state.unit("b").weapon == "great_axe"


def _bad_map(tmp_path: Path, **props: object) -> Path:
    figures = [unit("hrolf", "pcs", "cimmerian", 2, 2,
                    props={"name": "Hrolf", **{f"set.{k}": v for k, v in props.items()}}),
               unit("guard", "foes", "guard", 3, 2, facing=3)]
    return write(tmp_path / "bad_axe.tmx", map_xml(props={"ruleset": "zefrs"}, units=figures,
                                                   assets=str(ASSETS)))


def test_a_map_giving_a_great_axe_and_a_dirk_fails_validate_with_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A map's `set.<field>` unit properties are the scenario's overrides: `flank validate`
    names the map, the figure and the items in one line and exits 2."""
    path = _bad_map(tmp_path, weapon="great_axe", offhand="dirk", two_weapons=True)
    assert flank(["validate", str(path)]) == 2
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1
    assert "bad_axe.tmx" in out[0] and "Hrolf" in out[0]
    assert "great axe" in out[0] and "dirk" in out[0] and "ZEF-32" in out[0]


def test_playing_a_map_with_a_great_axe_and_a_round_shield_exits_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`flank play` refuses the map before a window opens: one line, exit 2."""
    path = _bad_map(tmp_path, weapon="great_axe", shield="round_shield")
    assert flank(["play", str(path), "--frames", "1"]) == 2  # never a long window
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "Hrolf" in err[0] and "great axe" in err[0] and \
        "round shield" in err[0]


def test_a_map_may_change_a_figures_kit_within_the_rules(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    """`set.weapon` reaches the figure: a map arms him with a broadsword and a dirk."""
    path = _bad_map(tmp_path, weapon="broadsword", offhand="dirk", two_weapons=True)
    assert flank(["validate", str(path)]) == 0
    from game.maps import load_map

    setup = load_map(path).setup
    hrolf = next(u for u in setup.units if u.id == "hrolf")
    assert hrolf.overrides == {"weapon": "broadsword", "offhand": "dirk", "two_weapons": True}


# --- the GM's sandbox ------------------------------------------------------------------------


def _sandbox() -> Sandbox:
    return Sandbox(duel(("a", "cimmerian", (0, 0)), ("b", "duelist", (1, 0)),
                                   a_over={"name": "Hrolf"}).build())


def test_the_sandbox_refuses_a_dirk_beside_a_great_axe_and_changes_nothing() -> None:
    """The GM's edit is checked as a new figure is: refused, one line naming him and the
    items, the position as it was."""
    sb = _sandbox()
    sb.edit("a", two_weapons=True)
    sb.edit("a", weapon="great_axe", shield="")
    before = state_hash(sb.state)
    with pytest.raises(SandboxError) as err:
        sb.edit("a", offhand="dirk")
    line = str(err.value)
    assert "Hrolf" in line and "great axe" in line and "dirk" in line and "ZEF-32" in line
    assert state_hash(sb.state) == before


def test_the_sandbox_refuses_a_great_axe_to_a_man_with_a_shield() -> None:
    """R-ZEF-HANDS: the guard's shield stays on his arm, so no great axe."""
    sb = Sandbox(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (1, 0))).build())
    before = state_hash(sb.state)
    with pytest.raises(SandboxError, match=r"great axe needs both hands.*small shield"):
        sb.edit("b", weapon="great_axe")
    assert state_hash(sb.state) == before
    sb.edit("b", weapon="great_axe", shield="")  # both at once: the shield goes
    assert sb.state.unit("b").weapon == "great_axe"


def test_the_sandbox_refuses_to_place_a_figure_so_armed() -> None:
    """A figure the GM places with overrides meets the same check."""
    sb = _sandbox()
    before = state_hash(sb.state)
    with pytest.raises(SandboxError, match="needs both hands"):
        sb.place("cimmerian", "pcs", (-2, 0), name="Bors", **AXE_AND_DIRK)
    assert state_hash(sb.state) == before


def test_the_sandbox_windows_figure_editor_shows_the_refusal(monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    """The GM edits the guard in the window's figure form, a great axe in his hand and his
    shield still on his arm: the Save is refused with the one line, which the GM reads in
    the window's message, and the guard is as he was."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from game.app import App
    from game.ui.sandbox_scene import SandboxScene
    from tests.ui.window import AtTheWindow

    sb = Sandbox(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (1, 0))).build())
    app = App((1440, 900))
    scene = SandboxScene(app, sb)
    app.switch(scene)
    gm = AtTheWindow()
    gm.app = app
    gm.frames(2)
    before = state_hash(sb.state)
    scene._open_edit("b")
    gm.frames(2)
    box = scene.edit_window.get_abs_rect()  # a ZeFRS figure's near forty fields, and Save,
    assert box.contains(scene.edit_save.get_abs_rect()) and box.bottom <= 900  # all in reach:
    *_, (last, _info) = scene.edit_entries.values()  # the form scrolls to the last field
    gm.scroll_to(scene.edit_form, last)
    assert box.contains(last.get_abs_rect())
    widget, _info = scene.edit_entries["weapon"]
    widget.selected_option = ("great_axe", "great_axe")  # as the drop-down leaves it
    gm.click(scene.edit_save.get_abs_rect().center)
    gm.frames(2)
    assert scene.message.startswith("Not allowed: City guard: a great axe needs both hands")
    assert "small shield" in scene.message and "\n" not in scene.message
    assert scene.edit_window is not None  # the form stays open to be put right
    assert state_hash(sb.state) == before
    shield, _info = scene.edit_entries["shield"]  # the shield off his arm: the axe is his
    shield.selected_option = ("", "")
    gm.click(scene.edit_save.get_abs_rect().center)
    gm.frames(2)
    assert scene.message == "" and scene.edit_window is None
    assert (sb.state.unit("b").weapon, sb.state.unit("b").shield) == ("great_axe", "")
