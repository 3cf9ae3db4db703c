"""Issue 25 item 2: a scenario's lever or idol and the items lying on the ground are drawn on
their hexes as small icons (`Ruleset.hex_markers`, game/render/hex_markers.py), named over
the hex while the mouse is on it, and given in the card when no figure is there."""

from __future__ import annotations

import pygame

from game.app import App
from game.render.hex_markers import DEED, ITEM, _spot
from game.ui.launch import open_setup
from rules.builder import Scenario
from rules.engine import ruleset_of
from rules.hexgrid import Hex
from tests.ui.window import AtTheWindow


class Window(AtTheWindow):
    frame_s = 1 / 15
    frames_per_event = 1

    def __init__(self) -> None:
        self.app = App((1440, 900))
        setup = (Scenario("enchanted_realms", seed=3, radius=6, title="The lever")
                 .side("pcs", True).side("foes")
                 .unit("a", "archer", "pcs", (0, 0), facing=0)
                 .unit("b", "orc", "foes", (6, 0), facing=3)
                 .options(deeds=["lever@2,-2"], items=["potion@-2,1"]).build())
        self.scene = open_setup(self.app, setup, ["human", "ai"], title="The lever")
        self.app.switch(self.scene)
        self.frames(3)


def _pixel(w: Window, kind: str, h: Hex) -> tuple[int, int, int]:
    marker = next(m for m in ruleset_of(w.scene.tm.state).hex_markers(w.scene.tm.state)
                  if m.hex == h and m.kind == kind)
    x, y, r = _spot(w.scene.camera, marker, 0)  # left of the lever's handle, in the flask
    return tuple(pygame.display.get_surface().get_at((int(x - r * 0.4), int(y + r * 0.2))))[:3]


def test_the_lever_and_the_potion_are_drawn_and_named() -> None:
    w = Window()
    assert _pixel(w, "deed", Hex(2, -2)) == DEED
    assert _pixel(w, "item", Hex(-2, 1)) == ITEM
    w.post(pygame.MOUSEMOTION, pos=tuple(int(v) for v in w.scene.camera.centre_of(Hex(2, -2))),
           rel=(0, 0), buttons=(0, 0, 0))
    w.frames(2)
    assert w.scene.hover == Hex(2, -2)
    aside = w.scene.panel.odds.html_text  # the bowman's card stays; the lever under it
    assert "Lever: a deed" in aside and "R-ER-DEED" in aside
    assert "Bowman" in w.scene.panel.card.html_text
    w.scene.selected = None
    w.frames(2)
    assert "Lever: a deed" in w.scene.panel.card.html_text
    pygame.quit()
