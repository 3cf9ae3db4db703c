"""Issue 35: the board can show each hex's label ("D5", R-FLANK-HEX-LABELS), the name the
log gives it: L toggles the lettering on and off, the window remembers the choice, and the
label drawn on a hex is the one the log says for it."""

from __future__ import annotations

import pygame

from game import settings
from game.app import App
from game.render.hex_labels import INK, draw_hex_labels, label_picture
from game.ui.help import CONTROLS
from game.ui.launch import open_setup
from rules.builder import Scenario
from rules.hexgrid import Hex
from rules.wording import Words
from tests.ui.window import AtTheWindow

EMPTY = Hex(1, 1)  # a hex with no figure on it, near the middle of the board


class Window(AtTheWindow):
    frame_s = 1 / 15
    frames_per_event = 1

    def __init__(self) -> None:
        self.app = App((1280, 800))
        setup = (Scenario("fallen_empire", seed=3, radius=4, title="Labels")
                 .side("men", True).side("orcs")
                 .unit("f", "fighting_man", "men", (-2, 0), facing=0)
                 .unit("o", "orc", "orcs", (2, 0), facing=3).build())
        self.scene = open_setup(self.app, setup, ["human", "ai"], title="Labels")
        self.app.switch(self.scene)
        self.frames(3)

    def label_box(self, h: Hex) -> pygame.Rect:
        """Where the label of `h` is drawn (game.render.hex_labels.draw_hex_labels)."""
        cam = self.scene.camera
        cx, cy = cam.centre_of(h)
        size_y = cam.layout().size[1]
        text = Words.of(self.scene.tm.state).hex(h)
        pic = label_picture(text, max(11, min(22, int(size_y * 0.42))))
        return pic.get_rect(midbottom=(cx, cy + size_y * 0.92))

    def ink_in(self, box: pygame.Rect) -> int:
        screen = pygame.display.get_surface()
        return sum(1 for x in range(box.left, box.right) for y in range(box.top, box.bottom)
                   if tuple(screen.get_at((x, y)))[:3] == INK)


def test_l_draws_the_labels_the_log_uses_and_the_window_remembers() -> None:
    w = Window()
    assert not w.scene.view.hex_labels, "the board opens unlabelled the first time"
    box = w.label_box(EMPTY)
    assert w.ink_in(box) == 0
    w.key(pygame.K_l)
    w.frames(2)
    assert w.scene.view.hex_labels and w.app.settings["hex_labels"] is True
    assert w.ink_in(box) > 10, "the label's lettering is drawn on the hex"
    board = pygame.Surface(w.scene.camera.screen)
    assert draw_hex_labels(board, w.scene.camera, w.scene.tm.state.board) == len(
        w.scene.tm.state.board.cells), "every hex of a small board in view is labelled"
    # the label drawn is the log's name for the hex: "GM sets ... at E5"
    label = Words.of(w.scene.tm.state).hex(EMPTY)
    assert label[0].isalpha() and label[1:].isdigit() and "col" not in label
    w.key(pygame.K_l)
    w.frames(2)
    assert w.ink_in(box) == 0 and w.app.settings["hex_labels"] is False
    w.key(pygame.K_l)
    w.app.running = False
    w.app.run()  # closes, remembering
    assert settings.load()["hex_labels"] is True
    again = Window()
    assert again.scene.view.hex_labels, "the next battle opens labelled"
    pygame.quit()


def test_the_help_lists_the_key() -> None:
    assert any(k == "L" and "label" in what for k, what in CONTROLS)


def test_the_gm_sandbox_draws_them_too() -> None:
    """The sandbox's board (a GM's, issue 35 item 9) answers L alike, and keeps the labels
    across a switch of ruleset."""
    from game.content import find_scenario
    from game.sandbox import Sandbox
    from game.ui.sandbox_layout import HELP
    from game.ui.sandbox_scene import SandboxScene

    app = App((1440, 900))
    scene = SandboxScene(app, Sandbox.from_map(find_scenario("duel")))
    app.switch(scene)
    app.step(1 / 15)
    assert not scene.view.hex_labels and "L the hexes' labels" in HELP
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="",
                                         scancode=0))
    app.step(1 / 15)
    assert scene.view.hex_labels and app.settings["hex_labels"] is True
    scene.sb.switch_ruleset("empress")
    scene._after_switch()
    assert scene.view.hex_labels
    pygame.quit()
