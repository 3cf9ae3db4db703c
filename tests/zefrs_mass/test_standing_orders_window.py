"""The border battle's orders in the window as a newcomer meets them (issue 35, item 4): the
Bossonian bows, in reserve behind the pikes, start on the order their kind would take
(R-ZEF-MASS-STANDING), not "attack"; pressing Enter for every unit at the start of round 1
sends no bowman into melee; the order chosen is drawn as a selected button, its label its
own word (ZEF-66)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ai.hooks import register_hooks
from game.ai.zefrs_mass import HOOKS
from game.render.mass_view import GridStateView
from game.ui.mass_scene import MassScene
from rules import registry
from rules.systems.zefrs.mass.events import MassOrdersOpened, MassUnitChecked, mass_frame
from tests.ui.window import AtAModeWindow

MAP = Path(__file__).resolve().parents[2] / "maps" / "mass" / "border_battle.tmx"
PLACES = {"a-horse": "Left", "a-pikes": "Centre", "a-legion": "Right",
          "a-bows": "Behind Gunderland", "a-spears": "Behind Poitain"}


@pytest.fixture(autouse=True, scope="module")
def _plugins():
    registry.add(registry.SCENES, "grid", MassScene)
    registry.add(registry.VIEWS, "grid", GridStateView)
    register_hooks(HOOKS, "mass")


class Commander(AtAModeWindow):
    def __init__(self) -> None:
        self.open(MAP, ["human", "ai:greedy"], 7)

    def deploy(self) -> None:
        """ZEF-58: the horse on the left, the pikes in the centre, the legion on the right,
        the bows behind the pikes and the spears behind the horse; Tab to each unit."""
        for _ in range(40):
            if mass_frame(self.scene.tm.state).step != "deploy" or not self.scene.sel:
                break
            place = PLACES[self.scene.sel]
            labels = [b.text for b in self.scene.panel.buttons]
            if any(t.startswith(place) for t in labels):
                self.press(place)
            else:
                self.press("Next unit")
            self.settle()
        assert mass_frame(self.scene.tm.state).step == "orders"

    def pick(self, uid: str) -> None:
        """A click on the unit's square."""
        self.click(self.scene.view.rect(self.scene.tm.state.unit(uid).pos).center)
        assert self.scene.sel == uid


def test_the_bows_start_on_hold_and_the_chosen_order_is_drawn_selected():
    me = Commander()
    me.deploy()
    me.pick("a-bows")
    assert me.scene.draft["order"] == "defend"  # nobody in the longbows' two squares
    chosen = {b.text: b for b in me.scene.panel.buttons}
    assert not any(t.startswith("[") for t in chosen)  # the label is the order's own word
    assert chosen["Defend"].is_selected and not chosen["Attack"].is_selected
    assert chosen["N"].is_selected  # the facing chosen, north
    # drawn in the theme's "selected" colours, not the plain button's
    theme = me.app.ui.get_theme()
    selected = theme.get_colour_or_gradient("selected_bg", ["button"])
    normal = theme.get_colour_or_gradient("normal_bg", ["button"])
    me.frames(2)
    inside = chosen["Defend"].image.get_at((chosen["Defend"].rect.w // 2, 4))
    plain = chosen["Attack"].image.get_at((chosen["Attack"].rect.w // 2, 4))
    assert inside[:3] == tuple(selected)[:3] and plain[:3] == tuple(normal)[:3]
    me.press("Attack")  # the player's choice moves the selection
    chosen = {b.text: b for b in me.scene.panel.buttons}
    assert chosen["Attack"].is_selected and not chosen["Defend"].is_selected


def test_enter_through_round_one_sends_no_bowman_into_melee():
    """Enter gives each unit its standing order and the commander stays: the bows hold
    (ZEF-67) and make no check of their own in round 1 (ZEF-72)."""
    me = Commander()
    me.deploy()
    start = len(me.scene.tm.events)
    for _ in range(20):
        if mass_frame(me.scene.tm.state).step != "orders" or me.scene.tm.state.round > 1:
            break
        if me.scene.ready() and me.scene.sel:
            me.key(pygame.K_RETURN)
        me.settle()
    events = me.scene.tm.events[start:]
    opened = next(e for e in events if isinstance(e, MassOrdersOpened))
    said = dict(opened.orders)
    assert "attack" not in said["a-bows"] and said["a-bows"].startswith("defend")
    assert not any(isinstance(e, MassUnitChecked) and e.attacker == "a-bows" for e in events)
