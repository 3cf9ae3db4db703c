"""The grid sandbox in the window, as a GM uses it (issue #24, item 6): `flank sandbox` on a
mass-battle map opens it (found by the board kind), a troop is picked and placed with a
click, a unit is edited in its form, ordered with the buttons, the round fought and stepped
through with the keys, undone, a ruling overridden in the Rulings dialog, and the transcript
written."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.app import App
from game.ui.launch import map_sandbox
from game.ui.mass_sandbox_scene import MassSandboxScene, open_mass_sandbox
from game.ui.menu_scene import MenuScene
from rules import registry
from rules.engine import scripted
from rules.hexgrid import Hex
from tests.ui.window import AtTheWindow

MAPS = Path(__file__).resolve().parents[2] / "maps" / "mass"


@pytest.fixture(autouse=True, scope="module")
def _plugins():
    """As pyproject.toml's entry point declares it once installed."""
    registry.add(registry.SANDBOXES, "grid", open_mass_sandbox)
    yield
    registry.remove(registry.SANDBOXES, "grid")


class GM(AtTheWindow):
    def __init__(self, name: str = "pikes_and_horse.tmx") -> None:
        self.app = App((1280, 800))
        opener = map_sandbox(MAPS / name)
        assert opener is open_mass_sandbox  # the board kind "grid" found it
        self.scene: MassSandboxScene = opener(self.app, MAPS / name, on_exit=lambda: None)
        self.app.switch(self.scene)
        self.frames(2)

    def square(self, x: int, y: int) -> tuple[int, int]:
        r = self.scene.view.rect(Hex(x, y))
        b = self.scene.board_rect()
        return (b.x + r.centerx, b.y + r.centery)

    def press(self, button) -> None:
        self.click(button.get_abs_rect().center)

    def choose(self, selection_list, text: str) -> None:
        """A line of a pygame-gui selection list, as a click on it would pick it."""
        pygame.event.post(pygame.event.Event(pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
                                             text=text, ui_element=selection_list))
        self.frames(2)


def test_the_sandbox_command_opens_the_grid_sandbox_for_a_mass_battle_map():
    gm = GM("border_battle.tmx")
    assert {u.id for u in gm.scene.sb.state.units} >= {"a-pikes", "p-ravens"}
    assert map_sandbox(MAPS.parent / "duel.tmx") is None  # hex: the usual sandbox


def test_the_menus_sandbox_button_opens_the_grid_sandbox_on_a_mass_battle():
    app = App((1280, 800))
    menu = MenuScene(app)
    app.switch(menu)
    app.step(1 / 30)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                         ui_element=menu.scenario_menu,
                                         text="Battle at the border fort"))
    app.step(1 / 30)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED,
                                         ui_element=menu.sandbox))
    app.step(1 / 30)
    assert isinstance(app.scene, MassSandboxScene)


