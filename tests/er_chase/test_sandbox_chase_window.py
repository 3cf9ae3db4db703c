"""A GM starts a chase in the sandbox window (issue 26, item 1, R-ER-CHASE-GM): selects the
thief, "Start a chase…", ticks the hound, "Run the chase"; the track opens, he runs every
runner at the one window (no hand-over), and when the chase is over the sandbox's map comes
back with the hound placed by the gap, the chase one line of the timeline, and Undo takes
the position back to before it."""

from __future__ import annotations

import os

import pygame
import pytest

from game.app import App
from game.ui.chase_scene import ChaseScene
from game.ui.layout import whole_item
from game.ui.sandbox_scene import LEFT, SandboxScene
from tests.er_chase.test_sandbox_chase import street
from tests.ui.window import AtTheWindow

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


pytestmark = pytest.mark.usefixtures("chase_screens")


class GM(AtTheWindow):
    def __init__(self) -> None:
        self.app = App((1440, 900))
        self.sb = street()
        self.scene = SandboxScene(self.app, self.sb)
        self.app.switch(self.scene)
        self.frames(2)

    def click_figure(self, unit: str) -> None:
        h = self.sb.state.unit(unit).pos
        x, y = self.scene.camera.centre_of(h)
        self.click((int(x) + LEFT, int(y)))

    def tick(self, lst, label: str) -> None:
        item = next(i for i in lst.item_list if i["text"] == label)
        self.click(item["button_element"].get_abs_rect().center)


def test_the_gm_runs_a_chase_from_the_sandbox_and_undoes_it() -> None:
    gm = GM()
    sb, scene = gm.sb, gm.scene
    before = sb.state
    assert scene.chase_b is not None  # Enchanted Realms has a chase mode
    gm.click_figure("jory")
    assert scene.selected == "jory"
    gm.click(scene.chase_b.get_abs_rect().center)
    assert scene.chase_window is not None
    assert [i["text"] for i in scene.chase_flee_list.item_list if i["selected"]] == \
        ["Nimble Jory (the thieves)"]
    gm.tick(scene.chase_after_list, "Grip (the watch)")
    gm.click(scene.chase_go.get_abs_rect().center)
    assert isinstance(gm.app.scene, ChaseScene)
    assert gm.app.scene.tm.state.board_kind == "track"
    for _ in range(600):
        now = gm.app.scene
        if now is scene:
            break
        gm.frames(3)
        assert now.cover is None  # one GM at the window: no hand-over
        if now.ready():
            now.choose("run")
        else:
            now.anim.skip()
    assert gm.app.scene is scene
    assert sb.position == 1 and sb.entry(1).label == "Chase: Nimble Jory runs from Grip"
    assert sb.state.board_kind == "hex"
    gm.frames(2)
    # the entry as the timeline shows it, shortened to its width, whole on hover (issue 35)
    shown = scene.timeline.item_list[-1]["text"]
    assert "Chase: Nimble Jory runs from Grip" in whole_item(scene.timeline, shown)
    gm.click(scene.undo_b.get_abs_rect().center)
    assert sb.state is before


def test_a_ruleset_without_a_chase_has_no_button() -> None:
    gm = GM()
    gm.sb.switch_ruleset("fallen_empire")
    gm.scene._after_switch()
    assert gm.scene.chase_b is None
    pygame.event.clear()
