"""The GM gives a figure skills in the sandbox's figure edit (R-ER-SKILLS-NAMED): the form
lists every skill of the ruleset's tables, any number may be ticked, and Save sets them.
Before, skills were a line of text holding a Python tuple, which no typing could set."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UISelectionList

from game.app import App
from game.sandbox import Sandbox
from game.ui.sandbox_scene import SandboxScene
from rules.builder import Scenario
from rules.systems.enchanted_realms.units import er
from tests.ui.window import AtTheWindow


class GM(AtTheWindow):
    def __init__(self) -> None:
        self.app = App((1440, 900))
        self.sb = Sandbox(Scenario("enchanted_realms", seed=0, radius=4).side("men", True)
                          .side("orcs").unit("bran", "fighting_man", "men", (0, 0),
                                             name="Bran")
                          .unit("grish", "orc", "orcs", (3, 0)).build())
        self.scene = SandboxScene(self.app, self.sb)
        self.app.switch(self.scene)
        self.frames(2)

    def press(self, element) -> None:
        self.click(element.get_abs_rect().center)
        self.frames(2)

    def scroll_to(self, element) -> None:
        """The mouse wheel over the edit form until `element` is in sight in it."""
        super().scroll_to(self.scene.edit_form, element)


def test_the_gm_ticks_skills_for_a_figure_and_saves() -> None:
    gm = GM()
    gm.scene.selected = "bran"
    gm.press(gm.scene.edit_b)
    widget, _info = gm.scene.edit_entries["skills"]
    assert isinstance(widget, UISelectionList)
    listed = [item["text"] for item in widget.item_list]
    assert {"aerial_fighting", "ambidexterity", "martial_arts", "treachery"} <= set(listed)
    assert sorted(widget.get_multi_selection()) == ["shield_blitz", "shield_use",
                                                    "weapon_training"]
    gm.scroll_to(widget)  # some thirty fields: the form scrolls
    for name in ("aerial_fighting", "ambidexterity"):  # the list's first rows
        item = next(i for i in widget.item_list if i["text"] == name)
        gm.press(item["button_element"])
    assert set(widget.get_multi_selection()) >= {"aerial_fighting", "ambidexterity"}
    gm.press(gm.scene.edit_save)
    assert set(er(gm.sb.state, "bran").skills) == {
        "weapon_training", "shield_use", "shield_blitz", "aerial_fighting", "ambidexterity"}
    assert gm.scene.edit_window is None


def test_backspace_in_a_field_of_the_edit_deletes_a_letter_not_the_figure() -> None:
    """Typing in the figure edit is typing: Backspace in his name takes a letter off, and
    the board's shortcut (Backspace removes the selected figure) keeps out of it."""
    gm = GM()
    gm.scene.selected = "bran"
    gm.press(gm.scene.edit_b)
    name, _ = gm.scene.edit_entries["name"]
    gm.press(name)
    assert name.is_focused
    gm.key(pygame.K_END)
    gm.key(pygame.K_BACKSPACE)
    assert gm.sb.state.has_unit("bran") and gm.sb.state.unit("bran").pos is not None
    assert name.get_text() == "Bra"