def test_a_gm_places_edits_orders_and_steps_through_a_round_in_the_window(tmp_path,
                                                                            monkeypatch):
    gm = GM()
    sb = gm.scene.sb
    pikes = next(u for u in sb.state.units if getattr(u, "template", "") == "pikemen")
    gm.choose(gm.scene.palette, "Archers")
    gm.click(gm.square(0, 6))
    archers = sb.unit_at((0, 6))
    assert archers is not None and archers.template == "archers"
    assert gm.scene.selected == archers.id
    gm.press(gm.scene.edit_b)
    widget, _ = gm.scene.edit_entries["fighters"]
    widget.set_text("40")
    gm.press(gm.scene.edit_save)
    assert sb.unit(archers.id).fighters == 40 and gm.scene.edit_window is None
    gm.key(pygame.K_z, pygame.KMOD_CTRL)
    assert sb.unit(archers.id).fighters == 100  # as placed
    gm.key(pygame.K_y, pygame.KMOD_CTRL)
    assert sb.unit(archers.id).fighters == 40
    # the GM sets the riders next to the pikes (no troop picked: a click sets the unit)
    gm.key(pygame.K_ESCAPE)
    gm.click(gm.square(2, 2))
    gm.click(gm.square(2, 3))
    assert sb.unit_at((2, 3)).template == "cavalry"
    # the pikes attack the riders they face; the riders defend, as a unit not ordered does
    gm.click(gm.square(pikes.pos.q, pikes.pos.r))
    gm.press(gm.scene.order_b["attack"])
    assert "attack, facing north" in gm.scene.card.html_text
    assert "Attacking Horsemen" in gm.scene.log.html_text  # the exact odds, before the round
    gm.click(gm.square(2, 3))
    assert "defend, facing south" in gm.scene.card.html_text
    monkeypatch.setattr(sb, "fight_round",
                        lambda dice=None, f=sb.fight_round: f(scripted(*[5, 3, 100, 100]
                                                                       + [66, 100, 100])))
    gm.key(pygame.K_RETURN)
    assert sb.moment.label == "Round 1: orders and moves"
    gm.key(pygame.K_SPACE)
    assert sb.moment.label == "Round 1: segment 1: the leaders' duels"
    gm.key(pygame.K_SPACE)
    assert sb.moment.label == "Round 1: segment 2"
    assert "Segment 2" in gm.scene.log.html_text
    gm.key(pygame.K_z, pygame.KMOD_CTRL)
    assert sb.moment.label == "Round 1: segment 1: the leaders' duels"
    monkeypatch.setenv("FLANK_EXPORT_DIR", str(tmp_path))
    gm.press(gm.scene.md_b)
    written = list(tmp_path.glob("*.md"))
    assert written and "## Round 1" in written[0].read_text(encoding="utf-8")
    gm.press(gm.scene.png_b)
    picture = pygame.image.load(str(next(tmp_path.glob("*.png"))))
    assert picture.get_size() == (1280, 800)


def test_a_ruling_is_overridden_in_the_rulings_dialog():
    """R-ZEF-MASS-DUEL (ZEF-70): the leaders duel every round instead of the first only."""
    gm = GM()
    gm.press(gm.scene.rulings_b)
    row = next(r for r in gm.scene.ruling_rows() if r.startswith("duels = "))
    gm.choose(gm.scene.rulings_list, row)
    assert gm.scene.rulings_key.get_text() == "duels"
    gm.scene.rulings_value.set_text("every_round")
    gm.press(gm.scene.rulings_set)
    assert next(r.value for r in gm.scene.sb.rulings() if r.key == "duels") == "every_round"
    assert any(r.startswith('duels = "every_round" — ZEF-70 (changed)')
               for r in gm.scene.ruling_rows())
    gm.scene.rulings_value.set_text("sometimes")
    gm.press(gm.scene.rulings_set)
    assert "Not allowed" in gm.scene.message


def right_click(gm: GM, pos: tuple[int, int]) -> None:
    gm.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    gm.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=3)
    gm.post(pygame.MOUSEBUTTONUP, pos=pos, button=3)


def test_the_commander_is_selected_on_his_square_and_rides_to_lead_the_pikes():
    """ZEF-63: a right-click on the pikes' square has Captain Amalric ride there and lead
    them this round; the buttons for a unit's order are not his."""
    gm = GM()
    gm.click(gm.square(2, 5))
    assert gm.scene.selected == "captain"
    assert "The force commander, Captain Amalric" in gm.scene.card.html_text
    gm.press(gm.scene.order_b["attack"])
    assert "takes no order" in gm.scene.message
    right_click(gm, gm.square(2, 4))
    assert "rides to C5 and leads the unit there" in gm.scene.card.html_text
    gm.click(gm.square(1, 5))  # the GM's hand: set him elsewhere, no ride
    assert gm.scene.sb.state.unit("captain").pos == Hex(1, 5)
