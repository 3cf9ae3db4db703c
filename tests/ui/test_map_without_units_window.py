"""A map with nobody on it opens in the sandbox window for the GM to place figures (issue 21,
item 2): `flank sandbox` on the duel with its figures taken off (its `pc_side` left behind)
opens with one warning line, and a figure picked from the palette and clicked onto a hex is
placed for the side chosen.  Before, such a map was refused, or the window's side menu had no
side to offer."""

from __future__ import annotations

from game.app import App
from game.cli import main as flank
from game.sandbox import Sandbox
from game.ui.sandbox_scene import LEFT, SandboxScene
from tests.sandbox.test_map_without_units import emptied_duel
from tests.ui.window import AtTheWindow


def test_flank_sandbox_opens_a_map_with_nobody_on_it(tmp_path, capsys):
    path = emptied_duel(tmp_path)
    shot = tmp_path / "shot.png"
    assert flank(["sandbox", str(path), "--frames", "2", "--screenshot", str(shot)]) == 0
    assert shot.is_file()
    assert capsys.readouterr().err.splitlines() == [
        f"{path}: warning: map property 'pc_side' names side 'men', which has no figures: "
        "left unset"]


class GM(AtTheWindow):
    def __init__(self, sandbox: Sandbox) -> None:
        self.app = App((1366, 768))
        self.sb = sandbox
        self.scene = SandboxScene(self.app, sandbox)
        self.app.switch(self.scene)
        self.frames(2)

    def click_hex(self, h) -> None:
        x, y = self.scene.camera.centre_of(h)
        self.click((int(x) + LEFT, int(y)))


def test_the_gm_places_a_figure_on_it_in_the_window(tmp_path):
    gm = GM(Sandbox.from_map(emptied_duel(tmp_path)))
    scene, sb = gm.scene, gm.sb
    assert sb.state.units == () and list(scene.side_ids) == ["Red", "Blue"]
    gm.pick_figure(scene.palette, "Orc")
    spot = sorted(sb.state.board.hexes())[40]
    gm.click_hex(spot)
    assert [(u.template, u.side, u.pos) for u in sb.state.units] == [("orc", "red", spot)]
