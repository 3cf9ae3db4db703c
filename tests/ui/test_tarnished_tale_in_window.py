"""Issue 27: Tarnished Tale's attack modes chosen in the window as a person chooses them
(TT-03 … TT-05).  A click on a foe is the plain attack; with the mouse on a foe, the side panel
offers the other ways of striking him (fight defensively in melee, a called shot at range),
in the ruleset's words with the chance to hit, and the odds box shows the one under the
mouse; pressing one makes that attack, and the defender is then asked for his defence."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.ai.hooks import register_hooks
from game.ai.tarnished_tale import HOOKS
from game.app import App
from game.ui.launch import open_setup
from rules.builder import Scenario
from rules.commands import Attack
from rules.engine import register_ruleset
from rules.systems.tarnished_tale.ruleset import RULESET
from tests.ui.window import AtTheWindow


@pytest.fixture(autouse=True)
def _tarnished_tale_registered() -> None:
    register_ruleset(RULESET)  # as installed; the shared test venv may predate its entry point
    register_hooks(HOOKS)


class Window(AtTheWindow):
    frame_s = 1 / 15
    frames_per_event = 1

    def __init__(self, gap: int, hero: str = "fighting_man") -> None:
        self.app = App((1440, 900))
        setup = (Scenario("tarnished_tale", seed=3, radius=6, title="Yard")
                 .side("a").side("d")
                 .unit("hero", hero, "a", (0, 0), facing=0)
                 .unit("orc", "orc", "d", (gap, 0), facing=3).build())
        self.scene = open_setup(self.app, setup, ["human", "human"], title="Yard")
        self.app.switch(self.scene)
        self.frames(3)
        self.press(self.scene.cover.button)  # "I am …": side a's player takes the seat
        self.scene.selected = "hero"
        self.frames(2)

    def at(self, unit: str) -> tuple[int, int]:
        return tuple(int(v) for v in self.scene.camera.centre_of(
            self.scene.tm.state.unit(unit).pos))

    def move_to(self, pos: tuple[int, int]) -> None:
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))

    def press(self, button) -> None:
        self.click(button.get_abs_rect().center)
        self.frames(2)  # pygame-gui posts "pressed" for the next frame to handle

    def button(self, starts: str):
        found = [b for b, _ in self.scene.panel.buttons if b.text.startswith(starts)]
        assert found, f"no button {starts!r} among {self.labels()}"
        return found[0]

    def labels(self) -> list[str]:
        return [b.text for b, _ in self.scene.panel.buttons]


def test_fighting_defensively_is_a_button_once_the_mouse_rests_on_the_foe() -> None:
    w = Window(gap=1)
    assert not any("defensively" in t for t in w.labels())  # no foe aimed at yet
    w.move_to(w.at("orc"))
    w.frames(2)
    assert any("Attack Orc" in t and "fighting defensively" in t and "% to hit" in t
               for t in w.labels()), w.labels()
    # the mouse crosses to the panel: the foe stays aimed at, and the button's odds show
    button = w.button("Attack Orc")
    w.move_to(button.get_abs_rect().center)
    w.post(pygame_gui.UI_BUTTON_ON_HOVERED, ui_element=button)
    w.frames(2)
    assert "fighting defensively" in w.scene.panel.odds.html_text, w.scene.panel.odds.html_text
    w.press(button)
    made = [c for c, _ in w.scene.tm.history if isinstance(c, Attack)]
    assert made and made[-1].options == ("defensive",)  # TT-04, not the plain blow
    pygame.quit()


def test_a_plain_click_on_the_foe_is_still_the_plain_attack() -> None:
    w = Window(gap=1)
    w.click(w.at("orc"))
    w.frames(2)
    made = [c for c, _ in w.scene.tm.history if isinstance(c, Attack)]
    assert made and made[-1].options == ()
    pygame.quit()


def test_an_archer_is_offered_a_called_shot_at_range() -> None:
    w = Window(gap=4, hero="elf")
    w.move_to(w.at("orc"))
    w.frames(2)
    w.press(w.button("Attack Orc"))
    made = [c for c, _ in w.scene.tm.history if isinstance(c, Attack)]
    assert made and made[-1].options == ("called_shot",)  # TT-05
    assert made[-1].weapon == "long_bow"
    pygame.quit()
