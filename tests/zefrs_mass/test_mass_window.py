"""The mass battle played in the window as a commander would play it (ZEF-58..80): the grid
scene found by its board kind, placing a unit with the panel's buttons, ordering an attack
with the odds shown before it is given, the computer's side deciding in its turn, a round
fought segment by segment, and the hand-over between two commanders at one machine."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ai.hooks import register_hooks
from game.ai.zefrs_mass import HOOKS
from game.render.mass_view import GridStateView
from game.ui.mass_scene import MassScene
from rules import registry
from rules.hexgrid import Hex
from rules.systems.zefrs.mass.events import MassUnitChecked, mass_frame
from tests.ui.window import AtAModeWindow

MAP = Path(__file__).resolve().parents[2] / "maps" / "mass" / "pikes_and_horse.tmx"


@pytest.fixture(autouse=True, scope="module")
def _plugins():
    """As the entry points in pyproject.toml will declare them once installed."""
    registry.add(registry.SCENES, "grid", MassScene)
    registry.add(registry.VIEWS, "grid", GridStateView)
    register_hooks(HOOKS, "mass")


class Commander(AtAModeWindow):
    def __init__(self, players: list[str], seed: int = 5) -> None:
        self.open(MAP, players, seed)


def test_a_round_against_the_computer_in_the_window():
    me = Commander(["human", "ai:greedy"])
    assert isinstance(me.scene, MassScene)
    me.press("Centre")  # ZEF-58: the pikes take the centre of the line
    me.settle()
    state = me.scene.tm.state
    assert mass_frame(state).step == "orders"
    pikes = state.unit("pikes")
    assert pikes.pos is not None and state.unit("riders").pos is not None
    # advance a square towards the riders, attacking north
    me.press("Attack")
    me.key(pygame.K_UP)
    assert "Attacking" in me.scene._odds() or "face an enemy" in me.scene._odds()
    me.press("Give the order")
    me.settle()
    me.press("Give the order")  # the commander stays where he is
    me.settle()
    if any(b.text.startswith("Declare") for b in me.scene.panel.buttons):
        me.press("Declare")  # the veteran's duel, if the riders came on (ZEF-70)
        me.settle()
    assert me.scene.tm.state.round >= 2 or me.scene.tm.is_over
    log = me.scene.panel.log.html_text
    assert "Orders (ZEF-66)" in log


def test_two_commanders_hand_the_seat_over_and_fight():
    me = Commander(["human", "human"])
    if me.scene.cover is not None:  # the first commander takes his seat
        me.click(me.scene.cover.button.get_abs_rect().center)
    me.press("Centre")
    me.settle()
    assert me.scene.cover is not None  # the riders' commander must not see the pikes
    me.click(me.scene.cover.button.get_abs_rect().center)
    me.press("Centre")
    me.settle()
    seen = []
    for _ in range(40):  # orders for both sides, round after round
        if me.scene.tm.is_over or seen:
            break
        if me.scene.cover is not None:
            me.click(me.scene.cover.button.get_abs_rect().center)
            continue
        labels = [b.text for b in me.scene.panel.buttons]
        if "Attack" in labels:
            me.press("Attack")
            north = me.scene.tm.waiting_on.side == "foot"
            me.key(pygame.K_UP if north else pygame.K_DOWN)
            here = me.scene.tm.state.unit(me.scene.sel).pos
            ahead = Hex(here.q, here.r + (-1 if north else 1))
            if me.scene.picture().highlight.get(ahead) == (80, 140, 255):  # a square to move to
                me.click(me.scene.view.rect(ahead).center)
        if labels and any(label.startswith("Declare") for label in labels):
            me.press("Declare")  # a leader's duel: a blow at the chest (ZEF-70)
        else:
            me.press("Give the order")  # a unit's order, or the commander staying put
        me.settle()
        seen += [e for e in me.scene.tm.events if isinstance(e, MassUnitChecked)]
    assert seen


def test_ctrl_z_takes_back_a_placement_made_in_secret():
    """Undo to the last roll (README): placing a unit throws no die, so Ctrl+Z takes it
    back and the unit is to be placed again."""
    me = Commander(["human", "human"])
    if me.scene.cover is not None:
        me.click(me.scene.cover.button.get_abs_rect().center)
    me.press("Centre")
    me.settle()
    assert me.scene.tm.state.unit("pikes").slot == "centre"
    me.key(pygame.K_z, pygame.KMOD_CTRL)
    me.frames(3)
    assert me.scene.tm.state.unit("pikes").slot == ""
    assert me.scene.message == "Undone."
