"""The end of a battle says who won in the words the log uses, the verb agreeing with the
side's name: "The heroes win", not "The heroes wins" (seen playing The bowman at the door,
issue 25)."""

from __future__ import annotations

import pygame

from game.app import App
from game.ui.launch import open_setup
from rules.builder import Scenario
from rules.hexgrid import Hex
from tests.ui.window import AtTheWindow


class Window(AtTheWindow):
    frame_s = 1 / 15
    frames_per_event = 1

    def __init__(self) -> None:
        self.app = App((1440, 900))
        setup = (Scenario("enchanted_realms", seed=3, radius=6, title="The last orc")
                 .side("heroes", True).side("orcs")
                 .unit("a", "fighting_man", "heroes", (0, 0), facing=0, melee=30, hp=40)
                 .unit("b", "orc", "orcs", (1, 0), facing=3, hp=1).build())
        self.scene = open_setup(self.app, setup, ["human", "ai"], title="The last orc")
        self.app.switch(self.scene)
        self.frames(3)


def test_the_heroes_win() -> None:
    w = Window()
    for _ in range(600):
        if w.scene.end_panel is not None:
            break
        if w.scene._ready_for_input():  # a click on the orc strikes him
            w.click(tuple(int(v) for v in w.scene.camera.centre_of(Hex(1, 0))))
        w.frames(1)
    assert w.scene.end_panel is not None
    texts = [el.html_text for el in w.scene.end_panel.get_container().elements
             if hasattr(el, "html_text")]
    assert any("The heroes win<" in t for t in texts), texts
    pygame.quit()
