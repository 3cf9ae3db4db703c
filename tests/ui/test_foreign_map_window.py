"""Someone else's Tiled hex map in the sandbox window (issue 20, item 5): `flank sandbox MAP`
opens it with one warning line, the window shows that line, the GM places a figure from the
palette and presses "Save as scenario", and the file written passes `flank validate --strict`.
"""

from __future__ import annotations

import pygame_gui

from game.app import App
from game.cli import main as flank
from game.maps import load_map
from game.sandbox import Sandbox
from game.ui.sandbox_scene import LEFT, SandboxScene
from tests.maps.foreign import write_foreign_map
from tests.ui.window import AtTheWindow


def test_flank_sandbox_opens_a_foreign_map_and_says_what_it_filled_in(tmp_path, capsys):
    path = write_foreign_map(tmp_path)
    shot = tmp_path / "shot.png"
    assert flank(["sandbox", str(path), "--frames", "3", "--screenshot", str(shot)]) == 0
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1
    assert err[0].startswith(f"{path}: warning: 35 hexes are read as open ground")
    assert "tileset 'hexes.tsx' tiles 0 (28 hexes)" in err[0]
    assert shot.is_file()


class GM(AtTheWindow):
    def __init__(self, path) -> None:
        self.app = App((1366, 768))
        self.sb = Sandbox.from_map(path)
        self.scene = SandboxScene(self.app, self.sb)
        self.app.switch(self.scene)
        self.frames(2)

    def click_hex(self, h) -> None:
        x, y = self.scene.camera.centre_of(h)
        self.click((int(x) + LEFT, int(y)))

    def press(self, text: str) -> None:
        button = next(w for w in vars(self.scene).values()
                      if isinstance(w, pygame_gui.elements.UIButton) and w.text == text)
        self.click(button.get_abs_rect().center)
        self.frames(2)


def test_place_a_figure_and_save_as_scenario_in_the_window(tmp_path, capsys):
    path = write_foreign_map(tmp_path)
    gm = GM(path)
    sb, scene = gm.sb, gm.scene
    # The warning is on screen, in the log column, from the start.
    assert "35 hexes are read as open ground" in scene.log.html_text
    assert sb.state.units == ()
    gm.pick_figure(scene.palette, "Orc")
    hexes = sorted(sb.state.board.hexes())
    spot = hexes[len(hexes) // 2]
    gm.click_hex(spot)
    assert [(u.template, u.side, u.pos) for u in sb.state.units] == [("orc", "red", spot)]

    gm.press("Save as scenario")
    saved = tmp_path / "found_scenario.tmx"
    assert scene.message.startswith(f"Saved the scenario as {saved}")
    assert "read as open ground" not in scene.log.html_text
    assert flank(["validate", "--strict", str(saved)]) == 0
    assert [(u.template, u.side, u.pos) for u in load_map(saved, strict=True).setup.units] == [
        ("orc", "red", (spot.q, spot.r))]
    # The original still reads as it did, and --strict still refuses it.
    capsys.readouterr()
    assert flank(["validate", "--strict", str(path)]) == 2
