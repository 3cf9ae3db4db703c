"""A GM's sandbox session driven through the window, as the issue describes it: place three
figures, turn one, step through an exchange with the dice set, undo it, switch the ruleset,
export; the exported files are valid."""

from __future__ import annotations

import pygame
import pygame_gui

from game.app import App
from game.content import find_scenario
from game.maps import load_map
from game.sandbox import Sandbox
from game.ui.sandbox_scene import LEFT, SandboxScene
from rules.engine import catalogue
from rules.hexgrid import Hex
from rules.state import state_hash
from tests.ui.window import AtTheWindow


class GM(AtTheWindow):
    def __init__(self) -> None:
        self.app = App((1440, 900))
        self.sb = Sandbox.from_map(find_scenario("duel"))
        self.scene = SandboxScene(self.app, self.sb)
        self.app.switch(self.scene)
        self.frames(2)

    def click_hex(self, h: Hex, button: int = 1) -> None:
        x, y = self.scene.camera.centre_of(h)
        pos = (int(x) + LEFT, int(y))
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)

    def press(self, button) -> None:
        pos = button.get_abs_rect().center
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        self.frames(2)


    def pick(self, template_name: str) -> None:
        self.pick_figure(self.scene.palette, template_name)


def free_hexes(state, n):
    taken = {u.pos for u in state.units}
    return [h for h in sorted(state.board.hexes()) if h not in taken and
            state.board.passable(h) and abs(h.q) + abs(h.r) < 8][:n]


def test_a_gm_session_in_the_window(tmp_path, monkeypatch):
    monkeypatch.setenv("FLANK_EXPORT_DIR", str(tmp_path))
    gm = GM()
    sb, scene = gm.sb, gm.scene
    before = len(sb.state.units)
    # place three figures from the palette
    gm.pick("Orc")
    spots = free_hexes(sb.state, 3)
    for h in spots:
        gm.click_hex(h)
    assert len(sb.state.units) == before + 3
    placed = [sb.state.unit_at(h) for h in spots]
    # turn one
    gm.click_hex(spots[0])
    assert scene.selected == placed[0].id
    facing = sb.state.unit(placed[0].id).facing
    gm.key(pygame.K_q)
    assert sb.state.unit(placed[0].id).facing == (facing + 1) % 6
    # an exchange: the first orc strikes the second, step by step, then rolled with a 12, 4
    gm.click_hex(spots[1], button=3)
    assert scene.target == placed[1].id
    assert "needs" in scene.steps.html_text and "FE-" in scene.steps.html_text
    before_roll = state_hash(sb.state)
    scene.dice_entry.set_text("12, 4")
    gm.press(scene.roll_b)
    assert scene.last_view is not None and scene.last_view.roll == 12
    assert state_hash(sb.state) != before_roll
    # undo it
    gm.key(pygame.K_z, pygame.KMOD_CTRL)
    assert state_hash(sb.state) == before_roll
    # switch ruleset (to another one if there is one)
    other = next((n for rid, n, _ in catalogue() if rid != sb.ruleset.id), None)
    name = other or next(n for rid, n, _ in catalogue() if rid == sb.ruleset.id)
    gm.post(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=scene.ruleset_menu, text=name)
    assert any(i.kind == "switch" for i in sb.timeline()) or other is None
    # export the position, a picture and the transcript
    for button in (gm.scene.tmx_b, gm.scene.png_b, gm.scene.md_b):
        gm.press(button)
    tmx = next(tmp_path.glob("*.tmx"))
    back = load_map(tmx)
    assert len(back.setup.units) == len(sb.state.units)
    png = next(tmp_path.glob("*.png"))
    assert pygame.image.load(str(png)).get_size() == (1280, 800)
    md = next(tmp_path.glob("*.md")).read_text()
    assert md.startswith("#")
    pygame.quit()


def test_a_failed_export_is_one_line_in_the_panel(tmp_path, monkeypatch):
    """The GM presses "Export .tmx" and the board is more than a Tiled map may hold (here
    the limit is lowered so the duel's field is too wide): the window says why in one line
    under "Export failed", writes nothing and goes on; an export folder that cannot be made
    says so the same way, with the file and the system's reason."""
    from game.sandbox import tmx_export
    from game.ui.markup import escape

    monkeypatch.setenv("FLANK_EXPORT_DIR", str(tmp_path))
    monkeypatch.setattr(tmx_export, "MAX_MAP_SIDE", 4)
    gm = GM()
    gm.press(gm.scene.tmx_b)
    message = gm.scene.message
    assert message.startswith("Export failed: the board is ") and "at most 4×4" in message
    assert "\n" not in message and escape(message) in gm.scene.log.html_text
    assert list(tmp_path.iterdir()) == []
    gm.frames(3)  # the sandbox goes on
    assert gm.app.scene is gm.scene

    not_a_folder = tmp_path / "exports"
    not_a_folder.write_text("a file where the folder should be")
    monkeypatch.setenv("FLANK_EXPORT_DIR", str(not_a_folder))
    gm.press(gm.scene.md_b)
    assert gm.scene.message == f"Export failed: {not_a_folder}: File exists"
    assert escape(gm.scene.message) in gm.scene.log.html_text
    pygame.quit()
