"""A map with nobody on it (issue 21, item 2): a good board for the sandbox, where the GM
places the figures, but nothing to start a battle on.  Before: `flank play` on the duel with
its units layer emptied printed a four-line pydantic dump about the save header, and the map
could not be opened in the sandbox at all when its `pc_side` was left behind.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.cli import main as flank
from game.maps import load_map
from game.sandbox import Sandbox
from rules.engine import start

REPO = Path(__file__).resolve().parents[2]


def emptied_duel(folder: Path, keep_layer: bool = True, pc_side: bool = True) -> Path:
    """The bundled duel with its figures taken off (the `units` layer empty, or gone)."""
    text = (REPO / "maps" / "duel.tmx").read_text(encoding="utf-8")
    text = text.replace('"../assets/', f'"{REPO}/assets/')
    pattern = r"<object .*?</object>\s*" if keep_layer else r"<objectgroup.*?</objectgroup>\s*"
    text = re.sub(pattern, "", text, flags=re.S)
    if not pc_side:
        text = re.sub(r'\s*<property name="pc_side"[^>]*/>', "", text)
    path = folder / "empty_duel.tmx"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("command", ["play", "simulate"])
@pytest.mark.parametrize("keep_layer", [True, False], ids=["empty layer", "no layer"])
def test_play_refuses_a_map_with_nobody_on_it_in_one_line(tmp_path, capsys, command,
                                                          keep_layer):
    path = emptied_duel(tmp_path, keep_layer)
    extra = ["--frames", "1"] if command == "play" else ["--players", "random,random"]
    assert flank([command, str(path), *extra]) == 2
    out = capsys.readouterr()
    lines = out.err.strip().splitlines()
    assert out.out == "" and len(lines) == 1, lines
    assert lines[0] == (f"flank {command}: {path}: there is nobody on this map to play: its "
                        f"units layer is empty or missing (place figures with `flank sandbox "
                        f"{path}`, then Save as scenario)")


def test_validate_passes_it_as_a_board_and_says_the_players_side_is_left_unset(tmp_path,
                                                                             capsys):
    path = emptied_duel(tmp_path)
    assert flank(["validate", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == (f"{path}: warning: map property 'pc_side' names side 'men', which has "
                      "no figures: left unset")
    # For a scenario author it is still wrong.
    assert flank(["validate", "--strict", str(path)]) == 2


@pytest.mark.parametrize("pc_side", [True, False], ids=["pc_side left behind", "no pc_side"])
def test_the_sandbox_opens_it_with_two_sides_to_place_figures_for(tmp_path, pc_side):
    sb = Sandbox.from_map(emptied_duel(tmp_path, pc_side=pc_side))
    assert sb.state.units == ()
    assert [s.name for s in sb.state.sides] == ["Red", "Blue"]
    orc = next(p for p in sb.palette() if p.template == "orc")
    man = next(p for p in sb.palette() if p.template == "fighting_man")
    sb.place(orc.template, "red", (3, 4))
    sb.place(man.template, "blue", (5, 4))
    assert sorted(u.template for u in sb.state.units) == ["fighting_man", "orc"]
    assert sb.rulings()  # the Rulings panel has something to show
    sb.restart_play()
    assert sb.decider is not None


def test_a_sandbox_on_a_set_up_with_no_sides_gets_two(tmp_path):
    setup = load_map(emptied_duel(tmp_path, pc_side=False)).setup
    assert setup.sides == ()
    sb = Sandbox(setup)
    assert [s.id for s in sb.state.sides] == ["red", "blue"]
    start(sb.setup)



def emptied_lists_field(folder: Path) -> Path:
    """The bundled tournament field with its two riders taken off."""
    text = (REPO / "maps" / "tournament.tmx").read_text(encoding="utf-8")
    text = text.replace('"../assets/', f'"{REPO}/assets/')
    text = re.sub(r"<object .*?</object>\s*", "", text, flags=re.S)
    path = folder / "empty_lists.tmx"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_lists_field_with_no_riders_opens_in_the_sandbox_as_an_ordinary_battle(tmp_path):
    """The joust needs one rider on each of two sides (FE-44), so the empty field cannot open
    as a joust; the GM still gets the board to place figures on, and is told why."""
    sandbox = Sandbox.from_map(emptied_lists_field(tmp_path))
    assert sandbox.state.units == ()
    assert "mode" not in dict(sandbox.state.options)
    assert len(sandbox.notes) == 1
    assert "one rider" in sandbox.notes[0] and "ordinary battle" in sandbox.notes[0]


def test_flank_sandbox_opens_the_empty_lists_field_without_a_traceback(tmp_path, capsys):
    assert flank(["sandbox", str(emptied_lists_field(tmp_path)), "--frames", "2"]) == 0
    assert "Traceback" not in capsys.readouterr().err
